/// A `.run` that never ends by itself (a `for await` over timers, notifications or observations, a
/// `while true` loop) returned for an action that can happen again (an appear action, a button tap),
/// with no `.cancellable(id:)` and no `.task { await store.send(.x).finish() }` in the file tying it to a
/// view's lifetime: each new action starts another copy next to the first. Effects that send into a
/// presented or stacked child are `uncancelled_parent_effect`'s; both read effects through `RunEffect`.
public struct LongEffectWithoutCancellationRule: Rule {
    public static let description = RuleDescription(
        id: "long_effect_without_cancellation",
        name: "Long Effect Without Cancellation",
        summary: "A never-ending `.run` is started by an action that can happen again (an appear action, a button) with no `.cancellable(id:)`; every repetition starts another copy",
        defaultSeverity: .warning,
        isOptIn: true,
        // `Reduce {`: logic in an extension file of a reducer declared elsewhere, which never says `Reducer`.
        prefilterNeedles: ["Reducer", "Reduce {"],
        // Whether a parent presents the feature (`ifLet`, `forEach`), which cancels its effects on dismissal.
        readsProjectFeatures: true
    )

    /// Operators whose child's effects TCA cancels when the child's state goes away.
    static let dismissingOperators: Set<String> = ["ifLet", "forEach"]

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode else { return [] }
        let code = file.code
        var findings: [Finding] = []
        var finished: Set<String>? = nil
        for logic in file.reducerLogic where !logic.regions.isEmpty {
            // A presented or stacked child's effects end with it: `ifLet`/`forEach` cancel them on dismissal,
            // and each presentation is a new child whose view appears once.
            if let project = file.project, let declaration = logic.declarations.first,
               Self.isPresentedChild(declaration.qualifiedName, simpleName: declaration.simpleName, in: project) { continue }
            let children = OptionalChildren(logic: logic, model: file.model, code: code)
            for handling in logic.handling {
                let region = handling.region
                for c in handling.cases where !c.clause.isDefault {
                    let triggers = c.paths.compactMap(\.last).filter(Self.canRepeat)
                    guard triggers.count == c.paths.count, let trigger = c.paths.first else { continue }
                    let isAppear = triggers.allSatisfy(Self.isAppearAction)
                    var j = c.clause.bodyStart
                    while j < c.clause.bodyEnd {
                        defer { j += 1 }
                        // A guard or an `if` before the effect may keep it to one copy (`guard !state.isObserving`).
                        if code.kind(j) == .keyword && (code.is(j, "guard") || code.is(j, "if")) { break }
                        guard let effect = RunEffect.at(j, region: region, children: children, code: code),
                              effect.childSends.isEmpty, let loop = Self.endlessLoop(in: effect, code: code),
                              CancellationChain.ids(afterExpressionEnd: effect.close + 1, expressionStart: j, region: region, code: code).isEmpty
                        else { continue }
                        if finished == nil { finished = Self.actionsSentWithFinish(code) }
                        guard finished?.isDisjoint(with: triggers) == true else { break }
                        findings.append(finding(at: code.tokens[j].startOffset, Self.message(loop: loop, trigger: CasePath.shown(trigger), isAppear: isAppear)))
                        j = effect.close
                    }
                }
            }
        }
        return findings
    }

    /// Whether a parent composes the feature with `ifLet` / `forEach`, or an `@Reducer enum` of destinations
    /// or path elements (which parents present with `ifLet` / `forEach`) has a case of it.
    static func isPresentedChild(_ qualifiedName: String, simpleName: String, in project: FeatureIndex) -> Bool {
        if project.parents(of: qualifiedName).contains(where: { dismissingOperators.contains($0.composition.edge.operation) }) { return true }
        return project.features.contains { f in
            f.enumCases.contains { c in
                let payload = c.payload.split(separator: ".").last.map(String.init) ?? c.payload
                return payload == simpleName || c.payload == qualifiedName
            }
        }
    }

    /// `trigger` is the case path the reducer matches (`.view(.didAppear)`), as the view sends it. Tying the
    /// effect to the view's `.task` is advice for appear actions only: sent from `.task`, a button's action
    /// would run when the view appears instead of when it is tapped.
    static func message(loop: String, trigger: String, isAppear: Bool) -> String {
        let start = "This effect never ends by itself (\(loop)) and is started by \(trigger), an action that can happen again, with no .cancellable(id:): each \(trigger) starts another copy that runs alongside the first; "
        if isAppear {
            return start + "add .cancellable(id:, cancelInFlight: true) (and return .cancel(id:) when it should stop), or send \(trigger) from the view's .task { await store.send(\(trigger)).finish() } so it ends with the view"
        }
        return start + "add .cancellable(id:, cancelInFlight: true) so that each \(trigger) cancels the copy already running (and return .cancel(id:) when it should stop)"
    }

    /// Appear actions (`onAppear`, `.view(.didAppear)`, `viewDidAppear`), which a view's `.task` can send.
    static func isAppearAction(_ name: String) -> Bool {
        name.lowercased().contains("appear")
    }

    /// Action names that a user or the view lifecycle sends again and again.
    static func canRepeat(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.contains("appear") || ["tapped", "pressed", "clicked", "buttontap"].contains { lower.hasSuffix($0) }
    }

    /// What makes the effect endless, for the message: `for await` over a source of events, `while true`,
    /// `while !Task.isCancelled`; nil for an effect that ends by itself.
    static func endlessLoop(in effect: RunEffect, code: CodeTokens) -> String? {
        var k = effect.open + 1
        while k < effect.close {
            defer { k += 1 }
            guard code.kind(k) == .keyword else { continue }
            if code.is(k, "for") {
                var s = k + 1
                if code.is(s, "try") { s += 1 }
                guard code.is(s, "await"), RunEffect.sequenceIsEndless(from: s + 1, limit: effect.close, code: code) else { continue }
                return "for await over an endless sequence"
            }
            if code.is(k, "while") && !code.isPunct(k - 1, .rbrace) {
                if code.is(k + 1, "true") && code.isPunct(k + 2, .lbrace) { return "while true" }
                if code.isOperator(k + 1, "!") && code.is(k + 2, "Task") && code.isDot(k + 3) && code.is(k + 4, "isCancelled")
                    && code.isPunct(k + 5, .lbrace) { return "a loop until cancelled" }
            }
        }
        return nil
    }

    /// Last components of the actions the file sends with `.finish()` (`await store.send(.onAppear).finish()`
    /// in a view's `.task`): effects those actions start end with the view.
    static func actionsSentWithFinish(_ code: CodeTokens) -> Set<String> {
        var names = Set<String>()
        for k in 0..<code.count where code.kind(k) == .identifier && code.is(k, "finish") && code.isDot(k - 1) {
            guard code.isPunct(k - 2, .rparen), let open = code.partnerOf(k - 2), open < k - 2, code.is(open - 1, "send") else { continue }
            if let last = CasePath.read(at: open + 1, code: code, limit: k - 2).last { names.insert(last) }
        }
        return names
    }
}

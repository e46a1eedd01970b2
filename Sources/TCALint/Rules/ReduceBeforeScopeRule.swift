/// Parent logic (`Reduce`, `Reduce(self.core)`, a helper returning a `Reduce`) listed before a child
/// `Scope` in the same builder list: the parent runs first, sees the child's state before the child
/// processed its own action, and can nil it or switch it away so the child never sees the action.
public struct ReduceBeforeScopeRule: Rule {
    public static let description = RuleDescription(
        id: "reduce_before_scope",
        name: "Reduce Before Scope",
        summary: "Parent `Reduce` listed before a child `Scope`; the parent sees child state before the child ran",
        defaultSeverity: .warning,
        isOptIn: true,
        fixAvailability: .sometimes,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        let code = file.code
        var findings: [Finding] = []
        for reducer in file.model.reducers {
            let functions = file.model.declarations(of: reducer).flatMap { $0.functions }
            let logic = file.logic(of: reducer)
            for body in reducer.builderDeclarations {
                for list in body.reducerBuilderLists {
                    var reports: [(offset: Int, message: String)] = []
                    var firstLogic: Int? = nil
                    for (index, element) in list.enumerated() {
                        guard let parent = ParentLogic.find(element, functions: functions, code: code) else { continue }
                        // Every child Scope after it; an identity `Scope(state: \.self, action: \.self)` is no child.
                        let scopes = list[(index + 1)...].filter(\.isScope).map { ScopeArguments($0, code: code) }.filter { !$0.isIdentity }
                        guard !scopes.isEmpty else { continue }
                        let handling = parent.region.map { logic?.handling(within: $0.0, $0.1) ?? [] } ?? []
                        // The Scope the parent touches most (how, ranked), else the first.
                        var chosen = (scope: scopes[0], touch: nil as ScopeArguments.Touch?)
                        for scope in scopes {
                            guard let region = parent.region,
                                  let touch = scope.touch(in: region, handling: handling, stateName: parent.stateName, code: code) else { continue }
                            if chosen.touch.map({ touch.rank < $0.rank }) ?? true { chosen = (scope, touch) }
                        }
                        guard let touch = chosen.touch else { continue }
                        if firstLogic == nil { firstLogic = index }
                        let detail = "; \(touch.text)"
                        let name = code.text(parent.reportToken)
                        reports.append((code.tokens[parent.reportToken].startOffset,
                                        "\(name) runs before \(chosen.scope.shortDescription) in the same builder; list the child Scope first so the child processes its own actions before the parent logic\(detail)"))
                    }
                    guard let target = firstLogic, !reports.isEmpty else { continue }
                    // The fix moves every child Scope below the first reported logic above it.
                    let scopes = list.indices.filter { $0 > target && list[$0].isScope && !ScopeArguments(list[$0], code: code).isIdentity }
                    let fix = moveFix(scopes, before: target, in: list, offsets: reports.map(\.offset), file: file)
                    findings += reports.map { finding(at: $0.offset, $0.message, fix: fix) }
                }
            }
        }
        return findings
    }

    /// Unsafe: moves every `Scope` listed after the first parent logic — with its child closure, modifiers
    /// and attached comments — to just before it, keeping their order. The child then runs before the
    /// parent for every action, which is the point of the rule but a change of behaviour the user should
    /// review (ruff's "unsafe fix"). None when a `let`/`var` sits between the parent logic and a Scope, or
    /// an element shares a line with other code.
    private func moveFix(_ scopes: [Int], before target: Int, in list: [BuilderElement], offsets: [Int],
                         file: AnalyzedFile) -> Fix? {
        guard let last = scopes.last, !ElementMove.hasDeclaration(in: list, from: target, through: last),
              let edits = ElementMove.edits(moving: scopes.map { list[$0] }, before: list[target], in: file)
        else { return nil }
        return fix(scopes.count == 1 ? "Move the Scope above the parent Reduce" : "Move \(scopes.count) Scopes above the parent Reduce",
                   .unsafe, edits: edits, findingOffsets: offsets)
    }
}

/// What a `Scope(…)` points at: the child's state key path and action case.
struct ScopeArguments {
    var shortDescription = "Scope"
    var stateName: String?
    var actionName: String?

    init(_ element: BuilderElement, code: CodeTokens) {
        guard let open = element.argumentsOpen, let close = code.partnerOf(open), close > open else { return }
        var j = open + 1
        var argumentIndex = 0
        var firstArgumentEnd = close
        while j < close {
            let label: String? = code.isNameLike(j) && code.isPunct(j + 1, .colon) ? code.text(j) : nil
            let valueStart = label == nil ? j : j + 2
            var k = valueStart
            while k < close && !code.isPunct(k, .comma) { k = code.skipGroup(k, limit: close) }
            if argumentIndex == 0 { firstArgumentEnd = k }
            // `\.a.b` → a; `/Action.child` or `/Feature.Action.child` → child (the last component).
            var names: [String] = []
            var m = valueStart
            while m < k { if code.isNameLike(m) { names.append(code.text(m)) }; m += 1 }
            let isKeyPath = code.isPunct(valueStart, .backslash)
            if label == "state" || (label == nil && argumentIndex == 0) {
                if isKeyPath { stateName = names.first.map { $0.hasPrefix("$") ? String($0.dropFirst()) : $0 } }
            } else if label == "action" {
                actionName = isKeyPath ? names.first : names.last
            }
            argumentIndex += 1
            j = k + 1
        }
        shortDescription = "Scope(" + code.sourceText(from: open + 1, through: firstArgumentEnd - 1) + ")"
    }

    /// `Scope(state: \.self, action: \.self)`: the same domain, not a child.
    var isIdentity: Bool { stateName == "self" && actionName == "self" }

    /// How parent logic touches a child where the order matters (`Scope`'s documentation: the child
    /// must run first so the parent sees its state after the child handled its own action).
    struct Touch {
        var rank: Int
        var text: String
    }

    /// Where the parent logic in `region` reads or writes this child's state while handling the child's
    /// own actions: in a case whose pattern matches a non-delegate child action, or in code that runs for
    /// every action. Anything else — passing the child's actions through, reacting to its delegate
    /// actions, touching the child's state only for the parent's own actions (which the Scope never
    /// forwards), sending to the child — gives the same result in either order, and is no touch.
    func touch(in region: (Int, Int), handling: [ActionHandling], stateName parentState: String, code: CodeTokens) -> Touch? {
        guard let action = actionName, action != "self", let state = stateName, state != "self" else { return nil }
        // `state.child…`, or the whole state replaced (`state = .loading` switches enum state away from the
        // child's case, TCA's own example of the harm).
        // How, for the message: the child's field by name, or the whole state replaced.
        func access(_ from: Int, _ to: Int) -> String? {
            if StateAccess.accesses(from: from, to: to, stateName: parentState, code: code).contains(where: { $0.field == state }) {
                return "reads or writes the child's state (\(parentState).\(state))"
            }
            if (from..<to).contains(where: { code.text($0) == parentState && code.isOperator($0 + 1, "=") && !code.isDot($0 - 1) }) {
                return "replaces the whole state (\(parentState) = …)"
            }
            return nil
        }
        for c in handling.flatMap(\.cases) where !c.isInert {
            for path in c.paths where path.first == action && !path.contains("delegate") {
                guard let how = access(c.clause.bodyStart, c.clause.bodyEnd) else { continue }
                let shown = CasePath.shown(Array(path.prefix(2)))
                return Touch(rank: 0, text: "on the child's own action (case \(shown)) this Reduce \(how) before the child has run")
            }
        }
        for h in handling {
            for range in h.everyActionRanges ?? [] {
                guard let how = access(range.0, range.1) else { continue }
                return Touch(rank: 1, text: "this Reduce \(how) for every action, the child's own included, before the child has run")
            }
        }
        return nil
    }
}

/// A parent reducer returns a long-living `.run` effect (a `for await` loop, a `while` loop or a timer)
/// that sends actions into a presented or stacked child (`.child(.presented(…))`, `.path(.element(…))`).
/// `ifLet`/`forEach` cancel only the effects the child returned itself, so this one outlives the child
/// unless the parent cancels it on dismissal. Fires when the effect has no `.cancellable(id:)`, or when
/// no clause that dismisses that child (`case .child(.dismiss)`, `state.child = nil`) cancels its id.
public struct UncancelledParentEffectRule: Rule {
    public static let description = RuleDescription(
        id: "uncancelled_parent_effect",
        name: "Uncancelled Parent Effect",
        summary: "A parent's long-living effect sends actions into a presented or stacked child but is not cancelled when that child is dismissed",
        defaultSeverity: .warning,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        let code = file.code
        var findings: [Finding] = []
        var seen = Set<Int>()
        for logic in file.reducerLogic where !logic.regions.isEmpty {
            let children = OptionalChildren(logic: logic, model: file.model, code: code)
            var cancelledAnywhere: [CancellationChain.ID]? = nil
            var dismissals: DismissalClauses? = nil
            for region in logic.regions {
                var j = region.open + 1
                while j < region.close {
                    defer { j += 1 }
                    guard let effect = RunEffect.at(j, region: region, children: children, code: code), seen.insert(j).inserted,
                          effect.isLongLiving,
                          let child = effect.childSends.first(where: { children.container(of: $0) != .identifiedArray }) else { continue }
                    let hint = children.dismissalHint(for: child)
                    var ids = CancellationChain.ids(afterExpressionEnd: effect.close + 1, expressionStart: j,
                                                    region: region, code: code)
                    if ids.isEmpty, let helper = logic.declarations.flatMap(\.functions).first(where: { $0.bodyOpen == region.open }) {
                        ids = CancellationChain.idsAtCallSites(of: helper.name, regions: logic.regions, code: code)
                    }
                    let shown = child.shown
                    // What dismissal cancels, said only of an operator the body shows for this child.
                    let why = children.kinds[child.caseName].map { ".\($0) cancels only the child's own effects" }
                        ?? "dismissing a child does not cancel effects its parent started"
                    if ids.isEmpty {
                        findings.append(finding(
                            at: code.tokens[j].startOffset,
                            "This long-living effect sends actions into the child (\(shown)) but is not cancellable, so it outlives the child when it is dismissed (\(why)); add .cancellable(id:) and return .cancel(id:) \(hint)"))
                        continue
                    }
                    // Cancelled by its id anywhere in the reducer (a stop button, a teardown): the author manages its life.
                    if cancelledAnywhere == nil {
                        cancelledAnywhere = logic.regions.flatMap { CancellationChain.cancelledIDs(from: $0.open, to: $0.close, code: code) }
                    }
                    if cancelledAnywhere!.contains(where: { c in ids.contains { CancellationChain.matches($0, c) } }) { continue }
                    if dismissals == nil { dismissals = DismissalClauses(logic: logic, children: children, code: code) }
                    guard let dismissals, !dismissals.cancel(ids, whenDismissing: child.caseName, code: code) else { continue }
                    findings.append(finding(
                        at: code.tokens[j].startOffset,
                        "This long-living effect sends actions into the child (\(shown)) and is cancellable, but its id is never cancelled, so it outlives the child; return .cancel(id:) \(hint)"))
                }
            }
        }
        return findings
    }
}

/// A `.run { … }` effect in a logic region and what its closure does.
struct RunEffect {
    struct ChildSend {
        /// The child's action case (`destination`, `path`).
        var caseName: String
        /// `presented` or `element` (the case wraps a `PresentationAction` / `StackAction` /
        /// `IdentifiedAction`), or `ifLet` / `forEach` (the case is the action of such an operator).
        var kind: String
        /// The cases the child's case is nested in (`[child]` for `.child(.destination(.presented(…)))`).
        var prefix: [String] = []
        var shown: String { wrapped(kind == "presented" || kind == "element" ? ".\(caseName)(.\(kind)(…))" : ".\(caseName)(…)") }

        /// `inner` (an action of the child's case) inside the cases around it: `.child(` + inner + `)`.
        func wrapped(_ inner: String) -> String {
            prefix.reversed().reduce(inner) { ".\($1)(\($0))" }
        }
    }

    var open: Int
    var close: Int
    var isLongLiving = false
    var childSends: [ChildSend] = []

    /// The effect whose `.` is at j: `.run {`, `.run(priority: …) {`, `Effect.run {`.
    static func at(_ j: Int, region: LogicRegion, children: OptionalChildren, code: CodeTokens) -> RunEffect? {
        guard code.isDot(j), code.is(j + 1, "run") else { return nil }
        // `x.run` on a value (`store.run`, `task.run`) is not an effect; `Effect.run` / `EffectOf<…>.run` is.
        if j > region.open + 1, code.isNameLike(j - 1) || code.isPunct(j - 1, .rparen) || code.isPunct(j - 1, .rbracket) {
            guard code.is(j - 1, "Effect") || code.is(j - 1, "EffectOf") || code.is(j - 1, "EffectTask") else { return nil }
        }
        var k = j + 2
        if code.isPunct(k, .lparen) {
            // `.run(operation: { send in … })`: the closure is an argument.
            if code.is(k + 1, "operation") && code.isPunct(k + 2, .colon) && code.isPunct(k + 3, .lbrace) {
                k += 3
            } else {
                k = code.skipGroup(k, limit: region.close)
            }
        }
        guard code.isPunct(k, .lbrace), let close = code.partnerOf(k), close > k, close <= region.close else { return nil }
        var effect = RunEffect(open: k, close: close)
        effect.scan(children: children, code: code)
        return effect
    }

    private mutating func scan(children: OptionalChildren, code: CodeTokens) {
        var k = open + 1
        while k < close {
            let t = code.tokens[k]
            if t.kind == .keyword {
                if code.is(k, "while") { isLongLiving = true }
                // `for await` over a stream of events lives as long as the stream; `for try await` over a
                // response (a request's chunks) ends with it, unless the sequence names a source of events.
                if code.is(k, "for") && code.is(k + 1, "await") { isLongLiving = true }
                if code.is(k, "for") && code.is(k + 1, "try") && code.is(k + 2, "await") && Self.sequenceIsEndless(from: k + 3, limit: close, code: code) {
                    isLongLiving = true
                }
            } else if t.kind == .identifier {
                if code.is(k, "timer") && code.isDot(k - 1) && code.isPunct(k + 1, .lparen) { isLongLiving = true }
                if code.is(k, "Timer") && code.isDot(k + 1) && code.is(k + 2, "publish") { isLongLiving = true }
                if code.is(k, "send") && code.isPunct(k + 1, .lparen) && !code.isDot(k - 1) {
                    let path = CasePath.read(at: k + 2, code: code, limit: close)
                    if let n = path.indices.dropFirst().first(where: { path[$0] == "presented" || path[$0] == "element" }) {
                        childSends.append(ChildSend(caseName: path[n - 1], kind: path[n], prefix: Array(path[..<(n - 1)])))
                    } else if let first = path.first, let kind = children.kinds[first], path.count < 2 || path[1] != "dismiss" {
                        childSends.append(ChildSend(caseName: first, kind: kind))
                    }
                }
            }
            k += 1
        }
    }
}

extension RunEffect {
    /// Words that name endless sources of events in a `for try await x in <sequence>` header.
    static let endlessSourceWords = ["timer", "notification", "observ", "updates", "changes", "events"]

    /// Whether the sequence of the loop header starting at `start` (up to its `{`) names an endless source.
    static func sequenceIsEndless(from start: Int, limit: Int, code: CodeTokens) -> Bool {
        var k = start
        while k < limit && !code.isPunct(k, .lbrace) {
            if code.tokens[k].kind == .identifier {
                let word = code.text(k).lowercased()
                if endlessSourceWords.contains(where: { word.contains($0) }) { return true }
            }
            k = code.skipGroup(k, limit: limit)
        }
        return false
    }
}

/// Cancellation ids: the `.cancellable(id:)` applied to an effect, and the `.cancel(id:)` effects.
/// An id is kept as its dotted name components without arguments or `self`
/// (`CancelID.sync(id)` → [CancelID, sync]; `TimerID.self` → [TimerID]; `.timer` → [timer]).
enum CancellationChain {
    typealias ID = [String]

    /// Ids of `.cancellable(id:)` modifiers chained after the expression ending before `k`; when the
    /// expression is an argument of `.merge(…)` / `.concatenate(…)`, the chain after that call counts too.
    static func ids(afterExpressionEnd k: Int, expressionStart: Int, region: LogicRegion, code: CodeTokens) -> [ID] {
        var ids: [ID] = []
        var j = k
        var start = expressionStart
        var rounds = 0
        while j < region.close && rounds < 16 {
            rounds += 1
            // The modifier chain: `.name<…>(…) { … }`.
            while j < region.close && code.isDot(j) && code.isNameLike(j + 1) {
                let isCancellable = code.is(j + 1, "cancellable")
                j += 2
                if let g = code.skipGenericArguments(j, limit: region.close) { j = g }
                if code.isPunct(j, .lparen) {
                    if isCancellable { ids += idArguments(open: j, code: code) }
                    j = code.skipGroup(j, limit: region.close)
                }
                while code.isPunct(j, .lbrace) { j = code.skipGroup(j, limit: region.close) }
            }
            // An argument of `.merge(…)` / `.concatenate(…)`: continue after the call.
            guard code.isPunct(j, .comma) || code.isPunct(j, .rparen) || code.isPunct(j, .rbracket),
                  let open = enclosingOpen(before: start, region: region, code: code),
                  let callee = calleeOf(open, code: code), code.is(callee, "merge") || code.is(callee, "concatenate"),
                  let close = code.partnerOf(open), close > open else { break }
            start = callee
            j = close + 1
        }
        return ids
    }

    /// The `(` (or `[` inside `.merge([…])`) that encloses token `start`, or nil.
    private static func enclosingOpen(before start: Int, region: LogicRegion, code: CodeTokens) -> Int? {
        var k = start - 1
        var steps = 0
        while k > region.open && steps < 4096 {
            steps += 1
            if code.isPunct(k, .rparen) || code.isPunct(k, .rbracket) || code.isPunct(k, .rbrace), let o = code.partnerOf(k), o < k {
                k = o - 1
                continue
            }
            if code.isPunct(k, .lbrace) { return nil }
            if code.isPunct(k, .lparen) { return k }
            if code.isPunct(k, .lbracket) {
                // `.merge([a, b])`: the array is the call's only argument.
                return code.isPunct(k - 1, .lparen) ? k - 1 : nil
            }
            k -= 1
        }
        return nil
    }

    private static func calleeOf(_ open: Int, code: CodeTokens) -> Int? {
        code.isNameLike(open - 1) ? open - 1 : nil
    }

    /// Ids given to `.cancellable(id:)` wherever the helper `name` is called:
    /// `return self.startSync().cancellable(id: CancelID.sync)`.
    static func idsAtCallSites(of name: String, regions: [LogicRegion], code: CodeTokens) -> [ID] {
        let nameBytes = Array(name.utf8)
        var ids: [ID] = []
        for region in regions {
            var j = region.open + 1
            while j < region.close {
                defer { j += 1 }
                let t = code.tokens[j]
                guard t.kind == .identifier, t.length == nameBytes.count, code.isPunct(j + 1, .lparen),
                      !code.is(j - 1, "func"), code.bytes[t.startOffset..<t.endOffset].elementsEqual(nameBytes) else { continue }
                let close = code.skipGroup(j + 1, limit: region.close)
                var start = j
                while start >= 2 && code.isDot(start - 1) && code.isNameLike(start - 2) { start -= 2 }
                ids += Self.ids(afterExpressionEnd: close, expressionStart: start, region: region, code: code)
            }
        }
        return ids
    }

    /// The ids in the arguments `(id: X, cancelInFlight: …)` or `(ids: [A, B])` opening at `open`.
    static func idArguments(open: Int, code: CodeTokens) -> [ID] {
        guard let close = code.partnerOf(open), close > open else { return [] }
        var j = open + 1
        var ids: [ID] = []
        while j < close {
            if (code.is(j, "id") || code.is(j, "ids")) && code.isPunct(j + 1, .colon) {
                var k = j + 2
                if code.isPunct(k, .lbracket), let arrayClose = code.partnerOf(k), arrayClose > k {
                    // `ids: [A, B]`: each element.
                    var e = k + 1
                    while e < arrayClose {
                        var end = e
                        while end < arrayClose && !code.isPunct(end, .comma) { end = code.skipGroup(end, limit: arrayClose) }
                        let id = components(from: e, to: end, code: code)
                        if !id.isEmpty { ids.append(id) }
                        e = end + 1
                    }
                    k = arrayClose + 1
                } else {
                    var end = k
                    while end < close && !code.isPunct(end, .comma) { end = code.skipGroup(end, limit: close) }
                    let id = components(from: k, to: end, code: code)
                    if !id.isEmpty { ids.append(id) }
                    k = end
                }
                j = k
                continue
            }
            j = code.skipGroup(j, limit: close)
        }
        return ids
    }

    /// Dotted name components of the expression [from, to), arguments and `self` dropped.
    static func components(from: Int, to: Int, code: CodeTokens) -> ID {
        var names: ID = []
        var j = from
        while j < to && names.count < 8 {
            if code.isNameLike(j) {
                if !(code.is(j, "self") || code.is(j, "Self")) { names.append(code.text(j)) }
                j += 1
                continue
            }
            j = code.skipGroup(j, limit: to)
        }
        return names
    }

    /// Same id, or one written with a leading dot (`.timer`) that is the tail of the other (`CancelID.timer`).
    static func matches(_ a: ID, _ b: ID) -> Bool {
        guard !a.isEmpty, !b.isEmpty else { return false }
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        return Array(long.suffix(short.count)) == short
    }

    /// Ids of every `.cancel(id:)` / `.cancel(ids:)` in [from, to).
    static func cancelledIDs(from: Int, to: Int, code: CodeTokens) -> [ID] {
        var ids: [ID] = []
        var j = from
        while j < to {
            if code.is(j, "cancel") && code.isDot(j - 1) && code.isPunct(j + 1, .lparen) {
                ids += idArguments(open: j + 1, code: code)
            }
            j += 1
        }
        return ids
    }
}

/// The action-switch clauses of a reducer that dismiss a child, for checking that they cancel.
struct DismissalClauses {
    let clauses: [SwitchClauses.Clause]
    let stateNames: [String: Set<String>]

    init(logic: ReducerLogic, children: OptionalChildren, code: CodeTokens) {
        clauses = logic.actionSwitchClauses(code: code)
        stateNames = children.stateNames
    }

    /// Whether some clause that dismisses the child `caseName` cancels one of `ids`.
    func cancel(_ ids: [CancellationChain.ID], whenDismissing caseName: String, code: CodeTokens) -> Bool {
        let fields = (stateNames[caseName] ?? []).union([caseName])
        for clause in clauses {
            let dismisses = (!clause.isDefault && patternDismisses(clause, caseName: caseName, code: code))
                || bodyClearsState(clause, fields: fields, code: code)
            guard dismisses else { continue }
            let cancelled = CancellationChain.cancelledIDs(from: clause.bodyStart, to: clause.bodyEnd, code: code)
            if cancelled.contains(where: { c in ids.contains { CancellationChain.matches($0, c) } }) { return true }
        }
        return false
    }

    /// `case .child(.dismiss)`, `case .path(.popFrom(id:))`, `case .view(.destination(.dismiss))`.
    private func patternDismisses(_ clause: SwitchClauses.Clause, caseName: String, code: CodeTokens) -> Bool {
        CasePath.patternPaths(code: code, from: clause.label + 1, to: clause.patternEnd).contains { path in
            // Also nested: `case .child(.destination(.dismiss))`.
            path.indices.dropLast().contains { n in
                path[n] == caseName && (path[n + 1] == "dismiss" || path[n + 1] == "popFrom")
            }
        }
    }

    /// `state.child = nil`, `state.$child.wrappedValue = nil`, `state.path.removeLast()`,
    /// `state.path.popLast()`, `state.rows[id: id] = nil`, `state.path = StackState()`.
    private func bodyClearsState(_ clause: SwitchClauses.Clause, fields: Set<String>, code: CodeTokens) -> Bool {
        var j = clause.bodyStart
        while j < clause.bodyEnd {
            defer { j += 1 }
            guard code.is(j, "state"), code.isDot(j + 1), code.isNameLike(j + 2) else { continue }
            var name = code.text(j + 2)
            if name.hasPrefix("$") { name.removeFirst() }
            guard fields.contains(name) else { continue }
            var k = j + 3
            if code.isDot(k) && code.is(k + 1, "wrappedValue") { k += 2 }
            if code.isPunct(k, .lbracket) { k = code.skipGroup(k, limit: clause.bodyEnd) }
            if code.isOperator(k, "=") {
                if code.is(k + 1, "nil") || code.is(k + 1, "StackState") || (code.isPunct(k + 1, .lbracket) && code.isPunct(k + 2, .rbracket)) {
                    return true
                }
                continue
            }
            if code.isDot(k) && code.isNameLike(k + 1) {
                let member = code.text(k + 1)
                if member.hasPrefix("remove") || member.hasPrefix("pop") { return true }
            }
        }
        return false
    }
}

/// The children a reducer runs through `.ifLet` / `.forEach` in its body: they exist only while
/// their state does, so effects the parent sends them outlive them.
struct OptionalChildren {
    /// Action case → `ifLet` or `forEach`.
    var kinds: [String: String] = [:]
    /// Action case → state property the child lives in (`destination` → `destination` from
    /// `.ifLet(\.$destination, action: \.destination)`); the case name itself is always tried too.
    var stateNames: [String: Set<String>] = [:]

    /// What holds a child, as far as the file shows: it decides whether the child can be dismissed and
    /// which APIs remove it.
    enum Container: Equatable {
        /// `StackState` / `StackAction`: a navigation stack.
        case stack
        /// `IdentifiedArray` / `IdentifiedAction`: a collection, not navigation; nothing dismisses its rows.
        case identifiedArray
        /// `@Presents` / `PresentationAction`.
        case presentation
        case unknown
    }

    /// Action case → container, from the case's payload (`IdentifiedActionOf<Row>`) and the type of the
    /// state the `forEach` reads (`IdentifiedArrayOf<Row.State>`).
    var containers: [String: Container] = [:]

    func container(of child: RunEffect.ChildSend) -> Container {
        containers[child.caseName] ?? (child.kind == "presented" ? .presentation : .unknown)
    }

    /// Where the child is removed, naming only APIs its container has.
    func dismissalHint(for child: RunEffect.ChildSend) -> String {
        let name = child.caseName
        let field = stateNames[name]?.sorted().first ?? name
        switch container(of: child) {
        case .presentation:
            return "where the child is dismissed (case \(child.wrapped(".\(name)(.dismiss)")), state.\(field) = nil)"
        case .stack:
            return "where the element is removed (case \(child.wrapped(".\(name)(.popFrom(id:))")), state.\(field).removeLast())"
        case .identifiedArray, .unknown:
            return child.kind == "ifLet" ? "where the child state is set to nil (state.\(field) = nil)"
                : "where the child is removed from state.\(field)"
        }
    }

    init(logic: ReducerLogic, model: FileModel, code: CodeTokens) {
        for decl in logic.declarations {
            for c in decl.actionCases {
                if ASCIISearch.contains(c.payload, "StackAction") { containers[c.name] = .stack }
                else if ASCIISearch.contains(c.payload, "IdentifiedAction") { containers[c.name] = .identifiedArray }
                else if ASCIISearch.contains(c.payload, "PresentationAction") { containers[c.name] = .presentation }
            }
        }
        let state = logic.declarations.first.flatMap { StateDeclaration.find(for: $0, model: model, code: code) }
        for decl in logic.declarations {
            for body in decl.bodies {
                for element in body.allElements {
                    for m in element.modifiers where m.name == "ifLet" || m.name == "forEach" {
                        guard let open = m.argumentsOpen,
                              let action = CasePath.actionArgument(open: open, code: code) else { continue }
                        if kinds[action] == nil { kinds[action] = m.name }
                        if let field = ObservedValue.keyPathComponents(at: open + 1, code: code).first {
                            stateNames[action, default: []].insert(field)
                            if containers[action] == nil, let type = state?.properties[field]?.typeText {
                                if ASCIISearch.contains(type, "StackState") { containers[action] = .stack }
                                else if ASCIISearch.contains(type, "IdentifiedArray") { containers[action] = .identifiedArray }
                            }
                        }
                    }
                }
            }
        }
    }
}

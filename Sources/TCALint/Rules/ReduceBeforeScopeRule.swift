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
        var findings: [Finding] = []
        for (feature, builder) in file.builders {
            for list in builder.reducerLists {
                var reports: [(anchor: Anchor, message: String)] = []
                var firstLogic: Int? = nil
                for (index, element) in list.enumerated() {
                    guard let units = feature.parentLogic(of: element, in: file.path) else { continue }
                    // Every child Scope after it; an identity `Scope(state: \.self, action: \.self)` is no child.
                    let scopes = list[(index + 1)...].compactMap { e -> EdgeFacts? in
                        guard e.isScope, let c = e.composition, !builder.edges[c].isIdentity else { return nil }
                        return builder.edges[c]
                    }
                    guard !scopes.isEmpty else { continue }
                    // The Scope the parent touches most (how, ranked), else the first.
                    var chosen: (scope: EdgeFacts, touch: Touch)? = nil
                    for scope in scopes {
                        guard let touch = Self.touch(of: scope, by: units) else { continue }
                        if chosen.map({ touch.rank < $0.touch.rank }) ?? true { chosen = (scope, touch) }
                    }
                    guard let chosen else { continue }
                    if firstLogic == nil { firstLogic = index }
                    let name = Self.logicName(element)
                    reports.append((element.logicAnchor ?? element.anchor,
                                    "\(name) runs before Scope(\(chosen.scope.firstArgument)) in the same builder; list the child Scope first so the child processes its own actions before the parent logic; \(chosen.touch.text)"))
                }
                guard let target = firstLogic, !reports.isEmpty else { continue }
                // The fix moves every child Scope below the first reported logic above it.
                let scopes = list.indices.filter { i in
                    i > target && list[i].isScope && list[i].composition.map { !builder.edges[$0].isIdentity } == true
                }
                let fix = file.syntax.flatMap { moveFix(scopes, before: target, in: list, offsets: reports.map(\.anchor.offset), syntax: $0) }
                findings += reports.map { finding(at: $0.anchor, $0.message, fix: fix) }
            }
        }
        return findings
    }

    /// How messages name parent logic: `Reduce`, or the helper's name (`coordinatorReduce`, `core`).
    static func logicName(_ element: ElementFacts) -> String {
        if case .helper(let name)? = element.logic { return name }
        return element.name
    }

    /// How parent logic touches a child where the order matters (`Scope`'s documentation: the child
    /// must run first so the parent sees its state after the child handled its own action).
    struct Touch {
        var rank: Int
        var text: String
    }

    /// Where the parent logic reads or writes this child's state while handling the child's own actions: in a
    /// case whose pattern matches a non-delegate child action, or in code that runs for every action. Anything
    /// else — passing the child's actions through, reacting to its delegate actions, touching the child's state
    /// only for the parent's own actions (which the Scope never forwards), sending to the child — gives the same
    /// result in either order, and is no touch.
    static func touch(of scope: EdgeFacts, by units: [LogicFacts]) -> Touch? {
        guard let action = scope.actionComponents.first, action != "self", let state = scope.stateField, state != "self" else { return nil }
        // `state.child…`, or the whole state replaced (`state = .loading` switches enum state away from the
        // child's case, TCA's own example of the harm).
        func access(_ code: CodeFacts, stateName: String) -> String? {
            if code.accesses.contains(where: { $0.field == state }) { return "reads or writes the child's state (\(stateName).\(state))" }
            if code.replacesState { return "replaces the whole state (\(stateName) = …)" }
            return nil
        }
        for unit in units {
            for c in unit.clauses where !c.code.isNoOp && !c.isDefault {
                for path in c.patterns where path.first == action && !path.contains("delegate") {
                    guard let how = access(c.code, stateName: unit.stateName) else { continue }
                    return Touch(rank: 0, text: "on the child's own action (case \(CasePath.shown(Array(path.prefix(2))))) this Reduce \(how) before the child has run")
                }
            }
        }
        for unit in units where !unit.hasOtherDispatch {
            guard let every = unit.everyAction, let how = access(every, stateName: unit.stateName) else { continue }
            return Touch(rank: 1, text: "this Reduce \(how) for every action, the child's own included, before the child has run")
        }
        return nil
    }

    /// Unsafe: moves every `Scope` listed after the first parent logic — with its child closure, modifiers
    /// and attached comments — to just before it, keeping their order. The child then runs before the
    /// parent for every action, which is the point of the rule but a change of behaviour the user should
    /// review (ruff's "unsafe fix"). None when a `let`/`var` sits between the parent logic and a Scope, or
    /// an element shares a line with other code.
    private func moveFix(_ scopes: [Int], before target: Int, in list: [ElementFacts], offsets: [Int], syntax: FileSyntax) -> Fix? {
        guard let last = scopes.last, !ElementMove.hasDeclaration(in: list, from: target, through: last),
              let edits = ElementMove.edits(moving: scopes.map { list[$0] }, before: list[target], in: syntax)
        else { return nil }
        return fix(scopes.count == 1 ? "Move the Scope above the parent Reduce" : "Move \(scopes.count) Scopes above the parent Reduce",
                   .unsafe, edits: edits, findingOffsets: offsets)
    }
}

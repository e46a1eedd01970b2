/// Parent logic (`Reduce`, `Reduce(self.core)`, a helper returning a `Reduce`) listed before a child `Scope`
/// in the same builder list, where the order changes what happens: on an action the child handles, the parent
/// reads child state the child changes on that same action (it sees the value from before the child ran), or
/// replaces, nils or switches away the child's state (the child never sees its own action). The child's
/// clauses are read through the project model, in whichever file they are; a child the model cannot resolve
/// is not judged.
public struct ReduceBeforeScopeRule: Rule {
    public static let description = RuleDescription(
        id: "reduce_before_scope",
        name: "Reduce Before Scope",
        summary: "Parent `Reduce` listed before a child `Scope` reads child state the child changes on the same action, or removes it before the child runs",
        defaultSeverity: .warning,
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
                    guard let units = feature.parentLogic(of: element, in: file.path), !units.isEmpty else { continue }
                    var harm: (scope: EdgeFacts, text: String)? = nil
                    for later in list[(index + 1)...] where later.isScope {
                        guard let c = later.composition, !builder.edges[c].isIdentity,
                              let child = Self.child(of: builder.edges[c], in: feature, project: file.project),
                              let text = Self.harm(units, scope: builder.edges[c], child: child) else { continue }
                        harm = (builder.edges[c], text)
                        break
                    }
                    guard let harm else { continue }
                    if firstLogic == nil { firstLogic = index }
                    reports.append((element.logicAnchor ?? element.anchor,
                                    Self.message(logic: Self.logicName(element), scope: harm.scope, harm: harm.text)))
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

    static func message(logic: String, scope: EdgeFacts, harm: String) -> String {
        "\(logic) runs before Scope(\(scope.firstArgument)) in the same builder, and \(harm); list the Scope first so the child handles its own action before the parent logic runs"
    }

    /// How messages name parent logic: `Reduce`, or the helper's name (`coordinatorReduce`, `core`).
    static func logicName(_ element: ElementFacts) -> String {
        if case .helper(let name)? = element.logic { return name }
        return element.name
    }

    /// The child feature a `Scope` runs, as the model resolved it.
    static func child(of edge: EdgeFacts, in feature: Feature, project: FeatureIndex) -> Feature? {
        guard let composition = feature.children.first(where: { $0.edge.anchor == edge.anchor && $0.edge.location == edge.location }),
              let name = composition.child else { return nil }
        return project.feature(name)
    }

    /// What the parent's logic does, on an action the child handles, that the order makes harmful — as the
    /// message says it — or nil.
    static func harm(_ units: [LogicFacts], scope: EdgeFacts, child: Feature) -> String? {
        let prefix = scope.actionComponents
        let statePath = scope.statePath.split(separator: ".").map { $0.hasPrefix("$") ? String($0.dropFirst()) : String($0) }
        guard !prefix.isEmpty, !statePath.isEmpty, prefix != ["self"], statePath != ["self"] else { return nil }
        let shownState = statePath.joined(separator: ".")
        for unit in units {
            for clause in unit.clauses where !clause.isDefault && !clause.code.isNoOp {
                for pattern in clause.patterns where pattern.starts(with: prefix) && !pattern.contains("delegate") {
                    let action = Array(pattern.dropFirst(prefix.count))
                    let on = action.isEmpty ? "on every action of \(child.name) (case \(CasePath.shown(pattern)))" : "on \(CasePath.shown(pattern))"
                    let handling = ChildHandling(child: child, action: action)
                    // Replaced, set to nil, removed or switched away before the child ran: the child never sees its action.
                    if let handler = handling.handler, let how = replacement(in: clause.code, statePath: statePath, stateName: unit.stateName) {
                        return "\(on) it \(how) before \(child.name) has handled the action (\(child.name)'s case \(handler.shown) at \(handler.at)), so the child never sees it"
                    }
                    // Read before the child changed it on the same action: the parent sees the old value.
                    for access in clause.code.accesses where Self.isStaleReadCandidate(access, statePath: statePath, bound: clause.boundNames) {
                        let rest = Array(access.path.dropFirst(statePath.count))
                        guard let write = handling.write(of: rest.first) else { continue }
                        let read = ([unit.stateName, shownState] + rest.prefix(1)).joined(separator: ".")
                        return "\(on) it reads \(read) before \(child.name) changes \(write.field) on that action (\(child.name)'s case \(write.shown) at \(write.at)), so it sees the value from before the child ran"
                    }
                }
            }
            // Code that runs for every action, the child's own included: a read of a field the child changes on one
            // of its actions sees, on that action, the value from before the child ran.
            guard !unit.hasOtherDispatch, unit.receivesActions, let every = unit.everyAction else { continue }
            let handling = ChildHandling(child: child, action: [])
            for access in every.accesses where Self.isStaleReadCandidate(access, statePath: statePath, bound: []) {
                let rest = Array(access.path.dropFirst(statePath.count))
                guard let write = handling.write(of: rest.first) else { continue }
                let read = ([unit.stateName, shownState] + rest.prefix(1)).joined(separator: ".")
                return "for every action it reads \(read), which \(child.name) changes on its own \(write.shown) (at \(write.at)), so on that action it sees the value from before the child ran"
            }
        }
        return nil
    }

    /// A read of one of the child's fields whose value before the child ran is not asked for: not a comparison
    /// with the action's own payload (`case let .picked(type): if type == state.tabs.selected` asks whether the
    /// action changes the value, which needs the old one), and a field, not the whole child state (a copy of it
    /// is judged no further).
    static func isStaleReadCandidate(_ access: AccessFacts, statePath: [String], bound: [String]) -> Bool {
        guard access.kind == .read, access.path.count > statePath.count, access.path.starts(with: statePath) else { return false }
        return !(access.isCompared && access.comparedWith.map(bound.contains) == true)
    }

    /// How the parent's code removes the child's state: `state.child = …` / `= nil`, `state.path.removeAll()`,
    /// or `state = …` switching an enum state away from the child's case.
    static func replacement(in code: CodeFacts, statePath: [String], stateName: String) -> String? {
        let shown = ([stateName] + statePath).joined(separator: ".")
        if code.accesses.contains(where: { $0.kind == .assign && $0.path == statePath }) {
            return code.clearedFields.contains(statePath[0]) && statePath.count == 1 ? "sets \(shown) to nil" : "replaces \(shown)"
        }
        if statePath.count == 1, code.clearedFields.contains(statePath[0]) { return "removes \(shown)" }
        if code.replacesState { return "replaces the whole state (\(stateName) = …)" }
        return nil
    }

    /// What the child's own logic does with one of its actions, in any file: the clauses that handle it (those
    /// whose pattern matches it, or its `default:` when none does, or every clause for "any action"), and the
    /// state fields they and the code for every action change.
    struct ChildHandling {
        struct Site {
            var field: String
            var shown: String
            var at: String
        }
        var clauses: [(clause: CaseFacts, stateName: String)] = []
        var everyAction: [(code: CodeFacts, at: FactLocation)] = []

        init(child: Feature, action: [String]) {
            var defaults: [(CaseFacts, String)] = []
            for unit in child.logic {
                for c in unit.clauses {
                    if c.isDefault { defaults.append((c, unit.stateName)); continue }
                    if action.isEmpty || c.patterns.contains(where: { action.starts(with: $0) || $0.starts(with: action) }) {
                        clauses.append((c, unit.stateName))
                    }
                }
                if let every = unit.everyAction, !unit.hasOtherDispatch, unit.receivesActions { everyAction.append((every, unit.location)) }
            }
            if clauses.isEmpty { clauses = defaults }
        }

        /// A clause (or code for every action) that does something with the action.
        var handler: Site? {
            if let c = clauses.first(where: { !$0.clause.code.isNoOp }) { return site("", c.clause) }
            if let every = everyAction.first(where: { !$0.code.isNoOp }) { return Site(field: "", shown: "(code for every action)", at: Self.at(every.at)) }
            return nil
        }

        /// Where the child changes `field` on the action, whatever else happens: a write inside an `if`, a loop or
        /// another branch (`if let keyword { state.lastKeyword = keyword }`) may not happen when the parent reads.
        func write(of field: String?) -> Site? {
            guard let field else { return nil }
            for (clause, _) in clauses {
                if let access = clause.code.accesses.first(where: { $0.kind != .read && !$0.isConditional && $0.field == field }) {
                    return site(access.field, clause)
                }
            }
            for every in everyAction {
                if let access = every.code.accesses.first(where: { $0.kind != .read && !$0.isConditional && $0.field == field }) {
                    return Site(field: access.field, shown: "(code for every action)", at: Self.at(every.at))
                }
            }
            return nil
        }

        private func site(_ field: String, _ clause: CaseFacts) -> Site {
            let shown = clause.isDefault ? "default" : clause.patterns.first.map(CasePath.shown) ?? "default"
            return Site(field: field, shown: shown, at: Self.at(clause.location))
        }

        static func at(_ location: FactLocation) -> String {
            (location.path.split(separator: "/").last.map(String.init) ?? location.path) + ":\(location.line)"
        }
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

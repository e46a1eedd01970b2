/// A reducer returning `.send(.x)` where `.x` is an action it handles itself: it sends itself an
/// action to reuse logic. That costs a full round trip through the store, adds an intermediate
/// action to tests and logs, and couples two cases. Delegate actions, sends into child features (as the
/// project's model knows them), bindings, sends inside `.run`, alert button actions and test code are
/// legitimate and never flagged.
public struct SendForLogicReuseRule: Rule {
    public static let description = RuleDescription(
        id: "send_for_logic_reuse",
        name: "Send For Logic Reuse",
        summary: "`.send(.ownAction)` used to reuse logic; call a shared helper method instead",
        defaultSeverity: .warning,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode else { return [] }
        // Handled by a case of its own that does something: a case that only returns `.none` is a message
        // to a parent (`missing_delegate_action`), not logic to reuse.
        // A parent that acts on the action too (`case .child(.saved):` doing something) is why it goes through the
        // store: a helper call would leave that parent deaf (a delegate action is the fix; `parent_matches_child_action`).
        return OwnActionSends.find(in: file).filter { own in
            own.handlers.contains { !$0.code.isNoOp }
                && file.project.parentActing(on: own.send.path, of: own.feature) == nil
                && !Self.waitsForChild(own)
        }.map { own in
            finding(at: own.send.anchor, Self.message(own.form, type: own.feature.name, shown: CasePath.shown(own.send.path)))
        }
    }

    /// The send changes a child's state only after the child has handled the action it answers: sent from a clause
    /// for a child's action, in logic that runs before the child's composition (`Reduce(notes)` above
    /// `Reduce(habits).forEach(\.path, …)`), to an action whose handlers remove or replace that child's state
    /// (`state.path.popLast()`, `state.child = nil`). A helper called in the clause would remove the element before the child ran, and TCA
    /// reports an action for a missing element: the round trip is what orders the two.
    static func waitsForChild(_ own: OwnActionSends.Own) -> Bool {
        guard let clause = own.clause else { return false }
        for pattern in clause.patterns {
            guard let edge = own.feature.composition(runningAfter: own.logic, onActionsMatching: pattern),
                  let field = edge.stateField else { continue }
            // Removed or replaced (popped, set to nil, a new stack): the element the child's action is for would be gone.
            // An append leaves it in place, and the child handles its action either way.
            if own.handlers.contains(where: { h in
                h.code.clearedFields.contains(field) || h.code.accesses.contains { $0.kind == .assign && $0.path == [field] }
            }) { return true }
        }
        return false
    }

    /// Advice that fits how the action is sent.
    static func message(_ form: OwnActionSends.Form, type: String, shown: String) -> String {
        let advice = "call a shared helper method instead of a round trip through the store"
        switch form {
        case .send:
            return "\(type) sends itself \(shown), an action it handles in its own switch, to reuse logic; \(advice)"
        case .runForwarding:
            return "\(type) sends itself \(shown) from a .run that does nothing else, the same round trip as .send(\(shown)), to reuse logic its own switch handles; \(advice)"
        case .combined:
            return "\(type) combines a send of \(shown), an action it handles in its own switch, with its other effects to reuse logic; \(advice) and combine only the effects it returns"
        }
    }
}

/// Effects by which a reducer sends itself one of its own actions (`.send(.x)`, a `.run` that only
/// forwards, a send merged with other effects), each with the cases of the reducer's own switches that
/// handle the action. What the handlers do tells the rules apart: logic reused through the store
/// (`send_for_logic_reuse`) or a message for a parent without a delegate action (`missing_delegate_action`).
/// Sends into children, of `.delegate` and of `.binding` actions are left out: they are what TCA asks for.
enum OwnActionSends {
    struct Own {
        var send: EffectSends.Send
        var typeName: String
        /// The reducer's qualified name, to find it in the project's feature model.
        var qualifiedName: String
        /// The reducer's declarations in this file (the type and its extensions).
        var declarations: [ReducerDeclaration]
        /// Non-default cases whose pattern matches the sent action or a prefix of it.
        var handlers: [ActionHandling.Case]
        /// Some switch of the reducer dispatches on something other than the action, so which code runs
        /// for the action is not fully known.
        var dispatchIsPartlyUnknown: Bool
    }

    /// `.path(.element(id:action:))`, `.destination(.presented(…))`, `.sheet(.dismiss)`: the case wraps a
    /// `StackAction`, `IdentifiedAction` or `PresentationAction`, so it is a child's action whatever the file
    /// shows of the `Action` enum (an extension in another file than the enum, zashi's `*Coordinator.swift`).
    static func wrapsChildAction(_ path: [String]) -> Bool {
        path.count > 1 && (path[1] == "element" || path[1] == "presented" || path[1] == "dismiss")
    }

    static func find(in file: AnalyzedFile) -> [Own] {
        let code = file.code
        var result: [Own] = []
        var seen = Set<Int>()
        for logic in file.reducerLogic where !logic.regions.isEmpty {
            guard logic.handling.contains(where: { h in h.cases.contains { !$0.clause.isDefault } }) else { continue }
            let childCases = SendForLogicReuseRule.childActionCases(logic.declarations, code: code)
            let clauseBodyStarts = Set(logic.handling.flatMap { $0.cases.map(\.clause.bodyStart) })
            let partlyUnknown = logic.handling.contains { $0.hasOtherDispatch }
            // The cases by each pattern path, so that a send looks up its path's prefixes (paths are short)
            // instead of comparing every send with every case: linear in reducers whose every case sends.
            var casesByPattern: [[String]: [ActionHandling.Case]] = [:]
            for handling in logic.handling {
                for c in handling.cases where !c.clause.isDefault {
                    for path in c.paths { casesByPattern[path, default: []].append(c) }
                }
            }
            for region in logic.regions {
                for send in EffectSends.find(in: region, code: code, clauseBodyStarts: clauseBodyStarts)
                    where seen.insert(send.reportToken).inserted {
                    guard let first = send.path.first, first != "delegate", first != "binding",
                          !childCases.contains(first), !Self.wrapsChildAction(send.path) else { continue }
                    let handlers = (0...send.path.count).flatMap { casesByPattern[Array(send.path.prefix($0))] ?? [] }
                    guard !handlers.isEmpty else { continue }
                    result.append(Own(send: send, typeName: logic.typeName,
                                      qualifiedName: logic.declarations.first?.qualifiedName ?? logic.typeName,
                                      declarations: logic.declarations, handlers: handlers,
                                      dispatchIsPartlyUnknown: partlyUnknown))
                }
            }
        }
        return result
    }
}

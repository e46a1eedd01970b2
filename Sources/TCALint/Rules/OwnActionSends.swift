/// Effects by which a feature sends itself one of its own actions (`.send(.x)`, a `.run` that only
/// forwards, a send merged with other effects), each with the clauses of the feature's logic — in any file —
/// that handle the action. What the handlers do tells the rules apart: logic reused through the store
/// (`send_for_logic_reuse`) or a message for a parent without a delegate action (`missing_delegate_action`).
/// Sends into children (the model's child action cases), of `.delegate` and of `.binding` actions are left
/// out: they are what TCA asks for.
enum OwnActionSends {
    /// How the action is sent, which decides the advice.
    enum Form {
        /// `.send(.x)` returned (also in a ternary).
        case send
        /// `.run { send in await send(.x) }` and nothing else.
        case runForwarding
        /// An argument of `.merge`/`.concatenate` (one that runs at once), or appended to an array of effects.
        case combined
    }

    struct Own {
        var send: SendFacts
        var form: Form
        var feature: Feature
        /// The logic that sends it, and the clause it is sent from (nil: the code for every action).
        var logic: LogicFacts
        var clause: CaseFacts?
        /// Non-default clauses whose pattern matches the sent action or a prefix of it.
        var handlers: [CaseFacts]
    }

    /// The form of a send as reuse of logic, or nil for sends that are not (a send after other effects of a
    /// `.concatenate`, one inside a `.run` doing other work, one timed or animated).
    static func form(_ send: SendFacts) -> Form? {
        guard !send.isTimedOrAnimated else { return nil }
        switch send.how {
        case .returned, .ternary: return send.forwardedByRun ? .runForwarding : .send
        case .merged, .appended: return .combined
        case .concatenatedAfter, .run, .other: return nil
        }
    }

    /// The sends of the file's features, found once for the file whichever rule asks first (two rules read them).
    static func find(in file: AnalyzedFile) -> [Own] {
        file.computedOnce(by: OwnActionSends.self) { search(file) }
    }

    private static func search(_ file: AnalyzedFile) -> [Own] {
        var result: [Own] = []
        for feature in file.features where !feature.isProtocol {
            let local = feature.logic.filter { $0.location.path == file.path }
            guard !local.isEmpty, feature.logic.contains(where: { l in l.clauses.contains { !$0.isDefault } }) else { continue }
            let childPaths = feature.childActionPaths(in: file.project)
            // The clauses by each pattern, so that a send looks up its path's prefixes (paths are short) instead
            // of comparing every send with every clause: linear in features whose every case sends.
            var clausesByPattern: [[String]: [CaseFacts]] = [:]
            for unit in feature.logic {
                for c in unit.clauses where !c.isDefault { for p in c.patterns { clausesByPattern[p, default: []].append(c) } }
            }
            var seen = Set<Int>()
            for logic in local {
                let sends = logic.clauses.flatMap { c in c.code.sends.map { ($0, Optional(c)) } } + (logic.everyAction?.sends ?? []).map { ($0, nil) }
                for (send, clause) in sends.sorted(by: { $0.0.anchor.offset < $1.0.anchor.offset }) where seen.insert(send.anchor.offset).inserted {
                    guard let form = form(send), let first = send.path.first, first != "delegate", first != "binding",
                          !childPaths.contains(where: { send.path.starts(with: $0) }), !CasePath.wrapsChildAction(send.path) else { continue }
                    let handlers = (0...send.path.count).flatMap { clausesByPattern[Array(send.path.prefix($0))] ?? [] }
                    guard !handlers.isEmpty else { continue }
                    result.append(Own(send: send, form: form, feature: feature, logic: logic, clause: clause, handlers: handlers))
                }
            }
        }
        return result
    }
}

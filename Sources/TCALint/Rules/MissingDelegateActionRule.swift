/// A reducer sends itself an action whose own cases do nothing (`return .none`, `break`): the action
/// exists for a parent to match, a message to the parent without a `delegate` action. TCA's `Effect.send`
/// documentation and its delegate-action convention ask for `.delegate(.x)`, so that the parent matches
/// only what the child means to tell it, and the child's own actions stay private to the child.
public struct MissingDelegateActionRule: Rule {
    public static let description = RuleDescription(
        id: "missing_delegate_action",
        name: "Missing Delegate Action",
        summary: "A reducer sends itself an action its own switch ignores, as a message for a parent; use a delegate action",
        defaultSeverity: .warning,
        isOptIn: true,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode else { return [] }
        return OwnActionSends.find(in: file)
            .filter { $0.handlers.allSatisfy(\.isInert) }
            .map { own in
                finding(at: file.code.tokens[own.send.reportToken].startOffset,
                        Self.message(type: own.typeName, shown: CasePath.shown(own.send.path)))
            }
    }

    static func message(type: String, shown: String) -> String {
        "\(type) sends itself \(shown), which its own switch ignores (it only returns .none): a message for a parent; declare it in a Delegate enum and send .delegate(\(shown)) so the parent matches only what \(type) means to tell it"
    }
}

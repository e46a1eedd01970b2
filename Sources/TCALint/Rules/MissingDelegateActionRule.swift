/// A reducer sends itself an action whose own cases do nothing (`return .none`, `break`) and that a parent's logic
/// acts on: a message to the parent without a `delegate` action. TCA's `Effect.send`
/// documentation and its delegate-action convention ask for `.delegate(.x)`, so that the parent matches
/// only what the child means to tell it, and the child's own actions stay private to the child.
public struct MissingDelegateActionRule: Rule {
    public static let description = RuleDescription(
        id: "missing_delegate_action",
        name: "Missing Delegate Action",
        summary: "A reducer sends itself an action its own switch ignores and its parent acts on, a message for the parent; use a delegate action",
        defaultSeverity: .warning,
        isOptIn: false,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode else { return [] }
        return OwnActionSends.find(in: file)
            // An action of an enum the feature ignores whole (`.navigation(.dismissFlow)`) is already a message kept
            // apart from the feature's own actions: a delegate enum by another name.
            .filter { $0.handlers.allSatisfy(\.code.isNoOp) && !$0.feature.sendsIntoIgnoredEnum($0.send.path) }
            .compactMap { own in
                // Only when the model shows a parent acting on the action: an ignored action no parent acts on is
                // a message to no one (a no-op step of the child's own, or a parent the model does not see).
                guard let parent = Self.actingParent(on: own.send.path, sentBy: own.feature, in: file.project) else { return nil }
                return finding(at: own.send.anchor,
                               Self.message(type: own.feature.name, shown: CasePath.shown(own.send.path),
                                            delegateCase: Self.delegateCase(of: own.send.path, nestedEnums: own.feature.nestedEnumNames),
                                            parent: parent.name, at: parent.at))
            }
    }

    /// The case the Delegate enum would declare: the sent path without a leading wrapper of an action enum
    /// the reducer declares (`.view(.deleteConfirmed)` → `.deleteConfirmed`, with `enum View`: the View enum
    /// does not move into Delegate); a payload stays (`.didEdit(.compendium)` is the case `didEdit` with a
    /// value, so `.didEdit(.compendium)`).
    static func delegateCase(of path: [String], nestedEnums: Set<String>) -> String {
        guard path.count > 1, let first = path.first,
              nestedEnums.contains(Feature.enumName(wrappedBy: first)) else { return CasePath.shown(path) }
        return CasePath.shown(Array(path.dropFirst()))
    }

    /// `delegateCase` is the case the Delegate enum would declare (see `delegateCase(of:nestedEnums:)`), `shown`
    /// when nil; `parent` acts on the action in its logic `at` (`RootCoordinator.swift:82`).
    static func message(type: String, shown: String, delegateCase: String? = nil, parent: String, at: String) -> String {
        let leaf = delegateCase ?? shown
        return "\(type) sends itself \(shown), which its own switch ignores (it only returns .none), as a message for \(parent), whose logic acts on it at \(at); declare it in a Delegate enum and send .delegate(\(leaf)) so \(parent) matches only what \(type) means to tell it"
    }

    /// The nearest parent whose logic acts on the child's action `path` (`case .home(.settingsTapped):` for Home's
    /// `.settingsTapped`, with more than `return .none`), and where (`RootCoordinator.swift:82`); nil when the project
    /// model shows none.
    static func actingParent(on path: [String], sentBy child: Feature, in project: FeatureIndex) -> (name: String, at: String)? {
        guard let (parent, clause) = project.parentActing(on: path, of: child) else { return nil }
        let file = clause.location.path.split(separator: "/").last.map(String.init) ?? clause.location.path
        return (parent.name, "\(file):\(clause.location.line)")
    }
}

/// A `Scope` whose state is a case of the feature's enum `State` (`Scope(state: \.loggedIn, action: \.loggedIn)`, or
/// `/State.loggedIn`): the hand-written destination reducer of TCA before `@Reducer enum`, deprecated in TCA 1.25
/// ("Use a '@Reducer enum' or 'ifCaseLet(_:action:)' on a base reducer, instead."). Asked of the model: the parent's
/// `State` kind and cases, and each composition's state path. No fix: a `@Reducer enum` changes the feature's
/// declaration, and `ifCaseLet` needs a base reducer.
public struct EnumStateScopeRule: DeprecationRule {
    public static let description = RuleDescription(
        id: "enum_state_scope",
        name: "Enum State Scope",
        summary: "`Scope` into a case of an enum `State` is deprecated since TCA 1.25; use a `@Reducer enum` or `ifCaseLet` on a base reducer",
        defaultSeverity: .warning,
        prefilterNeedles: ["Scope"]
    )
    public static let deprecatedIn = TCAVersion(1, 25)
    public static let reference = "https://github.com/pointfreeco/swift-composable-architecture/blob/main/Sources/ComposableArchitecture/Documentation.docc/Articles/MigrationGuides/MigratingTo1.25.md#enum-state-scope"

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        // TCA itself (or a course's copy) declares `Scope`.
        guard !file.project.declaresOwn("Scope") else { return [] }
        var findings: [Finding] = []
        for feature in file.features {
            for c in feature.children where c.edge.location.path == file.path && feature.scopesIntoStateCase(c.edge) {
                guard let field = c.edge.stateField else { continue }
                let written = c.edge.firstArgument.isEmpty ? "state: \\.\(field)" : c.edge.firstArgument
                // The child as the closure writes it (`Settings()`), never one read from a state type: a closure that
                // hands over a property (`{ onboardingStore }`) gets "…". The action path as written (the action's
                // case may be named otherwise than the state's).
                let child = c.edge.childType.flatMap { $0.first?.isUppercase == true ? $0 : nil }
                findings.append(finding(at: c.edge.anchor, Self.message(parent: feature.name, state: written, caseName: field,
                                                                       actionPath: c.edge.actionPath, child: child)))
            }
        }
        return findings
    }

    /// `state`: the state argument as written (`state: \.loggedIn`, `state: /State.loggedIn`).
    static func message(parent: String, state: String, caseName: String, actionPath: String, child: String?) -> String {
        let reducer = child.map { "\($0)()" } ?? "…"
        return "Scope(\(state)) scopes into a case of \(parent)'s enum State, deprecated since TCA 1.25 (\"Use a '@Reducer enum' or 'ifCaseLet(_:action:)' on a base reducer, instead.\") — declare \(parent) as a @Reducer enum with case \(caseName)(…), or write .ifCaseLet(\\.\(caseName), action: \\.\(actionPath)) { \(reducer) } on a reducer"
    }
}

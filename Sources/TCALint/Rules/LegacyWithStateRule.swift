/// `store.withState { $0.x }`: reading a store's state through a closure, hard-deprecated in TCA 1.25 (pull request
/// #3876: "Use '@ObservableState', instead"). No fix: reading `store.x` directly needs an `@ObservableState` State
/// and a view that observes it, a change of the feature, not of the line.
public struct LegacyWithStateRule: DeprecationRule {
    public static let description = RuleDescription(
        id: "legacy_with_state",
        name: "Legacy With State",
        summary: "`Store.withState` is deprecated since TCA 1.25; read the state from the store itself once the State is `@ObservableState`",
        defaultSeverity: .warning,
        prefilterNeedles: ["withState"]
    )
    public static let deprecatedIn = TCAVersion(1, 25)
    public static let reference = "https://github.com/pointfreeco/swift-composable-architecture/blob/main/Sources/ComposableArchitecture/Documentation.docc/Articles/MigrationGuides/MigratingTo1.25.md#storewithstate"

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        // TCA itself, or a project with a `withState` of its own, means that one. A file over a store of TCA's own
        // state (`Store<AlertState<Action>, Action>`, a copy of TCA's alert modifier) has no observable state to read.
        guard !file.project.declaresOwn("func withState"), !file.facts.file.namesStoreOfTCAState else { return [] }
        return file.facts.file.deprecatedUses.filter { $0.api == .withState }.map { finding(at: $0.anchor, Self.message) }
    }

    static let message = "'Store.withState' is deprecated since TCA 1.25 (\"Use '@ObservableState', instead\"); once the "
        + "feature's State is @ObservableState, read the state from the store itself (store.x, or store.state.x where the "
        + "store has a member of that name, such as id), which observation tracks"
}

/// `TaskResult`: TCA's equatable-friendly `Result` for effects, soft-deprecated in TCA 1.4 for Swift's `Result`
/// (case key paths let a test assert a received action without comparing its payload) and moved among TCA's
/// deprecations in 1.24. No fix: an `Equatable` Action holding `Result<Value, any Error>` stops compiling, so the
/// rewrite is a decision about the Action and its tests.
public struct LegacyTaskResultRule: DeprecationRule {
    public static let description = RuleDescription(
        id: "legacy_task_result",
        name: "Legacy Task Result",
        summary: "`TaskResult` is deprecated since TCA 1.4 for Swift's `Result`; tests assert received actions with case key paths",
        defaultSeverity: .warning,
        prefilterNeedles: ["TaskResult"]
    )
    public static let deprecatedIn = TCAVersion(1, 4)
    public static let reference = "https://github.com/pointfreeco/swift-composable-architecture/blob/main/Sources/ComposableArchitecture/Documentation.docc/Articles/MigrationGuides/MigratingTo1.4.md#moving-off-of-taskresult"

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        // A project with a `TaskResult` of its own (TCA itself, a copy kept after TCA removes it) means that one.
        guard !file.project.declaresOwn("TaskResult") else { return [] }
        return file.facts.file.deprecatedUses.filter { $0.api == .taskResult }.map { finding(at: $0.anchor, Self.message) }
    }

    static let message = "'TaskResult' is soft-deprecated since TCA 1.4; use Swift's Result ('await Result { try await … }', "
        + "'Result<Value, any Error>' in the action), and since any Error is not Equatable, assert received actions "
        + "with case key paths (store.receive(\\.response.success)) instead of an Equatable Action"
}

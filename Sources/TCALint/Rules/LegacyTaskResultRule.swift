/// `TaskResult`: TCA's equatable-friendly `Result` for effects, soft-deprecated in TCA 1.4 for Swift's `Result`
/// (case key paths let a test assert a received action without comparing its payload) and moved among TCA's
/// deprecations in 1.24. An unsafe fix only: an `Equatable` Action holding `Result<Value, any Error>` stops compiling,
/// so the rewrite is a decision about the Action and its tests.
public struct LegacyTaskResultRule: DeprecationRule {
    public static let description = RuleDescription(
        id: "legacy_task_result",
        name: "Legacy Task Result",
        summary: "`TaskResult` is deprecated since TCA 1.4 for Swift's `Result`; tests assert received actions with case key paths",
        defaultSeverity: .warning,
        fixAvailability: .sometimes,
        prefilterNeedles: ["TaskResult"]
    )
    public static let deprecatedIn = TCAVersion(1, 4)
    public static let reference = "https://github.com/pointfreeco/swift-composable-architecture/blob/main/Sources/ComposableArchitecture/Documentation.docc/Articles/MigrationGuides/MigratingTo1.4.md#moving-off-of-taskresult"

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        // A project with a `TaskResult` of its own (TCA itself, a copy kept after TCA removes it) means that one.
        guard !file.project.declaresOwn("TaskResult") else { return [] }
        return file.facts.file.deprecatedUses.filter { $0.api == .taskResult }.map { use in
            let rewrite = fixFor(use, version: file.tcaVersion)
            return finding(at: use.anchor, rewrite == nil ? Self.message : Self.message + Self.fixable, fix: rewrite)
        }
    }

    /// `TaskResult` → `Result`, and `TaskResult<Value>` → `Result<Value, any Error>`. Always unsafe: an `Equatable` Action
    /// holding a `Result<Value, any Error>` stops compiling, and tests that compare received actions with their payload
    /// must then assert them with case key paths. A call (`TaskResult { try await … }`) only when the project's TCA is
    /// known (or `--target-tca` names it) to be 1.4 or later: `Result`'s async initializer comes with the
    /// swift-concurrency-extras 1.1 that TCA 1.4 requires; Swift's own `Result(catching:)` is synchronous.
    func fixFor(_ use: DeprecatedUseFacts, version: TCAVersion?) -> Fix? {
        guard use.taskResultRenamable, !use.taskResultIsCall || version.map({ $0 >= Self.deprecatedIn }) == true else { return nil }
        var edits = [TextEdit(range: use.anchor.offset..<use.anchor.end, replacement: Array("Result".utf8))]
        if let close = use.taskResultGenericClose { edits.append(.insert(Array(", any Error".utf8), at: close)) }
        return fix("Use Swift's Result", .unsafe, edits: edits, findingOffsets: [use.anchor.offset])
    }

    static let message = "'TaskResult' is soft-deprecated since TCA 1.4; use Swift's Result ('await Result { try await … }', "
        + "'Result<Value, any Error>' in the action), and since any Error is not Equatable, assert received actions "
        + "with case key paths (store.receive(\\.response.success)) instead of an Equatable Action"

    static let fixable = " (--fix --unsafe renames it; an Equatable Action holding it then stops compiling until its tests use case key paths)"
}

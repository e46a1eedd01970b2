/// `superfluous_disable`: a `tca-lint:disable` comment that suppresses nothing, or names a rule
/// that does not exist. Its findings are made by `Suppressions.apply`, which sees the comments and
/// every other rule's findings together, and are then located, given their configured severity and
/// suppressed like any rule's (`Linter`); `check` has nothing to add.
public struct SuperfluousDisableRule: Rule {
    public static let description = RuleDescription(
        id: "superfluous_disable",
        name: "Superfluous Disable",
        summary: "A tca-lint:disable comment suppresses no finding, or names a rule that does not exist.",
        defaultSeverity: .warning,
        prefilterNeedles: ["tca-lint:"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] { [] }
}

/// What every reporter may need besides the diagnostics themselves.
public struct ReportContext {
    /// Number of files that were linted (for summaries such as `in 212 files`).
    public var filesLinted: Int
    /// Every rule known to tca-lint (SARIF lists them in `tool.driver.rules`).
    public var rules: [RuleDescription]
    /// The directory relative paths are resolved against (SARIF `uriBaseId`, relative-path reporter).
    public var currentDirectory: String

    public init(filesLinted: Int, rules: [RuleDescription] = RuleRegistry.all.map { $0.description },
                currentDirectory: String) {
        self.filesLinted = filesLinted
        self.rules = rules
        self.currentDirectory = currentDirectory
    }
}

/// Formats diagnostics for one consumer (a terminal, an editor, a CI system).
/// Reporters only format: diagnostics arrive already located, filtered and sorted.
public protocol Reporter {
    /// The name given to `--reporter`.
    static var identifier: String { get }
    /// One line for `--help`.
    static var summary: String { get }
    init()
    func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String
}

public enum TCALintVersion {
    public static let current = "0.1.0"
    public static let informationURI = "https://github.com/tca-lint/tca-lint"
    /// Where rule documents are published (`<base>/<rule_id>.md`).
    public static let rulesDocumentBase = "https://github.com/tca-lint/tca-lint/blob/main/rules"
}

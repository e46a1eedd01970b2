/// Every reporter, by `--reporter` name, in the order `--help` lists them.
public enum ReporterRegistry {
    public static let all: [any Reporter.Type] = [
        XcodeReporter.self,
        RelativePathReporter.self,
        EmacsReporter.self,
        GCCReporter.self,
        JSONReporter.self,
        SARIFReporter.self,
        GitHubActionsReporter.self,
        CheckstyleReporter.self,
        JUnitReporter.self,
        CodeClimateReporter.self,
        MarkdownReporter.self,
        SummaryReporter.self,
        // SwiftLint's other formats, so its CI scripts keep working.
        CSVReporter.self,
        HTMLReporter.self,
        EmojiReporter.self,
        SonarQubeReporter.self,
        GitLabJUnitReporter.self,
    ]

    /// SwiftLint's names for the same formats, so its CI scripts work unchanged.
    public static let aliases: [String: String] = [
        "github-actions-logging": GitHubActionsReporter.identifier,
    ]

    public static func reporter(named name: String) -> (any Reporter.Type)? {
        let identifier = aliases[name] ?? name
        return all.first { $0.identifier == identifier }
    }
}

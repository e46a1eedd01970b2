/// A Markdown table for pull-request comments. Paths are relative to the current directory
/// (the checkout, as reviewers know it). Every cell is escaped so it renders as the literal
/// text (see `TextEscaping.markdownTableCell`).
public struct MarkdownReporter: Reporter {
    public static let identifier = "markdown"
    public static let summary = "Markdown table, for pull-request comments"
    public init() {}

    public func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var paths = RelativePath.Cache(base: context.currentDirectory)
        let counts = FindingCounts(diagnostics)
        var out = "**tca-lint**: \(counts.summaryLine(filesLinted: context.filesLinted))\n"
        guard !diagnostics.isEmpty else { return out }
        out += "\n| File | Line | Column | Severity | Rule | Message |\n"
        out += "| --- | ---: | ---: | --- | --- | --- |\n"
        for d in diagnostics {
            let cells = [
                TextEscaping.markdownTableCell(paths.relative(d.path)),
                String(d.line),
                String(d.column),
                d.severity.rawValue,
                TextEscaping.markdownTableCell(d.ruleID),
                TextEscaping.markdownTableCell(d.message),
            ]
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return out
    }
}

/// GitHub Actions workflow commands: one `::warning`/`::error` annotation per finding, then the
/// findings again as plain xcode lines, because GitHub shows only the first 10 annotations of a
/// step (the plain lines are not commands, so nothing is annotated twice).
///
/// `file=` is relative to the current directory (the workspace, where GitHub resolves it).
/// Property values and the message are escaped as `@actions/core` does.
public struct GitHubActionsReporter: Reporter {
    public static let identifier = "github-actions"
    public static let summary = "GitHub Actions ::warning/::error annotations, then plain lines"
    public init() {}

    public func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var paths = RelativePath.Cache(base: context.currentDirectory)
        var out = DiagnosticLine.lines(diagnostics) { d in
            let file = paths.relative(d.path)
            return "::\(d.severity.rawValue) file=\(TextEscaping.githubCommandProperty(file)),"
                + "line=\(d.line),col=\(d.column),title=\(TextEscaping.githubCommandProperty(d.ruleID))::"
                + TextEscaping.githubCommandData(d.message)
        }
        out += DiagnosticLine.lines(diagnostics) { DiagnosticLine.xcode($0, path: $0.path) }
        return out
    }
}

import TCALint

/// `--strict` and `--lenient` (and `strict: true`): the severity findings are *reported* with, as
/// SwiftLint does, so Xcode, GitHub annotations and every reporter show what decides the exit status.
struct SeverityPolicy {
    /// Every finding is an error.
    var strict: Bool
    /// Every finding is a warning (ignored when strict).
    var lenient: Bool

    func apply(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard strict || lenient else { return diagnostics }
        let severity: Severity = strict ? .error : .warning
        return diagnostics.map { d in
            var d = d
            d.severity = severity
            return d
        }
    }
}

/// Whether the report itself already ends with the `Found N findings…` line (the summary reporter
/// on the terminal), so it is not printed twice.
enum SummaryLine {
    static func isInReport(_ reporter: any Reporter.Type, outputPath: String?) -> Bool {
        reporter.identifier == SummaryReporter.identifier && outputPath == nil
    }
}

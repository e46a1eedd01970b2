/// `path:line:col: severity: message [rule_id]`, GCC's diagnostic layout, for problem matchers
/// and errorformats written for GCC.
public struct GCCReporter: Reporter {
    public static let identifier = "gcc"
    public static let summary = "path:line:column: severity: message [rule_id] — GCC-style problem matchers"
    public init() {}

    public func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        DiagnosticLine.lines(diagnostics, DiagnosticLine.gcc)
    }
}

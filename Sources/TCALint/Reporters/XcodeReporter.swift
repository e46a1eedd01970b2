/// `path:line:col: severity: message (rule_id)` — read by Xcode, VS Code's gcc problem matcher and vim's errorformat.
public struct XcodeReporter: Reporter {
    public static let identifier = "xcode"
    public static let summary = "path:line:column: severity: message (rule_id) — Xcode, gcc problem matchers, vim"
    public init() {}

    public func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        DiagnosticLine.lines(diagnostics) { DiagnosticLine.xcode($0, path: $0.path) }
    }
}

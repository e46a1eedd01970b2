/// `path:line:col: severity: message [rule_id]` for Emacs' compilation mode (flycheck/compile).
/// SwiftLint has no emacs reporter; this follows the GNU error format Emacs parses.
public struct EmacsReporter: Reporter {
    public static let identifier = "emacs"
    public static let summary = "path:line:column: severity: message [rule_id] — Emacs compilation mode"
    public init() {}

    public func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        DiagnosticLine.lines(diagnostics, DiagnosticLine.gcc)
    }
}

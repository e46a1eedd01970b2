/// The one-line formats that editors and compilers' problem matchers read.
enum DiagnosticLine {
    /// `path:line:col: severity: message (rule_id)` — Xcode's and SwiftLint's default.
    static func xcode(_ d: Diagnostic, path: String) -> String {
        "\(TextEscaping.singleLine(path)):\(d.line):\(d.column): \(d.severity.rawValue): "
            + "\(TextEscaping.singleLine(d.message)) (\(TextEscaping.singleLine(d.ruleID)))"
    }

    /// `path:line:col: severity: message [rule_id]` — GCC's layout (it puts the warning flag in
    /// brackets), which Emacs' compilation mode and vim's default errorformat read.
    static func gcc(_ d: Diagnostic) -> String {
        "\(TextEscaping.singleLine(d.path)):\(d.line):\(d.column): \(d.severity.rawValue): "
            + "\(TextEscaping.singleLine(d.message)) [\(TextEscaping.singleLine(d.ruleID))]"
    }

    /// Each line followed by `\n`; empty for no diagnostics.
    static func lines(_ diagnostics: [Diagnostic], _ format: (Diagnostic) -> String) -> String {
        var out = ""
        for d in diagnostics { out += format(d) + "\n" }
        return out
    }
}

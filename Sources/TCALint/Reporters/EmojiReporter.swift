/// SwiftLint's `emoji` reporter, for people reading a terminal: the findings grouped by file (files in
/// string order), each file's name on a line of its own followed by one line per finding,
/// `⛔️ Line 10: message (rule_id)` for errors and `⚠️ …` for warnings. As SwiftLint orders them, errors
/// come first, then warnings, each from the last line of the file up. Paths and messages are escaped as
/// in the other terminal formats (`TextEscaping.singleLine`), so a line break cannot start a bogus line.
public struct EmojiReporter: Reporter {
    public static let identifier = "emoji"
    public static let summary = "findings grouped by file, one emoji-marked line each (SwiftLint's emoji)"
    public init() {}

    public func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var out = ""
        for group in Grouping.byPath(diagnostics).sorted(by: { $0.path < $1.path }) {
            out += TextEscaping.singleLine(group.path) + "\n"
            let ordered = group.diagnostics.sorted { a, b in
                if a.severity != b.severity { return a.severity > b.severity }
                return (a.line, a.column) > (b.line, b.column)
            }
            for d in ordered {
                let emoji = d.severity == .error ? "⛔️" : "⚠️"
                out += "\(emoji) Line \(d.line): \(TextEscaping.singleLine(d.message)) (\(TextEscaping.singleLine(d.ruleID)))\n"
            }
        }
        return out
    }
}

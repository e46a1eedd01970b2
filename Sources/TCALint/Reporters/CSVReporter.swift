/// SwiftLint's `csv` reporter: a header line `file,line,character,severity,type,reason,rule_id`, then one
/// row per finding (`severity` is `Warning`/`Error`, `type` the rule's name), `file` as given on the command
/// line (as in the `json` reporter). Fields are quoted as RFC 4180 says: a field holding a comma, a quote,
/// or a line break is enclosed in quotes with its quotes doubled, so a hostile path or message never adds a
/// column or a row; other control and bidirectional characters are written `\u{XX}`. (SwiftLint doubles quotes without enclosing a field
/// that has no comma or line break; every field it writes correctly is written the same here.)
public struct CSVReporter: Reporter {
    public static let identifier = "csv"
    public static let summary = "CSV: a header line, then a row per finding (SwiftLint's columns)"
    public init() {}

    public func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var out = "file,line,character,severity,type,reason,rule_id\n"
        for d in diagnostics {
            let fields = [Self.field(d.path), String(d.line), String(d.column), d.severity.capitalized,
                          Self.field(d.ruleName), Self.field(d.message), Self.field(d.ruleID)]
            out += fields.joined(separator: ",") + "\n"
        }
        return out
    }

    /// Control and bidirectional characters (`TextEscaping.isControl`) but line breaks are written `\u{XX}`
    /// first: a spreadsheet or terminal showing the file must not obey them, and CSV has no escape of its own.
    static func field(_ s: String) -> String {
        let text = TextEscaping.replacingScalars(s) { c in
            c != "\n" && c != "\r" && TextEscaping.isControl(c) ? TextEscaping.controlEscape(c) : nil
        }
        guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + TextEscaping.replacingScalars(text) { $0 == "\"" ? "\"\"" : nil } + "\""
    }
}

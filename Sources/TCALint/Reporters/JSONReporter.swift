/// A JSON array with SwiftLint's json-reporter keys, so tools that read SwiftLint JSON read ours:
/// `character`, `file`, `line`, `reason`, `rule_id`, `severity` ("Warning"/"Error"), `type`
/// (the rule's name). Laid out as SwiftLint writes it (see `JSONWriter`). `file` is the path as
/// given on the command line (SwiftLint prints absolute paths; ours stay as the user wrote them).
public struct JSONReporter: Reporter {
    public static let identifier = "json"
    public static let summary = "JSON array with SwiftLint's json reporter keys"
    public init() {}

    public func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let items: [JSONValue] = diagnostics.map { d in
            .object([
                "character": .int(d.column),
                "file": .string(d.path),
                "line": .int(d.line),
                "reason": .string(d.message),
                "rule_id": .string(d.ruleID),
                "severity": .string(d.severity.capitalized),
                "type": .string(d.ruleName),
            ])
        }
        return JSONWriter.prettyPrinted(.array(items)) + "\n"
    }
}

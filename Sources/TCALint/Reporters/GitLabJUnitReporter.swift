/// SwiftLint's `gitlab` reporter: JUnit XML laid out as GitLab's test report parser reads it, one
/// `<testcase>` per finding, named `severity: rule_id in path:line`, whose `<failure>` text lists severity,
/// rule, reason, file, line and column. Paths are relative to the current directory (the checkout). Unlike
/// SwiftLint, which escapes only the path and the reason, every value is escaped (`XMLEscaping`), so a rule
/// id or message can never break the document. (For GitLab's Code Quality widget use `codeclimate`.)
public struct GitLabJUnitReporter: Reporter {
    public static let identifier = "gitlab"
    public static let summary = "JUnit XML as GitLab's test reports read it (SwiftLint's gitlab)"
    public init() {}

    public func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var paths = RelativePath.Cache(base: context.currentDirectory)
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<testsuites><testsuite>"
        for d in diagnostics {
            let path = paths.relative(d.path)
            let severity = d.severity.rawValue
            let name = "\(severity): \(d.ruleID) in \(path):\(d.line)"
            let body = """
                Severity: \(severity)
                Rule: \(d.ruleID)
                Reason: \(d.message)

                File: \(path)
                Line: \(d.line)
                Column: \(d.column)
                """
            out += "\n\t<testcase name='\(XMLEscaping.escape(name))'>\n"
            out += "\t\t<failure>\(XMLEscaping.escape(body, attribute: false))\n\t\t</failure>\n"
            out += "\t</testcase>"
        }
        out += "\n</testsuite></testsuites>\n"
        return out
    }
}

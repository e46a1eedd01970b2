/// Checkstyle 4.3 XML, read by Jenkins' warnings plugin, Danger, reviewdog and SonarQube:
/// one `<file>` per path, one `<error>` per finding, `source` = `tca-lint.rules.<rule_id>`.
public struct CheckstyleReporter: Reporter {
    public static let identifier = "checkstyle"
    public static let summary = "Checkstyle 4.3 XML"
    public init() {}

    public func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<checkstyle version=\"4.3\">\n"
        for group in Grouping.byPath(diagnostics) {
            out += "\t<file name=\"\(XMLEscaping.escape(group.path))\">\n"
            for d in group.diagnostics {
                out += "\t\t<error line=\"\(d.line)\" column=\"\(d.column)\" severity=\"\(d.severity.rawValue)\""
                    + " message=\"\(XMLEscaping.escape(d.message))\""
                    + " source=\"\(XMLEscaping.escape("tca-lint.rules." + d.ruleID))\"/>\n"
            }
            out += "\t</file>\n"
        }
        out += "</checkstyle>\n"
        return out
    }
}

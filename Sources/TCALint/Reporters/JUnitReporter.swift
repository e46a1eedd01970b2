/// JUnit XML for CI systems that show test results (GitLab, Jenkins, Azure): one test suite,
/// one test case per file with findings, one `<failure>` per finding. `failures` counts failed
/// test cases, as JUnit defines it; every listed test case has failed.
public struct JUnitReporter: Reporter {
    public static let identifier = "junit"
    public static let summary = "JUnit XML: a test case per file, a failure per finding"
    public init() {}

    public func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let groups = Grouping.byPath(diagnostics)
        let counts = "tests=\"\(groups.count)\" failures=\"\(groups.count)\" errors=\"0\""
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        out += "<testsuites name=\"tca-lint\" \(counts)>\n"
        out += "  <testsuite name=\"tca-lint\" \(counts)>\n"
        for group in groups {
            out += "    <testcase classname=\"tca-lint\" name=\"\(XMLEscaping.escape(group.path))\">\n"
            for d in group.diagnostics {
                out += "      <failure message=\"\(XMLEscaping.escape(d.message))\""
                    + " type=\"\(XMLEscaping.escape(d.ruleID))\">"
                    + XMLEscaping.escape(DiagnosticLine.xcode(d, path: d.path), attribute: false)
                    + "</failure>\n"
            }
            out += "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }
}

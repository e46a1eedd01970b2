/// JUnit XML for CI systems that show test results (GitLab, Jenkins, Azure): one test suite per
/// file, one test case per finding (named `path:line:column`, classed by rule id), so every
/// finding is listed and counted on its own. As in SwiftLint's JUnit report, warnings count as
/// `failures` (a `<failure>` element) and errors as `errors` (an `<error>` element); `tests` is
/// the number of findings, and the suites' counts add up to the totals.
public struct JUnitReporter: Reporter {
    public static let identifier = "junit"
    public static let summary = "JUnit XML: a test case per finding (warnings as failures, errors as errors)"
    public init() {}

    public func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        out += "<testsuites name=\"tca-lint\" \(Self.counts(diagnostics))>\n"
        for group in Grouping.byPath(diagnostics) {
            let path = XMLEscaping.escape(group.path)
            out += "  <testsuite name=\"\(path)\" \(Self.counts(group.diagnostics))>\n"
            for d in group.diagnostics {
                let element = d.severity == .error ? "error" : "failure"
                out += "    <testcase classname=\"\(XMLEscaping.escape(d.ruleID))\" name=\"\(path):\(d.line):\(d.column)\">\n"
                out += "      <\(element) message=\"\(XMLEscaping.escape(d.message))\" type=\"\(d.severity.rawValue)\">"
                    + XMLEscaping.escape(DiagnosticLine.xcode(d, path: d.path), attribute: false)
                    + "</\(element)>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    private static func counts(_ diagnostics: [Diagnostic]) -> String {
        let counts = FindingCounts(diagnostics)
        return "tests=\"\(counts.total)\" failures=\"\(counts.warnings)\" errors=\"\(counts.errors)\""
    }
}

import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import TCALint

/// The reporters SwiftLint has and scripts name (`csv`, `html`, `emoji`, `sonarqube`, `gitlab`): golden files
/// written by hand from SwiftLint's formats (`Golden/<identifier>.txt`, over `ReporterTests`' fixture), and
/// hostile text (quotes, `<`, `&`, line breaks, control characters) that must not break any of them.
final class SwiftLintReporterTests: XCTestCase {
    static let hostile = "say \"hi\", <b>&amp;</b> 'q'\nnext\r\nline\u{1B}[31m\u{07}|,end"
    static let hostilePath = "dir, \"x\"/<a&b> 'c'\n.swift"

    /// `ReporterTests.diagnostics[0]` with a hostile path and message.
    static var hostileDiagnostics: [Diagnostic] {
        var d = ReporterTests.diagnostics[0]
        d.path = hostilePath
        d.message = hostile
        var e = ReporterTests.diagnostics[3]
        e.path = hostilePath
        return [d, e]
    }

    /// As in SwiftLint's canned HTML report, the version is a placeholder: a release does not touch the golden file.
    func assertGolden(_ reporter: any Reporter.Type, file: StaticString = #filePath, line: UInt = #line) throws {
        try ReporterTests.assertGolden(reporter, substitutions: ["${VERSION}": TCALintVersion.current], file: file, line: line)
    }

    func testCSVGolden() throws { try assertGolden(CSVReporter.self) }
    func testHTMLGolden() throws { try assertGolden(HTMLReporter.self) }
    func testEmojiGolden() throws { try assertGolden(EmojiReporter.self) }
    func testSonarQubeGolden() throws { try assertGolden(SonarQubeReporter.self) }
    func testGitLabGolden() throws { try assertGolden(GitLabJUnitReporter.self) }

    func testEverySwiftLintReporterNameIsAccepted() {
        // SwiftLint's reporter identifiers (its `reportersList`), `github-actions-logging` through an alias.
        for name in ["xcode", "json", "csv", "checkstyle", "codeclimate", "junit", "html", "emoji", "sonarqube",
                     "markdown", "github-actions-logging", "gitlab", "relative-path", "summary", "sarif"] {
            XCTAssertNotNil(ReporterRegistry.reporter(named: name), name)
        }
    }

    func testEmptyReports() {
        let none: [Diagnostic] = []
        XCTAssertEqual(ReporterTests.report(CSVReporter.self, none), "file,line,character,severity,type,reason,rule_id\n")
        XCTAssertEqual(ReporterTests.report(EmojiReporter.self, none), "")
        XCTAssertEqual(ReporterTests.report(SonarQubeReporter.self, none), "{\n  \"issues\" : [\n\n  ]\n}\n")
        XCTAssertEqual(ReporterTests.report(GitLabJUnitReporter.self, none),
                       "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<testsuites><testsuite>\n</testsuite></testsuites>\n")
        let html = ReporterTests.report(HTMLReporter.self, none)
        XCTAssertTrue(html.contains("\t\t\t<tbody>\n\n\t\t\t</tbody>"), html)
        XCTAssertTrue(html.contains("<td>Total files with findings</td>\n\t\t\t\t\t<td>0</td>"), html)
    }

    // MARK: - Hostile text

    /// A CSV reader written from RFC 4180 (quoted fields, doubled quotes), independent of the reporter.
    static func parseCSV(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = "", quoted = false, afterQuote = false
        var scalars = Array(text.unicodeScalars)[...]
        while let c = scalars.popFirst() {
            if quoted {
                if c == "\"" {
                    if scalars.first == "\"" { field.unicodeScalars.append("\""); scalars.removeFirst() } else { quoted = false; afterQuote = true }
                } else {
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"" where field.isEmpty && !afterQuote: quoted = true
            case ",": row.append(field); field = ""; afterQuote = false
            case "\n": row.append(field); rows.append(row); row = []; field = ""; afterQuote = false
            default: field.unicodeScalars.append(c)
            }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }

    func testCSVFieldsRoundTripWhateverTheText() {
        let rows = Self.parseCSV(ReporterTests.report(CSVReporter.self, Self.hostileDiagnostics))
        XCTAssertEqual(rows.count, 3, "\(rows)")
        XCTAssertTrue(rows.allSatisfy { $0.count == 7 }, "\(rows)")
        // Quotes, commas and line breaks come back as they were; ESC and BEL come back as the text `\u{1B}`, `\u{07}`
        // (no report carries a control character raw).
        let escaped = Self.hostile.replacingOccurrences(of: "\u{1B}", with: "\\u{1B}").replacingOccurrences(of: "\u{07}", with: "\\u{07}")
        XCTAssertNotEqual(escaped, Self.hostile)
        XCTAssertEqual(rows[1], [Self.hostilePath, "1", "1", "Warning", "Send For Logic Reuse", escaped, "send_for_logic_reuse"])
        XCTAssertEqual(rows[2][5], ReporterTests.diagnostics[3].message)
        // A field needing nothing is written bare, as SwiftLint writes it.
        XCTAssertEqual(CSVReporter.field("Sources/A.swift"), "Sources/A.swift")
        XCTAssertEqual(CSVReporter.field("a\"b"), "\"a\"\"b\"")
    }

    func testHTMLShowsHostileTextAsTextInTheRightCells() throws {
        let html = ReporterTests.report(HTMLReporter.self, Self.hostileDiagnostics)
        XCTAssertFalse(html.contains("<b>&amp;</b>"))
        // Well-formed XML once the HTML5 doctype line is dropped: every cell parses back to its text.
        let body = try XCTUnwrap(html.split(separator: "\n", maxSplits: 1).last)
        let document = try XMLDocument(data: Data(body.utf8))
        let rows = try document.nodes(forXPath: "//table[1]/tbody/tr").compactMap { $0 as? XMLElement }
        XCTAssertEqual(rows.count, 2)
        let cells = rows[0].elements(forName: "td").map { $0.stringValue ?? "" }
        XCTAssertEqual(cells.count, 5)
        // Control characters XML cannot carry become U+FFFD; everything else reads back as written.
        XCTAssertEqual(cells[1], Self.hostilePath)
        XCTAssertEqual(cells[4], Self.hostile.replacingOccurrences(of: "\u{1B}", with: "\u{FFFD}")
                        .replacingOccurrences(of: "\u{07}", with: "\u{FFFD}"))
    }

    func testEmojiKeepsOneLinePerFindingAndNoControlCharacters() {
        let out = ReporterTests.report(EmojiReporter.self, Self.hostileDiagnostics)
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 4, out)  // the file, two findings, and the empty string after the last \n
        XCTAssertFalse(out.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, out)
        XCTAssertTrue(lines[1].hasPrefix("⛔️ Line 10: "), "errors first")
        XCTAssertTrue(lines[2].hasPrefix("⚠️ Line 1: say \"hi\", <b>&amp;</b> 'q'\\nnext\\r\\nline\\u{1B}[31m\\u{07}|,end"), String(lines[2]))
    }

    func testEmojiOrdersAsSwiftLintDoes() {
        // Errors before warnings; within each, from the last line up.
        let base = ReporterTests.diagnostics[0]
        let findings = [(3, Severity.warning), (9, .warning), (5, .error), (1, .error)].map { line, severity -> Diagnostic in
            var d = base
            d.path = "A.swift"; d.line = line; d.severity = severity; d.message = "m\(line)"
            return d
        }
        XCTAssertEqual(ReporterTests.report(EmojiReporter.self, findings), """
            A.swift
            ⛔️ Line 5: m5 (send_for_logic_reuse)
            ⛔️ Line 1: m1 (send_for_logic_reuse)
            ⚠️ Line 9: m9 (send_for_logic_reuse)
            ⚠️ Line 3: m3 (send_for_logic_reuse)

            """)
    }

    func testSonarQubeParsesAndRoundTripsValues() throws {
        let data = Data(ReporterTests.report(SonarQubeReporter.self, Self.hostileDiagnostics).utf8)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let issues = try XCTUnwrap(root["issues"] as? [[String: Any]])
        XCTAssertEqual(issues.count, 2)
        let location = try XCTUnwrap(issues[0]["primaryLocation"] as? [String: Any])
        XCTAssertEqual(location["message"] as? String, Self.hostile)
        XCTAssertEqual(location["filePath"] as? String, Self.hostilePath)
        XCTAssertEqual((location["textRange"] as? [String: Any])?["startLine"] as? Int, 1)
        XCTAssertEqual(issues.map { $0["severity"] as? String }, ["MINOR", "MAJOR"])
        XCTAssertEqual(Set(issues[0].keys), ["engineId", "ruleId", "primaryLocation", "type", "severity"])
    }

    func testGitLabParsesAndRoundTripsValues() throws {
        let document = try XMLDocument(data: Data(ReporterTests.report(GitLabJUnitReporter.self, Self.hostileDiagnostics).utf8))
        let cases = try document.nodes(forXPath: "/testsuites/testsuite/testcase").compactMap { $0 as? XMLElement }
        XCTAssertEqual(cases.count, 2)
        // The single-quoted name attribute survives a `'` in the path.
        XCTAssertEqual(cases[0].attribute(forName: "name")?.stringValue, "warning: send_for_logic_reuse in \(Self.hostilePath):1")
        let failure = try XCTUnwrap(cases[0].elements(forName: "failure").first?.stringValue)
        let reason = Self.hostile.replacingOccurrences(of: "\u{1B}", with: "\u{FFFD}").replacingOccurrences(of: "\u{07}", with: "\u{FFFD}")
        XCTAssertTrue(failure.contains("Reason: \(reason)\n\nFile: \(Self.hostilePath)\nLine: 1\nColumn: 1"), failure.debugDescription)
    }
}

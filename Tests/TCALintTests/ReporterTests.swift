import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import TCALint

/// Reporter outputs are compared with golden files in `Golden/<identifier>.txt`, written by hand
/// from the formats' specifications (not produced by the code), plus structural checks: the
/// JSON and XML parse, SARIF passes the official schema, fingerprints survive line moves.
final class ReporterTests: XCTestCase {
    // MARK: - Fixture: every character class that needs escaping somewhere

    static let currentDirectory = "/work/My Project"

    /// In report order (path, then line): `..` sorts before `/`, `/` before `S`.
    static let diagnostics: [Diagnostic] = [
        Diagnostic(path: "../Outside/x,y:z%.swift", line: 1, column: 1, severity: .warning,
                   ruleID: "send_for_logic_reuse", ruleName: "Send For Logic Reuse",
                   message: "Sends .refresh, which this reducer handles: 100%, key: value",
                   lineText: "    return .send(.refresh)"),
        Diagnostic(path: "/work/My Project/Tests/Emoji 😀.swift", line: 7, column: 9, severity: .warning,
                   ruleID: "leftover_print_changes", ruleName: "Leftover Print Changes",
                   message: "Remove ._printChanges() before shipping",
                   lineText: "  \"😀日本\"._printChanges()"),
        Diagnostic(path: "Sources/A&B/<Feature> 日本.swift", line: 3, column: 5, severity: .warning,
                   ruleID: "reduce_before_scope", ruleName: "Reduce Before Scope",
                   message: "Reduce runs before Scope(state: \\.form); list the child first: \"a\" | b",
                   lineText: "    Reduce { state, action in"),
        Diagnostic(path: "Sources/A&B/<Feature> 日本.swift", line: 10, column: 9, severity: .error,
                   ruleID: "body_and_reduce", ruleName: "Body And Reduce",
                   message: "first\nsecond <é> & 'q' *x*",
                   lineText: "    func reduce(into state: inout State, action: Action) -> Effect<Action> {"),
    ]

    /// `send_for_logic_reuse` is left out on purpose: SARIF must still describe it.
    static let rules = [
        RuleDescription(id: "reduce_before_scope", name: "Reduce Before Scope",
                        summary: "Reduce runs before Scope in the same builder", defaultSeverity: .warning),
        RuleDescription(id: "body_and_reduce", name: "Body And Reduce",
                        summary: "A reducer defines both body and reduce(into:action:)", defaultSeverity: .error),
        RuleDescription(id: "leftover_print_changes", name: "Leftover Print Changes",
                        summary: "_printChanges() left in code", defaultSeverity: .warning),
    ]

    static let context = ReportContext(filesLinted: 12, rules: rules, currentDirectory: currentDirectory)

    static func report(_ reporter: any Reporter.Type, _ diagnostics: [Diagnostic] = diagnostics,
                       context: ReportContext = context) -> String {
        reporter.init().generateReport(diagnostics, context: context)
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func assertGolden(_ reporter: any Reporter.Type, file: StaticString = #filePath, line: UInt = #line) throws {
        try Self.assertGolden(reporter, file: file, line: line)
    }

    /// `substitutions`: placeholders in the golden file replaced before comparing (a version, say).
    static func assertGolden(_ reporter: any Reporter.Type, substitutions: [String: String] = [:],
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden").appendingPathComponent("\(reporter.identifier).txt")
        var expected = try String(contentsOf: url, encoding: .utf8)
        for (placeholder, value) in substitutions { expected = expected.replacingOccurrences(of: placeholder, with: value) }
        let actual = report(reporter)
        if actual != expected {
            let a = actual.components(separatedBy: "\n"), e = expected.components(separatedBy: "\n")
            let first = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
            XCTFail("""
                \(reporter.identifier) differs from Golden/\(reporter.identifier).txt at line \(first + 1):
                expected: \(first < e.count ? e[first].debugDescription : "<end>")
                actual:   \(first < a.count ? a[first].debugDescription : "<end>")
                """, file: file, line: line)
        }
    }

    // MARK: - Golden files

    func testXcodeGolden() throws { try assertGolden(XcodeReporter.self) }
    func testRelativePathGolden() throws { try assertGolden(RelativePathReporter.self) }
    /// Emacs' compilation mode reads GCC's layout, so the two formats are defined to be identical
    /// (one golden file, gcc.txt).
    func testEmacsIsGCC() {
        XCTAssertEqual(Self.report(EmacsReporter.self), Self.report(GCCReporter.self))
    }
    func testGCCGolden() throws { try assertGolden(GCCReporter.self) }
    func testJSONGolden() throws { try assertGolden(JSONReporter.self) }
    func testSARIFGolden() throws { try assertGolden(SARIFReporter.self) }
    func testGitHubActionsGolden() throws { try assertGolden(GitHubActionsReporter.self) }
    func testCheckstyleGolden() throws { try assertGolden(CheckstyleReporter.self) }
    func testJUnitGolden() throws { try assertGolden(JUnitReporter.self) }
    func testCodeClimateGolden() throws { try assertGolden(CodeClimateReporter.self) }
    func testMarkdownGolden() throws { try assertGolden(MarkdownReporter.self) }
    func testSummaryGolden() throws { try assertGolden(SummaryReporter.self) }

    func testEveryRegisteredReporterHasAGoldenFileAndAUniqueName() {
        let names = ReporterRegistry.all.map { $0.identifier }
        XCTAssertEqual(Set(names).count, names.count)
        XCTAssertEqual(Set(names), ["xcode", "relative-path", "emacs", "gcc", "json", "sarif", "github-actions",
                                    "checkstyle", "junit", "codeclimate", "markdown", "summary",
                                    "csv", "html", "emoji", "sonarqube", "gitlab"])
        for name in names where name != EmacsReporter.identifier {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Golden/\(name).txt")
            XCTAssertTrue(FileManager.default.fileExists(atPath: url.path), "no golden file for \(name)")
        }
        XCTAssertTrue(ReporterRegistry.reporter(named: "sarif") == SARIFReporter.self)
        XCTAssertNil(ReporterRegistry.reporter(named: "Xcode"))
    }

    // MARK: - Empty reports

    func testEmptyReports() {
        let none: [Diagnostic] = []
        XCTAssertEqual(Self.report(XcodeReporter.self, none), "")
        XCTAssertEqual(Self.report(EmacsReporter.self, none), "")
        XCTAssertEqual(Self.report(GitHubActionsReporter.self, none), "")
        // SwiftLint (JSONEncoder, pretty printed) writes an empty array as `[`, blank line, `]`.
        XCTAssertEqual(Self.report(JSONReporter.self, none), "[\n\n]\n")
        XCTAssertEqual(Self.report(CodeClimateReporter.self, none), "[\n\n]\n")
        XCTAssertEqual(Self.report(CheckstyleReporter.self, none),
                       "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<checkstyle version=\"4.3\">\n</checkstyle>\n")
        XCTAssertEqual(Self.report(MarkdownReporter.self, none), "**tca-lint**: Found 0 warnings, 0 errors in 12 files\n")
        XCTAssertEqual(Self.report(SummaryReporter.self, none), "Found 0 warnings, 0 errors in 12 files\n")
        XCTAssertTrue(Self.report(SARIFReporter.self, none).contains("\"results\" : [\n\n      ],"))
    }

    // MARK: - JSON

    func testJSONParsesWithExactlySwiftLintsKeysAndRoundTripsValues() throws {
        let data = Data(Self.report(JSONReporter.self).utf8)
        let array = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        XCTAssertEqual(array.count, Self.diagnostics.count)
        for (object, d) in zip(array, Self.diagnostics) {
            XCTAssertEqual(Set(object.keys), ["character", "file", "line", "reason", "rule_id", "severity", "type"])
            XCTAssertEqual(object["file"] as? String, d.path)
            XCTAssertEqual(object["reason"] as? String, d.message)
            XCTAssertEqual(object["line"] as? Int, d.line)
            XCTAssertEqual(object["character"] as? Int, d.column)
            XCTAssertEqual(object["rule_id"] as? String, d.ruleID)
            XCTAssertEqual(object["type"] as? String, d.ruleName)
            XCTAssertEqual(object["severity"] as? String, d.severity == .error ? "Error" : "Warning")
        }
    }

    func testJSONStringEscapesEveryControlCharacter() throws {
        XCTAssertEqual(JSONWriter.quoted("a\"b\\c/d\n\r\t\u{08}\u{0C}\u{01}\u{1F}\u{7F}é"),
                       "\"a\\\"b\\\\c/d\\n\\r\\t\\b\\f\\u0001\\u001f\\u007fé\"")
        var all = ""
        for v in 0..<0x20 { all.unicodeScalars.append(Unicode.Scalar(UInt8(v))) }
        all += "\"\\ 日本 😀"
        let parsed = try JSONSerialization.jsonObject(with: Data(JSONWriter.quoted(all).utf8), options: .fragmentsAllowed)
        XCTAssertEqual(parsed as? String, all)
    }

    func testJSONWriterSortsKeysAndNestsEmptyContainers() {
        let value: JSONValue = .object(["b": .array([]), "a": .object(["z": .null, "y": .bool(true)]), "$": .int(-3)])
        XCTAssertEqual(JSONWriter.prettyPrinted(value), """
            {
              "$" : -3,
              "a" : {
                "y" : true,
                "z" : null
              },
              "b" : [

              ]
            }
            """)
    }

    func testCodeClimateParsesWithRelativePathsAndFingerprints() throws {
        let data = Data(Self.report(CodeClimateReporter.self).utf8)
        let array = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let paths = array.compactMap { ($0["location"] as? [String: Any])?["path"] as? String }
        XCTAssertEqual(paths, ["../Outside/x,y:z%.swift", "Tests/Emoji 😀.swift",
                               "Sources/A&B/<Feature> 日本.swift", "Sources/A&B/<Feature> 日本.swift"])
        let fingerprints = array.compactMap { $0["fingerprint"] as? String }
        XCTAssertEqual(Set(fingerprints).count, 4)
        XCTAssertEqual(array.compactMap { $0["severity"] as? String }, ["minor", "minor", "minor", "major"])
    }

    // MARK: - XML

    func testCheckstyleParsesAndAttributesRoundTrip() throws {
        let document = try XMLDocument(data: Data(Self.report(CheckstyleReporter.self).utf8))
        let root = try XCTUnwrap(document.rootElement())
        XCTAssertEqual(root.name, "checkstyle")
        XCTAssertEqual(root.attribute(forName: "version")?.stringValue, "4.3")
        let files = root.elements(forName: "file")
        XCTAssertEqual(files.map { $0.attribute(forName: "name")?.stringValue },
                       ["../Outside/x,y:z%.swift", "/work/My Project/Tests/Emoji 😀.swift",
                        "Sources/A&B/<Feature> 日本.swift"])
        let errors = files.flatMap { $0.elements(forName: "error") }
        // The newline inside the message survives because it was written as `&#10;`.
        XCTAssertEqual(errors.map { $0.attribute(forName: "message")?.stringValue }, Self.diagnostics.map { $0.message })
        XCTAssertEqual(errors.map { $0.attribute(forName: "source")?.stringValue },
                       Self.diagnostics.map { "tca-lint.rules.\($0.ruleID)" })
        XCTAssertEqual(errors.map { $0.attribute(forName: "severity")?.stringValue }, ["warning", "warning", "warning", "error"])
    }

    func testJUnitHasOneTestCasePerFindingAndCountsThatAddUp() throws {
        let document = try XMLDocument(data: Data(Self.report(JUnitReporter.self).utf8))
        let root = try XCTUnwrap(document.rootElement())
        func count(_ element: XMLElement, _ name: String) -> Int? { element.attribute(forName: name)?.stringValue.flatMap { Int($0) } }
        // 4 findings: 3 warnings (failures), 1 error (error).
        XCTAssertEqual([count(root, "tests"), count(root, "failures"), count(root, "errors")], [4, 3, 1])
        let suites = root.elements(forName: "testsuite")
        XCTAssertEqual(suites.count, 3, "one suite per file")
        for name in ["tests", "failures", "errors"] {
            XCTAssertEqual(suites.compactMap { count($0, name) }.reduce(0, +), count(root, name), "suites' \(name) add up")
        }
        let cases = suites.flatMap { $0.elements(forName: "testcase") }
        XCTAssertEqual(cases.count, 4)
        for suite in suites {
            let own = suite.elements(forName: "testcase")
            XCTAssertEqual(count(suite, "tests"), own.count)
            XCTAssertEqual(count(suite, "failures"), own.filter { !$0.elements(forName: "failure").isEmpty }.count)
            XCTAssertEqual(count(suite, "errors"), own.filter { !$0.elements(forName: "error").isEmpty }.count)
        }
        let outcomes = cases.flatMap { $0.elements(forName: "failure") + $0.elements(forName: "error") }
        XCTAssertEqual(Set(outcomes.compactMap { $0.attribute(forName: "message")?.stringValue }), Set(Self.diagnostics.map { $0.message }))
        let error = try XCTUnwrap(cases.last?.elements(forName: "error").first)
        XCTAssertEqual(error.stringValue, "Sources/A&B/<Feature> 日本.swift:10:9: error: first\\nsecond <é> & 'q' *x* (body_and_reduce)")
        XCTAssertEqual(cases.last?.attribute(forName: "name")?.stringValue, "Sources/A&B/<Feature> 日本.swift:10:9")
        XCTAssertEqual(cases.last?.attribute(forName: "classname")?.stringValue, "body_and_reduce")
    }

    func testXMLEscapingHandlesQuotesWhitespaceAndCharactersXML10Forbids() throws {
        XCTAssertEqual(XMLEscaping.escape("<a href='x'>\"&\"</a>"),
                       "&lt;a href=&apos;x&apos;&gt;&quot;&amp;&quot;&lt;/a&gt;")
        XCTAssertEqual(XMLEscaping.escape("a\tb\nc\rd"), "a&#9;b&#10;c&#13;d")
        XCTAssertEqual(XMLEscaping.escape("a\tb\nc\rd", attribute: false), "a\tb\nc&#13;d")
        XCTAssertEqual(XMLEscaping.escape("x\u{00}\u{01}\u{0B}\u{1F}\u{FFFE}\u{FFFF}y"), "x\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}y")
        XCTAssertEqual(XMLEscaping.escape("é 日本 😀 \u{7F}"), "é 日本 😀 &#x7F;")

        // A finding whose message carries a control character still yields a parseable document.
        var d = Self.diagnostics[0]
        d.message = "bell\u{07} and nul\u{00}"
        for reporter in [CheckstyleReporter.self, JUnitReporter.self] as [any Reporter.Type] {
            XCTAssertNoThrow(try XMLDocument(data: Data(Self.report(reporter, [d]).utf8)), reporter.identifier)
        }
    }

    // MARK: - SARIF

    func testSARIFPassesTheOfficialSchemaAndGitHubChecks() throws {
        var diagnostics = Self.diagnostics
        var bare = Self.diagnostics[0]
        bare.path = "/elsewhere/Abs.swift"  // outside the current directory
        bare.lineText = ""
        diagnostics.append(bare)
        let context = ReportContext(filesLinted: 3, rules: Self.rules, currentDirectory: Self.currentDirectory)
        let (status, output) = try runValidator(on: Self.report(SARIFReporter.self, diagnostics, context: context))
        XCTAssertEqual(status, 0, output)
        XCTAssertTrue(output.contains(Self.schemaSkipped) ? output.contains("passes the structural checks")
                                                          : output.contains("valid SARIF 2.1.0"), output)
    }

    func testSARIFValidatorRejectsAnInvalidLog() throws {
        // Guards against a validator that accepts anything: absolute URI, a string line, no version.
        let broken = Self.report(SARIFReporter.self)
            .replacingOccurrences(of: "\"version\" : \"2.1.0\"", with: "\"version\" : \"2.0\"")
            .replacingOccurrences(of: "\"startLine\" : 7", with: "\"startLine\" : \"7\"")
            .replacingOccurrences(of: "\"uri\" : \"Tests/", with: "\"uri\" : \"/abs/Tests/")
        let (status, output) = try runValidator(on: broken)
        XCTAssertEqual(status, 1, output)
        XCTAssertTrue(output.contains("github: version must be '2.1.0'"), output)
        XCTAssertTrue(output.contains("github: runs[0].results[1]: region.startLine must be an integer"), output)
        XCTAssertTrue(output.contains("uri is not relative"), output)
        if !output.contains(Self.schemaSkipped) {
            XCTAssertTrue(output.contains("schema: version"), output)
            XCTAssertTrue(output.contains("schema: runs/0/results/1/locations/0/physicalLocation/region/startLine"), output)
        }
    }

    func testSARIFParsesAndEveryResultPointsAtItsRule() throws {
        let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(Self.report(SARIFReporter.self).utf8)) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(rules.compactMap { $0["id"] as? String },
                       ["body_and_reduce", "leftover_print_changes", "reduce_before_scope", "send_for_logic_reuse"])
        for result in results {
            let index = try XCTUnwrap(result["ruleIndex"] as? Int)
            XCTAssertEqual(rules[index]["id"] as? String, result["ruleId"] as? String)
        }
    }

    func testSARIFColumnsAreUTF16CodeUnits() {
        var d = Self.diagnostics[1]  // `  "😀日本"._printChanges()`, column 9 in characters
        XCTAssertEqual(SARIFReporter.utf16Column(d), 10)  // 😀 is two UTF-16 code units
        d.lineText = ""
        XCTAssertEqual(SARIFReporter.utf16Column(d), 9)
        d.lineText = "ab"  // shorter than the column: keep the character column
        XCTAssertEqual(SARIFReporter.utf16Column(d), 9)
        d.column = 0
        XCTAssertEqual(SARIFReporter.utf16Column(d), 1)
    }

    static let schemaSkipped = "schema validation skipped"

    /// Runs scripts/validate-sarif.py on `sarif` (skips when python3 is missing). It validates
    /// against the official schema named by $SARIF_SCHEMA when that is set and `jsonschema` is
    /// installed; otherwise it runs the structural checks only and says so, which is printed here.
    func runValidator(on sarif: String) throws -> (Int32, String) {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("tca-lint-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).sarif")
        try Data(sarif.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.repositoryRoot.appendingPathComponent("scripts/validate-sarif.py").path, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 127 {
            throw XCTSkip("python3 not found; install Python 3 (and `python3 -m pip install jsonschema`) to validate SARIF")
        }
        if let line = output.split(separator: "\n").first(where: { $0.contains(Self.schemaSkipped) }) {
            print("\(name): \(line)")
        }
        return (process.terminationStatus, output)
    }

    // MARK: - Fingerprints

    func testFingerprintsSurviveTheFindingMovingDownThreeLines() {
        let moved = Self.diagnostics.map { d -> Diagnostic in
            var d = d
            d.line += 3
            return d
        }
        let before = Fingerprint.stableFingerprints(for: Self.diagnostics, relativeTo: Self.currentDirectory)
        let after = Fingerprint.stableFingerprints(for: moved, relativeTo: Self.currentDirectory)
        XCTAssertEqual(before, after)
        XCTAssertEqual(Set(before).count, 4)
        // And in the reports that carry them, only the line numbers change.
        for reporter in [SARIFReporter.self, CodeClimateReporter.self] as [any Reporter.Type] {
            let a = Self.report(reporter), b = Self.report(reporter, moved)
            XCTAssertNotEqual(a, b)
            for fingerprint in before { XCTAssertTrue(b.contains("\"\(fingerprint)\""), reporter.identifier) }
        }
    }

    func testFingerprintsAreAbsoluteOrRelativePathIndependentAndIgnoreIndentation() {
        var a = Self.diagnostics[2]
        var b = a
        b.path = "/work/My Project/Sources/A&B/<Feature> 日本.swift"
        b.lineText = "\t\t" + a.lineText.trimmingCharacters(in: .whitespaces) + "  "
        XCTAssertEqual(Fingerprint.stableFingerprints(for: [a], relativeTo: Self.currentDirectory),
                       Fingerprint.stableFingerprints(for: [b], relativeTo: Self.currentDirectory))
        a.message += "!"
        XCTAssertNotEqual(Fingerprint.stableFingerprints(for: [a], relativeTo: Self.currentDirectory),
                          Fingerprint.stableFingerprints(for: [b], relativeTo: Self.currentDirectory))
    }

    func testIdenticalFindingsInOneFileGetDistinctFingerprints() {
        var second = Self.diagnostics[2]
        second.line = 40
        let fingerprints = Fingerprint.stableFingerprints(for: [Self.diagnostics[2], second], relativeTo: Self.currentDirectory)
        XCTAssertNotEqual(fingerprints[0], fingerprints[1])
        // The first keeps the fingerprint it has when alone.
        XCTAssertEqual(fingerprints[0], "00102473e6f1f2b9")
    }

    func testFNV1aMatchesPublishedVectors() {
        XCTAssertEqual(Fingerprint.fnv1a64([]), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(Fingerprint.fnv1a64(Array("a".utf8)), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(Fingerprint.fnv1a64(Array("foobar".utf8)), 0x8594_4171_f739_67e8)
        XCTAssertEqual(Hex.sixteenDigits(0x0f), "000000000000000f")
    }

    // MARK: - GitHub Actions

    func testGitHubCommandEscaping() {
        XCTAssertEqual(TextEscaping.githubCommandData("50% a:b, c\r\nd"), "50%25 a:b, c%0D%0Ad")
        XCTAssertEqual(TextEscaping.githubCommandProperty("50% a:b, c\r\nd"), "50%25 a%3Ab%2C c%0D%0Ad")
        XCTAssertEqual(TextEscaping.githubCommandProperty("%3A"), "%253A")  // no double decoding
    }

    /// Parses the annotations as the runner does (split at `::`, properties at `,` and `=`, then
    /// unescape) and checks the original values come back.
    func testGitHubAnnotationsParseBackToTheOriginalValues() throws {
        var d = Self.diagnostics[0]
        d.path = "/work/My Project/Dir, with: odd%chars/\n.swift"
        d.ruleID = "rule,with:colons"
        d.message = "message: with, separators %0A\r\nand :: double colons"
        let line = try XCTUnwrap(Self.report(GitHubActionsReporter.self, [d]).split(separator: "\n").first)
        XCTAssertTrue(line.hasPrefix("::warning "))
        let body = line.dropFirst("::warning ".count)
        let separator = try XCTUnwrap(body.range(of: "::"))
        func unescape(_ s: Substring) -> String {
            s.replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
                .replacingOccurrences(of: "%3A", with: ":").replacingOccurrences(of: "%2C", with: ",")
                .replacingOccurrences(of: "%25", with: "%")
        }
        var properties: [String: String] = [:]
        for pair in body[..<separator.lowerBound].split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            properties[String(parts[0])] = unescape(parts[1])
        }
        XCTAssertEqual(properties, ["file": "Dir, with: odd%chars/\n.swift", "line": "1", "col": "1", "title": d.ruleID])
        XCTAssertEqual(unescape(body[separator.upperBound...]), d.message)
    }

    // MARK: - Markdown, line formats, summary

    func testMarkdownRowsKeepSixCellsWhateverTheText() {
        var d = Self.diagnostics[0]
        d.path = "a|b.swift"
        d.message = "pipes | everywhere \\| and\nnewlines\r\n| `code|` <b>"
        let rows = Self.report(MarkdownReporter.self, [d]).split(separator: "\n").filter { $0.hasPrefix("|") }
        XCTAssertEqual(rows.count, 3)
        for row in rows {
            // Count cell separators: a `|` not preceded by an escaping backslash.
            var separators = 0, escaped = false
            for c in row {
                if c == "|" && !escaped { separators += 1 }
                escaped = c == "\\" && !escaped
            }
            XCTAssertEqual(separators, 7, String(row))
        }
        XCTAssertEqual(TextEscaping.markdownTableCell("a\r\nb\rc\nd"), "a<br>b<br>c<br>d")
        XCTAssertEqual(TextEscaping.markdownTableCell("\\.x | `y` <z> & *w* _v_ [u](t) #s ~r"),
                       "\\\\.x \\| \\`y\\` &lt;z&gt; &amp; \\*w\\* \\_v\\_ \\[u\\](t) \\#s \\~r")
    }

    func testLineFormatsNeverSplitAFindingOverTwoLines() {
        var d = Self.diagnostics[0]
        d.path = "a\nb.swift"
        d.message = "x\r\ny"
        for reporter in [XcodeReporter.self, EmacsReporter.self, GCCReporter.self, RelativePathReporter.self] as [any Reporter.Type] {
            let out = Self.report(reporter, [d])
            XCTAssertEqual(out.filter { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.count, 1, reporter.identifier)
            XCTAssertTrue(out.hasPrefix("a\\nb.swift:1:1: warning: x\\r\\ny "), reporter.identifier)
        }
    }

    /// No reporter writes a C0 control (but tab and its own line breaks), DEL, a C1 control (U+009B is a
    /// terminal's CSI) or a bidirectional control (U+202E reorders what a terminal or a review page shows)
    /// raw, wherever it comes from: the path, the message or the source line. Every registered reporter.
    func testEveryReporterEscapesControlAndBidiCharactersEverywhere() throws {
        let hostile: [Unicode.Scalar] = [
            "\u{01}", "\u{07}", "\u{08}", "\u{1B}", "\u{7F}", "\u{80}", "\u{85}", "\u{9B}", "\u{9F}",
            "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
            "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        ]
        let all = String(String.UnicodeScalarView(hostile))
        var d = Self.diagnostics[1]
        d.path = "Sources/evil\(all)gpj.swift"
        d.message = "Remove\(all)it"
        d.lineText = "  x\(all)._printChanges()"
        XCTAssertGreaterThanOrEqual(ReporterRegistry.all.count, 12)
        for reporter in ReporterRegistry.all {
            let out = Self.report(reporter, [d])
            for scalar in hostile {
                XCTAssertFalse(out.unicodeScalars.contains(scalar),
                               "\(reporter.identifier) writes U+\(String(scalar.value, radix: 16, uppercase: true)) raw")
            }
            // Escaped, not dropped: the path is still told apart from another one.
            var plain = d
            plain.path = "Sources/evilgpj.swift"
            plain.message = "Removeit"
            XCTAssertNotEqual(out, Self.report(reporter, [plain]), reporter.identifier)
        }
        // Where the format has a reader, the value reads back intact.
        let json = try JSONSerialization.jsonObject(with: Data(Self.report(JSONReporter.self, [d]).utf8)) as? [[String: Any]]
        XCTAssertEqual(json?.first?["reason"] as? String, d.message)
        XCTAssertEqual(TextEscaping.singleLine("a\u{202E}b\u{9B}c\u{7F}"), "a\\u{202E}b\\u{9B}c\\u{7F}")
        XCTAssertEqual(XMLEscaping.escape("a\u{202E}b\u{9B}"), "a&#x202E;b&#x9B;")
        XCTAssertEqual(JSONWriter.quoted("a\u{202E}b\u{9B}\u{7F}→é"), "\"a\\u202eb\\u009b\\u007f→é\"")
        // `dump reducers` keeps the oracle's spelling.
        XCTAssertEqual(JSONWriter.quoted("a\u{202E}", shortBackspaceAndFormFeed: false), "\"a\u{202E}\"")
    }

    func testSummaryLinePluralisation() {
        var counts = FindingCounts()
        XCTAssertEqual(counts.summaryLine(filesLinted: 1), "Found 0 warnings, 0 errors in 1 file")
        counts.add(.warning)
        counts.add(.error)
        XCTAssertEqual(counts.summaryLine(filesLinted: 212), "Found 1 warning, 1 error in 212 files")
    }

    // MARK: - Paths and URIs

    func testRelativePaths() {
        let base = "/work/My Project"
        XCTAssertEqual(RelativePath.make("/work/My Project/Sources/A.swift", relativeTo: base), "Sources/A.swift")
        XCTAssertEqual(RelativePath.make("/work/My Project/./Sources//B/../A.swift", relativeTo: base + "/"), "Sources/A.swift")
        XCTAssertEqual(RelativePath.make("/work/Other/A.swift", relativeTo: base), "../Other/A.swift")
        XCTAssertEqual(RelativePath.make("/work/My Project Two/A.swift", relativeTo: base), "../My Project Two/A.swift")
        XCTAssertEqual(RelativePath.make("/A.swift", relativeTo: base), "../../A.swift")
        XCTAssertEqual(RelativePath.make("/work/My Project", relativeTo: base), ".")
        XCTAssertEqual(RelativePath.make("./Sources/./A.swift", relativeTo: base), "Sources/A.swift")
        XCTAssertEqual(RelativePath.make("../../x/../y.swift", relativeTo: base), "../../y.swift")
        XCTAssertEqual(RelativePath.make("A.swift", relativeTo: "/"), "A.swift")
        XCTAssertEqual(RelativePath.make("/a/b.swift", relativeTo: "/"), "a/b.swift")
    }

    func testURIEncoding() {
        XCTAssertEqual(TextEscaping.uriPath("a b/é/日/😀/%/#?[]:@!$&'()*+,;=~-._"),
                       "a%20b/%C3%A9/%E6%97%A5/%F0%9F%98%80/%25/%23%3F%5B%5D%3A%40%21%24%26%27%28%29%2A%2B%2C%3B%3D~-._")
        XCTAssertEqual(RelativePath.fileURI(ofDirectory: "/work/My Project"), "file:///work/My%20Project/")
        XCTAssertEqual(RelativePath.fileURI(ofDirectory: "/work/dir/"), "file:///work/dir/")
        XCTAssertEqual(RelativePath.fileURI(ofDirectory: "/"), "file:///")
    }
}

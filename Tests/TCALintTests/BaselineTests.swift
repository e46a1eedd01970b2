import XCTest
@testable import TCALint

final class BaselineTests: XCTestCase {
    private func d(_ path: String, _ line: Int, _ rule: String, _ text: String, _ message: String = "m") -> Diagnostic {
        Diagnostic(path: path, line: line, column: 5, severity: .warning, ruleID: rule, ruleName: rule,
                   message: message, lineText: text)
    }

    func testSurvivesLinesInsertedAbove() {
        let before = [d("Sources/A.swift", 10, "reduce_before_scope", "    Reduce { state, action in")]
        let baseline = Baseline(diagnostics: before, root: "/repo", workingDirectory: "/repo")
        // Five lines inserted above, and the indentation changed: still the same finding.
        let after = [d("Sources/A.swift", 15, "reduce_before_scope", "\t\tReduce { state, action in  ")]
        XCTAssertEqual(baseline.filter(after, root: "/repo", workingDirectory: "/repo"), [])
        // A new finding next to it is reported.
        let new = d("Sources/A.swift", 16, "reduce_before_scope", "Reduce { _, _ in")
        XCTAssertEqual(baseline.filter(after + [new], root: "/repo", workingDirectory: "/repo"), [new])
    }

    func testIsAMultiset() {
        let one = d("A.swift", 3, "body_and_reduce", "var body: some Reducer {")
        let two = d("A.swift", 30, "body_and_reduce", "var body: some Reducer {")
        let baseline = Baseline(diagnostics: [one], root: "/r", workingDirectory: "/r")
        XCTAssertEqual(baseline.filter([one, two], root: "/r", workingDirectory: "/r"), [two])
        let both = Baseline(diagnostics: [one, two], root: "/r", workingDirectory: "/r")
        XCTAssertEqual(both.entries.count, 2)
        XCTAssertEqual(both.filter([one, two], root: "/r", workingDirectory: "/r"), [])
        // The rule is part of the key; the message is not (its details change with unrelated code):
        // a third finding of the rule on that line text is new, whatever its message.
        let other = d("A.swift", 3, "body_and_reduce", "var body: some Reducer {", "other")
        XCTAssertEqual(both.filter([other], root: "/r", workingDirectory: "/r"), [])
        XCTAssertEqual(both.filter([one, two, other], root: "/r", workingDirectory: "/r"), [other])
        let otherRule = d("A.swift", 3, "reduce_before_scope", "var body: some Reducer {")
        XCTAssertEqual(both.filter([otherRule], root: "/r", workingDirectory: "/r"), [otherRule])
    }

    func testPathsAreRelativeToTheRoot() {
        let baseline = Baseline(diagnostics: [d("Sources/A.swift", 1, "r", "x")], root: "/repo", workingDirectory: "/repo")
        XCTAssertEqual(baseline.entries.map(\.path), ["Sources/A.swift"])
        // Run from another directory, with another spelling of the same file.
        XCTAssertEqual(baseline.filter([d("./A.swift", 1, "r", "x")], root: "/repo", workingDirectory: "/repo/Sources"), [])
        XCTAssertEqual(baseline.filter([d("/repo/Sources/A.swift", 1, "r", "x")], root: "/repo", workingDirectory: "/"), [])
    }

    func testSerializationIsSortedOnePerLineAndEscaped() throws {
        let baseline = Baseline(diagnostics: [
            d("b.swift", 1, "r", "print(\"x\")\t", "say \"hi\"\n"),
            d("a.swift", 9, "z", "é"),
            d("a.swift", 2, "a", "y"),
        ], root: "/r", workingDirectory: "/r")
        XCTAssertEqual(baseline.serialized(), """
        {
          "version": 1,
          "findings": [
            {"path": "a.swift", "rule": "a", "line": "y", "message": "m"},
            {"path": "a.swift", "rule": "z", "line": "é", "message": "m"},
            {"path": "b.swift", "rule": "r", "line": "print(\\"x\\")", "message": "say \\"hi\\"\\n"}
          ]
        }

        """)
        XCTAssertEqual(try Baseline.parse(Data(baseline.serialized().utf8), path: "b.json"), baseline)
        XCTAssertEqual(Baseline(entries: []).serialized(), "{\n  \"version\": 1,\n  \"findings\": []\n}\n")
    }

    func testBrokenBaselinesAreClearErrors() {
        func message(_ text: String) -> String? {
            do {
                _ = try Baseline.parse(Data(text.utf8), path: "base.json")
                return nil
            } catch {
                return (error as? Baseline.ReadError)?.description
            }
        }
        let regenerate = "; regenerate it with --write-baseline"
        XCTAssertEqual(message("{\"version\": 1, \"findings\": ["), "base.json: error: broken baseline: not valid JSON" + regenerate)
        XCTAssertEqual(message("[]"), "base.json: error: broken baseline: expected a JSON object at the top level" + regenerate)
        XCTAssertEqual(message("{\"findings\": []}"), "base.json: error: broken baseline: missing \"version\"" + regenerate)
        XCTAssertEqual(message("{\"version\": 2, \"findings\": []}"),
                       "base.json: error: baseline format version 2 is not supported (expected 1)")
        XCTAssertEqual(message("{\"version\": 1}"), "base.json: error: broken baseline: missing \"findings\" array" + regenerate)
        XCTAssertEqual(message("{\"version\": 1, \"findings\": [{\"path\": \"a\", \"rule\": \"r\", \"line\": 3, \"message\": \"m\"}]}"),
                       "base.json: error: broken baseline: finding 1 has no string \"line\"" + regenerate)
        XCTAssertThrowsError(try Baseline.read(from: "/nonexistent/base.json"))
    }

    func testAtomicWriteReplacesContentAndKeepsPermissions() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tca-baseline-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/baseline.json"

        let first = Baseline(diagnostics: [d("a.swift", 1, "r", "x")], root: "/r", workingDirectory: "/r")
        try first.write(to: path)
        XCTAssertEqual(try Baseline.read(from: path), first)

        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let inodeBefore = try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
        let second = Baseline(diagnostics: [d("b.swift", 1, "r", "y")], root: "/r", workingDirectory: "/r")
        try second.write(to: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual(try Baseline.read(from: path), second)
        XCTAssertEqual((attributes[.posixPermissions] as? Int), 0o640)
        XCTAssertNotEqual(attributes[.systemFileNumber] as? Int, inodeBefore, "replaced by rename, not rewritten in place")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["baseline.json"], "no temporary file left")

        // A symlink stays a symlink; the file it points to is replaced.
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: "baseline.json")
        try first.write(to: dir + "/link.json")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.json"), "baseline.json")
        XCTAssertEqual(try Baseline.read(from: path), first)

        XCTAssertThrowsError(try first.write(to: dir + "/missing-dir/baseline.json"))
    }
}

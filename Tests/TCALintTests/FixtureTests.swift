import XCTest
import TCALint

/// Every `fixtures/**/*.swift` is linted with the default rules; the findings must equal the
/// `// ^ rule_id` markers written under the offending lines: same rule, line and column, no more, no less.
final class FixtureTests: XCTestCase {
    /// Rule ids a marker may name (a typo in a marker must fail, not be ignored).
    static let knownRuleIDs = Set(RuleRegistry.all.map { $0.description.id })

    func testFixturesExistAndAreWellFormed() throws {
        let fixtures = PackagePaths.fixtureFiles()
        XCTAssertGreaterThanOrEqual(fixtures.count, 8, "expected at least 8 fixtures under \(PackagePaths.fixturesDirectory.path)")
        var markedRules = Set<String>()
        for (path, url) in fixtures {
            let text = try PackagePaths.read(url)
            XCTAssertFalse(text.contains("\t"), "fixtures/\(path) contains a tab (columns would be ambiguous)")
            XCTAssertFalse(text.contains("\r"), "fixtures/\(path) must use LF line endings")
            let parsed = CaretMarkers.parse(text)
            XCTAssertEqual(parsed.errors, [], "fixtures/\(path) has malformed markers")
            for finding in parsed.expected where !Self.knownRuleIDs.contains(finding.ruleID) {
                XCTFail("fixtures/\(path):\(finding.line): marker names unknown rule '\(finding.ruleID)'")
            }
            markedRules.formUnion(parsed.expected.map(\.ruleID))
        }
        // Realistic files for end-to-end runs; each rule's own examples are in rules/<id>.md, so a new
        // rule needs no fixture, but the fixtures must keep exercising several rules together.
        XCTAssertGreaterThanOrEqual(markedRules.count, 8, "fixtures expect findings of only \(markedRules.sorted())")
    }

    /// Linted as `tca-lint lint fixtures` lints them: one run, one project model over every fixture file, so
    /// findings that need another file (a child's logic in its own file, an extension of a reducer declared
    /// elsewhere, a project's own reducer protocol) are expected too.
    func testFixtureFindingsMatchMarkers() throws {
        // The rules fixtures/.tca-lint.yml enables, as `tca-lint lint fixtures` reads it.
        let config = try ConfigurationLoader.load(explicitPath: PackagePaths.root.appendingPathComponent("fixtures/.tca-lint.yml").path)
        let linter = Linter(configuration: config)
        XCTAssertTrue(linter.rules.contains { $0.description.id == "parent_matches_child_action" }, "fixtures/.tca-lint.yml enables no opt-in rule")
        let fixtures = PackagePaths.fixtureFiles()
        let outcome = LintRunner(linter: linter, jobs: 2).run(fixtures.map { $0.url.path })
        XCTAssertEqual(outcome.problems.map(\.message), [])
        var byPath: [String: [Diagnostic]] = [:]
        for d in outcome.diagnostics { byPath[d.path, default: []].append(d) }
        for (path, url) in fixtures {
            let text = try PackagePaths.read(url)
            let expected = Set(CaretMarkers.parse(text).expected)
            let diagnostics = byPath[url.path] ?? []
            let actual = Set(diagnostics.map { ExpectedFinding(ruleID: $0.ruleID, line: $0.line, column: $0.column) })
            guard actual != expected else { continue }
            let lines = CaretMarkers.lines(of: text)
            func show(_ findings: Set<ExpectedFinding>) -> String {
                findings.sorted().map { f in
                    let source = f.line <= lines.count ? lines[f.line - 1] : ""
                    let message = diagnostics.first { $0.ruleID == f.ruleID && $0.line == f.line && $0.column == f.column }?.message
                    return "    fixtures/\(path):\(f.description)\n      | \(source)" + (message.map { "\n      → \($0)" } ?? "")
                }.joined(separator: "\n")
            }
            XCTFail("""
                fixtures/\(path): findings differ from the markers
                  missing (marked, not reported):
                \(show(expected.subtracting(actual)))
                  unexpected (reported, not marked):
                \(show(actual.subtracting(expected)))
                """)
        }
    }
}

import XCTest
import TCALint

/// Every rule's document is executable: its ```swift blocks are linted with that rule alone and the
/// findings must sit exactly at the `↓` markers (other rules' findings are ignored).
final class RuleDocumentTests: XCTestCase {
    static let minimumTriggering = 8
    static let minimumNonTriggering = 8

    func testEveryDocumentBelongsToARegisteredRuleAndViceVersa() throws {
        let documented = Set(try PackagePaths.ruleDocumentFiles().map(\.id))
        let registered = Set(RuleRegistry.all.map { $0.description.id })
        XCTAssertFalse(documented.isEmpty, "no rules/*.md found under \(PackagePaths.rulesDirectory.path)")
        for id in documented.subtracting(registered).sorted() {
            XCTFail("rules/\(id).md documents a rule that is not in RuleRegistry.all")
        }
        for id in registered.subtracting(documented).sorted() {
            XCTFail("rule \(id) is registered but has no rules/\(id).md")
        }
    }

    func testReadmeTableListsEveryDocument() throws {
        let readme = try PackagePaths.read(PackagePaths.rulesDirectory.appendingPathComponent("README.md"))
        for (id, _) in try PackagePaths.ruleDocumentFiles() {
            XCTAssertTrue(readme.contains("[`\(id)`](\(id).md)"), "rules/README.md has no row linking \(id).md")
        }
    }

    func testDocumentFormat() throws {
        for (id, url) in try PackagePaths.ruleDocumentFiles() {
            let doc = RuleDocument.parse(try PackagePaths.read(url))
            XCTAssertEqual(doc.problems, [], "rules/\(id).md is malformed")
            XCTAssertEqual(doc.id, id, "rules/\(id).md: title must be '# \(id)'")
            if let rule = RuleRegistry.rule(withID: id) {
                let fixability = rule.description.fixability
                XCTAssertEqual(doc.fixable, fixability.label, "rules/\(id).md: header 'fixable:' differs from the rule's fixability")
                XCTAssertEqual(doc.sections.contains(RuleDocument.fixSectionTitle), fixability != .none,
                               "rules/\(id).md: a '## Fix' section is required for fixable rules and only for them")
                if fixability != .none {
                    XCTAssertFalse(doc.fixExamples.isEmpty, "rules/\(id).md: the Fix section needs a fix-before/fix-after pair")
                }
            }
            XCTAssertEqual(doc.blocks(in: "Example").count, 1, "rules/\(id).md: 'Example' needs exactly one swift block")
            XCTAssertEqual(doc.blocks(in: "Use instead").count, 1, "rules/\(id).md: 'Use instead' needs exactly one swift block")
            let triggering = doc.blocks(in: "Example") + doc.blocks(in: "Triggering examples")
            let nonTriggering = doc.blocks(in: "Use instead") + doc.blocks(in: "Non-triggering examples")
            XCTAssertGreaterThanOrEqual(triggering.count, Self.minimumTriggering, "rules/\(id).md: too few triggering examples")
            XCTAssertGreaterThanOrEqual(nonTriggering.count, Self.minimumNonTriggering, "rules/\(id).md: too few non-triggering examples")
            for block in triggering where ArrowMarkers.strip(block.code).positions.isEmpty {
                XCTFail("rules/\(id).md:\(block.fenceLine): triggering example without any \u{2193} marker")
            }
            for block in nonTriggering where !ArrowMarkers.strip(block.code).positions.isEmpty {
                XCTFail("rules/\(id).md:\(block.fenceLine): non-triggering example must not contain \u{2193}")
            }
            for block in doc.swiftBlocks where block.code.contains("\t") {
                XCTFail("rules/\(id).md:\(block.fenceLine): tabs in a swift block (columns would be ambiguous)")
            }
        }
    }

    func testHeaderMatchesRuleDescription() throws {
        for (id, url) in try PackagePaths.ruleDocumentFiles() {
            guard let rule = RuleRegistry.rule(withID: id) else { continue }  // reported by the registry test
            let doc = RuleDocument.parse(try PackagePaths.read(url))
            XCTAssertEqual(doc.severity, rule.description.defaultSeverity.rawValue,
                           "rules/\(id).md header severity differs from the rule's defaultSeverity")
            XCTAssertEqual(doc.name, rule.description.name, "rules/\(id).md header name differs from the rule's name")
        }
    }

    func testExamplesProduceExactlyTheMarkedFindings() throws {
        for (id, url) in try PackagePaths.ruleDocumentFiles() {
            let doc = RuleDocument.parse(try PackagePaths.read(url))
            guard RuleRegistry.rule(withID: id) != nil else {
                XCTFail("rules/\(id).md: cannot run its examples, no registered rule \(id)")
                continue
            }
            // All default rules run, as for a user (a disable comment needs the rule it names);
            // only this rule's findings are compared.
            let linter = Linter()
            for block in doc.swiftBlocks {
                let (code, expected) = ArrowMarkers.strip(block.code)
                let file = SourceFile(path: "rules/\(id).md:\(block.fenceLine)", bytes: Array(code.utf8))
                let actual = Set(linter.lint(file).filter { $0.ruleID == id }
                    .map { ExpectedPosition(line: $0.line, column: $0.column) })
                if actual != expected {
                    XCTFail("""
                        rules/\(id).md:\(block.fenceLine) (\(block.section)): findings differ
                          expected (↓): \(expected.sorted())
                          got:          \(actual.sorted())
                          missing:      \(expected.subtracting(actual).sorted())
                          unexpected:   \(actual.subtracting(expected).sorted())
                        --- block (markers removed, numbered) ---
                        \(numbered(code))
                        """)
                }
            }
        }
    }

    /// The Fix section's pairs are executed too: fixing `before` (with `--unsafe`, all default rules) must
    /// give exactly `after`; `before` must have a finding of the rule and `after` none.
    func testFixExamplesProduceTheShownResult() throws {
        for (id, url) in try PackagePaths.ruleDocumentFiles() {
            let doc = RuleDocument.parse(try PackagePaths.read(url))
            for (before, after) in doc.fixExamples {
                let source = SourceFile(path: "rules/\(id).md:\(before.fenceLine)", bytes: Array(before.code.utf8))
                XCTAssertTrue(Linter().lint(source).contains { $0.ruleID == id },
                              "rules/\(id).md:\(before.fenceLine): fix-before block has no finding of \(id)")
                let outcome = FixEngine(includeUnsafe: true).run(source)
                XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self), after.code,
                               "rules/\(id).md:\(before.fenceLine): fixing the fix-before block does not give the fix-after block (line \(after.fenceLine))")
                XCTAssertFalse(outcome.remaining.contains { $0.ruleID == id },
                               "rules/\(id).md:\(after.fenceLine): fix-after block still has a finding of \(id)")
            }
        }
    }

    private func numbered(_ code: String) -> String {
        CaretMarkers.lines(of: code).enumerated()
            .map { "\(String(format: "%3d", $0.offset + 1))| \($0.element)" }
            .joined(separator: "\n")
    }
}

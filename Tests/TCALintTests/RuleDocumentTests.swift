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

    /// `scripts/new-rule` writes a skeleton that passes the tests with placeholder examples; this test
    /// is skipped (tree green, author told) while any document still holds them.
    func testNoDocumentHoldsScaffoldPlaceholders() throws {
        let drafts = try PackagePaths.ruleDocumentFiles().filter { try PackagePaths.read($0.url).contains("placeholder_\($0.id)") }
        if !drafts.isEmpty {
            throw XCTSkip("replace the placeholder examples and detection of: \(drafts.map(\.id).joined(separator: ", ")) (see README, Adding a rule)")
        }
    }

    /// The README's rule table and rules/README.md's are the registry's descriptions, row for row, so a
    /// summary, severity or fix availability cannot drift: on failure, paste the expected table.
    func testRuleTablesAreGeneratedFromTheRegistry() throws {
        for (file, linkPrefix) in [("README.md", "rules/"), ("rules/README.md", "")] {
            let text = try PackagePaths.read(PackagePaths.root.appendingPathComponent(file))
            let expected = RuleTable.markdown(linkPrefix: linkPrefix)
            XCTAssertTrue(text.contains(expected), "\(file): the rule table is stale; replace it with:\n\(expected)")
        }
    }

    func testDocumentFormat() throws {
        for (id, url) in try PackagePaths.ruleDocumentFiles() {
            let doc = RuleDocument.parse(try PackagePaths.read(url))
            XCTAssertEqual(doc.problems, [], "rules/\(id).md is malformed")
            if let rule = RuleRegistry.rule(withID: id) {
                let fixable = rule.description.fixAvailability != .none
                XCTAssertEqual(doc.sections.contains(RuleDocument.fixSectionTitle), fixable,
                               "rules/\(id).md: a '## Fix' section is required for rules with fixes and only for them")
                if fixable {
                    XCTAssertFalse(doc.fixExamples.isEmpty, "rules/\(id).md: the Fix section needs a fix-before/fix-after pair")
                }
            }
            XCTAssertEqual(doc.blocks(in: "Example").count, 1, "rules/\(id).md: 'Example' needs exactly one swift block")
            XCTAssertEqual(doc.blocks(in: "Use instead").count, 1, "rules/\(id).md: 'Use instead' needs exactly one swift block")
            let triggering = doc.blocks(in: "Example") + doc.blocks(in: "Triggering examples")
            // As swift-format's FindingSpec: a triggering example states its messages, so a message that
            // changes (or says something untrue of the example) shows in review.
            for block in triggering where block.messages.isEmpty {
                XCTFail("rules/\(id).md:\(block.fenceLine) (\(block.section)): a triggering example needs its findings' messages as '> …' lines after it")
            }
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

    /// `explain` prints the description's header above the document: the metadata comes from the rule.
    func testExplanationIsTheDescriptionThenTheDocument() throws {
        for rule in RuleRegistry.all {
            let d = rule.description
            let document = try PackagePaths.read(PackagePaths.rulesDirectory.appendingPathComponent("\(d.id).md"))
            XCTAssertEqual(d.explanation, """
                # \(d.id)

                **\(d.name)** \u{00B7} default severity: \(d.defaultSeverity.rawValue) \u{00B7} fix: \(d.fixAvailability.rawValue)\(d.isOptIn ? " \u{00B7} opt-in" : "")

                \(d.summary)

                \(document)
                """ + (document.hasSuffix("\n") ? "" : "\n"), d.id)
        }
    }

    /// The rules a user gets by default, plus `rule` when it is opt-in (as `opt_in_rules: [id]` would).
    static func linter(enabling rule: any Rule.Type) -> Linter { Linter.enabling([rule]) }

    func testExamplesProduceExactlyTheMarkedFindings() throws {
        for (id, url) in try PackagePaths.ruleDocumentFiles() {
            let doc = RuleDocument.parse(try PackagePaths.read(url))
            guard let rule = RuleRegistry.rule(withID: id) else {
                XCTFail("rules/\(id).md: cannot run its examples, no registered rule \(id)")
                continue
            }
            // All default rules run, as for a user (a disable comment needs the rule it names), plus this
            // one when it is opt-in, through the driver's prefilter; only this rule's findings are compared.
            let ruleLinter = Self.linter(enabling: rule)
            for block in doc.swiftBlocks {
                var linter = ruleLinter
                linter.deploymentTarget = block.deploymentTarget
                linter.tcaVersion = block.tcaVersion
                linter.detectsDeploymentTarget = false
                let (code, expected) = ArrowMarkers.strip(block.code)
                // Every block is linted as a file of its own, named as a user would name it (messages may name it).
                let file = SourceFile(path: "Example.swift", bytes: Array(code.utf8))
                let findings = PrefilteredLint.diagnostics(file, linter: linter).filter { $0.ruleID == id }
                let actual = Set(findings.map { ExpectedPosition(line: $0.line, column: $0.column) })
                if !block.messages.isEmpty {
                    XCTAssertEqual(findings.map(\.message), block.messages,
                                   "rules/\(id).md:\(block.fenceLine): the '> …' lines differ from the findings' messages")
                }
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
            let ruleLinter = RuleRegistry.rule(withID: id).map(Self.linter(enabling:)) ?? Linter()
            for (before, after) in doc.fixExamples {
                var linter = ruleLinter
                linter.tcaVersion = before.tcaVersion
                let source = SourceFile(path: "Example.swift", bytes: Array(before.code.utf8))
                XCTAssertTrue(linter.lint(source).contains { $0.ruleID == id },
                              "rules/\(id).md:\(before.fenceLine): fix-before block has no finding of \(id)")
                let outcome = FixEngine(linter: linter, includeUnsafe: true).run(source)
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

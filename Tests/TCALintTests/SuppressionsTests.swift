import XCTest
@testable import TCALint

/// Comment tokens of simple test inputs (`//` to the end of the line, `/* */` nested, strings
/// skipped), standing in for the real tokenizer so these tests do not depend on it.
enum TestCommentTokens {
    static func tokens(_ bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\"") {
                i += 1
                while i < bytes.count && bytes[i] != UInt8(ascii: "\"") && bytes[i] != 0x0A { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i += 1
            } else if bytes[i] == UInt8(ascii: "/") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "/") {
                let start = i
                while i < bytes.count && bytes[i] != 0x0A && bytes[i] != 0x0D { i += 1 }
                tokens.append(Token(start: start, end: i, kind: .comment))
            } else if bytes[i] == UInt8(ascii: "/") && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "*") {
                let start = i
                var depth = 0
                repeat {
                    if i + 1 < bytes.count && bytes[i] == UInt8(ascii: "/") && bytes[i + 1] == UInt8(ascii: "*") { depth += 1; i += 2 }
                    else if i + 1 < bytes.count && bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/") { depth -= 1; i += 2 }
                    else { i += 1 }
                } while depth > 0 && i < bytes.count
                tokens.append(Token(start: start, end: i, kind: .comment))
            } else {
                i += 1
            }
        }
        return tokens
    }
}

final class SuppressionsTests: XCTestCase {
    private let known = Set(knownRulesForTests.map(\.id))
    private let enabled: Set<String> = ["reduce_before_scope", "binding_reducer_not_first", "body_and_reduce", "superfluous_disable"]

    /// A finding written as `(line, column, rule)`.
    private func finding(_ line: Int, _ column: Int, _ rule: String) -> Diagnostic {
        Diagnostic(path: "F.swift", line: line, column: column, severity: .warning, ruleID: rule, ruleName: rule, message: "m")
    }

    /// Runs the suppressions and renders the result as `line:column rule` or `line:column rule: message`
    /// for `superfluous_disable`.
    private func run(_ text: String, _ findings: [Diagnostic], enabled: Set<String>? = nil) -> [String] {
        let source = SourceFile(path: "F.swift", bytes: Array(text.utf8))
        let kept = Suppressions.apply(findings, source: source, tokens: SourceTokens(TestCommentTokens.tokens(source.bytes)),
                                      knownRuleIDs: known, enabledRuleIDs: enabled ?? self.enabled,
                                      locate: { Linter().diagnostic(for: $0, in: source) })
        return kept.map { d in
            d.ruleID == "superfluous_disable"
                ? "\(d.line):\(d.column) \(d.ruleID): \(d.message)"
                : "\(d.line):\(d.column) \(d.ruleID)"
        }
    }

    private func superfluous(_ rule: String) -> String {
        "superfluous_disable: tca-lint rule '\(rule)' did not trigger a finding in the disabled region; remove it from the disable command"
    }

    // MARK: - Parsing

    func testParseCommandText() {
        XCTAssertEqual(DisableCommand.parse(text: "disable:next a b a - because: legacy"),
                       DisableCommand(action: .disable, modifier: .next, ruleIDs: ["a", "b"], reason: "because: legacy"))
        XCTAssertEqual(DisableCommand.parse(text: "enable a"), DisableCommand(action: .enable, ruleIDs: ["a"]))
        XCTAssertEqual(DisableCommand.parse(text: "disable:previous all"),
                       DisableCommand(action: .disable, modifier: .previous, ruleIDs: ["all"]))
        XCTAssertNil(DisableCommand.parse(text: "disable:nxt a"))
        XCTAssertNil(DisableCommand.parse(text: "disabled a"))
        XCTAssertNil(DisableCommand.parse(text: "disable:next"))
        // As in SwiftLint, the reason separator needs ids before it: here `-` and the words are ids
        // (and are then reported as unknown rules).
        XCTAssertEqual(DisableCommand.parse(text: "disable - why")?.ruleIDs, ["-", "why"])
    }

    func testParseFromComments() {
        func parse(_ s: String) -> DisableCommand? { DisableCommand.parse(comment: Array(s.utf8)[...]) }
        XCTAssertEqual(parse("/* tca-lint:disable:this a */"), DisableCommand(action: .disable, modifier: .this, ruleIDs: ["a"]))
        XCTAssertEqual(parse("/* tca-lint:disable:this a*/"), DisableCommand(action: .disable, modifier: .this, ruleIDs: ["a"]))
        XCTAssertEqual(parse("/* tca-lint:disable a\n   b is not a rule id here */"), DisableCommand(action: .disable, ruleIDs: ["a"]))
        XCTAssertEqual(parse("// NOTE: tca-lint:disable:next a"), DisableCommand(action: .disable, modifier: .next, ruleIDs: ["a"]))
        XCTAssertNil(parse("// swiftlint:disable:next a"))
        XCTAssertNil(parse("// tca-lint:"))
    }

    // MARK: - Every form

    func testDisableNext() {
        let text = """
        let a = 1
        // tca-lint:disable:next reduce_before_scope
        Reduce { }
        Reduce { }
        """
        XCTAssertEqual(run(text, [finding(3, 1, "reduce_before_scope"), finding(4, 1, "reduce_before_scope")]),
                       ["4:1 reduce_before_scope"])
    }

    func testDisableThisAndPrevious() {
        let text = """
        Reduce { } // tca-lint:disable:this reduce_before_scope
        Reduce { }
        Scope { }
        // tca-lint:disable:previous binding_reducer_not_first
        """
        XCTAssertEqual(run(text, [finding(1, 1, "reduce_before_scope"), finding(2, 1, "reduce_before_scope"),
                                  finding(3, 1, "binding_reducer_not_first"), finding(3, 1, "reduce_before_scope")]),
                       ["2:1 reduce_before_scope", "3:1 reduce_before_scope"])
    }

    func testRegionTakesEffectAtTheEndOfItsComment() {
        let text = """
        Reduce { } // tca-lint:disable reduce_before_scope
        Reduce { }
        x // tca-lint:enable reduce_before_scope
        Reduce { }
        """
        // As in SwiftLint: the code before a region `disable` on its line is not covered,
        // the code before an `enable` on its line still is.
        XCTAssertEqual(run(text, [finding(1, 1, "reduce_before_scope"), finding(2, 1, "reduce_before_scope"),
                                  finding(3, 1, "reduce_before_scope"), finding(4, 1, "reduce_before_scope")]),
                       ["1:1 reduce_before_scope", "4:1 reduce_before_scope"])
    }

    func testRegionWithoutEnableRunsToEndOfFile() {
        let text = "// tca-lint:disable body_and_reduce\n\n\nvar body: some Reducer { }\n"
        XCTAssertEqual(run(text, [finding(4, 5, "body_and_reduce"), finding(4, 5, "reduce_before_scope")]),
                       ["4:5 reduce_before_scope"])
    }

    func testAllAndSeveralIdsAndReasons() {
        let text = """
        // tca-lint:disable:next all
        Reduce { }
        // tca-lint:disable:next reduce_before_scope body_and_reduce - legacy, see #12
        Reduce { }
        /* tca-lint:disable:next binding_reducer_not_first */
        Scope { }
        """
        XCTAssertEqual(run(text, [finding(2, 1, "reduce_before_scope"), finding(2, 1, "body_and_reduce"),
                                  finding(4, 1, "reduce_before_scope"), finding(4, 1, "body_and_reduce"),
                                  finding(6, 1, "binding_reducer_not_first")]), [])
    }

    func testEnableOneRuleInsideDisableAllDoesNotReEnableIt() {
        let text = """
        // tca-lint:disable all
        // tca-lint:enable reduce_before_scope
        Reduce { }
        // tca-lint:enable all
        Reduce { }
        """
        XCTAssertEqual(run(text, [finding(3, 1, "reduce_before_scope"), finding(5, 1, "reduce_before_scope")]),
                       ["5:1 reduce_before_scope"])
    }

    func testDisableThisInsideARegionEndsTheRegionForThatRule() {
        // SwiftLint's semantics: `disable:this` re-enables its ids at the end of its line.
        let text = """
        // tca-lint:disable reduce_before_scope
        Reduce { } // tca-lint:disable:this reduce_before_scope
        Reduce { }
        """
        XCTAssertEqual(run(text, [finding(2, 1, "reduce_before_scope"), finding(3, 1, "reduce_before_scope")]),
                       ["3:1 reduce_before_scope"])
    }

    /// Invalid commands have no effect and are reported (SwiftLint's `invalid_swiftlint_command`),
    /// under `superfluous_disable` with their own message.
    func testInvalidCommandsHaveNoEffectAndAreReported() {
        let text = "// tca-lint:disabel:next reduce_before_scope\nReduce { }\n"
        XCTAssertEqual(run(text, [finding(2, 1, "reduce_before_scope")]), [
            "1:1 superfluous_disable: 'tca-lint:disabel:next' is not a command; did you mean 'tca-lint:disable:next'?",
            "2:1 reduce_before_scope",
        ])
        let noRule = "let a = 1 // tca-lint:disable:next\n/* tca-lint:disable */\nReduce { }\n// tca-lint:enable:nxt all\n"
        XCTAssertEqual(run(noRule, [finding(3, 1, "reduce_before_scope")]), [
            "1:11 superfluous_disable: 'tca-lint:disable:next' names no rule, so it does nothing; write the rule ids after it (or 'all')",
            "2:1 superfluous_disable: 'tca-lint:disable' names no rule, so it does nothing; write the rule ids after it (or 'all')",
            "3:1 reduce_before_scope",
            "4:1 superfluous_disable: 'nxt' is not a modifier of 'tca-lint:enable'; use :previous, :this or :next",
        ])
        // Prose that mentions the tool is not a command; nothing is reported without superfluous_disable.
        XCTAssertEqual(run("// see tca-lint: it finds reducer mistakes\n", []), [])
        XCTAssertEqual(run(noRule, [], enabled: ["reduce_before_scope"]), [])
        // Where superfluous_disable itself is disabled, an invalid command is not reported.
        XCTAssertEqual(run("// tca-lint:disable superfluous_disable\n// tca-lint:disable\n", []), [])
    }

    func testCommaSeparatedRuleLists() {
        XCTAssertEqual(DisableCommand.parse(text: "disable:next a, b")?.ruleIDs, ["a", "b"])
        XCTAssertEqual(DisableCommand.parse(text: "disable:next a,b,a")?.ruleIDs, ["a", "b"])
        XCTAssertEqual(DisableCommand.parse(text: "disable a ,b - why, really")?.ruleIDs, ["a", "b"])
        let text = "// tca-lint:disable:next reduce_before_scope,body_and_reduce\nReduce { }\n"
        XCTAssertEqual(run(text, [finding(2, 1, "reduce_before_scope"), finding(2, 1, "body_and_reduce")]), [])
    }

    func testCommandsInStringsAreIgnored() {
        let text = "let s = \"// tca-lint:disable:next reduce_before_scope\"\nReduce { }\n"
        XCTAssertEqual(run(text, [finding(2, 1, "reduce_before_scope")]), ["2:1 reduce_before_scope"])
    }

    // MARK: - superfluous_disable

    func testSuperfluousDisablesAreReportedAtTheComment() {
        let text = """
        // tca-lint:disable:next reduce_before_scope
        let a = 1

        let b = 2 // tca-lint:disable:this body_and_reduce reduce_before_scope
        Reduce { }
        """
        XCTAssertEqual(run(text, [finding(4, 1, "reduce_before_scope")]), [
            "1:1 " + superfluous("reduce_before_scope"),
            "4:11 " + superfluous("body_and_reduce"),
        ])
    }

    func testLineDisablesOnAdjacentLinesFormOneRange() {
        // SwiftLint quirk kept on purpose: the disabled ranges of lines 2 and 3 touch, so they count
        // as one range for `superfluous_disable`, and the finding on line 3 justifies both commands.
        let text = """
        // tca-lint:disable:next reduce_before_scope
        let a = 1
        Reduce { } // tca-lint:disable:this reduce_before_scope
        """
        XCTAssertEqual(run(text, [finding(3, 1, "reduce_before_scope")]), [])
    }

    func testSuperfluousRegion() {
        let text = """
        // tca-lint:disable body_and_reduce
        let a = 1
        // tca-lint:enable body_and_reduce
        var body: some Reducer { }
        """
        XCTAssertEqual(run(text, [finding(4, 5, "body_and_reduce")]), ["1:1 " + superfluous("body_and_reduce"), "4:5 body_and_reduce"])
    }

    func testNoSuperfluousForAllForDisabledRulesOrWhenSuperfluousIsDisabled() {
        let text = """
        // tca-lint:disable:next all
        let a = 1
        // tca-lint:disable:next expensive_body
        let b = 1
        // tca-lint:disable:next reduce_before_scope superfluous_disable
        let c = 1
        """
        XCTAssertEqual(run(text, []), [])
        // With superfluous_disable itself turned off in the configuration, nothing is reported.
        XCTAssertEqual(run("// tca-lint:disable:next reduce_before_scope\nlet a = 1\n", [],
                           enabled: ["reduce_before_scope"]), [])
    }

    func testUnknownRuleIdsNameTheClosest() {
        let text = """
        // tca-lint:disable:next reduce_befor_scope
        Reduce { }
        x // tca-lint:enable bodyandreduce
        """
        XCTAssertEqual(run(text, [finding(2, 1, "reduce_before_scope")]), [
            "1:1 superfluous_disable: 'reduce_befor_scope' is not a tca-lint rule; remove it from the disable command; did you mean 'reduce_before_scope'?",
            "2:1 reduce_before_scope",
            "3:3 superfluous_disable: 'bodyandreduce' is not a tca-lint rule; remove it from the enable command; did you mean 'body_and_reduce'?",
        ])
    }

    /// `superfluous_disable` findings are located and given their configured severity by the linter,
    /// like every rule's, and cover the comment.
    func testSuperfluousFindingCarriesLineTextSeverityAndRange() {
        let text = "  // tca-lint:disable:next body_and_reduce\nlet a = 1\n"
        let source = SourceFile(path: "F.swift", bytes: Array(text.utf8))
        let linter = Linter(rules: [BodyAndReduceRule.self, SuperfluousDisableRule.self], severities: ["superfluous_disable": .error])
        let result = linter.lint(source)
        XCTAssertEqual(result.count, 1)
        XCTAssertEqual(result.first?.range, 2..<42)
        XCTAssertEqual(result.first?.severity, .error)
        XCTAssertEqual(result.first?.ruleName, "Superfluous Disable")
        XCTAssertEqual(result.first?.column, 3)
        XCTAssertEqual(result.first?.lineText, "  // tca-lint:disable:next body_and_reduce")
    }
}

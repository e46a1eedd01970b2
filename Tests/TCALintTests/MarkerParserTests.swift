import XCTest

/// The expectation harness is code too: if it mis-parses a marker, every fixture test lies.
final class MarkerParserTests: XCTestCase {
    func testCaretUnderColumnFiveRefersToLineAbove() {
        let text = """
            @Reducer struct F {
              var body: some ReducerOf<Self> {
                Reduce { _, _ in .none }
            //  ^ reduce_before_scope
              }
            }
            """
        let parsed = CaretMarkers.parse(text)
        XCTAssertEqual(parsed.errors, [])
        XCTAssertEqual(parsed.expected, [ExpectedFinding(ruleID: "reduce_before_scope", line: 3, column: 5)])
    }

    func testTwoMarkersUnderOneLineBothTargetTheCodeLine() {
        let text = """
            let a = 1
              Feature()._printChanges(); Reduce { _, _ in .none }
            //          ^ leftover_print_changes
            //                           ^ reduce_before_scope
            let b = 2
            """
        let parsed = CaretMarkers.parse(text)
        XCTAssertEqual(parsed.errors, [])
        XCTAssertEqual(Set(parsed.expected), [
            ExpectedFinding(ruleID: "leftover_print_changes", line: 2, column: 13),
            ExpectedFinding(ruleID: "reduce_before_scope", line: 2, column: 30),
        ])
    }

    func testMarkerLinesStillCountAsFileLinesForLaterCode() {
        let text = """
            a()
            //^ expensive_body
            //^ send_for_logic_reuse
            b()
              //   ^ body_and_reduce
            """
        let parsed = CaretMarkers.parse(text)
        XCTAssertEqual(parsed.errors, [])
        // The third marker targets `b()` on line 4: two marker lines above it are real lines of the file.
        XCTAssertEqual(parsed.expected, [
            ExpectedFinding(ruleID: "expensive_body", line: 1, column: 3),
            ExpectedFinding(ruleID: "send_for_logic_reuse", line: 1, column: 3),
            ExpectedFinding(ruleID: "body_and_reduce", line: 4, column: 8),
        ])
    }

    func testOrdinaryCommentsAreNotMarkers() {
        XCTAssertEqual(CaretMarkers.classify("// just a comment"), .code)
        XCTAssertEqual(CaretMarkers.classify("    /// ^ doc comment with caret later"), .code)
        XCTAssertEqual(CaretMarkers.classify("x ^ y // ^ not at start"), .code)
        XCTAssertEqual(CaretMarkers.classify("// ^ reduce_before_scope"), .marker(column: 4, ruleID: "reduce_before_scope"))
    }

    func testMalformedMarkersAreReportedNotDropped() {
        XCTAssertEqual(CaretMarkers.classify("//  ^reduce_before_scope"), .malformed)
        XCTAssertEqual(CaretMarkers.classify("//  ^ two ids"), .malformed)
        XCTAssertEqual(CaretMarkers.classify("//  ^"), .malformed)
        XCTAssertEqual(CaretMarkers.parse("//  ^ expensive_body\nx").errors.count, 1, "a marker needs a code line above it")
    }

    func testArrowsAreStrippedAndPositionsCountCharacters() {
        let (code, positions) = ArrowMarkers.strip("  \u{2193}Reduce { \"é\" }.\u{2193}send\n\u{2193}x")
        XCTAssertEqual(code, "  Reduce { \"é\" }.send\nx")
        // Columns after the first arrow shift left by one: the arrow itself is not in the linted code.
        XCTAssertEqual(positions, [
            ExpectedPosition(line: 1, column: 3),
            ExpectedPosition(line: 1, column: 18),
            ExpectedPosition(line: 2, column: 1),
        ])
    }

    func testRuleDocumentParserFindsHeaderSectionsAndBlocks() {
        let doc = RuleDocument.parse("""
            ## What it does
            ## Why is this bad
            ## Example
            ```swift
            \u{2193}a()
            ```
            > Do not call a().
            ## Use instead
            ```swift
            b()
            ```
            ## Triggering examples
            ```text
            not swift
            ```
            ## Non-triggering examples
            ## Limits
            """)
        XCTAssertEqual(doc.problems, [])
        XCTAssertEqual(doc.blocks(in: "Example").first?.messages, ["Do not call a()."])
        XCTAssertEqual(doc.blocks(in: "Use instead").first?.messages, [])
        XCTAssertEqual(doc.swiftBlocks.map(\.section), ["Example", "Use instead"])
        XCTAssertEqual(doc.blocks(in: "Example").first?.code, "\u{2193}a()\n")
    }

    func testRuleDocumentParserRejectsSectionsOutOfOrder() {
        let doc = RuleDocument.parse("## What it does\n## Example\n## Why is this bad\n")
        XCTAssertFalse(doc.problems.isEmpty)
    }
}

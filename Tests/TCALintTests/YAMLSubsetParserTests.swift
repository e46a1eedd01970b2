import XCTest
@testable import TCALint

final class YAMLSubsetParserTests: XCTestCase {
    private func parse(_ text: String) throws -> YAMLValue? {
        try YAMLSubsetParser.parse(text, path: "c.yml")
    }

    /// A compact rendering to compare structures: scalars as text (quoted ones marked by the quote).
    private func render(_ v: YAMLValue?) -> String {
        guard let v else { return "nil" }
        switch v {
        case .scalar(let s):
            switch s.style {
            case .plain: return s.text
            case .singleQuoted: return "'\(s.text)'"
            case .doubleQuoted: return "\"\(s.text)\""
            }
        case .sequence(let items, _): return "[" + items.map { render($0) }.joined(separator: ", ") + "]"
        case .mapping(let entries, _): return "{" + entries.map { "\($0.key.text): \(render($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    private func assertRefused(_ text: String, _ line: Int, _ column: Int, _ fragment: String,
                               file: StaticString = #filePath, lineNumber: UInt = #line) {
        do {
            let v = try parse(text)
            XCTFail("accepted: \(render(v))", file: file, line: lineNumber)
        } catch let e as ConfigurationError {
            XCTAssertEqual(e.problems.count, 1, file: file, line: lineNumber)
            let p = e.problems[0]
            XCTAssertEqual("\(p.line):\(p.column)", "\(line):\(column)", p.message, file: file, line: lineNumber)
            XCTAssertTrue(p.message.contains(fragment), "message: \(p.message)", file: file, line: lineNumber)
            XCTAssertTrue(e.description.hasPrefix("c.yml:\(line):\(column): error: "), e.description, file: file, line: lineNumber)
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: lineNumber)
        }
    }

    // MARK: - Accepted

    func testSwiftLintStyleFile() throws {
        let text = """
        # tca-lint configuration
        ---
        included:
          - Sources
          - "App Sources"   # quoted, with a comment
        excluded:
        - Pods
        - 'Generated/**'
        disabled_rules: [expensive_body, "send_for_logic_reuse"]
        strict: true
        leftover_print_changes: { excluded: ["**/Previews/**"], severity: error }
        reduce_before_scope:
          severity: warning

        empty:
        """
        XCTAssertEqual(render(try parse(text)),
                       "{included: [Sources, \"App Sources\"], excluded: [Pods, 'Generated/**'], "
                       + "disabled_rules: [expensive_body, \"send_for_logic_reuse\"], strict: true, "
                       + "leftover_print_changes: {excluded: [\"**/Previews/**\"], severity: error}, "
                       + "reduce_before_scope: {severity: warning}, empty: }")
    }

    func testPositionsOfKeysAndScalars() throws {
        guard case .mapping(let entries, let p)? = try parse("a: 1\nlist:\n  -   x # c\n  - 'é': \"y\"\n") else {
            return XCTFail("not a mapping")
        }
        XCTAssertEqual(p, YAMLPosition(line: 1, column: 1))
        XCTAssertEqual(entries[1].key.position, YAMLPosition(line: 2, column: 1))
        guard case .sequence(let items, let sp) = entries[1].value,
              case .scalar(let x) = items[0], case .mapping(let inner, _) = items[1] else { return XCTFail("shape") }
        XCTAssertEqual(sp, YAMLPosition(line: 3, column: 3))
        XCTAssertEqual(x.position, YAMLPosition(line: 3, column: 7))
        XCTAssertEqual(inner[0].key.position, YAMLPosition(line: 4, column: 5))
        guard case .scalar(let y) = inner[0].value else { return XCTFail("shape") }
        // Columns count characters: `é` is one.
        XCTAssertEqual(y.position, YAMLPosition(line: 4, column: 10))
        XCTAssertEqual(y.text, "y")
    }

    func testSequenceOfMappingsAndNestedSequences() throws {
        let text = """
        rules:
          - id: a
            options:
              - x
          - - nested
            - more
          -
            key: v
        """
        XCTAssertEqual(render(try parse(text)), "{rules: [{id: a, options: [x]}, [nested, more], {key: v}]}")
    }

    func testDoubleQuotedEscapes() throws {
        let v = try parse(#"k: "a\"b\\c\td\n\u00e9\x41\U0001F600\/ end""#)
        guard case .mapping(let e, _)? = v, case .scalar(let s) = e[0].value else { return XCTFail("shape") }
        XCTAssertEqual(s.text, "a\"b\\c\td\néA😀/ end")
        XCTAssertEqual(s.style, .doubleQuoted)
    }

    func testSingleQuotedDoubledQuote() throws {
        XCTAssertEqual(render(try parse("k: 'it''s # not a comment'")), "{k: 'it's # not a comment'}")
    }

    func testPlainScalarsKeepHashWithoutSpaceAndColonWithoutSpace() throws {
        XCTAssertEqual(render(try parse("url: http://x.y/a#b  # comment")), "{url: http://x.y/a#b}")
    }

    func testEmptyDocumentsAndNullValues() throws {
        XCTAssertNil(try parse(""))
        XCTAssertNil(try parse("# only a comment\n\n   \n"))
        XCTAssertNil(try parse("---\n# nothing\n"))
        guard case .mapping(let e, _)? = try parse("a:\nb: ~\nc: []\nd: {}") else { return XCTFail("shape") }
        guard case .scalar(let a) = e[0].value, case .scalar(let b) = e[1].value else { return XCTFail("shape") }
        XCTAssertTrue(a.isNull)
        XCTAssertTrue(b.isNull)
        XCTAssertEqual(render(e[2].value), "[]")
        XCTAssertEqual(render(e[3].value), "{}")
    }

    func testScalarTyping() {
        let pos = YAMLPosition(line: 1, column: 1)
        XCTAssertEqual(YAMLScalar(text: "true", style: .plain, position: pos).bool, true)
        XCTAssertEqual(YAMLScalar(text: "FALSE", style: .plain, position: pos).bool, false)
        XCTAssertNil(YAMLScalar(text: "true", style: .doubleQuoted, position: pos).bool)
        XCTAssertNil(YAMLScalar(text: "yes", style: .plain, position: pos).bool)
        XCTAssertFalse(YAMLScalar(text: "null", style: .singleQuoted, position: pos).isNull)
        XCTAssertEqual(YAMLScalar(text: "-12", style: .plain, position: pos).integer, -12)
    }

    func testCRLFAndBOM() throws {
        XCTAssertEqual(render(try YAMLSubsetParser.parse([0xEF, 0xBB, 0xBF] + Array("a: 1\r\nb:\r\n  - x\r\n".utf8), path: "c.yml")),
                       "{a: 1, b: [x]}")
    }

    func testTrailingCommaInFlowAndTabsAsSeparators() throws {
        XCTAssertEqual(render(try parse("a:\t[x,\ty, ]\t# c")), "{a: [x, y]}")
    }

    // MARK: - Refused, with exact positions

    func testRefusesAnchorsAliasesTags() {
        assertRefused("base: &b x", 1, 7, "anchors")
        assertRefused("a: 1\nb: *a", 2, 4, "alias")
        assertRefused("excluded:\n  - **/Previews/**", 2, 5, "quote it: \"**/Previews/**\"")
        assertRefused("a: [x, *y]", 1, 8, "alias")
        assertRefused("a: !!str 1", 1, 4, "tags")
        assertRefused("&a key: v", 1, 1, "anchors")
    }

    func testRefusesBlockScalars() {
        assertRefused("a: |\n  text", 1, 4, "block scalars")
        assertRefused("a: >-\n  text", 1, 4, "block scalars")
    }

    func testRefusesTabIndentation() {
        assertRefused("a:\n\tb: 1", 2, 1, "tab")
        assertRefused("a:\n  \tb: 1", 2, 3, "tab")
    }

    func testRefusesSecondDocumentAndMarkers() {
        assertRefused("a: 1\n---\nb: 2", 2, 1, "several YAML documents")
        assertRefused("---\na: 1\n...", 3, 1, "document end marker")
        assertRefused("%YAML 1.2\n---\na: 1", 1, 1, "directives")
        assertRefused("--- a: 1", 1, 5, "content after `---`")
    }

    func testRefusesComplexKeys() {
        assertRefused("? a\n: b", 1, 1, "complex keys")
        assertRefused("[a, b]: c", 1, 7, "complex keys")
        assertRefused("a: {[x]: y}", 1, 5, "complex keys")
    }

    func testRefusesDuplicateKeys() {
        assertRefused("a: 1\nb: 2\na: 3", 3, 1, "duplicate key 'a' (first at line 1)")
        assertRefused("r:\n  severity: error\n  'severity': warning", 3, 3, "duplicate key 'severity'")
        assertRefused("a: {x: 1, x: 2}", 1, 11, "duplicate key 'x'")
    }

    func testRefusesMultiLineValues() {
        assertRefused("a: one\n  two", 2, 3, "multi-line values")
        assertRefused("a: \"open\n  close\"", 1, 4, "not closed on its line")
        assertRefused("a: [x,\n  y]", 1, 7, "closed on the same line")
        assertRefused("a: 'x", 1, 4, "single-quoted")
    }

    func testRefusesStructuralMistakes() {
        assertRefused("a: 1\n- x", 2, 1, "cannot appear among the keys")
        assertRefused("a: - x", 1, 4, "own line")
        assertRefused("a: b: c", 1, 5, "`: ` is not allowed")
        assertRefused("a: 1\n b: 2", 2, 2, "unexpected indentation")
        assertRefused("  a: 1\nb: 2", 2, 1, "outside the document")
        assertRefused("a: [x,, y]", 1, 7, "empty entry")
        assertRefused("a: [x: 1]", 1, 6, "flow mapping")
        assertRefused("a: {x 1}", 1, 8, "expected `:`")
        assertRefused("a: \"x\" y", 1, 8, "unexpected text")
        assertRefused("a: @x", 1, 4, "quote it")
    }

    func testRefusesBadEscapesAndBytes() {
        assertRefused(#"a: "\q""#, 1, 5, "unknown escape")
        assertRefused(#"a: "\ud800""#, 1, 5, #"invalid `\u` escape"#)
        assertRefused("a: 1\nb: x\u{07}y", 2, 5, "control character 0x07")
        do {
            _ = try YAMLSubsetParser.parse(Array("a: 1\nb: ".utf8) + [0xFF], path: "c.yml")
            XCTFail("accepted invalid UTF-8")
        } catch let e as ConfigurationError {
            XCTAssertEqual(e.problems.first?.line, 2)
            XCTAssertTrue(e.description.contains("not valid UTF-8"))
        } catch { XCTFail("\(error)") }
    }

    func testRefusesExcessiveNesting() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        assertRefused("a: " + deep, 1, 68, "nesting deeper than 64")
        var block = ""
        for i in 0..<80 { block += String(repeating: " ", count: i) + "k:\n" }
        XCTAssertThrowsError(try parse(block))
    }
}

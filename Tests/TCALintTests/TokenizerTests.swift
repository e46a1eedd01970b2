import XCTest

@testable import TCALint

/// Expected tokens below are written by hand from the Swift lexical rules (and agree with
/// `oracle tokens`); every input is also checked against the stream invariants.
final class TokenizerTests: XCTestCase {
    // MARK: - Helpers

    private typealias Expected = [(TokenKind, String)]

    private func lex(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> [Token] {
        let tokens = Tokenizer.tokenize(bytes)
        assertInvariants(tokens, bytes, file: file, line: line)
        return tokens
    }

    private func lex(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> [(TokenKind, String)] {
        let bytes = Array(source.utf8)
        return lex(bytes, file: file, line: line).map {
            ($0.kind, String(decoding: bytes[$0.startOffset..<$0.endOffset], as: UTF8.self))
        }
    }

    private func assertTokens(
        _ source: String, _ expected: Expected, file: StaticString = #filePath, line: UInt = #line
    ) {
        let actual = lex(source, file: file, line: line)
        let render = { (list: [(TokenKind, String)]) in list.map { "\($0.0.name) \($0.1.debugDescription)" } }
        XCTAssertEqual(render(actual), render(expected), file: file, line: line)
    }

    /// Sorted, non-overlapping, non-empty tokens; every byte outside a token is whitespace.
    private func assertInvariants(
        _ tokens: [Token], _ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line
    ) {
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C]
        // A byte order mark starting the file is whitespace too.
        var position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for token in tokens {
            guard token.endOffset > token.startOffset, token.startOffset >= position, token.endOffset <= bytes.count else {
                return XCTFail("bad token \(token) after offset \(position)", file: file, line: line)
            }
            for i in position..<token.startOffset where !whitespace.contains(bytes[i]) {
                return XCTFail("uncovered byte 0x\(String(bytes[i], radix: 16)) at \(i)", file: file, line: line)
            }
            position = token.endOffset
        }
        for i in position..<bytes.count where !whitespace.contains(bytes[i]) {
            return XCTFail("uncovered trailing byte 0x\(String(bytes[i], radix: 16)) at \(i)", file: file, line: line)
        }
    }

    // MARK: - Words

    func testKeywordsAndIdentifiers() {
        assertTokens(
            "let x = some get set async await Type Protocol",
            [
                (.keyword, "let"), (.identifier, "x"), (.operator, "="), (.identifier, "some"), (.identifier, "get"),
                (.identifier, "set"), (.identifier, "async"), (.identifier, "await"), (.identifier, "Type"),
                (.identifier, "Protocol"),
            ])
        assertTokens(
            "x.default = self; _ = Self.init as Any",
            [
                (.identifier, "x"), (.punct, "."), (.keyword, "default"), (.operator, "="), (.keyword, "self"),
                (.punct, ";"), (.keyword, "_"), (.operator, "="), (.keyword, "Self"), (.punct, "."), (.keyword, "init"),
                (.keyword, "as"), (.keyword, "Any"),
            ])
        assertTokens("letter inout_ x$y", [(.identifier, "letter"), (.identifier, "inout_"), (.identifier, "x$y")])
    }

    func testBackticksAndDollarIdentifiers() {
        assertTokens(
            "struct `class` { var `default` = $0 + $foo + $ }",
            [
                (.keyword, "struct"), (.identifier, "`class`"), (.punct, "{"), (.keyword, "var"),
                (.identifier, "`default`"), (.operator, "="), (.identifier, "$0"), (.operator, "+"),
                (.identifier, "$foo"), (.operator, "+"), (.identifier, "$"), (.punct, "}"),
            ])
        // No closing backtick on the line: a lone backtick punct.
        assertTokens("`abc\nx", [(.punct, "`"), (.identifier, "abc"), (.identifier, "x")])
    }

    func testUnicodeIdentifiers() {
        assertTokens(
            "let café = 变量 + 😀",
            [(.keyword, "let"), (.identifier, "café"), (.operator, "="), (.identifier, "变量"), (.operator, "+"), (.identifier, "😀")])
        // Unicode operator characters form operators.
        assertTokens("a ∪ b", [(.identifier, "a"), (.operator, "∪"), (.identifier, "b")])
    }

    // MARK: - Numbers

    func testNumberForms() {
        assertTokens(
            "0x1F 0o17 0b1010 1_000 1.5e3 0x1.8p3 1e-5 12abc",
            [
                (.number, "0x1F"), (.number, "0o17"), (.number, "0b1010"), (.number, "1_000"), (.number, "1.5e3"),
                (.number, "0x1.8p3"), (.number, "1e-5"), (.number, "12abc"),
            ])
        assertTokens(
            "0xff.description -1 1.foo",
            [
                (.number, "0xff"), (.punct, "."), (.identifier, "description"), (.operator, "-"), (.number, "1"),
                (.number, "1"), (.punct, "."), (.identifier, "foo"),
            ])
    }

    func testVersionTuplesAndTupleIndices() {
        assertTokens(
            "@available(iOS 16.4, *) t.0.1 17.4.1",
            [
                (.punct, "@"), (.identifier, "available"), (.punct, "("), (.identifier, "iOS"), (.number, "16.4"),
                (.punct, ","), (.operator, "*"), (.punct, ")"), (.identifier, "t"), (.punct, "."), (.number, "0"),
                (.punct, "."), (.number, "1"), (.number, "17.4"), (.punct, "."), (.number, "1"),
            ])
    }

    // MARK: - Operators and punctuation

    func testOperatorsMaximalMunchAndMerging() {
        assertTokens(
            "a&&b || !c ?? d ->e ... ..<",
            [
                (.identifier, "a"), (.operator, "&&"), (.identifier, "b"), (.operator, "||"), (.operator, "!"),
                (.identifier, "c"), (.operator, "??"), (.identifier, "d"), (.operator, "->"), (.identifier, "e"),
                (.operator, "..."), (.operator, "..<"),
            ])
        // Postfix `!`/`?` are single tokens; adjacent operator tokens merge (`>>`, `>?`, `!+`).
        assertTokens(
            "x!.y ?? w?[0]; Array<Set<Int>>(); let o: Foo<Bar>? = a!+b",
            [
                (.identifier, "x"), (.operator, "!"), (.punct, "."), (.identifier, "y"), (.operator, "??"),
                (.identifier, "w"), (.operator, "?"), (.punct, "["), (.number, "0"), (.punct, "]"), (.punct, ";"),
                (.identifier, "Array"), (.operator, "<"), (.identifier, "Set"), (.operator, "<"), (.identifier, "Int"),
                (.operator, ">>"), (.punct, "("), (.punct, ")"), (.punct, ";"), (.keyword, "let"), (.identifier, "o"),
                (.punct, ":"), (.identifier, "Foo"), (.operator, "<"), (.identifier, "Bar"), (.operator, ">?"),
                (.operator, "="), (.identifier, "a"), (.operator, "!+"), (.identifier, "b"),
            ])
        // A comment inside an operator run ends the operator.
        assertTokens("a +/* c */b", [(.identifier, "a"), (.operator, "+"), (.comment, "/* c */"), (.identifier, "b")])
        // `.` continues only operators that start with `.`; key paths split `.?`.
        assertTokens(
            "a.b \\.?.c",
            [
                (.identifier, "a"), (.punct, "."), (.identifier, "b"), (.punct, "\\"), (.punct, "."), (.operator, "?"),
                (.punct, "."), (.identifier, "c"),
            ])
    }

    func testPunctuation() {
        assertTokens(
            "( ) [ ] { } , : ; @ \\ a::b",
            [
                (.punct, "("), (.punct, ")"), (.punct, "["), (.punct, "]"), (.punct, "{"), (.punct, "}"), (.punct, ","),
                (.punct, ":"), (.punct, ";"), (.punct, "@"), (.punct, "\\"), (.identifier, "a"), (.punct, "::"),
                (.identifier, "b"),
            ])
    }

    func testPoundForms() {
        assertTokens(
            "#if DEBUG\n#elseif os(iOS)\n#endif\n#Preview { }\n#selector(foo) #file #available(iOS 16, *)",
            [
                (.pound, "#if"), (.identifier, "DEBUG"), (.pound, "#elseif"), (.identifier, "os"), (.punct, "("),
                (.identifier, "iOS"), (.punct, ")"), (.pound, "#endif"), (.pound, "#Preview"), (.punct, "{"),
                (.punct, "}"), (.pound, "#selector"), (.punct, "("), (.identifier, "foo"), (.punct, ")"),
                (.pound, "#file"), (.pound, "#available"), (.punct, "("), (.identifier, "iOS"), (.number, "16"),
                (.punct, ","), (.operator, "*"), (.punct, ")"),
            ])
    }

    func testEditorPlaceholder() {
        assertTokens("f(<#name#>)", [(.identifier, "f"), (.punct, "("), (.identifier, "<#name#>"), (.punct, ")")])
    }

    // MARK: - Comments

    func testComments() {
        assertTokens(
            "#!/usr/bin/swift\n// line\n/// doc\n/* outer /* inner */ still */ x /** d */",
            [
                (.comment, "#!/usr/bin/swift"), (.comment, "// line"), (.comment, "/// doc"),
                (.comment, "/* outer /* inner */ still */"), (.identifier, "x"), (.comment, "/** d */"),
            ])
    }

    // MARK: - String literals

    func testStringLiterals() {
        assertTokens(
            #"let a = "x \(y + "inner \(z) end") done", b = 'c'"#,
            [
                (.keyword, "let"), (.identifier, "a"), (.operator, "="),
                (.string, #""x \(y + "inner \(z) end") done""#), (.punct, ","), (.identifier, "b"),
                (.operator, "="), (.string, "'c'"),
            ])
        assertTokens(
            #""esc \" \\" + "\(f({ $0 }))" + "\(a)\(b)\("c\("d")")""#,
            [
                (.string, #""esc \" \\""#), (.operator, "+"), (.string, #""\(f({ $0 }))""#), (.operator, "+"),
                (.string, #""\(a)\(b)\("c\("d")")""#),
            ])
    }

    func testRawStrings() {
        assertTokens(
            ###"#"raw \(no) \#(yes) "quoted" "# + ##"two "# still"## + #"""#"###,
            [
                (.string, ##"#"raw \(no) \#(yes) "quoted" "#"##), (.operator, "+"),
                (.string, ###"##"two "# still"##"###), (.operator, "+"), (.string, ##"#"""#"##),
            ])
    }

    func testMultiLineStrings() {
        let source = "let d = \"\"\"\n  multi \\(line)\n  \"quote\" \"\"\n  \"\"\"\nlet e = #\"\"\"\n  raw \\#(x)\n  \"\"\"#\nz"
        assertTokens(
            source,
            [
                (.keyword, "let"), (.identifier, "d"), (.operator, "="),
                (.string, "\"\"\"\n  multi \\(line)\n  \"quote\" \"\"\n  \"\"\""), (.keyword, "let"),
                (.identifier, "e"), (.operator, "="), (.string, "#\"\"\"\n  raw \\#(x)\n  \"\"\"#"),
                (.identifier, "z"),
            ])
        // An escaped line break inside a multi-line string.
        assertTokens("\"\"\"\n  a \\\n  b\n  \"\"\"", [(.string, "\"\"\"\n  a \\\n  b\n  \"\"\"")])
    }

    // MARK: - Regex literals

    func testRegexVersusDivision() {
        assertTokens(
            "let r = /[a-z]+/\nlet q = a / b\nx /= 2\nlet s = a/b/c",
            [
                (.keyword, "let"), (.identifier, "r"), (.operator, "="), (.regex, "/[a-z]+/"), (.keyword, "let"),
                (.identifier, "q"), (.operator, "="), (.identifier, "a"), (.operator, "/"), (.identifier, "b"),
                (.identifier, "x"), (.operator, "/="), (.number, "2"), (.keyword, "let"), (.identifier, "s"),
                (.operator, "="), (.identifier, "a"), (.operator, "/"), (.identifier, "b"), (.operator, "/"),
                (.identifier, "c"),
            ])
        assertTokens("/foo/.matches", [(.regex, "/foo/"), (.punct, "."), (.identifier, "matches")])
        assertTokens(
            "f(/a/, /b/) !/c/",
            [
                (.identifier, "f"), (.punct, "("), (.regex, "/a/"), (.punct, ","), (.regex, "/b/"), (.punct, ")"),
                (.operator, "!"), (.regex, "/c/"),
            ])
        // Heuristics for a `/` that is not certainly a regex: unbalanced `)`, space before the closing `/`.
        assertTokens(
            "let v = (/abc)/)",
            [
                (.keyword, "let"), (.identifier, "v"), (.operator, "="), (.punct, "("), (.operator, "/"),
                (.identifier, "abc"), (.punct, ")"), (.operator, "/"), (.punct, ")"),
            ])
        assertTokens(
            "let h = /x /",
            [(.keyword, "let"), (.identifier, "h"), (.operator, "="), (.operator, "/"), (.identifier, "x"), (.operator, "/")])
        // After `=` a binary-looking `/` must be a regex.
        assertTokens("let g = / x/", [(.keyword, "let"), (.identifier, "g"), (.operator, "="), (.regex, "/ x/")])
        // Operator declarations never start a regex.
        assertTokens(
            "prefix operator /^/\nfunc /(a: A) {}",
            [
                (.identifier, "prefix"), (.keyword, "operator"), (.operator, "/^/"), (.keyword, "func"), (.operator, "/"),
                (.punct, "("), (.identifier, "a"), (.punct, ":"), (.identifier, "A"), (.punct, ")"), (.punct, "{"),
                (.punct, "}"),
            ])
        // `try?` makes the next token prefer a regex literal.
        assertTokens(
            "try? /^ x/.wholeMatch(in: s)",
            [
                (.keyword, "try"), (.operator, "?"), (.regex, "/^ x/"), (.punct, "."), (.identifier, "wholeMatch"),
                (.punct, "("), (.keyword, "in"), (.punct, ":"), (.identifier, "s"), (.punct, ")"),
            ])
    }

    func testExtendedRegexLiterals() {
        assertTokens("let s = #/x/y/#", [(.keyword, "let"), (.identifier, "s"), (.operator, "="), (.regex, "#/x/y/#")])
        assertTokens(
            "let m = #/\n  a b\n  /#\nz",
            [(.keyword, "let"), (.identifier, "m"), (.operator, "="), (.regex, "#/\n  a b\n  /#"), (.identifier, "z")])
    }

    // MARK: - Unterminated constructs

    func testUnterminatedConstructsEndSensibly() {
        assertTokens("let s = \"abc", [(.keyword, "let"), (.identifier, "s"), (.operator, "="), (.string, "\"abc")])
        // A single-line string ends at the line break.
        assertTokens("\"abc \nx", [(.string, "\"abc "), (.identifier, "x")])
        assertTokens("\"a\\(b // c\n)", [(.string, "\"a\\(b // c"), (.punct, ")")])
        assertTokens("x /* never closed\ny", [(.identifier, "x"), (.comment, "/* never closed\ny")])
        assertTokens("x = #/abc\n  def", [(.identifier, "x"), (.operator, "="), (.regex, "#/abc"), (.identifier, "def")])
        // At the end of input inside an interpolation, the literal ends at its last token…
        assertTokens("\"a\\(b /* c */", [(.string, "\"a\\(b"), (.comment, "/* c */")])
        // …unless more follows on another line (it becomes string contents).
        assertTokens("\"\"\"\n  abc \\(x\n", [(.string, "\"\"\"\n  abc \\(x\n")])
        assertTokens("\"\"\"\nabc", [(.string, "\"\"\"\nabc")])
        assertTokens("#\"raw", [(.string, "#\"raw")])
    }

    // MARK: - Odd bytes

    func testInvalidUTF8AndNulBytes() {
        let bytes: [UInt8] = Array("let x".utf8) + [0] + Array(" = 1 ".utf8) + [0xFF, 0xFE] + Array(" y".utf8)
        let tokens = lex(bytes)
        XCTAssertEqual(tokens.map(\.kind), [.keyword, .identifier, .unknown, .operator, .number, .unknown, .identifier])
        XCTAssertEqual(tokens[2].startOffset, 5)
        XCTAssertEqual(tokens[2].endOffset, 6)
        XCTAssertEqual(tokens[5].startOffset, 11)
        XCTAssertEqual(tokens[5].endOffset, 13)
        // Invalid bytes inside a string are just contents.
        let inString: [UInt8] = [0x22, 0x61, 0x00, 0xC3, 0x28, 0xFF, 0x22]
        XCTAssertEqual(lex(inString).map(\.kind), [.string])
        // Every prefix of a messy input tokenizes without trouble.
        let messy = Array("a\u{0}\"\\(#/[(\\\u{FEFF}".utf8) + [0xF0, 0x9F, 0x98]
        for n in 0...messy.count { _ = lex(Array(messy[0..<n])) }
    }

    func testByteOrderMarkAndLineEndings() {
        // A leading byte order mark is whitespace (swiftc skips it); anywhere else it is text Swift does not allow.
        assertTokens("\u{FEFF}let x = 1", [(.keyword, "let"), (.identifier, "x"), (.operator, "="), (.number, "1")])
        XCTAssertEqual(lex(Array("\u{FEFF}let x = 1".utf8)).first?.startOffset, 3)
        assertTokens("let x = 1 \u{FEFF}", [(.keyword, "let"), (.identifier, "x"), (.operator, "="), (.number, "1"), (.unknown, "\u{FEFF}")])
        assertTokens("\u{FEFF}\u{FEFF}x", [(.unknown, "\u{FEFF}"), (.identifier, "x")])
        // CR and CRLF end line comments and single-line strings.
        assertTokens(
            "// c\r\nlet z = \"a\r\nb\"",
            [
                (.comment, "// c"), (.keyword, "let"), (.identifier, "z"), (.operator, "="), (.string, "\"a"),
                (.identifier, "b"), (.string, "\""),
            ])
        assertTokens("x\ry", [(.identifier, "x"), (.identifier, "y")])
    }

    func testCharactersSwiftRejects() {
        // Non-breaking space and control characters are unexpected trivia; curly quotes recover as one token.
        assertTokens(
            "let a\u{A0}= \u{1}\u{2} “hi there” b”",
            [
                (.keyword, "let"), (.identifier, "a"), (.unknown, "\u{A0}"), (.operator, "="), (.unknown, "\u{1}\u{2}"),
                (.identifier, "“hi there”"), (.identifier, "b"), (.unknown, "”"),
            ])
        assertTokens(
            "a\n<<<<<<< HEAD\nx\n=======\ny\n>>>>>>> b\nz",
            [(.identifier, "a"), (.unknown, "<<<<<<< HEAD\nx\n=======\ny\n>>>>>>> b"), (.identifier, "z")])
    }

    // MARK: - Nesting depth

    func testDeepNestingNeedsNoRecursion() {
        let depth = 100_000
        let parens = lex(Array(repeating: UInt8(ascii: "("), count: depth))
        XCTAssertEqual(parens.count, depth)
        let braces = lex(Array(repeating: UInt8(ascii: "{"), count: depth) + Array(repeating: UInt8(ascii: "}"), count: depth))
        XCTAssertEqual(braces.count, 2 * depth)

        let comments = Array(String(repeating: "/*", count: depth).utf8) + Array(String(repeating: "*/", count: depth).utf8) + [0x20, 0x78]
        let commentTokens = lex(comments)
        XCTAssertEqual(commentTokens.map(\.kind), [.comment, .identifier])
        XCTAssertEqual(commentTokens[0].endOffset, 4 * depth)

        let interpolations = Array(("\"" + String(repeating: "\\(", count: depth)).utf8)
        XCTAssertEqual(lex(interpolations).map(\.kind), [.string])

        // "\("\("\( … nested string interpolations, closed again: one string token.
        let nestedOpen = String(repeating: "\"\\(", count: depth)
        let nestedClose = String(repeating: ")\"", count: depth)
        let nested = Array((nestedOpen + "x" + nestedClose + " y").utf8)
        let nestedTokens = lex(nested)
        XCTAssertEqual(nestedTokens.map(\.kind), [.string, .identifier])
        XCTAssertEqual(nestedTokens[0].endOffset, nested.count - 2)
        // Left open: still one token, to the end of input.
        XCTAssertEqual(lex(Array((nestedOpen + "x").utf8)).map(\.kind), [.string])
    }

    func testEmptyInput() {
        XCTAssertEqual(Tokenizer.tokenize([UInt8]()), [])
        XCTAssertEqual(lex("  \n\t ").count, 0)
    }
}

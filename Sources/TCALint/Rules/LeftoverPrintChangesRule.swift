/// `._printChanges()` left in code (`FileWideFacts.printChanges`: comments, strings and regex literals are
/// single tokens, so text inside them never matches; debug-only and preview calls are left out).
public struct LeftoverPrintChangesRule: Rule {
    public static let description = RuleDescription(
        id: "leftover_print_changes",
        name: "Leftover Print Changes",
        summary: "`._printChanges()` is a debugging aid (underscored, unversioned API); remove it before merging",
        defaultSeverity: .warning,
        fixAvailability: .sometimes,
        prefilterNeedles: ["_printChanges"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        // Tests, DocC tutorials and demo, sample or preview apps print changes on purpose: that is what
        // they are for (TCA's own Examples and tutorials do), so nothing there is left over.
        guard file.role.isDisjoint(with: [.test, .documentation, .demo]), !file.facts.file.usesTestStore else { return [] }
        let calls = file.facts.file.printChanges
        let reported = Set(calls.map(\.anchor.token))
        var findings: [Finding] = []
        var chain: (fix: Fix?, calls: Set<Int>) = (nil, [])
        for call in calls {
            // Adjacent calls share one fix (it removes them together): found once per chain, so a chain of
            // n calls costs n, not n².
            if let syntax = file.syntax, !chain.calls.contains(call.anchor.token) {
                chain = removalFix(at: call.anchor.token, reported: reported, syntax: syntax)
            }
            findings.append(finding(at: call.anchor, Self.message(isSwiftUIView: call.isSwiftUIView), fix: chain.fix))
        }
        return findings
    }

    /// TCA's `_printChanges` is an instance method of a reducer; `Self._printChanges()` is SwiftUI's static
    /// `View._printChanges()`, a debugging aid too, which prints why a view's body was evaluated.
    static func message(isSwiftUIView: Bool) -> String {
        isSwiftUIView
            ? "Remove Self._printChanges() before merging; it is SwiftUI's debugging aid (underscored, unversioned API) that prints why the view's body was evaluated, every time it is"
            : "Remove ._printChanges() before merging; it is a debugging aid (underscored, unversioned API) that prints every action and state diff"
    }

    /// The reported call `._printChanges(…)` at `i` (name token) as `(dot, close)`, or nil when it has no
    /// receiver dot (`_printChanges()` inside an extension) or its parentheses do not close.
    private func modifier(at i: Int, reported: Set<Int>, _ code: CodeTokens) -> (dot: Int, close: Int)? {
        guard reported.contains(i), code.isDot(i - 1) else { return nil }
        var open = i + 1
        if let g = code.skipGenericArguments(open, limit: code.count) { open = g }
        guard code.isPunct(open, .lparen), let close = code.partnerOf(open), close > open else { return nil }
        return (i - 1, close)
    }

    /// Safe: deletes the modifier and keeps the rest of the chain (`Feature()._printChanges()` → `Feature()`).
    /// Adjacent calls (`._printChanges()._printChanges()`) go together, so a line holding only them goes
    /// as a whole; a postfix `#if DEBUG … #endif` whose only content is the modifier goes as a whole;
    /// `let _ = Self._printChanges()` (a call on a type, whose receiver alone would not compile) goes as
    /// a statement. None for a call without a receiver, optional chaining (`x?._printChanges()` would leave
    /// a dangling `?`), a prefix operator before the dot (`!._printChanges()` applies `!` to an implicit
    /// member: there is no receiver), a call on a type in any other statement, and a call followed by a
    /// trailing closure on the same line.
    private func removalFix(at i: Int, reported: Set<Int>, syntax file: FileSyntax) -> (fix: Fix?, calls: Set<Int>) {
        let code = file.code
        guard let call = modifier(at: i, reported: reported, code) else { return (nil, []) }
        var (dot, close) = call
        var calls = [i]
        // Extend over adjacent reported calls on both sides.
        while code.isPunct(dot - 1, .rparen), let open = code.partnerOf(dot - 1), let previous = modifier(at: open - 1, reported: reported, code),
              previous.close == dot - 1 {
            dot = previous.dot
            calls.insert(open - 1, at: 0)
        }
        while let next = modifier(at: close + 2, reported: reported, code), next.dot == close + 1 {
            calls.append(close + 2)
            close = next.close
        }
        let covered = Set(calls)
        if dot > 0 && code.tokens[dot - 1].kind == .operator && code.is(dot - 1, "?") && !code.newlineBefore[dot] { return (nil, covered) }
        // `!._printChanges()`: an operator not bound to what precedes it is a prefix operator applied to an
        // implicit member, so there is no receiver to keep; removing the call would leave a dangling `!`.
        if dot > 0 && code.tokens[dot - 1].kind == .operator && !code.newlineBefore[dot]
            && !Self.isLeftBound(code.tokens[dot - 1].startOffset, code.bytes) { return (nil, covered) }
        if close + 1 < code.count && code.isPunct(close + 1, .lbrace) && !code.newlineBefore[close + 1] { return (nil, covered) }

        let lines = LineGeometry(bytes: code.bytes)
        var start = code.tokens[dot].startOffset
        let end = code.tokens[close].endOffset
        if !code.newlineBefore[dot], isTypeName(dot - 1, code) {
            // `let _ = Self._printChanges()`: only the whole statement can go.
            guard let statement = discardStatementStart(receiver: dot - 1, code),
                  close + 1 >= code.count || code.newlineBefore[close + 1] || code.isPunct(close + 1, .rbrace)
            else { return (nil, covered) }
            start = code.tokens[statement].startOffset
        }
        let range = postfixIfConfigBlock(dot: dot, close: close, file: file, lines: lines)
            ?? SpanDeletion.range(start, end, lines: lines)
        return (fix("Remove ._printChanges()", .safe, edits: [.delete(range)],
                    findingOffsets: calls.map { code.tokens[$0].startOffset }), covered)
    }

    /// Whether an operator starting at `offset` is bound to what precedes it (Swift's rule for postfix
    /// operators): no whitespace, comment end or opening bracket, comma, colon or semicolon before it.
    static func isLeftBound(_ offset: Int, _ bytes: [UInt8]) -> Bool {
        guard offset > 0 else { return false }
        switch bytes[offset - 1] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0B, 0x0C, 0,
             UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
            return false
        case UInt8(ascii: "/"):
            return !(offset >= 2 && bytes[offset - 2] == UInt8(ascii: "*"))  // `/* … */!` ends a comment
        default:
            return true
        }
    }

    /// A receiver that is a bare type name (`Self`, `Feature`) on the call's line: removing the call would
    /// leave a type where a value is expected. (On an earlier line, the token may be a `#if` condition.)
    private func isTypeName(_ k: Int, _ code: CodeTokens) -> Bool {
        guard k >= 0, !code.isDot(k - 1), code.isNameLike(k) else { return false }
        return code.text(k).first.map { $0.isUppercase } ?? false
    }

    /// The first token of `let _ = <receiver>` / `_ = <receiver>` starting its line, or nil.
    private func discardStatementStart(receiver k: Int, _ code: CodeTokens) -> Int? {
        guard code.isOperator(k - 1, "="), code.is(k - 2, "_") else { return nil }
        let first = code.is(k - 3, "let") || code.is(k - 3, "var") ? k - 3 : k - 2
        return code.newlineBefore[first] || first == 0 ? first : nil
    }

    /// The lines of a postfix `#if COND` / `._printChanges(…)` / `#endif` that holds nothing else (no other
    /// modifier, no `#else`, no comment), when the `#if` and `#endif` lines hold nothing else either.
    private func postfixIfConfigBlock(dot: Int, close: Int, file: FileSyntax, lines: LineGeometry) -> Range<Int>? {
        let code = file.code
        let endif = close + 1
        guard endif < code.count, code.tokens[endif].kind == .pound, code.is(endif, "#endif"),
              code.newlineBefore[endif], code.newlineBefore[dot] else { return nil }
        // The `#if` line: `#if` then its condition, all on the line just above the dot.
        var h = dot - 1
        while h > 0 && !code.newlineBefore[h] { h -= 1 }
        // A postfix `#if` follows its receiver (h > 0) and starts its own line.
        guard h > 0, code.newlineBefore[h], code.tokens[h].kind == .pound, code.is(h, "#if"),
              code.isPostfixIfConfig(h, limit: code.count) else { return nil }
        let ifStart = code.tokens[h].startOffset
        let endifEnd = code.tokens[endif].endOffset
        let blockStart = lines.lineStart(ifStart)
        guard lines.isBlank(blockStart, ifStart), lines.isBlank(endifEnd, lines.contentEnd(endifEnd)),
              lines.hasLineBreak(endifEnd),
              !file.tokens.hasComment(in: blockStart..<lines.nextLineStart(endifEnd))
        else { return nil }
        return blockStart..<lines.nextLineStart(endifEnd)
    }
}

/// The deletion that removes a reported `._printChanges()` call (`leftover_print_changes`'s fix): where the call
/// starts and ends, which adjacent calls go with it, and which surrounding text (a line holding only the calls,
/// a postfix `#if DEBUG` block, a `let _ =` statement) goes too. Edit geometry over tokens, not TCA meaning:
/// which calls are reported is the model's (`FileWideFacts.printChanges`).
struct PrintChangesRemoval {
    let file: FileSyntax
    /// Name tokens of the reported calls.
    let reported: Set<Int>
    var code: CodeTokens { file.code }

    /// The reported call `._printChanges(…)` at `i` (name token) as `(dot, close)`, or nil when it has no
    /// receiver dot (`_printChanges()` inside an extension) or its parentheses do not close.
    private func modifier(at i: Int) -> (dot: Int, close: Int)? {
        guard reported.contains(i), code.isDot(i - 1) else { return nil }
        var open = i + 1
        if let g = code.skipGenericArguments(open, limit: code.count) { open = g }
        guard code.isPunct(open, .lparen), let close = code.partnerOf(open), close > open else { return nil }
        return (i - 1, close)
    }

    /// The bytes to delete for the reported call at `i` (its name token), with the offsets of the findings that
    /// deletion resolves, and every reported call it covers; no range where no safe deletion exists.
    ///
    /// Safe: deletes the modifier and keeps the rest of the chain (`Feature()._printChanges()` → `Feature()`).
    /// Adjacent calls (`._printChanges()._printChanges()`) go together, so a line holding only them goes
    /// as a whole; a postfix `#if DEBUG … #endif` whose only content is the modifier goes as a whole;
    /// `let _ = Self._printChanges()` (a call on a type, whose receiver alone would not compile) goes as
    /// a statement. None for a call without a receiver, optional chaining (`x?._printChanges()` would leave
    /// a dangling `?`), a prefix operator before the dot (`!._printChanges()` applies `!` to an implicit
    /// member: there is no receiver), a call on a type in any other statement, and a call followed by a
    /// trailing closure on the same line.
    func removal(at i: Int) -> (range: Range<Int>?, findingOffsets: [Int], covered: Set<Int>) {
        guard let call = modifier(at: i) else { return (nil, [], []) }
        var (dot, close) = call
        var calls = [i]
        // Extend over adjacent reported calls on both sides.
        while code.isPunct(dot - 1, .rparen), let open = code.partnerOf(dot - 1), let previous = modifier(at: open - 1),
              previous.close == dot - 1 {
            dot = previous.dot
            calls.insert(open - 1, at: 0)
        }
        while let next = modifier(at: close + 2), next.dot == close + 1 {
            calls.append(close + 2)
            close = next.close
        }
        let covered = Set(calls)
        if dot > 0 && code.tokens[dot - 1].kind == .operator && code.is(dot - 1, "?") && !code.newlineBefore[dot] { return (nil, [], covered) }
        // `!._printChanges()`: an operator not bound to what precedes it is a prefix operator applied to an
        // implicit member, so there is no receiver to keep; removing the call would leave a dangling `!`.
        if dot > 0 && code.tokens[dot - 1].kind == .operator && !code.newlineBefore[dot]
            && !Self.isLeftBound(code.tokens[dot - 1].startOffset, code.bytes) { return (nil, [], covered) }
        if close + 1 < code.count && code.isPunct(close + 1, .lbrace) && !code.newlineBefore[close + 1] { return (nil, [], covered) }

        let lines = LineGeometry(bytes: code.bytes)
        var start = code.tokens[dot].startOffset
        let end = code.tokens[close].endOffset
        if !code.newlineBefore[dot], isTypeName(dot - 1) {
            // `let _ = Self._printChanges()`: only the whole statement can go.
            guard let statement = discardStatementStart(receiver: dot - 1),
                  close + 1 >= code.count || code.newlineBefore[close + 1] || code.isPunct(close + 1, .rbrace)
            else { return (nil, [], covered) }
            start = code.tokens[statement].startOffset
        }
        let range = postfixIfConfigBlock(dot: dot, close: close, lines: lines)
            ?? SpanDeletion.range(start, end, lines: lines)
        return (range, calls.map { code.tokens[$0].startOffset }, covered)
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
    private func isTypeName(_ k: Int) -> Bool {
        guard k >= 0, !code.isDot(k - 1), code.isNameLike(k) else { return false }
        return code.text(k).first.map { $0.isUppercase } ?? false
    }

    /// The first token of `let _ = <receiver>` / `_ = <receiver>` starting its line, or nil.
    private func discardStatementStart(receiver k: Int) -> Int? {
        guard code.isOperator(k - 1, "="), code.is(k - 2, "_") else { return nil }
        let first = code.is(k - 3, "let") || code.is(k - 3, "var") ? k - 3 : k - 2
        return code.newlineBefore[first] || first == 0 ? first : nil
    }

    /// The lines of a postfix `#if COND` / `._printChanges(…)` / `#endif` that holds nothing else (no other
    /// modifier, no `#else`, no comment), when the `#if` and `#endif` lines hold nothing else either.
    private func postfixIfConfigBlock(dot: Int, close: Int, lines: LineGeometry) -> Range<Int>? {
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

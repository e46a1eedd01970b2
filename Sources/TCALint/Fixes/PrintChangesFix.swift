/// `leftover_print_changes`: delete the `._printChanges(…)` modifier and keep the rest of the chain
/// (`Feature()._printChanges()` → `Feature()`). A modifier alone on its line goes with its line; a postfix
/// `#if DEBUG … #endif` whose only content is the modifier goes as a whole.
///
/// Not fixed (the finding stays): a call without a receiver (`_printChanges()` inside an extension),
/// optional chaining (`x?._printChanges()`, removing it would leave a dangling `?`), and a call followed
/// by a trailing closure on the same line.
public enum PrintChangesFix: FixProvider {
    public static let ruleID = LeftoverPrintChangesRule.description.id

    public static func fixes(for file: AnalyzedFile) -> [Fix] {
        let code = file.code
        var fixes: [Fix] = []
        for i in 0..<code.count where code.tokens[i].kind == .identifier && code.is(i, "_printChanges") {
            if let fix = fix(at: i, file: file) { fixes.append(fix) }
        }
        return fixes
    }

    private static func fix(at i: Int, file: AnalyzedFile) -> Fix? {
        let code = file.code
        let lines = LineGeometry(bytes: code.bytes)
        // The same calls the rule reports: `._printChanges(…)` with a non-string argument.
        guard code.isDot(i - 1), !code.is(i - 2, "func") else { return nil }
        var open = i + 1
        if let g = code.skipGenericArguments(open, limit: code.count) { open = g }
        guard code.isPunct(open, .lparen), let close = code.partnerOf(open), close > open else { return nil }
        if open + 1 < code.count && code.tokens[open + 1].kind == .string { return nil }
        let dot = i - 1
        if dot > 0 && code.tokens[dot - 1].kind == .operator && code.is(dot - 1, "?") && !code.newlineBefore[dot] { return nil }
        if close + 1 < code.count && code.isPunct(close + 1, .lbrace) && !code.newlineBefore[close + 1] { return nil }

        let start = code.tokens[dot].startOffset
        let end = code.tokens[close].endOffset
        let title = "Remove ._printChanges()"
        func make(_ range: Range<Int>) -> Fix {
            Fix(ruleID: ruleID, title: title, applicability: .safe, edits: [.delete(range)],
                findingOffsets: [code.tokens[i].startOffset])
        }

        if let block = postfixIfConfigBlock(dot: dot, close: close, file: file, lines: lines) { return make(block) }

        let lineStart = lines.lineStart(start)
        let lineEnd = lines.contentEnd(end)
        let aloneBefore = lines.isBlank(lineStart, start)
        let aloneAfter = lines.isBlank(end, lineEnd)
        switch (aloneBefore, aloneAfter) {
        case (true, true):
            // The whole line (and its line break); an unterminated last line takes the break before it.
            if lines.hasLineBreak(end) { return make(lineStart..<lines.nextLineStart(end)) }
            if let previous = lines.previousLine(before: lineStart) { return make(previous.contentEnd..<lineEnd) }
            return make(lineStart..<lineEnd)
        case (false, true):
            // `Feature()._printChanges()   ` → `Feature()`: trailing blanks go too.
            return make(start..<lineEnd)
        case (true, false):
            // `    ._printChanges() // why` or `    ._printChanges().ifLet(…)`: the next text moves up to the indentation.
            return make(start..<lines.skipBlanks(end, lineEnd))
        case (false, false):
            return make(start..<end)
        }
    }

    /// The lines of a postfix `#if COND` / `._printChanges(…)` / `#endif` that holds nothing else (no other
    /// modifier, no `#else`, no comment), when the `#if` and `#endif` lines hold nothing else either.
    private static func postfixIfConfigBlock(dot: Int, close: Int, file: AnalyzedFile, lines: LineGeometry) -> Range<Int>? {
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
              !CommentIndex.hasComment(in: blockStart..<lines.nextLineStart(endifEnd), tokens: file.tokens)
        else { return nil }
        return blockStart..<lines.nextLineStart(endifEnd)
    }
}

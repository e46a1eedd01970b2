/// `._printChanges()` left in code. Reads tokens only: comments, strings and regex literals are
/// single tokens, so text inside them can never match.
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
        guard file.role.isDisjoint(with: [.test, .documentation, .demo]), !file.model.usesTestStore else { return [] }
        let code = file.code
        let previews = Self.previewRanges(code)
        var findings: [Finding] = []
        // A file that declares its own `func _printChanges` (on some other type) calls that one, except on
        // the reducers of a builder: there only TCA's applies.
        var onlyOnReducers: Set<Int>? = nil
        for i in 0..<code.count where code.is(i, "_printChanges") && code.is(i - 1, "func") {
            onlyOnReducers = Set(file.model.reducers.flatMap(\.builderDeclarations).flatMap(\.allElements)
                .flatMap(\.modifiers).filter { $0.name == "_printChanges" }.map(\.nameToken))
            break
        }
        // A call compiled into debug builds only (`#if DEBUG`, also around a postfix modifier) was kept there
        // on purpose: TCA's printer prints in debug builds only, and the guard says the author knows.
        var debugOnly = DebugOnlyClauses()
        var chain: (fix: Fix?, calls: Set<Int>) = (nil, [])
        for i in 0..<code.count {
            debugOnly.step(i, code)
            guard isReportedCall(i, code), !debugOnly.isInside else { continue }
            if let onlyOnReducers, !onlyOnReducers.contains(i) { continue }
            if previews.contains(where: { $0.contains(i) }) { continue }
            // Adjacent calls share one fix (it removes them together): found once per chain, so a chain of
            // n calls costs n, not n².
            if !chain.calls.contains(i) { chain = removalFix(at: i, file: file) }
            findings.append(finding(at: code.tokens[i].startOffset, Self.message(isSwiftUIView: code.isDot(i - 1) && code.is(i - 2, "Self")),
                                    fix: chain.fix))
        }
        return findings
    }

    /// `x._printChanges()`, `._printChanges(.actionLabels)`, also across a postfix `#if`; not a declaration
    /// of someone's own `_printChanges`, and not a call with a string-literal argument (TCA's takes no
    /// argument or a printer, so that is some other API).
    private func isReportedCall(_ i: Int, _ code: CodeTokens) -> Bool {
        guard i >= 0, i < code.count, code.tokens[i].kind == .identifier, code.is(i, "_printChanges"),
              !code.is(i - 1, "func"), !code.is(i - 1, "var"), !code.is(i - 1, "let"),
              let open = argumentsOpen(i, code) else { return false }
        // No argument, or one of TCA's own printers: a debugging aid. A printer of the app's own
        // (`._printChanges(.logger)`, `._printChanges(printer)`) is deliberate logging, not a leftover, and
        // a string literal is some other API.
        guard let close = code.partnerOf(open), close > open else { return false }
        if close == open + 1 { return true }
        return close == open + 3 && code.isDot(open + 1) && Self.tcaPrinters.contains(code.text(open + 2))
    }

    /// TCA's `_printChanges` is an instance method of a reducer; `Self._printChanges()` is SwiftUI's static
    /// `View._printChanges()`, a debugging aid too, which prints why a view's body was evaluated.
    static func message(isSwiftUIView: Bool) -> String {
        isSwiftUIView
            ? "Remove Self._printChanges() before merging; it is SwiftUI's debugging aid (underscored, unversioned API) that prints why the view's body was evaluated, every time it is"
            : "Remove ._printChanges() before merging; it is a debugging aid (underscored, unversioned API) that prints every action and state diff"
    }

    /// `_ReducerPrinter`'s static members in TCA.
    static let tcaPrinters: Set<String> = ["customDump", "actionLabels"]

    /// Token ranges of `#Preview { … }` blocks and of the members of `PreviewProvider` types: a store
    /// built for a preview prints into the preview's console only, on purpose.
    static func previewRanges(_ code: CodeTokens) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for i in 0..<code.count where code.is(i, "#Preview") || code.is(i, "PreviewProvider") {
            var k = i + 1
            if code.isPunct(k, .lparen) { k = code.skipGroup(k, limit: code.count) }
            var steps = 0
            while k < code.count && !code.isPunct(k, .lbrace) && steps < 64 { k = code.skipGroup(k, limit: code.count); steps += 1 }
            if code.isPunct(k, .lbrace), let close = code.partnerOf(k), close > k { ranges.append(k..<close) }
        }
        return ranges
    }

    private func argumentsOpen(_ i: Int, _ code: CodeTokens) -> Int? {
        var open = i + 1
        if let g = code.skipGenericArguments(open, limit: code.count) { open = g }
        return code.isPunct(open, .lparen) ? open : nil
    }

    /// The reported call `._printChanges(…)` at `i` (name token) as `(dot, close)`, or nil when it has no
    /// receiver dot (`_printChanges()` inside an extension) or its parentheses do not close.
    private func modifier(at i: Int, _ code: CodeTokens) -> (dot: Int, close: Int)? {
        guard isReportedCall(i, code), code.isDot(i - 1), let open = argumentsOpen(i, code),
              let close = code.partnerOf(open), close > open else { return nil }
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
    private func removalFix(at i: Int, file: AnalyzedFile) -> (fix: Fix?, calls: Set<Int>) {
        let code = file.code
        guard let call = modifier(at: i, code) else { return (nil, []) }
        var (dot, close) = call
        var calls = [i]
        // Extend over adjacent reported calls on both sides.
        while code.isPunct(dot - 1, .rparen), let open = code.partnerOf(dot - 1), let previous = modifier(at: open - 1, code),
              previous.close == dot - 1 {
            dot = previous.dot
            calls.insert(open - 1, at: 0)
        }
        while let next = modifier(at: close + 2, code), next.dot == close + 1 {
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
    private func postfixIfConfigBlock(dot: Int, close: Int, file: AnalyzedFile, lines: LineGeometry) -> Range<Int>? {
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

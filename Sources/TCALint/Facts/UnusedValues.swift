/// Values that reducer code computes and nothing can observe: an uncontrolled `Date()` there makes no test
/// nondeterministic (`uncontrolled_dependency` reports a value a test could see).
enum UnusedValues {
    /// The value at token `j` (its last token at `end`) is never used: bound to a local that nothing after it reads, or
    /// the fallback of an optional whose chain the enclosing call is on.
    static func isNeverUsed(valueAt j: Int, end: Int, code: CodeTokens) -> Bool {
        isFallbackOfChainedOptional(at: j, end: end, code: code) || isInUnreadLocal(valueAt: j, code: code)
            || decidesNothing(at: j, code: code)
    }

    /// Token `t` is in the condition of an `if` whose two branches are the same code (`if isToday(d) { x = y } else
    /// { x = y }`): whatever the condition gives, the same code runs.
    static func decidesNothing(at t: Int, code: CodeTokens) -> Bool {
        // Back to the `if` at the statement's own level; a brace, a `;` or an `else if` on the way is no such condition.
        var k = t - 1
        while k >= 0 {
            if code.isPunct(k, .rparen) || code.isPunct(k, .rbracket) {
                guard let open = code.partnerOf(k), open < k else { return false }
                k = open - 1
                continue
            }
            if code.isPunct(k, .lbrace) || code.isPunct(k, .rbrace) || code.isPunct(k, .semicolon) { return false }
            if code.is(k, "if") { break }
            k -= 1
        }
        guard k >= 0, code.is(k, "if"), !code.is(k - 1, "else") else { return false }
        // Forward to the then-block: the first `{` outside brackets (a closure in a condition needs parentheses).
        var open = t + 1
        while open < code.count, !code.isPunct(open, .lbrace) {
            if code.isPunct(open, .rbrace) || code.isPunct(open, .semicolon) { return false }
            open = code.skipGroup(open, limit: code.count)
        }
        guard open < code.count, let close = code.partnerOf(open), close > open, code.is(close + 1, "else"),
              code.isPunct(close + 2, .lbrace), let elseClose = code.partnerOf(close + 2), elseClose > close + 2 else { return false }
        let then = (open + 1)..<close, otherwise = (close + 3)..<elseClose
        return !then.isEmpty && then.count == otherwise.count && zip(then, otherwise).allSatisfy { code.spellsSame($0, $1) }
    }

    /// `x?.format(date: x ?? Date())`: when `x` is nil the chain stops before the arguments are evaluated, and when it
    /// is not, `??` gives `x`; the fallback never runs.
    static func isFallbackOfChainedOptional(at j: Int, end: Int, code: CodeTokens) -> Bool {
        guard code.is(j - 1, "??"), code.kind(j - 2) == .identifier, !code.isDot(j - 3),
              code.isPunct(j - 3, .colon) || code.isPunct(j - 3, .lparen) || code.isPunct(j - 3, .comma),
              code.isPunct(end + 1, .rparen) || code.isPunct(end + 1, .comma) else { return false }
        guard let open = code.enclosingOpener(before: j - 2), code.isPunct(open, .lparen) else { return false }
        // `x ? . name (`: the call is on `x`'s optional chain.
        return open >= 4 && code.kind(open - 1) == .identifier && code.isDot(open - 2) && code.isOperator(open - 3, "?")
            && code.kind(open - 4) == .identifier && code.spellsSame(open - 4, j - 2) && !code.isDot(open - 5)
    }

    /// `let today = Calendar.current.startOfDay(for: Date())` on the value's line, and no later token of the block (or
    /// of the switch case) it is declared in names `today`, in code or in a string's interpolation, but in the
    /// condition of an `if` that does the same either way (`decidesNothing`).
    static func isInUnreadLocal(valueAt j: Int, code: CodeTokens) -> Bool {
        guard let equals = bindingEquals(before: j, code: code) else { return false }
        let name = equals - 1
        var depth = 0
        var t = equals + 1
        while t < code.count {
            defer { t += 1 }
            if code.isPunct(t, .lparen) || code.isPunct(t, .lbracket) || code.isPunct(t, .lbrace) { depth += 1; continue }
            if code.isPunct(t, .rparen) || code.isPunct(t, .rbracket) || code.isPunct(t, .rbrace) {
                depth -= 1
                if depth < 0 { return true }  // the block that declares it closes
                continue
            }
            // The next clause of the switch: a `case`/`default` label starting a line at the declaration's depth.
            if depth == 0 && code.newlineBefore[t] && (code.is(t, "case") || code.is(t, "default")) { return true }
            switch code.kind(t) {
            case .identifier where code.spellsSame(t, name) && !code.isDot(t - 1) && !decidesNothing(at: t, code: code): return false
            case .string where contains(code, string: t, name: name): return false
            default: break
            }
        }
        return true
    }

    /// The `=` of `let name =` / `var name =` that starts the statement holding token j, on j's line.
    private static func bindingEquals(before j: Int, code: CodeTokens) -> Int? {
        var k = j - 1
        while k >= 2 {
            if code.isPunct(k, .rparen) || code.isPunct(k, .rbracket) {
                guard let open = code.partnerOf(k) else { return nil }
                if code.newlineBefore[open] || (open + 1...k).contains(where: { code.newlineBefore[$0] }) { return nil }
                k = open - 1
                continue
            }
            if code.isPunct(k, .lbrace) || code.isPunct(k, .rbrace) || code.isPunct(k, .semicolon) { return nil }
            if code.is(k, "=") {
                return code.kind(k - 1) == .identifier && (code.is(k - 2, "let") || code.is(k - 2, "var")) ? k : nil
            }
            if code.newlineBefore[k] { return nil }
            k -= 1
        }
        return nil
    }

    /// Whether the string literal token holds the name's bytes (an interpolation `\(today)` reads it).
    private static func contains(_ code: CodeTokens, string t: Int, name: Int) -> Bool {
        let literal = code.tokens[t], needle = code.tokens[name]
        return Prefilter.firstIndex(of: Array(code.bytes[needle.startOffset..<needle.endOffset]), in: code.bytes,
                                    from: literal.startOffset, to: literal.endOffset) != nil
    }
}

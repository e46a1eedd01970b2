/// Dispatch on a token's first byte, and the simple token forms: punctuation, words, `$`
/// identifiers, backticks, `#` forms, editor placeholders and curly-quote recovery.
extension TokenizerCore {
    /// Lexes the token starting at `i` (not trivia) and returns the position after it.
    mutating func lexToken(_ i: Int) -> Int {
        let prefer = preferRegexNext
        preferRegexNext = false
        let b = base[i]
        switch b {
        case UInt8(ascii: "("), UInt8(ascii: "["):
            return punct(i, 1, .argumentStart)
        case UInt8(ascii: ","):
            return punct(i, 1, .argumentStart)
        case UInt8(ascii: "{"), UInt8(ascii: ";"):
            return punct(i, 1, .expressionStart)
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "@"), UInt8(ascii: "\\"):
            return punct(i, 1, .noRegex)
        case UInt8(ascii: ":"):
            if peek(i + 1) == UInt8(ascii: ":") { return punct(i, 2, .noRegex) }
            return punct(i, 1, .argumentStart)
        case UInt8(ascii: "#"):
            return lexPound(i)
        case UInt8(ascii: "!"), UInt8(ascii: "?"):
            if isLeftBound(i) {
                // Postfix `!` / `?` is always a single character (`x!.y`, `a?[0]`).
                let afterTry = previous == .keywordTry
                emit(i, i + 1, .operator)
                previous = .noRegex
                if afterTry { preferRegexNext = true }
                return i + 1
            }
            return lexOperator(i, preferRegex: prefer)
        case UInt8(ascii: "<"):
            if peek(i + 1) == UInt8(ascii: "#"), let end = editorPlaceholderEnd(i) {
                emit(i, end, .identifier)
                previous = .noRegex
                return end
            }
            return lexOperator(i, preferRegex: prefer)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return openString(quote: i, tokenStart: i, pounds: 0)
        case UInt8(ascii: "`"):
            return lexBacktick(i)
        case UInt8(ascii: "$"):
            return lexDollarIdentifier(i)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return lexNumber(i)
        default:
            break
        }
        let cls = byteClass(b)
        if cls & ByteClass.identifierStart != 0 { return lexIdentifier(i, firstLength: 1) }
        if cls & ByteClass.operatorCharacter != 0 { return lexOperator(i, preferRegex: prefer) }
        if cls & ByteClass.nonASCII == 0 {
            // Unreachable after trivia; kept so no byte can stall the loop.
            emit(i, i + 1, .unknown)
            previous = .expressionStart
            return i + 1
        }
        let (scalar, length) = decodeScalar(base, i, count)
        if isUnicodeIdentifierStart(scalar) { return lexIdentifier(i, firstLength: length) }
        if isUnicodeOperatorStart(scalar) { return lexOperator(i, preferRegex: prefer) }
        if isUnicodeIdentifierContinue(scalar) {
            // A combining mark cannot start an identifier; the lexer recovers with one anyway.
            let end = skipIdentifierContinuation(i)
            emit(i, end, .identifier)
            previous = .noRegex
            return end
        }
        if scalar == 0x201C {
            // “curly quoted text” is recovered as one identifier.
            let end = curlyQuoteStringEnd(i + length) ?? (i + length)
            emit(i, end, .identifier)
            previous = .noRegex
            return end
        }
        // U+201D (closing curly quote) is an unknown token; anything else is unreachable after trivia.
        emit(i, i + length, .unknown)
        previous = .expressionStart
        return i + length
    }

    @inline(__always)
    mutating func punct(_ i: Int, _ length: Int, _ next: LexerPrevious) -> Int {
        emit(i, i + length, .punct)
        previous = next
        return i + length
    }

    /// Position after the identifier-continuation characters starting at `from`.
    @inline(__always)
    func skipIdentifierContinuation(_ from: Int) -> Int {
        var j = from
        while j < count {
            let c = base[j]
            if c < 0x80 {
                if byteClass(c) & ByteClass.identifierContinue == 0 { return j }
                j += 1
            } else {
                let (scalar, length) = decodeScalar(base, j, count)
                if !isUnicodeIdentifierContinue(scalar) { return j }
                j += length
            }
        }
        return j
    }

    /// A word: reserved words become `keyword`, everything else (incl. contextual keywords) `identifier`.
    mutating func lexIdentifier(_ i: Int, firstLength: Int) -> Int {
        var j = i + firstLength
        var asciiOnly = firstLength == 1
        while j < count {
            let c = base[j]
            if c < 0x80 {
                if byteClass(c) & ByteClass.identifierContinue == 0 { break }
                j += 1
            } else {
                let (scalar, length) = decodeScalar(base, j, count)
                if !isUnicodeIdentifierContinue(scalar) { break }
                asciiOnly = false
                j += length
            }
        }
        let role = asciiOnly ? keywords.role(base, i, j) : .notKeyword
        switch role {
        case .notKeyword:
            emit(i, j, .identifier)
            previous = .noRegex
        case .plain:
            emit(i, j, .keyword)
            previous = .expressionStart
        case .try:
            emit(i, j, .keyword)
            previous = .keywordTry
        case .declaresOperator:
            emit(i, j, .keyword)
            previous = .keywordDeclaringOperator
        case .expression, .wildcard:
            emit(i, j, .keyword)
            previous = .noRegex
        }
        return j
    }

    /// `$0`, `$foo`, a lone `$`.
    mutating func lexDollarIdentifier(_ i: Int) -> Int {
        let end = skipIdentifierContinuation(i + 1)
        emit(i, end, .identifier)
        previous = .noRegex
        return end
    }

    /// `` `name` `` (backticks included) if closed on the same line; otherwise a lone backtick.
    mutating func lexBacktick(_ i: Int) -> Int {
        var j = i + 1
        while j < count {
            let c = base[j]
            if c == UInt8(ascii: "`") {
                emit(i, j + 1, .identifier)
                previous = .noRegex
                return j + 1
            }
            if c == 0x0A || c == 0x0D { break }
            j += 1
        }
        emit(i, i + 1, .punct)
        previous = .noRegex
        return i + 1
    }

    /// `#`: shebang, raw string, `#/regex/#`, `#if`-family keywords, or a lone `#` (which the
    /// emitter glues to an adjacent word: `#Preview`, `#selector`).
    mutating func lexPound(_ i: Int) -> Int {
        if peek(i + 1) == UInt8(ascii: "!") && (i == 0 || base[i - 1] == 0) {
            let end = endOfLine(i)
            emit(i, end, .comment)
            previous = .noRegex
            return end
        }
        let runEnd = poundRunEnd(from: i)
        if runEnd < count {
            if base[runEnd] == UInt8(ascii: "\"") {
                return openString(quote: runEnd, tokenStart: i, pounds: runEnd - i)
            }
            if base[runEnd] == UInt8(ascii: "/"), let end = scanRegexLiteral(from: i, mustBeRegex: true) {
                emit(i, end, .regex)
                previous = .noRegex
                return end
            }
        }
        var j = i + 1
        while j < count && byteClass(base[j]) & ByteClass.identifierStart != 0 { j += 1 }
        switch j - i - 1 {
        case 2 where startsWith(i + 1, "if"),
            4 where startsWith(i + 1, "else"),
            5 where startsWith(i + 1, "endif"),
            6 where startsWith(i + 1, "elseif"):
            emit(i, j, .pound)
            previous = .expressionStart
            return j
        case 9 where startsWith(i + 1, "available"),
            11 where startsWith(i + 1, "unavailable"),
            14 where startsWith(i + 1, "sourceLocation"):
            emit(i, j, .pound)
            previous = .noRegex
            return j
        default:
            emit(i, i + 1, .pound)
            previous = .noRegex
            return i + 1
        }
    }

    /// End of the run of `#` starting at `i`. Memoised so a long run is counted once, not
    /// once per `#` in it.
    mutating func poundRunEnd(from i: Int) -> Int {
        if i >= poundRunStart && i < poundRunEnd { return poundRunEnd }
        var j = i
        while j < count && base[j] == UInt8(ascii: "#") { j += 1 }
        poundRunStart = i
        poundRunEnd = j
        return j
    }

    /// `<#placeholder#>` on one line (not crossing another `<#`): its end, or nil.
    func editorPlaceholderEnd(_ i: Int) -> Int? {
        var p = i + 2
        while p < count {
            let c = base[p]
            p += 1
            if c == 0x0A { return nil }
            if c == UInt8(ascii: "<") && peek(p) == UInt8(ascii: "#") { return nil }
            if c == UInt8(ascii: "#") && peek(p) == UInt8(ascii: ">") { return p + 1 }
        }
        return nil
    }

    /// The lexer stops an operator before `<#` when a `#>` follows on the same line.
    /// Queries come in increasing order, so both look-aheads are memoised (linear overall).
    mutating func placeholderEndFollowsOnLine(_ i: Int) -> Bool {
        if placeholderHashGreater < i {
            var j = i
            while j + 1 < count && !(base[j] == UInt8(ascii: "#") && base[j + 1] == UInt8(ascii: ">")) { j += 1 }
            placeholderHashGreater = j + 1 < count ? j : count
        }
        if placeholderNewline < i {
            var j = i
            while j < count && base[j] != 0x0A { j += 1 }
            placeholderNewline = j
        }
        return placeholderHashGreater < placeholderNewline
    }

    /// After `“`: the end of a curly-quoted string (through `”` or `"`), or nil when the
    /// line ends first, an interpolation starts, or a character is invalid in a string.
    mutating func curlyQuoteStringEnd(_ from: Int) -> Int? {
        if from > curlyQuoteFailFrom && from <= curlyQuoteFailAt { return nil }
        var j = from
        while true {
            guard j < count else { return fail(from, j) }
            let c = base[j]
            switch c {
            case 0x0A, 0x0D:
                return fail(from, j)
            case UInt8(ascii: "\""):
                return j + 1
            case UInt8(ascii: "\\"):
                if peek(j + 1) == UInt8(ascii: "(") { return fail(from, j) }
                guard let next = escapeEnd(j + 1) else { return fail(from, j) }
                j = next
            default:
                if c < 0x80 {
                    if c < 0x20 || c == 0x7F { return fail(from, j) }  // NUL, tab, controls
                    j += 1
                } else {
                    let (scalar, length) = decodeScalar(base, j, count)
                    if scalar == invalidScalar { return fail(from, j) }
                    j += length
                    if scalar == 0x201D { return j }
                }
            }
        }
    }

    private mutating func fail(_ from: Int, _ at: Int) -> Int? {
        curlyQuoteFailFrom = from
        curlyQuoteFailAt = at
        return nil
    }

    /// A valid escape after `\` at `j` (single-line string rules): its end, or nil if invalid.
    private func escapeEnd(_ j: Int) -> Int? {
        guard j < count else { return nil }
        switch base[j] {
        case UInt8(ascii: "0"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"),
            UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"):
            return j + 1
        case UInt8(ascii: "u"):
            guard peek(j + 1) == UInt8(ascii: "{") else { return nil }
            var k = j + 2
            var value: UInt32 = 0
            while k < count && byteClass(base[k]) & ByteClass.hexDigit != 0 {
                if k - (j + 2) < 8 {
                    let h = base[k]
                    let digit: UInt8 = h <= UInt8(ascii: "9") ? h - 48 : (h | 0x20) - 87
                    value = value << 4 | UInt32(digit)
                }
                k += 1
            }
            let digits = k - (j + 2)
            guard k < count, base[k] == UInt8(ascii: "}"), digits >= 1, digits <= 8 else { return nil }
            guard value <= 0x10FFFF, !(value >= 0xD800 && value <= 0xDFFF) else { return nil }
            return k + 1
        default:
            return nil
        }
    }
}

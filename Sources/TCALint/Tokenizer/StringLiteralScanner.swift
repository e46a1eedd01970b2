/// String literals: `"…"`, `"""…"""`, raw `#"…"#` / `#"""…"""#`, `'…'`, with `\( … )`
/// (raw: `\#( … )`) interpolations. The literal's contents are scanned here; an
/// interpolation pushes a frame and returns to normal lexing (see `TokenizerCore.run`).
///
/// Where an unterminated literal ends follows SwiftParser: a single-line literal ends at the
/// line break, a multi-line one at the end of its last real token (its contents, or the last
/// token of an open interpolation).
extension TokenizerCore {
    /// Opens a literal whose (first) quote is at `quote`; `tokenStart` is the first `#` of a
    /// raw delimiter. Returns the position where the contents start.
    mutating func openString(quote: Int, tokenStart: Int, pounds: Int) -> Int {
        var kind = LiteralFrame.StringKind.singleLine
        var i = quote + 1
        if base[quote] == UInt8(ascii: "'") {
            kind = .singleQuote
        } else if peek(quote + 1) == UInt8(ascii: "\"") && peek(quote + 2) == UInt8(ascii: "\"")
            && !(pounds > 0 && rawTripleQuoteClosesOnSameLine(quote + 3, pounds: pounds))
        {
            kind = .multiLine
            i = quote + 3
        }
        if frames.isEmpty {
            literalStart = tokenStart
            literalTokenIndex = tokens.count
        }
        frames.append(LiteralFrame(isInterpolation: false, kind: kind, pounds: pounds, parenDepth: 0))
        literalLastTokenEnd = i
        if kind == .multiLine && i < count {
            // The line break right after an opening `"""` is trivia, not contents.
            if base[i] == 0x0A {
                i += 1
            } else if base[i] == 0x0D {
                i += 1
                if i < count && base[i] == 0x0A { i += 1 }
            }
        }
        return i
    }

    /// `#"""#` and `#"""a"#` are single-line raw strings: after `#"""`, the closing `"#` on
    /// the same line wins over a multi-line opening.
    private func rawTripleQuoteClosesOnSameLine(_ from: Int, pounds: Int) -> Bool {
        if rawDelimiterEnd(from, pounds: pounds) != nil { return true }
        var j = from
        while j < count {
            let c = base[j]
            if c == 0x0A || c == 0x0D { return false }
            j += 1
            if c == UInt8(ascii: "\""), rawDelimiterEnd(j, pounds: pounds) != nil { return true }
        }
        return false
    }

    /// SwiftParser's `advanceIfStringDelimiter`: at least `pounds` `#` at `from`; it consumes
    /// up to `pounds + 1` of them. Returns the position after them, or nil.
    @inline(__always)
    func rawDelimiterEnd(_ from: Int, pounds: Int) -> Int? {
        if pounds == 0 { return from }
        var n = 0
        while n <= pounds && from + n < count && base[from + n] == UInt8(ascii: "#") { n += 1 }
        return n >= pounds ? from + n : nil
    }

    /// Scans the contents of the innermost (string) frame from `start` until the literal
    /// closes, an interpolation opens, a single-line literal hits a line break, or the input ends.
    mutating func scanStringContents(_ start: Int) -> Int {
        let frame = frames[frames.count - 1]
        let pounds = frame.pounds
        let kind = frame.kind
        var contentStart = start
        var i = start
        while i < count {
            let c = base[i]
            // Fast path: nothing but `\`, quotes and line breaks matters inside a literal.
            if c != UInt8(ascii: "\\") && c != UInt8(ascii: "\"") && c != UInt8(ascii: "'") && c != 0x0A && c != 0x0D {
                i += 1
                continue
            }
            switch c {
            case UInt8(ascii: "\\"):
                let afterPounds = rawDelimiterEnd(i + 1, pounds: pounds)
                if let open = afterPounds, open < count, base[open] == UInt8(ascii: "(") {
                    frames.append(LiteralFrame(isInterpolation: true, kind: kind, pounds: pounds, parenDepth: 0))
                    previous = .argumentStart
                    literalLastTokenEnd = open + 1
                    return open + 1
                }
                if kind == .multiLine, let afterEscape = afterPounds, let next = escapedNewlineEnd(afterEscape) {
                    // `\` + line break: the segment ends before the backslash, the rest is trivia.
                    literalLastTokenEnd = i
                    i = next
                    contentStart = i
                    continue
                }
                i += 1
                if let afterEscape = afterPounds {
                    i = afterEscape
                    if i < count {
                        let e = base[i]
                        if e == UInt8(ascii: "\"") || e == UInt8(ascii: "'") || e == UInt8(ascii: "\\") { i += 1 }
                    }
                }
            case 0x0A, 0x0D:
                if kind == .multiLine {
                    i += 1
                    continue
                }
                // A single-line literal cannot span lines: it ends (unterminated) here.
                literalLastTokenEnd = i
                closeFrame(at: i)
                return i
            case UInt8(ascii: "\""):
                switch kind {
                case .singleQuote:
                    i += 1
                case .singleLine:
                    if rawDelimiterEnd(i + 1, pounds: pounds) != nil {
                        return closeString(afterQuote: i + 1, pounds: pounds)
                    }
                    i += 1
                case .multiLine:
                    if peek(i + 1) == UInt8(ascii: "\"") && peek(i + 2) == UInt8(ascii: "\"")
                        && rawDelimiterEnd(i + 3, pounds: pounds) != nil
                    {
                        return closeString(afterQuote: i + 3, pounds: pounds)
                    }
                    i += 1
                }
            default:  // '
                if kind == .singleQuote { return closeString(afterQuote: i + 1, pounds: 0) }
                i += 1
            }
        }
        if count > contentStart { literalLastTokenEnd = count }
        return count
    }

    /// After `\` and its pounds in a multi-line literal: `[ \t]*` + line break → position after it.
    private func escapedNewlineEnd(_ from: Int) -> Int? {
        var j = from
        while j < count && (base[j] == 0x20 || base[j] == 0x09) { j += 1 }
        guard j < count else { return nil }
        if base[j] == 0x0A { return j + 1 }
        if base[j] == 0x0D { return j + 1 < count && base[j + 1] == 0x0A ? j + 2 : j + 1 }
        return nil
    }

    /// The closing quote ends before `afterQuote`; a raw literal's closing delimiter takes
    /// every `#` that follows.
    private mutating func closeString(afterQuote: Int, pounds: Int) -> Int {
        var end = afterQuote
        if pounds > 0 {
            while end < count && base[end] == UInt8(ascii: "#") { end += 1 }
        }
        literalLastTokenEnd = end
        closeFrame(at: end)
        return end
    }

    private mutating func closeFrame(at end: Int) {
        frames.removeLast()
        previous = .noRegex
        if frames.isEmpty { finishLiteral(end: end) }
    }
}

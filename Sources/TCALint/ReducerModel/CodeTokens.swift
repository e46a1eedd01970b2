/// The tokens the parser and the rules walk: every token but comments (indexed by plain `Int`; the full
/// list, comments included, is `SourceTokens`, whose positions are a type of their own), with what the
/// parser asks about most precomputed in one linear pass —
/// whether a line break precedes a token, and the matching bracket of every `( [ {`.
/// Bracket matching uses an explicit stack, so nesting depth never costs call-stack depth.
public struct CodeTokens {
    public let bytes: [UInt8]
    public let tokens: [Token]
    /// True when a line break (or a comment containing one) separates token i from token i-1.
    public let newlineBefore: [Bool]
    /// For an opening `(`, `[`, `{` or a closing one: the index of its partner, or -1 when unbalanced.
    public let partner: [Int32]

    public init(bytes: [UInt8], allTokens: SourceTokens) {
        self.bytes = bytes
        var toks: [Token] = []
        toks.reserveCapacity(allTokens.count)
        var nl: [Bool] = []
        nl.reserveCapacity(allTokens.count)
        var sawNewline = true
        var prevEnd = 0
        bytes.withUnsafeBufferPointer { b in
            for t in allTokens.elements {
                // A line break in the gap before this token?
                var i = prevEnd
                let s = t.startOffset
                while i < s {
                    if b[i] == 0x0A || b[i] == 0x0D { sawNewline = true; break }
                    i += 1
                }
                prevEnd = t.endOffset
                if t.kind == .comment {
                    // `// …` ends at a line break; a block comment may contain one.
                    if b[t.startOffset + 1] == UInt8(ascii: "/") { sawNewline = true }
                    else {
                        var j = t.startOffset
                        while j < t.endOffset {
                            if b[j] == 0x0A || b[j] == 0x0D { sawNewline = true; break }
                            j += 1
                        }
                    }
                    continue
                }
                toks.append(t)
                nl.append(sawNewline)
                sawNewline = false
            }
        }
        self.tokens = toks
        self.newlineBefore = nl

        var partner = [Int32](repeating: -1, count: toks.count)
        var stack: [Int32] = []
        bytes.withUnsafeBufferPointer { b in
            for (i, t) in toks.enumerated() where t.kind == .punct && t.length == 1 {
                let c = b[t.startOffset]
                switch c {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    stack.append(Int32(i))
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    let open: UInt8 = c == UInt8(ascii: ")") ? UInt8(ascii: "(") : c == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                    // Recover from a stray closer: pop until its opener, or ignore it if none is open.
                    // The search looks at most 16 levels down, so adversarial input stays linear.
                    var found: Int? = nil
                    var k = stack.count - 1
                    while k >= 0 && k >= stack.count - 16 {
                        if b[toks[Int(stack[k])].startOffset] == open { found = k; break }
                        k -= 1
                    }
                    if let k = found {
                        let o = Int(stack[k])
                        partner[o] = Int32(i)
                        partner[i] = Int32(o)
                        stack.removeSubrange(k...)
                    }
                default:
                    break
                }
            }
        }
        self.partner = partner
    }

    public var count: Int { tokens.count }

    /// The kind of token i; `.unknown` past either end, as `is` and `isPunct` answer false there (a file cut
    /// off after `state.` makes `kind(i + 2)` look past its last token).
    public func kind(_ i: Int) -> TokenKind { i >= 0 && i < tokens.count ? tokens[i].kind : .unknown }

    /// The token's text (allocates; use `is`/`isPunct` in hot paths).
    public func text(_ i: Int) -> String {
        let t = tokens[i]
        return String(decoding: bytes[t.startOffset..<t.endOffset], as: UTF8.self)
    }

    /// Whether tokens i and j spell the same text, compared as bytes (no string is made).
    public func spellsSame(_ i: Int, _ j: Int) -> Bool {
        guard i >= 0, j >= 0, i < tokens.count, j < tokens.count else { return false }
        let a = tokens[i], b = tokens[j]
        return a.length == b.length && bytes[a.startOffset..<a.endOffset].elementsEqual(bytes[b.startOffset..<b.endOffset])
    }

    /// True when token i is exactly the given word/operator/punctuation spelling.
    public func `is`(_ i: Int, _ s: StaticString) -> Bool {
        guard i >= 0 && i < tokens.count else { return false }
        let t = tokens[i]
        guard t.length == s.utf8CodeUnitCount else { return false }
        let p = s.utf8Start
        var k = 0
        let o = t.startOffset
        while k < t.length {
            if bytes[o + k] != p[k] { return false }
            k += 1
        }
        return true
    }

    /// True when token i is the single punctuation character c.
    public func isPunct(_ i: Int, _ c: UInt8) -> Bool {
        guard i >= 0 && i < tokens.count else { return false }
        let t = tokens[i]
        return t.kind == .punct && t.length == 1 && bytes[t.startOffset] == c
    }

    /// True when token i is the operator spelled exactly s.
    public func isOperator(_ i: Int, _ s: StaticString) -> Bool {
        i >= 0 && i < tokens.count && tokens[i].kind == .operator && self.is(i, s)
    }

    /// True when token i is `?` or `!` as optional chaining or unwrapping writes it (`path?[`, `store!.send`,
    /// `try? await`): the one reading of "an optional mark" every reader that steps over one shares.
    public func isOptionalMark(_ i: Int) -> Bool {
        isOperator(i, "?") || isOperator(i, "!")
    }

    /// True when token i is a `try` whose error can propagate: not `try?` nor `try!` (the mark written against it).
    public func isThrowingTry(_ i: Int) -> Bool {
        self.is(i, "try") && !(isOptionalMark(i + 1) && tokens[i + 1].start == tokens[i].end)
    }

    /// Index of the first token that ends after `offset` (the token covering it, or else the next one),
    /// or `count`.
    public func firstIndex(endingAfter offset: Int) -> Int { tokens.firstIndex(endingAfter: offset) }

    /// Index of the partner bracket, or nil.
    public func partnerOf(_ i: Int) -> Int? {
        let p = partner[i]
        return p < 0 ? nil : Int(p)
    }

    /// Byte offset of token i (clamped; `count` gives the end of the file).
    public func offset(_ i: Int) -> Int {
        i < tokens.count ? tokens[i].startOffset : bytes.count
    }
}

extension UInt8 {
    static let lparen = UInt8(ascii: "("), rparen = UInt8(ascii: ")")
    static let lbrace = UInt8(ascii: "{"), rbrace = UInt8(ascii: "}")
    static let lbracket = UInt8(ascii: "["), rbracket = UInt8(ascii: "]")
    static let dot = UInt8(ascii: "."), comma = UInt8(ascii: ","), colon = UInt8(ascii: ":")
    static let at = UInt8(ascii: "@"), semicolon = UInt8(ascii: ";"), backslash = UInt8(ascii: "\\")
}

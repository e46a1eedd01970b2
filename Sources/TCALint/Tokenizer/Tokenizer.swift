/// The hand-written Swift tokenizer: UTF-8 bytes in, coarse tokens out (see `TokenKind`).
///
/// It reproduces the token stream of `oracle tokens` (SwiftParser's lexer plus the oracle's
/// normalisations) without parsing. The decisions that look context-dependent in Swift —
/// regex literal versus `/` operator, `1.2` versus tuple index, where an unterminated
/// string ends — are made exactly as SwiftParser's lexer makes them: from the previous
/// token and the surrounding bytes.
///
/// Never recursive: string literals, interpolations and their nesting live on an explicit
/// stack, so any nesting depth costs linear time and constant native stack.
public enum Tokenizer {
    public static func tokenize(_ bytes: UnsafeBufferPointer<UInt8>) -> [Token] {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return [] }
        var core = TokenizerCore(base: base, count: bytes.count)
        defer { core.tokens.deallocate() }
        core.run()
        return core.tokens.makeArray()
    }
}

/// What the previous lexer token means for the next lexing decision. SwiftParser keeps the
/// previous raw token kind; these are the classes of it that change an outcome.
enum LexerPrevious: UInt8 {
    /// An expression may follow (`{`, `;`, `=`, a binary or prefix operator, most keywords,
    /// `#if`, start of file): a `/` here may open a regex literal.
    case expressionStart
    /// `(`, `[`, `,`, `:`: as `expressionStart`, but an unapplied `/` operator is also legal
    /// here, so a `/` that looks binary stays an operator unless a regex is certain.
    case argumentStart
    /// `try`: a postfix `?`/`!` after it makes the next token prefer a regex literal.
    case keywordTry
    /// `func`, `operator`: the next operator is an operator name, never a regex literal.
    case keywordDeclaringOperator
    /// A lone `.`: `0.1` after it is two tuple indices, not a float.
    case period
    /// Anything that ends an expression (identifiers, literals, closing brackets, postfix
    /// operators, …): a `/` after it is an operator.
    case noRegex

    var allowsRegexLiteral: Bool {
        switch self {
        case .expressionStart, .argumentStart, .keywordTry, .keywordDeclaringOperator: return true
        case .period, .noRegex: return false
        }
    }
}

/// One level of the literal stack: a string literal's contents, or an interpolation inside one.
struct LiteralFrame {
    enum StringKind: UInt8 {
        case singleLine  // "…"
        case multiLine  // """…"""
        case singleQuote  // '…'
    }

    var isInterpolation: Bool
    var kind: StringKind
    /// Raw-string `#` count of the enclosing string.
    var pounds: Int
    /// Unclosed `(` inside an interpolation, not counting the one that opened it.
    var parenDepth: Int
}

struct TokenizerCore {
    let base: UnsafePointer<UInt8>
    let count: Int
    var tokens: TokenBuffer

    var previous: LexerPrevious = .expressionStart
    /// Set after `try?` / `try!`: the next token prefers a regex literal over a binary operator.
    var preferRegexNext = false

    /// Open string literals and interpolations, innermost last. Empty at top level.
    var frames: [LiteralFrame] = []
    /// Start of the outermost open literal and where its token goes in `tokens`.
    var literalStart = 0
    var literalTokenIndex = 0
    /// End of the last real (non-trivia) token inside the outermost open literal: where an
    /// unterminated literal ends, as SwiftParser's node extent does.
    var literalLastTokenEnd = 0

    /// End of the last emitted trivia `unknown` token while it is the last token (else -1):
    /// adjacent unexpected trivia merges into one piece, as SwiftParser's trivia parser does.
    var triviaUnknownEnd = -1

    // Memos that keep adversarial inputs linear (see the scanners that use them).
    var poundRunStart = -1
    var poundRunEnd = -1
    var placeholderHashGreater = -1  // next `#>` at or after the last query, or `count`
    var placeholderNewline = -1  // next `\n` at or after the last query, or `count`
    var curlyQuoteFailFrom = Int.max
    var curlyQuoteFailAt = -1
    var multilineRegexFailFrom = Int.max
    var multilineRegexFailPounds = Int.max
    var conflictFailFrom = (Int.max, Int.max)

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
        // Real Swift averages one token per 5–7 bytes.
        tokens = TokenBuffer(capacity: count / 4 + 16)
    }

    /// The byte at `i`, or 0 past the end (callers never rely on 0 meaning NUL there).
    @inline(__always) func peek(_ i: Int) -> UInt8 { i < count ? base[i] : 0 }

    let classes: UnsafePointer<UInt8> = ByteClass.table
    let keywords: KeywordTable = .shared

    @inline(__always) func byteClass(_ b: UInt8) -> UInt8 { classes[Int(b)] }

    mutating func run() {
        var i = 0
        while i < count {
            if !frames.isEmpty && !frames[frames.count - 1].isInterpolation {
                i = scanStringContents(i)
                continue
            }
            // Normal code: top level or inside an interpolation. The token after `try?`
            // is lexed in the lexer's "prefer regex" state, which is not an interpolation state.
            let inInterpolation = !frames.isEmpty && !preferRegexNext
            let stopAtNewline = inInterpolation && frames[frames.count - 1].kind != .multiLine
            i = skipTrivia(i, stopAtNewline: stopAtNewline)
            if i >= count { break }
            if inInterpolation {
                let b = base[i]
                if b == 0x0A || b == 0x0D {
                    // A single-line string cannot span lines: the interpolation and its string end here.
                    literalLastTokenEnd = i
                    frames.removeLast(2)
                    previous = .noRegex
                    if frames.isEmpty { finishLiteral(end: i) }
                    continue
                }
                if b == UInt8(ascii: ")") {
                    if frames[frames.count - 1].parenDepth == 0 {
                        frames.removeLast()
                        literalLastTokenEnd = i + 1
                        previous = .noRegex
                        i += 1
                        continue
                    }
                    frames[frames.count - 1].parenDepth -= 1
                } else if b == UInt8(ascii: "(") {
                    frames[frames.count - 1].parenDepth += 1
                }
            }
            i = lexToken(i)
        }
        if !frames.isEmpty {
            var end = literalLastTokenEnd
            if frames[frames.count - 1].isInterpolation && sameLineTriviaEnd(end) < count {
                // At the end of input inside an interpolation SwiftParser closes the
                // interpolation and re-lexes what follows the last token's trailing trivia as
                // string contents, so the literal runs to the end of the input.
                end = count
            }
            finishLiteral(end: end)
            frames.removeAll()
        }
    }

    // MARK: - Emitting

    /// Emits a real token. Inside a literal it only moves the literal's last-token end.
    /// Applies the oracle's glue rules: adjacent operators merge; a lone `#` absorbs the word after it.
    @inline(__always)
    mutating func emit(_ start: Int, _ end: Int, _ kind: TokenKind) {
        if !frames.isEmpty {
            literalLastTokenEnd = end
            return
        }
        triviaUnknownEnd = -1
        let n = tokens.count
        if n > 0 {
            let last = tokens[n - 1]
            if Int(last.end) == start {
                if (kind == .operator && last.kind == .operator)
                    || ((kind == .identifier || kind == .keyword) && last.kind == .pound && last.length == 1)
                {
                    tokens[n - 1].end = UInt32(truncatingIfNeeded: end)
                    return
                }
            }
        }
        tokens.append(Token(start: start, end: end, kind: kind))
    }

    /// Emits a comment or unexpected-text token from trivia; these are reported even inside
    /// a literal until the literal's final extent is known (see `finishLiteral`).
    mutating func emitTrivia(_ start: Int, _ end: Int, _ kind: TokenKind) {
        if kind == .unknown {
            if triviaUnknownEnd == start, tokens.count > 0 {
                tokens[tokens.count - 1].end = UInt32(truncatingIfNeeded: end)
            } else {
                tokens.append(Token(start: start, end: end, kind: .unknown))
            }
            triviaUnknownEnd = end
        } else {
            tokens.append(Token(start: start, end: end, kind: kind))
            triviaUnknownEnd = -1
        }
    }

    /// Closes the outermost literal as one `string` token `[literalStart, end)`, dropping the
    /// trivia tokens reported inside it and keeping those after it.
    mutating func finishLiteral(end: Int) {
        let literal = Token(start: literalStart, end: end, kind: .string)
        if tokens.count == literalTokenIndex {
            tokens.append(literal)
            triviaUnknownEnd = -1
            return
        }
        var kept: [Token] = []
        for k in literalTokenIndex..<tokens.count where Int(tokens[k].start) >= end {
            kept.append(tokens[k])
        }
        tokens.truncate(to: literalTokenIndex)
        tokens.append(literal)
        for token in kept { tokens.append(token) }
        if let last = kept.last, last.kind == .unknown {
            triviaUnknownEnd = last.endOffset
        } else {
            triviaUnknownEnd = -1
        }
    }
}

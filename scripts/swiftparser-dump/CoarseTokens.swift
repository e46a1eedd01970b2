// The coarse token stream of a file, derived from SwiftParser's tree.
//
// The coarse token mapping, which tca-lint's hand-written tokenizer (`tca-lint dump tokens`) reproduces:
// - words: reserved spelling → keyword, anything else (contextual keywords, `backticked`, $0) → identifier;
// - a whole string / regex literal (outermost node, interpolations included) is one token;
// - comments come from trivia, one token per comment; unexpected text → unknown;
// - normalisations a lexer would produce: `#` + adjacent word is one pound token, adjacent
//   operator tokens are one operator, `16.4` split by the parser in version lists is one number
//   (unless the previous non-comment token is `.`), stray adjacent string pieces are one string.

import SwiftParser
import SwiftSyntax

enum CoarseKind: String {
    case identifier, keyword, punct, `operator`, string, regex, number, pound, comment, unknown
}

struct CoarseToken {
    var start: Int
    var end: Int
    var kind: CoarseKind
    /// The token covers a whole string/regex literal node (never glued to its neighbours).
    var isLiteralNode = false
    /// A lone `.` token (the only punctuation a version number can be split at).
    var isPeriod = false
}

/// The words the Swift lexer reserves; every other word is an identifier in the coarse stream.
let reservedWords: Set<String> = [
    "Any", "as", "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer",
    "deinit", "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func",
    "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "nil", "operator",
    "precedencegroup", "private", "protocol", "public", "repeat", "rethrows", "return", "self", "Self",
    "static", "struct", "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias",
    "var", "where", "while", "_",
]

func coarseTokens(of tree: SourceFileSyntax, bytes: [UInt8]) -> [CoarseToken] {
    let literals = OutermostLiterals(tree)
    var raw = RawTokenCollector(literals: literals)
    for token in tree.tokens(viewMode: .sourceAccurate) {
        raw.addTrivia(token.leadingTrivia, startingAt: token.position.utf8Offset)
        raw.addToken(token)
        raw.addTrivia(token.trailingTrivia, startingAt: token.endPositionBeforeTrailingTrivia.utf8Offset)
    }
    return normalized(raw.tokens, bytes: bytes)
}

// MARK: - Literal extents

/// Sorted, disjoint extents of the outermost string and regex literal nodes.
final class OutermostLiterals: SyntaxVisitor {
    struct Extent {
        let start: Int
        let end: Int
        let kind: CoarseKind
    }

    private(set) var extents: [Extent] = []

    init(_ tree: SourceFileSyntax) {
        super.init(viewMode: .sourceAccurate)
        walk(tree)
    }

    private func record(_ node: some SyntaxProtocol, as kind: CoarseKind) -> SyntaxVisitorContinueKind {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        if end > start { extents.append(Extent(start: start, end: end, kind: kind)) }
        // Anything nested (interpolated literals) belongs to this literal's token.
        return .skipChildren
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind { record(node, as: .string) }
    override func visit(_ node: SimpleStringLiteralExprSyntax) -> SyntaxVisitorContinueKind { record(node, as: .string) }
    override func visit(_ node: RegexLiteralExprSyntax) -> SyntaxVisitorContinueKind { record(node, as: .regex) }
}

// MARK: - Raw stream

/// Turns parser tokens and trivia into coarse tokens, in file order, before normalisation.
private struct RawTokenCollector {
    let literals: [OutermostLiterals.Extent]
    /// Index of the first literal that does not end before the current offset; offsets only grow.
    var literalCursor = 0
    var tokens: [CoarseToken] = []

    init(literals: OutermostLiterals) {
        self.literals = literals.extents
        tokens.reserveCapacity(4096)
    }

    /// The literal containing `offset`, if any.
    mutating func literal(containing offset: Int) -> OutermostLiterals.Extent? {
        while literalCursor < literals.count, literals[literalCursor].end <= offset { literalCursor += 1 }
        guard literalCursor < literals.count else { return nil }
        let candidate = literals[literalCursor]
        return candidate.start <= offset ? candidate : nil
    }

    mutating func addTrivia(_ trivia: Trivia, startingAt start: Int) {
        var offset = start
        for piece in trivia {
            let length = piece.sourceLength.utf8Length
            defer { offset += length }
            let kind: CoarseKind
            switch piece {
            case .lineComment, .docLineComment, .blockComment, .docBlockComment: kind = .comment
            // A byte order mark starting the file: SwiftParser keeps it as unexpected text but reports no
            // error, and swiftc skips it; tca-lint's tokenizer treats it as whitespace.
            case .unexpectedText(let text) where offset == 0 && text == "\u{FEFF}": continue
            case .unexpectedText: kind = .unknown
            default: continue
            }
            if length > 0, literal(containing: offset) == nil {
                tokens.append(CoarseToken(start: offset, end: offset + length, kind: kind))
            }
        }
    }

    mutating func addToken(_ token: TokenSyntax) {
        let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = token.endPositionBeforeTrailingTrivia.utf8Offset
        guard token.presence == .present, end > start, let kind = coarseKind(of: token) else { return }
        if let enclosing = literal(containing: start) {
            // The literal is reported once, at its first token; its inner tokens disappear.
            if enclosing.start == start {
                tokens.append(CoarseToken(start: enclosing.start, end: enclosing.end, kind: enclosing.kind, isLiteralNode: true))
            }
            return
        }
        tokens.append(CoarseToken(start: start, end: end, kind: kind, isPeriod: token.tokenKind == .period))
    }
}

/// The coarse class of one parser token; nil for end-of-file.
private func coarseKind(of token: TokenSyntax) -> CoarseKind? {
    switch token.tokenKind {
    case .identifier, .dollarIdentifier, .keyword:
        let text = token.text
        if text.hasPrefix("`") { return .identifier }
        return reservedWords.contains(text) ? .keyword : .identifier
    case .wildcard:
        return .keyword
    case .integerLiteral, .floatLiteral:
        return .number
    case .stringQuote, .multilineStringQuote, .singleQuote, .stringSegment, .rawStringPoundDelimiter:
        return .string
    case .regexSlash, .regexPoundDelimiter, .regexLiteralPattern:
        return .regex
    case .pound, .poundIf, .poundElse, .poundElseif, .poundEndif, .poundAvailable, .poundUnavailable,
        .poundSourceLocation:
        return .pound
    case .binaryOperator, .prefixOperator, .postfixOperator, .equal, .arrow, .prefixAmpersand,
        .exclamationMark, .postfixQuestionMark, .infixQuestionMark, .leftAngle, .rightAngle, .ellipsis:
        return .operator
    case .leftParen, .rightParen, .leftBrace, .rightBrace, .leftSquare, .rightSquare, .comma, .colon,
        .semicolon, .period, .atSign, .backslash, .backtick, .colonColon:
        return .punct
    case .shebang:
        return .comment
    case .endOfFile:
        return nil
    default:
        return .unknown
    }
}

// MARK: - Normalisation

/// Undoes the parser's context-dependent splits so the stream is what a maximal-munch lexer sees.
private func normalized(_ tokens: [CoarseToken], bytes: [UInt8]) -> [CoarseToken] {
    var result: [CoarseToken] = []
    result.reserveCapacity(tokens.count)

    func isDigitRun(_ token: CoarseToken) -> Bool {
        token.kind == .number && bytes[token.start..<token.end].allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }
    /// `16 . 4` at the end of `result` followed by `next`, all adjacent, and not itself after a `.`.
    func isSplitVersionNumber(before next: CoarseToken) -> Bool {
        let count = result.count
        guard count >= 2, isDigitRun(next) else { return false }
        let major = result[count - 2]
        let dot = result[count - 1]
        guard dot.isPeriod, isDigitRun(major), major.end == dot.start, dot.end == next.start else { return false }
        // A lexer reads `t.0.1` as t . 0 . 1: a number right after a `.` never takes a fraction.
        let previous = result[..<(count - 2)].last { $0.kind != .comment }
        return !(previous?.isPeriod ?? false)
    }
    func gluesOnto(_ last: CoarseToken, _ next: CoarseToken) -> Bool {
        guard last.end == next.start else { return false }
        switch (last.kind, next.kind) {
        case (.pound, .identifier), (.pound, .keyword): return last.end - last.start == 1
        case (.operator, .operator): return true
        case (.string, .string): return !last.isLiteralNode && !next.isLiteralNode
        default: return false
        }
    }

    for token in tokens {
        if isSplitVersionNumber(before: token) {
            result.removeLast()
            result[result.count - 1].end = token.end
            continue
        }
        if let last = result.last, gluesOnto(last, token) {
            result[result.count - 1].end = token.end
            result[result.count - 1].isLiteralNode = false
            result[result.count - 1].isPeriod = false
            continue
        }
        result.append(token)
    }
    return result
}

// MARK: - Subcommand

func runTokens(_ options: CommandOptions) {
    guard !options.files.isEmpty else { exitWithUsageError("tokens: no FILE") }
    let batch = options.files.count > 1 || options.usedFileList
    var output = OutputBuffer()
    for path in options.files {
        let bytes = readFileBytes(path)
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        if batch { output.append("@file \(path)\n") }
        for token in coarseTokens(of: tree, bytes: bytes) {
            output.append("\(token.start) \(token.end) \(token.kind.rawValue)\n")
        }
    }
    output.flush()
}

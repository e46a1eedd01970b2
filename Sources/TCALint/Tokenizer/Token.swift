/// The coarse token kinds of tca-lint, the same classes and spellings as
/// `scripts/swiftparser-dump tokens` (built on the toolchain's SwiftParser), so the two can be diffed line by line.
/// Every decision that produces them is lexical: it depends on the bytes only.
public enum TokenKind: UInt8, CaseIterable, Sendable {
    /// Words that are not reserved (incl. contextual keywords such as `some`, `get`), `` `backticked` ``, `$0`.
    case identifier
    /// Reserved words (see `Keywords.reserved`), wherever they occur.
    case keyword
    /// `( ) [ ] { } , : ; @ \ `` ` `` `::` and a lone `.`
    case punct
    /// Maximal runs of operator characters (`=`, `->`, `?`, `!`, `<`, `>`, `...`, `..<`).
    case `operator`
    /// A whole string literal with all its interpolations.
    case string
    /// A whole regex literal `/…/` or `#/…/#`.
    case regex
    /// Integer and floating-point literals.
    case number
    /// `#` glued to the following word: `#if`, `#endif`, `#Preview`, `#selector`.
    case pound
    /// One comment: `// …` (newline excluded), `/* … */` (nested as one), a `#!` line.
    case comment
    /// Bytes that are not part of any valid token.
    case unknown

    /// The spelling used by `dump tokens` (and by the oracle).
    public var name: String {
        switch self {
        case .identifier: return "identifier"
        case .keyword: return "keyword"
        case .punct: return "punct"
        case .operator: return "operator"
        case .string: return "string"
        case .regex: return "regex"
        case .number: return "number"
        case .pound: return "pound"
        case .comment: return "comment"
        case .unknown: return "unknown"
        }
    }
}

/// One token: a half-open range of UTF-8 byte offsets into the file, and its kind.
/// 32-bit offsets keep the array small (files over 4 GiB are refused before tokenizing).
public struct Token: Equatable, Sendable {
    public var start: UInt32
    public var end: UInt32
    public var kind: TokenKind

    @inlinable public init(start: Int, end: Int, kind: TokenKind) {
        self.start = UInt32(truncatingIfNeeded: start)
        self.end = UInt32(truncatingIfNeeded: end)
        self.kind = kind
    }

    @inlinable public var startOffset: Int { Int(start) }
    @inlinable public var endOffset: Int { Int(end) }
    @inlinable public var length: Int { Int(end) - Int(start) }
}

/// Reserved words: the keywords the Swift *lexer* classifies (the oracle's list).
/// Every other word, including contextual keywords, is an identifier.
public enum Keywords {
    public static let reserved: Set<String> = [
        "Any", "as", "associatedtype", "break", "case", "catch", "class", "continue",
        "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough",
        "false", "fileprivate", "for", "func", "guard", "if", "import", "in", "init",
        "inout", "internal", "is", "let", "nil", "operator", "precedencegroup",
        "private", "protocol", "public", "repeat", "rethrows", "return", "self",
        "Self", "static", "struct", "subscript", "super", "switch", "throw", "throws",
        "true", "try", "typealias", "var", "where", "while", "_",
    ]
}

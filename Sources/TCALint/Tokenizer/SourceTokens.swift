/// Every token of a file, comments included, in source order: what the tokenizer produced, and where the
/// disable comments and the comments a fix must carry along live.
///
/// The parser and the rules walk another list, `CodeTokens` (comments removed), indexed by plain `Int`.
/// This list's positions are a type of their own, `SourceTokens.Index`, so that a position in one list can
/// never be used in the other: `file.tokens[k]` with a code-token `k` does not compile.
public struct SourceTokens: RandomAccessCollection, Sendable {
    /// A position in a file's full token list (comments included). Not an index into `CodeTokens`.
    public struct Index: Strideable, Hashable, Sendable, CustomStringConvertible {
        fileprivate let position: Int
        fileprivate init(_ position: Int) { self.position = position }
        public func distance(to other: Index) -> Int { other.position - position }
        public func advanced(by n: Int) -> Index { Index(position + n) }
        public var description: String { "token #\(position)" }
    }

    private let storage: [Token]

    public init(_ tokens: [Token]) { storage = tokens }

    /// The tokens in order, for a loop that reads every one and needs no position (a plain array's loop,
    /// fast in debug builds too: the 50 MB test file's tokens are walked several times).
    public var elements: [Token] { storage }

    public var startIndex: Index { Index(0) }
    public var endIndex: Index { Index(storage.count) }
    public subscript(position: Index) -> Token { storage[position.position] }

    /// Position of the token whose range contains `offset` (start ≤ offset < end), or nil.
    public func index(containing offset: Int) -> Index? {
        let k = storage.count(startingAtOrBefore: offset) - 1
        guard k >= 0, offset < storage[k].endOffset else { return nil }
        return Index(k)
    }

    /// The (non-empty) token starting exactly at `offset`, or nil.
    public func token(startingAt offset: Int) -> Token? {
        guard let k = index(containing: offset), self[k].startOffset == offset else { return nil }
        return self[k]
    }

    /// The comment token starting exactly at `offset`, or nil.
    public func comment(startingAt offset: Int) -> Token? {
        token(startingAt: offset).flatMap { $0.kind == .comment ? $0 : nil }
    }

    /// True when a comment token lies (even partly) in `range`.
    public func hasComment(in range: Range<Int>) -> Bool {
        var k = storage.firstIndex(endingAfter: range.lowerBound)
        while k < storage.count && storage[k].startOffset < range.upperBound {
            if storage[k].kind == .comment { return true }
            k += 1
        }
        return false
    }
}

/// Binary searches on a token list sorted by offset, shared by `SourceTokens` and `CodeTokens`, each of
/// which wraps the answer in its own index space.
extension Array where Element == Token {
    /// How many tokens start at or before `offset`.
    func count(startingAtOrBefore offset: Int) -> Int { partitionIndex { $0.startOffset <= offset } }

    /// Index of the first token that ends after `offset` (the token covering it, or else the next one),
    /// or `count`.
    func firstIndex(endingAfter offset: Int) -> Int { partitionIndex { $0.endOffset <= offset } }

    /// The first index whose token is not `isBefore` (the tokens that are form a prefix: offsets are sorted).
    private func partitionIndex(_ isBefore: (Token) -> Bool) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if isBefore(self[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

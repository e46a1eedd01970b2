/// Lookups of any token (comments included) in a file's full token list, by binary search on offsets:
/// which token covers a byte, which starts at it, whether a comment lies in a range.
enum TokenLookup {
    /// Index of the token whose range contains `offset` (start ≤ offset < end), or nil.
    static func tokenIndex(containing offset: Int, in tokens: [Token]) -> Int? {
        var lo = 0, hi = tokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tokens[mid].startOffset <= offset { lo = mid + 1 } else { hi = mid }
        }
        let k = lo - 1
        guard k >= 0, tokens[k].startOffset <= offset, offset < tokens[k].endOffset else { return nil }
        return k
    }

    /// The (non-empty) token starting exactly at `offset`, or nil.
    static func token(startingAt offset: Int, in tokens: [Token]) -> Token? {
        guard let k = tokenIndex(containing: offset, in: tokens), tokens[k].startOffset == offset else { return nil }
        return tokens[k]
    }

    /// The comment token starting exactly at `offset`, or nil.
    static func comment(startingAt offset: Int, in tokens: [Token]) -> Token? {
        token(startingAt: offset, in: tokens).flatMap { $0.kind == .comment ? $0 : nil }
    }

    /// Index of the first token that ends after `offset` (the token covering it, or else the next one),
    /// or `tokens.count`.
    static func firstIndex(endingAfter offset: Int, in tokens: [Token]) -> Int {
        var lo = 0, hi = tokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tokens[mid].endOffset <= offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// True when a comment token lies (even partly) in `range`.
    static func hasComment(in range: Range<Int>, tokens: [Token]) -> Bool {
        var k = firstIndex(endingAfter: range.lowerBound, in: tokens)
        while k < tokens.count && tokens[k].startOffset < range.upperBound {
            if tokens[k].kind == .comment { return true }
            k += 1
        }
        return false
    }
}

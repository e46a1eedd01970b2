/// Levenshtein distance and "did you mean" lookups for unknown keys, rule ids, options and commands.
public enum EditDistance {
    /// Edits (insert, delete, substitute one Unicode scalar) turning `a` into `b`.
    public static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let substitution = previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }

    /// The candidate closest to `word`; ties go to the earlier candidate so the answer is deterministic.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(word, candidate)
            if best == nil || d < best!.1 { best = (candidate, d) }
        }
        return best?.0
    }

    /// The closest candidate when it is close enough to be a likely typo; beyond half the length
    /// a suggestion is noise (`foo` → `body_and_reduce`).
    public static func likelyTypo(of word: String, in candidates: [String]) -> String? {
        guard let best = closest(to: word, in: candidates) else { return nil }
        return distance(word, best) <= max(2, word.count / 2) ? best : nil
    }

    /// " ; did you mean 'x'?" when a candidate is close enough to be a likely typo, otherwise
    /// the list of valid candidates, so the message always names what would be accepted.
    static func suggestion(for word: String, in candidates: [String]) -> String {
        if let best = likelyTypo(of: word, in: candidates) { return "; did you mean '\(best)'?" }
        return candidates.isEmpty ? "" : "; valid: " + candidates.joined(separator: ", ")
    }
}

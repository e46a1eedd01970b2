/// What is written before a declaration keyword: attributes (`@Presents`, `@Dependency(\.date)`) and
/// modifiers (`static`, `private(set)`). One reading, for the parser and the facts.
enum Declarations {
    /// Name tokens of the attributes written before token `k` (the last token before the declaration keyword),
    /// walking back over attributes with arguments and declaration modifiers.
    static func attributes(before k: Int, code: CodeTokens) -> [Int] {
        var names: [Int] = []
        var j = k
        var steps = 0
        while j >= 0 && steps < 32 {
            steps += 1
            if code.isPunct(j, .rparen), let o = code.partnerOf(j), o < j { j = o - 1; continue }
            if code.isNameLike(j) || code.kind(j) == .keyword {
                var start = j
                while start >= 2 && code.isDot(start - 1) && code.isNameLike(start - 2) { start -= 2 }
                if start >= 1 && code.isPunct(start - 1, .at) {
                    names.append(j)
                    j = start - 2
                    continue
                }
                if MemberScanner.modifierWords.contains(where: { code.is(j, $0) }) || code.is(j, "set") { j -= 1; continue }
                // `private(set)`: the `set` inside was skipped with its parentheses.
                return names
            }
            return names
        }
        return names
    }

    /// Whether `@name` is among the attributes written before token `k`.
    static func hasAttribute(_ name: StaticString, before k: Int, code: CodeTokens) -> Bool {
        attributes(before: k, code: code).contains { code.is($0, name) }
    }

    /// Modifier words written before the declaration keyword at j (over attributes and `private(set)`);
    /// `private(set)` is reported as `private(set)`.
    static func modifiers(before j: Int, code: CodeTokens) -> Set<String> {
        var words = Set<String>()
        var k = j - 1
        var steps = 0
        while k >= 0 && steps < 24 {
            steps += 1
            if code.isPunct(k, .rparen), let o = code.partnerOf(k), o < k {
                if o >= 1, code.is(o + 1, "set"), code.is(o - 1, "private") || code.is(o - 1, "fileprivate") {
                    words.insert(code.text(o - 1) + "(set)")
                }
                k = o - 1
                continue
            }
            if code.isNameLike(k) && code.isPunct(k - 1, .at) { k -= 2; continue }
            if MemberScanner.modifierWords.contains(where: { code.is(k, $0) }) { words.insert(code.text(k)); k -= 1; continue }
            if code.isNameLike(k) && code.isDot(k - 1) { k -= 2; continue }
            break
        }
        return words
    }
}

/// Small, reusable moves over `CodeTokens` shared by the parser and the rules.
/// None of them recurse: nested brackets are skipped through their precomputed partners.
extension CodeTokens {
    /// Index after the bracket group that starts at `i` (or `i + 1` for a non-bracket token).
    /// An unbalanced opener swallows the rest of the input (`limit`).
    public func skipGroup(_ i: Int, limit: Int) -> Int {
        let t = tokens[i]
        if t.kind == .punct && t.length == 1 {
            let c = bytes[t.startOffset]
            if c == .lparen || c == .lbrace || c == .lbracket {
                if let p = partnerOf(i), p > i { return min(p + 1, limit) }
                return limit
            }
        }
        return i + 1
    }

    /// The end of the argument that starts at `i` in a list closing at `close`: its `,` at this depth, or `close`.
    public func argumentEnd(from i: Int, close: Int) -> Int {
        var end = i
        while end < close && !isPunct(end, .comma) { end = skipGroup(end, limit: close) }
        return end
    }

    /// True for `.` as a member-access dot (a lone `.` punct).
    public func isDot(_ i: Int) -> Bool { isPunct(i, .dot) }

    /// The token of the argument label `label` (followed by `:`) of the call whose `(` is at `open`, at the call's own
    /// level: first, or after a comma (`action:` in `ButtonState(role: .cancel, action: .x)`); nil when there is none.
    public func argumentLabel(_ label: StaticString, inCallAt open: Int) -> Int? {
        guard let close = partnerOf(open), close > open else { return nil }
        var k = open + 1
        while k < close {
            if self.is(k, label), isPunct(k + 1, .colon), k == open + 1 || isPunct(k - 1, .comma) { return k }
            k = skipGroup(k, limit: close)
        }
        return nil
    }

    /// The identifier at i ends in `store` or `Store` (`store`, `viewStore`, `$store`, `$settingsStore`): a store, by the
    /// name every reader of views goes by.
    public func endsWithStore(_ i: Int) -> Bool {
        guard kind(i) == .identifier else { return false }
        let t = tokens[i]
        guard t.length >= 5 else { return false }
        let e = t.startOffset + t.length
        let b = bytes
        return (b[e - 5] == UInt8(ascii: "s") || b[e - 5] == UInt8(ascii: "S")) && b[e - 4] == UInt8(ascii: "t")
            && b[e - 3] == UInt8(ascii: "o") && b[e - 2] == UInt8(ascii: "r") && b[e - 1] == UInt8(ascii: "e")
    }

    /// A store's `scope` call, `store.scope(state: …, action: …)` (or the unlabelled `store.scope(…, action: …)` of TCA
    /// after 1.25.5), read at its `scope` token: where its receiver and arguments are, for every reader of store scopes.
    public struct StoreScopeCall {
        /// The receiver's first token (`store`, or `self` in `self.store`) and its name token (`store`, `$store`).
        public var receiverStart: Int
        public var receiverName: Int
        /// The call's parentheses.
        public var open: Int
        public var close: Int
        /// The first token of the state argument's value, and of the action argument's (nil without `action:`).
        public var state: Int
        public var action: Int?
    }

    /// The `scope` call at token i on a receiver named like a store (`endsWithStore`); nil for anything else.
    public func storeScopeCall(at i: Int) -> StoreScopeCall? {
        guard self.is(i, "scope"), isDot(i - 1), endsWithStore(i - 2), isPunct(i + 1, .lparen),
              let close = partnerOf(i + 1), close > i + 1 else { return nil }
        let receiverStart = isDot(i - 3) && self.is(i - 4, "self") ? i - 4 : i - 2
        var state = i + 2
        if self.is(state, "state"), isPunct(state + 1, .colon) { state += 2 }
        return StoreScopeCall(receiverStart: receiverStart, receiverName: i - 2, open: i + 1, close: close, state: state,
                              action: argumentLabel("action", inCallAt: i + 1).map { $0 + 2 })
    }

    /// The innermost `(`, `[` or `{` left open before token i (balanced groups before it skipped), within `steps`
    /// tokens; nil at the file's top level.
    public func enclosingOpener(before i: Int, steps: Int = 20_000) -> Int? {
        var k = i - 1
        var taken = 0
        while k >= 0, taken < steps {
            taken += 1
            if isPunct(k, .rparen) || isPunct(k, .rbrace) || isPunct(k, .rbracket), let o = partnerOf(k), o < k {
                k = o - 1
                continue
            }
            if isPunct(k, .lparen) || isPunct(k, .lbracket) || isPunct(k, .lbrace) { return k }
            k -= 1
        }
        return nil
    }

    /// The name that opens the bracket at `opener`: `name(`, `name {`, `name(…) {`, `label: {`, `label: (`; nil when
    /// no name does (`if x {`, `= (`).
    public func openerName(_ opener: Int) -> String? {
        var n = opener - 1
        if isPunct(opener, .lbrace), isPunct(n, .rparen), let p = partnerOf(n), p < n { n = p - 1 }
        if isPunct(n, .colon) { n -= 1 }
        return kind(n) == .identifier ? text(n) : nil
    }

    /// True for identifier tokens and the keywords that can name things in expressions (`self`, `Self`, `init`).
    public func isNameLike(_ i: Int) -> Bool {
        guard i >= 0 && i < count else { return false }
        switch tokens[i].kind {
        case .identifier: return true
        case .keyword: return self.is(i, "self") || self.is(i, "Self") || self.is(i, "init") || self.is(i, "Any")
        default: return false
        }
    }

    /// True when token i begins with an uppercase ASCII letter (type names by convention).
    public func startsUppercase(_ i: Int) -> Bool {
        guard i >= 0 && i < count else { return false }
        var o = tokens[i].startOffset
        if bytes[o] == UInt8(ascii: "`") { o += 1 }
        guard o < bytes.count else { return false }
        let c = bytes[o]
        return c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")
    }


    /// If token i is a `<` glued to the preceding name, the index after the matching `>`; otherwise nil.
    /// Gives up (nil) on tokens that cannot occur in a generic argument list, so `a < b` is never mistaken.
    public func skipGenericArguments(_ i: Int, limit: Int) -> Int? {
        guard i < limit, i > 0, tokens[i].kind == .operator, bytes[tokens[i].startOffset] == UInt8(ascii: "<"),
              tokens[i].start == tokens[i - 1].end else { return nil }
        var depth = 0
        var j = i
        var steps = 0
        while j < limit && steps < 400 {
            steps += 1
            let t = tokens[j]
            switch t.kind {
            case .operator:
                // Only angle brackets and type operators (`?`, `!`, `&`, `->`, `...`) may appear.
                for o in t.startOffset..<t.endOffset {
                    let c = bytes[o]
                    if c == UInt8(ascii: "<") { depth += 1 } else if c == UInt8(ascii: ">") {
                        depth -= 1
                        if depth == 0 {
                            // `>` must close the token (`>?` and `>!` are fine, `>=` is not generic).
                            var k = o + 1
                            while k < t.endOffset {
                                let d = bytes[k]
                                if d != UInt8(ascii: "?") && d != UInt8(ascii: "!") && d != UInt8(ascii: ">") { return nil }
                                k += 1
                            }
                            return j + 1
                        }
                    } else if c != UInt8(ascii: "?") && c != UInt8(ascii: "!") && c != UInt8(ascii: "&")
                                && c != UInt8(ascii: "-") && c != UInt8(ascii: ".") && c != UInt8(ascii: "~") {
                        return nil
                    }
                }
                j += 1
            case .identifier:
                j += 1
            case .keyword:
                guard self.is(j, "Self") || self.is(j, "Any") || self.is(j, "inout") || self.is(j, "throws")
                        || self.is(j, "_") else { return nil }
                j += 1
            case .punct:
                guard let next = stepOverTypePunctuation(j, limit: limit) else { return nil }
                j = next
            default:
                return nil
            }
        }
        return nil
    }

    /// Punctuation that can occur inside a type or a parameter list: `( … )` and `[ … ]` groups are
    /// skipped whole, `,` `.` `:` `@` are stepped over. Returns the next index, or nil for anything else.
    private func stepOverTypePunctuation(_ j: Int, limit: Int) -> Int? {
        let c = bytes[tokens[j].startOffset]
        if c == .lparen || c == .lbracket { return skipGroup(j, limit: limit) }
        if c == .comma || c == .dot || c == .colon || c == .at { return j + 1 }
        return nil
    }

    /// For a closure `{` at i: the index of the first token after its signature's `in`, or nil when
    /// it has no signature (`{ state, action in …}` → index after `in`; `{ Child() }` → nil).
    public func closureBodyStart(_ open: Int) -> Int? {
        // An unterminated closure (cut-off file) still has its signature.
        let close = partnerOf(open).map { $0 > open ? $0 : count } ?? count
        var j = open + 1
        var steps = 0
        while j < close && steps < 128 {
            steps += 1
            let t = tokens[j]
            switch t.kind {
            case .keyword:
                if self.is(j, "in") { return j > open + 1 ? j + 1 : nil }
                guard self.is(j, "_") || self.is(j, "inout") || self.is(j, "throws") || self.is(j, "rethrows")
                        || self.is(j, "Self") || self.is(j, "self") || self.is(j, "Any") else { return nil }
                j += 1
            case .identifier:
                j += 1
            case .operator:
                // `->`, generics, optionals in parameter types.
                j += 1
            case .punct:
                guard let next = stepOverTypePunctuation(j, limit: close) else { return nil }
                j = next
            default:
                return nil
            }
        }
        return nil
    }

    /// Whether token k, which starts a new line, continues the expression that ended at k-1
    /// rather than starting a new statement: a leading `.member`, a binary operator at either end of
    /// the break, `else`/`catch`, or a postfix `#if` whose clause begins with `.member`.
    public func continuesExpression(at k: Int, limit: Int) -> Bool {
        guard k < limit else { return false }
        let t = tokens[k]
        // `.member` continues a chain; no statement starts with `:` (a ternary's else branch on its own line).
        if t.kind == .punct && t.length == 1 && (bytes[t.startOffset] == .dot || bytes[t.startOffset] == .colon) { return true }
        if t.kind == .operator {
            let c = bytes[t.startOffset]
            // A line starting with a prefix-looking operator glued to its operand starts a new statement.
            let prefixLike = c == UInt8(ascii: "!") || c == UInt8(ascii: "&") || c == UInt8(ascii: "~")
            return !prefixLike
        }
        if t.kind == .keyword && (self.is(k, "else") || self.is(k, "catch")) { return true }
        if isPostfixIfConfig(k, limit: limit) { return true }
        if k > 0 {
            let p = tokens[k - 1]
            if p.kind == .operator {
                // `x = \n y`, `a && \n b` continue; a postfix `?`/`!` or a closing generic `>`
                // glued to its operand (`foo!`, `Array<Int>`) does not.
                let glued = k >= 2 && p.start == tokens[k - 2].end
                let last = bytes[p.endOffset - 1]
                let postfixLike = last == UInt8(ascii: "?") || last == UInt8(ascii: "!") || last == UInt8(ascii: ">")
                // No operand starts with a declaration's keyword: after a line that ends in what looks like a binary
                // operator (a generic's `>` written with a space, `var path: StackState<Path.State >`), a `var`, `case`
                // or `func` starts the next declaration.
                if !(glued && postfixLike) { return !(t.kind == .keyword && Self.declarationKeywords.contains(text(k))) }
            }
            if p.kind == .punct && p.length == 1 {
                let c = bytes[p.startOffset]
                if c == .comma || c == .dot || c == .colon || c == .at { return true }
            }
            if p.kind == .punct && p.length == 2 { return true } // `::`
        }
        return false
    }

    /// Keywords that start a declaration or a statement and never an expression (`if`, `switch` and `do` may start one).
    /// Reserved words only (`Keywords.reserved`): `actor`, `open` or `final` are tokens of kind identifier.
    private static let declarationKeywords: Set<String> = [
        "var", "let", "func", "case", "default", "struct", "enum", "class", "extension", "protocol", "typealias",
        "import", "init", "deinit", "subscript", "static", "private", "fileprivate", "internal", "public",
        "return", "guard", "for", "while", "repeat", "defer", "break", "continue", "fallthrough", "associatedtype",
    ]

    /// True for `#if` whose first clause starts, on the next line, with `.member` (a postfix `#if` in a chain).
    public func isPostfixIfConfig(_ k: Int, limit: Int) -> Bool {
        guard k < limit, tokens[k].kind == .pound, self.is(k, "#if") else { return false }
        var j = k + 1
        while j < limit && !newlineBefore[j] { j = skipGroup(j, limit: limit) }
        return j < limit && isDot(j)
    }

    /// The stretches of code in `from..<to` that follow a `return` statement in the same block: up to the block's `}`,
    /// the next `case`/`default` label of a switch, or a `#if` branch's end, none of it runs (left-over code after an
    /// early `return .none`).
    public func unreachableRanges(from: Int, to: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        // The `{` of each block open at k: a `return`'s block ends at its partner (walking to it from every `return`
        // would cost a switch's length for each of its cases).
        var open: [Int] = []
        var k = from
        while k < to {
            defer { k += 1 }
            if isPunct(k, .lbrace) { open.append(k); continue }
            if isPunct(k, .rbrace) { _ = open.popLast(); continue }
            guard tokens[k].kind == .keyword, self.is(k, "return") else { continue }
            let blockEnd = open.last.flatMap { partnerOf($0) }.map { min($0, to) } ?? to
            var end = k + 1
            if end < blockEnd, !isPunct(end, .semicolon), !self.is(end, "case"), !self.is(end, "default"), tokens[end].kind != .pound {
                end = statementEnd(from: end, limit: blockEnd)
            }
            if end < blockEnd, isPunct(end, .semicolon) { end += 1 }
            var stop = end
            while stop < blockEnd {
                if tokens[stop].kind == .pound || self.is(stop, "case") || self.is(stop, "default")
                    || (stop + 1 < blockEnd && self.is(stop + 1, "unknown") && isAttributeName(stop + 1)) { break }
                stop = skipGroup(stop, limit: blockEnd)
            }
            if stop > end { result.append(end..<stop) }
        }
        return result
    }

    /// Whether the name at k follows `@` (`@unknown default:`, whose `@` ends the code before it).
    private func isAttributeName(_ k: Int) -> Bool {
        k > 0 && tokens[k - 1].length == 1 && bytes[tokens[k - 1].startOffset] == UInt8(ascii: "@")
    }

    /// End (exclusive) of the statement starting at `start`, within `[start, limit)`.
    /// A statement ends before a token on a new line that does not continue it, or at `;`.
    public func statementEnd(from start: Int, limit: Int) -> Int {
        var j = start
        var steps = 0
        while j < limit {
            steps += 1
            if steps > 1, isPunct(j, .semicolon) { return j }
            // A postfix `#if` that continues the chain after another one (`#if A .x() #endif #if B .y() #endif`)
            // is skipped whole, as the first one is below.
            if steps > 1, tokens[j].kind == .pound, isPostfixIfConfig(j, limit: limit), let e = ifConfigEnd(j, limit: limit) {
                j = e
                if j >= limit || (newlineBefore[j] && !continuesExpression(at: j, limit: limit)) { return min(j, limit) }
                continue
            }
            j = skipGroup(j, limit: limit)
            if j >= limit { return limit }
            if isPunct(j, .semicolon) { return j }
            if newlineBefore[j] && !continuesExpression(at: j, limit: limit) { return j }
            if tokens[j].kind == .pound && isPostfixIfConfig(j, limit: limit), let e = ifConfigEnd(j, limit: limit) {
                j = e
                if j >= limit || (newlineBefore[j] && !continuesExpression(at: j, limit: limit)) { return min(j, limit) }
            }
        }
        return limit
    }

    /// For `#if` at k: the index after its matching `#endif` (nested `#if`s counted), or nil if unterminated.
    public func ifConfigEnd(_ k: Int, limit: Int) -> Int? {
        var depth = 0
        var j = k
        while j < limit {
            if tokens[j].kind == .pound {
                if self.is(j, "#if") { depth += 1 } else if self.is(j, "#endif") {
                    depth -= 1
                    if depth == 0 { return j + 1 }
                }
                j += 1
            } else {
                j = skipGroup(j, limit: limit)
            }
        }
        return nil
    }

    /// The argument labels of a function's name at j, its `(` closing just before `end`: `(id:action:)` in
    /// `/Action.row(id:action:)` or `Feature.Action.row(id:action:)`, a case of labelled values named by its constructor.
    public func isArgumentLabels(_ j: Int, end: Int) -> Bool {
        guard isPunct(j, .lparen), partnerOf(j) == end - 1, j + 2 < end else { return false }
        var k = j + 1
        while k < end - 1 {
            guard isNameLike(k) || kind(k) == .keyword, isPunct(k + 1, .colon) else { return false }
            k += 2
        }
        return true
    }

    /// Source text of tokens [from, to] inclusive, as written (used for names shown in messages and dumps).
    public func sourceText(from: Int, through: Int) -> String {
        guard from <= through, from >= 0, through < count else { return "" }
        return String(decoding: bytes[tokens[from].startOffset..<tokens[through].endOffset], as: UTF8.self)
    }

    /// The cases declared by the `case` keyword at j (`case a, b(Int), c = 3`): each name's token and the
    /// associated value text between its parentheses ("" for none); and the end of the declaration.
    public func enumCaseDeclaration(at j: Int, limit: Int) -> (cases: [(nameToken: Int, payload: String)], end: Int) {
        var cases: [(nameToken: Int, payload: String)] = []
        var p = j + 1
        let end = statementEnd(from: j, limit: limit)
        while p < end {
            guard isNameLike(p) else { p += 1; continue }
            let nameToken = p
            var payload = ""
            p += 1
            if isPunct(p, .lparen), let pc = partnerOf(p), pc > p {
                payload = sourceText(from: p + 1, through: pc - 1)
                p = pc + 1
            }
            cases.append((nameToken, payload))
            // Skip a raw value, then the comma.
            while p < end && !isPunct(p, .comma) { p = skipGroup(p, limit: end) }
            p += 1
        }
        return (cases, end)
    }
}

extension CodeTokens {
    /// The name of a member written after a `.` at token i, without backticks: identifiers and, since any
    /// word may follow a dot, keywords too (`.internal(…)`, `` .`default` ``). Nil for `.init` and non-words.
    public func memberName(_ i: Int) -> String? {
        guard i >= 0 && i < count else { return nil }
        let kind = tokens[i].kind
        guard kind == .identifier || kind == .keyword, !self.is(i, "init") else { return nil }
        return Self.unescaped(text(i))
    }

    /// `` `internal` `` → `internal`; other names unchanged.
    public static func unescaped(_ name: String) -> String {
        name.count > 2 && name.hasPrefix("`") && name.hasSuffix("`") ? String(name.dropFirst().dropLast()) : name
    }
}

/// The one reading of the actions reducer code sends: `.send(.x)` / `Effect.send(.x)` as an effect, a `.run`
/// whose closure only forwards an action, and `await send(.x)` inside a `.run`; each with where the effect
/// that sends is used (returned, merged, concatenated after other effects, appended…). Other `x.send(…)`
/// (a store, a subject) are not actions sent by the reducer.
struct SendReader {
    let extractor: FactsExtractor
    var code: CodeTokens { extractor.code }
    /// `{` and `}` of the logic region.
    let regionOpen: Int
    let regionClose: Int
    /// The first token of each clause body: an expression there is the clause's value.
    let clauseBodyStarts: Set<Int>

    /// Operators whose purpose a method call cannot serve: timing (`.send(.x).debounce(…)`) and animation.
    static let timingModifiers: Set<String> = ["debounce", "throttle", "deferred", "delay", "animation", "transaction"]

    /// The sends whose `send` token is i (two for `.send(c ? .x : .y)`), and the token to continue after (past a
    /// forwarding `.run`).
    func sends(at i: Int) -> (sends: [SendFacts], resume: Int)? {
        if code.is(i, "run"), code.isDot(i - 1) { return runForwarding(dot: i - 1).map { ([$0.0], $0.resume) } }
        if code.is(i, "task"), code.isDot(i - 1) { return legacyTaskResults(dot: i - 1).map { ($0, i + 1) } }
        guard code.is(i, "send"), code.isPunct(i + 1, .lparen) else { return nil }
        var start = i
        let how: SendFacts.How
        if code.isDot(i - 1) {
            guard let s = effectStart(dot: i - 1) else { return nil }
            start = s
            how = position(of: start)
        } else {
            // `await send(.x)` inside a `.run`.
            guard code.is(i - 1, "await") || code.is(i - 1, "try") else { return nil }
            how = .run
        }
        guard let close = code.partnerOf(i + 1), close > i + 1 else { return nil }
        // The action sent, at the send; or each branch's of a ternary choosing it (`.send(c ? .x : .y)`), at the
        // branch: a round trip whichever is chosen.
        let path = CasePath.read(at: i + 2, code: code, limit: close)
        let chosen: [(path: [String], at: Int)] = path.isEmpty ? ternaryBranches(open: i + 1, close: close) : [(path, start)]
        guard !chosen.isEmpty else { return nil }
        // A send alone in `.merge(…)`/`.concatenate(…)` is that call: what is chained after the call is chained after it
        // (`.merge(.send(.reload)).debounce(…)`).
        var outer = (start: start, close: close)
        while let sole = soleArgumentCall(around: outer.start) { outer = sole }
        let chain = chained(after: close) + (outer.close == close ? [] : chained(after: outer.close))
        let timed = isTimed(after: close) || isTimed(after: outer.close) || hasAnimationArgument(open: i + 1, close: close)
        let sends = chosen.map { branch in
            var facts = SendFacts(path: branch.path, chained: chain, location: extractor.location(branch.at),
                                  anchor: extractor.anchor(branch.at), how: how)
            facts.isTimedOrAnimated = timed
            return facts
        }
        return (sends, i + 1)
    }

    /// `.concatenate(x)` / `.merge(x)` / `Effect.merge(x)` whose only argument is the effect starting at `start`: the
    /// call's first token and its `)`. Nothing is combined: the call is that effect.
    private func soleArgumentCall(around start: Int) -> (start: Int, close: Int)? {
        let open = start - 1
        guard code.isPunct(open, .lparen), let close = code.partnerOf(open), close > start,
              code.is(open - 1, "concatenate") || code.is(open - 1, "merge"), code.isDot(open - 2),
              code.argumentEnd(from: start, close: close) == close else { return nil }
        return (code.is(open - 3, "Effect") ? open - 3 : open - 2, close)
    }

    /// The case paths of a ternary that is the first argument of the call `open...close` (`c ? .x : .y`), each with
    /// its first token; a branch that is not a case (`c ? .x : other`) gives none.
    private func ternaryBranches(open: Int, close: Int) -> [(path: [String], at: Int)] {
        var question: Int? = nil
        var k = open + 1
        while k < close, !code.isPunct(k, .comma) {
            if question == nil, isTernaryOperator(k) {
                question = k
            } else if let q = question, code.isPunct(k, .colon) {
                return [q + 1, k + 1].compactMap { at in
                    let path = CasePath.read(at: at, code: code, limit: close)
                    return path.isEmpty ? nil : (path, at)
                }
            }
            k = code.skipGroup(k, limit: close)
        }
        return []
    }

    /// The first token of the effect expression whose `.send` dot is j: the dot (`.send`), or `Effect` in
    /// `Effect.send` / `EffectOf<Self>.send`; nil for a send on a value (`store.send`, `viewStore.send`, `x?.send`).
    private func effectStart(dot j: Int) -> Int? {
        guard j >= 1 else { return j }
        if code.is(j - 1, "Effect") || code.is(j - 1, "EffectOf") { return j - 1 }
        let p = code.tokens[j - 1]
        if p.kind == .operator, code.bytes[p.startOffset] == UInt8(ascii: ">") || code.bytes[p.endOffset - 1] == UInt8(ascii: ">"),
           p.end == code.tokens[j].start {
            // Generic: walk back to `Effect<…>`.
            var k = j - 1
            var steps = 0
            while k > regionOpen && steps < 16 && !(code.is(k, "Effect") || code.is(k, "EffectOf")) { k -= 1; steps += 1 }
            return code.is(k, "Effect") || code.is(k, "EffectOf") ? k : nil
        }
        if p.kind == .identifier || p.kind == .string || p.kind == .number
            || code.isPunct(j - 1, .rparen) || code.isPunct(j - 1, .rbracket) || code.isPunct(j - 1, .rbrace)
            || (p.kind == .operator && code.isOptionalMark(j - 1) && p.start == code.tokens[j - 2].end)
            || (p.kind == .keyword && (code.is(j - 1, "self") || code.is(j - 1, "Self") || code.is(j - 1, "super"))) {
            return nil
        }
        return j
    }

    /// The actions a legacy `.task { … }` effect (TCA before 1.0: `Effect.task`, whose operation returns the action
    /// to feed back into the store) sends: its closure's single expression (`.task { .finished }`, `.task { await
    /// .loaded(api.load()) }`) and what its `return`s give (`return .failed(error)` in a `catch`), each an action sent
    /// when the work is done, as `await send(.x)` is inside a `.run`. Nil for `x.task` on a value.
    private func legacyTaskResults(dot j: Int) -> [SendFacts]? {
        guard effectStart(dot: j) != nil else { return nil }
        var open = j + 2
        if code.isPunct(open, .lparen) { open = code.skipGroup(open, limit: regionClose) }
        guard code.isPunct(open, .lbrace), let close = code.partnerOf(open), close > open else { return nil }
        let first = code.closureBodyStart(open) ?? open + 1
        var starts = [first]
        for k in first..<close where code.is(k, "return") { starts.append(k + 1) }
        var result: [SendFacts] = []
        for var at in starts {
            while code.is(at, "await") || code.is(at, "try") { at += 1 }
            guard code.isDot(at) else { continue }
            let path = CasePath.read(at: at, code: code, limit: close)
            guard !path.isEmpty else { continue }
            result.append(SendFacts(path: path, chained: [], location: extractor.location(at), anchor: extractor.anchor(at), how: .run))
        }
        return result.isEmpty ? nil : result
    }

    /// `.run { send in await send(.x) }` or `.run { await $0(.x) }` (nothing else in the closure) at the `.` j.
    private func runForwarding(dot j: Int) -> (SendFacts, resume: Int)? {
        var start = j
        if code.is(j - 1, "Effect") || code.is(j - 1, "EffectOf") { start = j - 1 }
        else if code.isNameLike(j - 1) || code.isPunct(j - 1, .rparen) { return nil }
        let open = j + 2
        guard code.isPunct(open, .lbrace), let close = code.partnerOf(open), close > open,
              code.tokens.indices.contains(open + 5) else { return nil }
        // The `(` of the call of the closure's `Send`: named (`send in await send(`) or anonymous (`await $0(`).
        let call: Int
        if code.tokens[open + 1].kind == .identifier, code.is(open + 2, "in"), code.is(open + 3, "await"),
           code.spellsSame(open + 4, open + 1), code.isPunct(open + 5, .lparen) {
            call = open + 5
        } else if code.is(open + 1, "await"), code.is(open + 2, "$0"), code.isPunct(open + 3, .lparen) {
            call = open + 3
        } else {
            return nil
        }
        guard code.partnerOf(call) == close - 1, sendsOnlyAValue(from: call + 1, to: close - 2) else { return nil }
        let path = CasePath.read(at: call + 1, code: code, limit: close)
        guard !path.isEmpty else { return nil }
        var facts = SendFacts(path: path, chained: chained(after: close), location: extractor.location(start),
                              anchor: extractor.anchor(start), how: position(of: start))
        facts.forwardedByRun = true
        facts.isTimedOrAnimated = isTimed(after: close) || hasAnimationArgument(open: call, close: close - 1)
        return (facts, close + 1)
    }

    /// Whether the tokens `from...to` (what `send(…)` is given) build a value without doing work: no
    /// `await`, `try`, closure, function call or property read — only case constructors, names, literals and
    /// key paths. `await send(.response(Result { try await api.load() }))` does real work in the effect.
    private func sendsOnlyAValue(from: Int, to: Int) -> Bool {
        guard from <= to else { return true }
        for k in from...to {
            if code.is(k, "await") || code.is(k, "try") || code.isPunct(k, .lbrace) { return false }
            // `send(.located(inspector.activeDocumentURL))`: a property read when the effect runs is its work.
            if k > from, code.isDot(k), code.isNameLike(k - 1) || code.isPunct(k - 1, .rparen) || code.isPunct(k - 1, .rbracket) {
                return false
            }
            guard code.isPunct(k, .lparen), k > from else { continue }
            // `(` after `.name` where the dot starts an expression: an enum case; anything else is a call.
            guard code.isNameLike(k - 1), code.isDot(k - 2),
                  k - 2 == from || code.isPunct(k - 3, .lparen) || code.isPunct(k - 3, .comma) || code.isPunct(k - 3, .colon)
            else { return false }
        }
        return true
    }

    /// Operators chained after the call that closes at `close`.
    private func chained(after close: Int) -> [String] {
        var result: [String] = []
        var k = close + 1
        while k < regionClose && code.isDot(k) && code.isNameLike(k + 1) && result.count < 8 {
            result.append(code.text(k + 1))
            k += 2
            if code.isPunct(k, .lparen) { k = code.skipGroup(k, limit: regionClose) }
            if code.isPunct(k, .lbrace) { k = code.skipGroup(k, limit: regionClose) }
        }
        return result
    }

    private func isTimed(after close: Int) -> Bool {
        code.isDot(close + 1) && code.memberName(close + 2).map(Self.timingModifiers.contains) == true
    }

    /// `send(.x, animation: …)` / `.send(.x, transaction: …)`: sent for its animation.
    private func hasAnimationArgument(open: Int, close: Int) -> Bool {
        var k = open + 1
        while k < close {
            if code.isPunct(k, .comma), code.is(k + 1, "animation") || code.is(k + 1, "transaction"), code.isPunct(k + 2, .colon) { return true }
            k = code.skipGroup(k, limit: close)
        }
        return false
    }

    /// Where the effect expression starting at `start` is used: returned (after `return`, as the single
    /// expression of a clause, a closure or an `if` branch), a ternary branch, an argument of `.merge(…)`, the
    /// first of `.concatenate(…)` or a later one, appended to an array of effects, or elsewhere.
    func position(of start: Int) -> SendFacts.How {
        var p = start - 1
        if code.is(p, "return") || clauseBodyStarts.contains(start) || code.is(p, "in") { return .returned }
        if isTernaryOperator(p) { return .ternary }
        if code.isPunct(p, .colon) {
            // A labelled argument (`.merge(with: .send(.x))`) or the else branch of a ternary.
            guard code.isNameLike(p - 1), code.isPunct(p - 2, .lparen) || code.isPunct(p - 2, .comma) else {
                return isTernaryElse(colon: p) ? .ternary : .other
            }
            p -= 2
        }
        // `if c { .send(.x) } else { … }` (an if expression branch).
        if code.isPunct(p, .lbrace), let blockClose = code.partnerOf(p), blockClose > p,
           code.statementEnd(from: start, limit: blockClose) == blockClose, !isClosure(p) {
            return .returned
        }
        guard code.isPunct(p, .lparen) || code.isPunct(p, .comma) || code.isPunct(p, .lbracket) else { return .other }
        // The enclosing `(` (through an array literal `([…])`) and its callee.
        var k = p
        var steps = 0
        while k > regionOpen && steps < 4096 {
            steps += 1
            if code.isPunct(k, .lparen), let c = code.partnerOf(k), c > start {
                let callee = k - 1
                if let sole = soleArgumentCall(around: start) { return position(of: sole.start) }
                if code.is(callee, "concatenate") {
                    return start == k + 1 || (code.isPunct(k + 1, .lbracket) && start == k + 2) ? .merged : .concatenatedAfter
                }
                if code.is(callee, "merge") { return .merged }
                if code.is(callee, "append") && code.isDot(callee - 1) { return .appended }
                return .other
            }
            if code.isPunct(k, .lbracket), let c = code.partnerOf(k), c > start {
                guard code.isPunct(k - 1, .lparen) else { return .other }
                k -= 1
                continue
            }
            if code.isPunct(k, .rparen) || code.isPunct(k, .rbracket) || code.isPunct(k, .rbrace), let o = code.partnerOf(k), o < k {
                k = o - 1
                continue
            }
            if code.isPunct(k, .lbrace) { return .other }
            k -= 1
        }
        return .other
    }

    /// Whether the `{` at `brace` opens a closure (not the block of an `if`/`else`/`switch` expression).
    private func isClosure(_ brace: Int) -> Bool {
        var k = brace - 1
        var steps = 0
        while k > regionOpen && steps < 64 {
            steps += 1
            if code.is(k, "if") || code.is(k, "else") || code.is(k, "switch") { return false }
            if code.isPunct(k, .lbrace) || code.isPunct(k, .rbrace) || code.isPunct(k, .semicolon) || code.isPunct(k, .lparen)
                || code.isPunct(k, .comma) || code.isOperator(k, "=") || code.is(k, "return") || code.is(k, "in") {
                return true
            }
            if code.isPunct(k, .rparen) || code.isPunct(k, .rbracket), let o = code.partnerOf(k), o < k { k = o - 1; continue }
            k -= 1
        }
        return true
    }

    /// A ternary `?` (spaced, not a postfix optional `x?`).
    private func isTernaryOperator(_ p: Int) -> Bool {
        guard p > 0, code.isOperator(p, "?") else { return false }
        return code.tokens[p].start != code.tokens[p - 1].end
    }

    /// Whether the `:` at `colon` closes a ternary: a ternary `?` precedes it in the same expression.
    private func isTernaryElse(colon: Int) -> Bool {
        var k = colon - 1
        var steps = 0
        while k > regionOpen && steps < 64 {
            steps += 1
            if isTernaryOperator(k) { return true }
            if code.isPunct(k, .rparen) || code.isPunct(k, .rbracket) || code.isPunct(k, .rbrace), let o = code.partnerOf(k), o < k {
                k = o - 1
                continue
            }
            if code.isPunct(k, .lbrace) || code.isPunct(k, .lparen) || code.isPunct(k, .lbracket) || code.isPunct(k, .comma)
                || code.isPunct(k, .colon) || code.isPunct(k, .semicolon) || code.tokens[k].kind == .keyword {
                return false
            }
            k -= 1
        }
        return false
    }
}

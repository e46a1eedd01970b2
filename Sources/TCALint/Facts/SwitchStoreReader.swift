/// Reads a `SwitchStore` that observation's `switch` can replace as written: TCA's migration guide to 1.7 turns
/// `SwitchStore(store) { state in switch state { case .a: CaseLet(/State.a, action: Action.a) { aStore in … } } }` into
/// `switch store.state { case .a: if let aStore = store.scope(state: \.a, action: \.a) { … } }`. The `SwitchStore`
/// must be a statement of a view builder (as for `IfLetStore`), its closure nothing but the switch over its parameter,
/// and each `CaseLet` one whose case paths name a case (a clause already written with `if let` stays as it is).
extension DeprecatedAPIReader {
    func switchStoreStatement(at i: Int) -> SwitchStoreStatement? {
        let open = i + 1
        guard code.isPunct(open, .lparen), let close = code.partnerOf(open), close > open else { return nil }
        let receiver: String
        if close == open + 2, code.is(open + 1, "store") {
            receiver = "store"
        } else if close == open + 4, code.is(open + 1, "self"), code.isDot(open + 2), code.is(open + 3, "store") {
            receiver = "self.store"
        } else {
            return nil
        }
        let body = close + 1
        guard code.isPunct(body, .lbrace), let bodyClose = code.partnerOf(body), bodyClose > body else { return nil }
        // `{ state in switch state {` or `{ switch $0 {`.
        var k = body + 1
        var parameter = "$0"
        if code.kind(k) == .identifier, code.is(k + 1, "in") {
            parameter = code.text(k)
            k += 2
        }
        guard code.is(k, "switch"), code.text(k + 1) == parameter, code.isPunct(k + 2, .lbrace),
              let switchClose = code.partnerOf(k + 2), switchClose + 1 == bodyClose else { return nil }
        // The parameter names nothing else in the switch (it goes away with the closure); a nested closure's `$0` is its own.
        if parameter != "$0", ((k + 3)..<switchClose).contains(where: { code.text($0) == parameter }) { return nil }
        var caseLets: [SwitchStoreStatement.CaseLetRewrite] = []
        var t = k + 3
        while t < switchClose {
            if code.is(t, "CaseLet") {
                guard let (rewrite, end) = caseLetRewrite(at: t) else { return nil }
                caseLets.append(rewrite)
                t = end + 1
                continue
            }
            if parameter == "$0", code.isPunct(t, .lbrace), let end = code.partnerOf(t), end > t { t = end + 1; continue }
            if parameter == "$0", code.is(t, "$0") { return nil }
            t += 1
        }
        guard !caseLets.isEmpty || hasIfLetScopes(from: k + 3, to: switchClose),
              startsStatement(i), endsStatement(after: bodyClose), isInViewBuilder(i) else { return nil }
        return SwitchStoreStatement(receiver: receiver, head: code.offset(i)..<code.offset(k),
                                    subject: code.offset(k + 1)..<code.tokens[k + 1].endOffset,
                                    tail: code.tokens[switchClose].endOffset..<code.tokens[bodyClose].endOffset,
                                    dedent: dedent(switchLine: k, through: switchClose, closureStart: i), caseLets: caseLets)
    }

    /// The switch's clauses already scope with `if let … = store.scope(…)` (a half-migrated view).
    private func hasIfLetScopes(from start: Int, to end: Int) -> Bool {
        (start..<end).contains { code.is($0, "if") && code.is($0 + 1, "let") }
    }

    /// `CaseLet(/State.a, action: Action.a) { aStore in` (or `\.a`, `state: /Feature.State.a`, `action: /Action.a`, a
    /// closure with `$0`): the cases, the binding and the ranges to rewrite.
    private func caseLetRewrite(at c: Int) -> (SwitchStoreStatement.CaseLetRewrite, end: Int)? {
        guard code.isPunct(c + 1, .lparen), let close = code.partnerOf(c + 1), close > c + 1,
              let (state, k) = CaseLetReader.stateCase(inCallAt: c + 1, close: close, code: code) else { return nil }
        // `action: \.a`, `action: /Action.a`, `action: Feature.Action.a`: a case of the Action, to the `)`.
        guard code.isPunct(k, .comma), code.is(k + 1, "action"), code.isPunct(k + 2, .colon) else { return nil }
        var a = k + 3
        var components: [String] = []
        let keyPath = code.isPunct(a, .backslash)
        if keyPath || code.isOperator(a, "/") { a += 1 }
        while a < close {
            if code.isDot(a) { a += 1; continue }
            guard code.kind(a) == .identifier else { return nil }
            components.append(code.text(a))
            a += 1
        }
        guard let actionCase = components.last,
              keyPath ? components.count == 1 : (components.count >= 2 && components[components.count - 2] == "Action") else { return nil }
        // The content closure: `{ aStore in … }` or `{ … $0 … }`.
        let brace = close + 1
        guard code.isPunct(brace, .lbrace), let braceClose = code.partnerOf(brace), braceClose > brace else { return nil }
        if code.kind(brace + 1) == .identifier, code.is(brace + 2, "in") {
            return (.init(stateCase: state, actionCase: actionCase, binding: code.text(brace + 1),
                          head: code.offset(c)..<code.tokens[brace + 2].endOffset, anonymousParameter: []), braceClose)
        }
        let binding = state + "Store"
        guard let anonymous = anonymousParameterUses(open: brace, close: braceClose, binding: binding) else { return nil }
        return (.init(stateCase: state, actionCase: actionCase, binding: binding,
                      head: code.offset(c)..<code.tokens[brace].endOffset, anonymousParameter: anonymous), braceClose)
    }

    /// The indentation the switch's lines carry beyond the `SwitchStore` line's: for each line from the one after the
    /// `switch` through the switch's `}`, the byte range of that extra indentation when the line starts with it.
    private func dedent(switchLine k: Int, through switchClose: Int, closureStart i: Int) -> [Range<Int>] {
        let bytes = code.bytes
        func lineStart(_ offset: Int) -> Int {
            var o = offset
            while o > 0, bytes[o - 1] != UInt8(ascii: "\n") { o -= 1 }
            return o
        }
        let outer = code.offset(i) - lineStart(code.offset(i))
        let inner = code.offset(k) - lineStart(code.offset(k))
        guard inner > outer, code.newlineBefore[k] else { return [] }
        let extra = Array(bytes[(lineStart(code.offset(k)) + outer)..<code.offset(k)])
        guard extra.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return [] }
        var ranges: [Range<Int>] = []
        var o = code.offset(k)
        let end = code.tokens[switchClose].endOffset
        while o < end {
            guard bytes[o] == UInt8(ascii: "\n") else { o += 1; continue }
            // The line starts with the outer indentation, then the extra one (blank lines and shallower ones keep theirs).
            let start = o + 1 + outer
            if start + extra.count <= bytes.count,
               bytes[(o + 1)..<(start + extra.count)].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }),
               Array(bytes[start..<(start + extra.count)]) == extra {
                ranges.append(start..<(start + extra.count))
            }
            o += 1
        }
        return ranges
    }
}

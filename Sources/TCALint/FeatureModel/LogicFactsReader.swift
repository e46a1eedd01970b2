/// Reads what a region of reducer logic does: the clauses of its switches over the action and, for
/// each, whether it does nothing, which state fields it writes and reads, which actions it sends and how.
struct LogicFactsReader {
    let extractor: FileFactsExtractor
    var code: CodeTokens { extractor.code }

    /// `{` open … `}` close is the closure or function body.
    func read(kind: LogicFacts.Kind, owner: String, labels: [String], open: Int, close: Int, actionName: String,
              stateName: String, at token: Int) -> LogicFacts {
        let bodyStart = code.closureBodyStart(open) ?? open + 1
        var clauses: [CaseFacts] = []
        var outside: [Range<Int>] = []
        var cursor = bodyStart
        var j = bodyStart
        while j < close {
            guard code.kind(j) == .keyword && code.is(j, "switch"),
                  let (blockOpen, blockClose) = actionSwitch(at: j, actionName: actionName, limit: close) else {
                j += 1
                continue
            }
            outside.append(cursor..<j)
            let found = SwitchClauses.clauses(of: code, open: blockOpen, close: blockClose)
            let starts = Set(found.map { $0.bodyStart })
            for clause in found {
                let patterns = clause.isDefault ? [] : patternPaths(from: clause.label + 1, to: clause.patternEnd)
                clauses.append(CaseFacts(patterns: patterns, isDefault: clause.isDefault, location: extractor.location(clause.label),
                                         code: codeFacts([clause.bodyStart..<clause.bodyEnd], stateName: stateName,
                                                         statementStarts: starts)))
            }
            cursor = blockClose + 1
            j = blockClose + 1
        }
        outside.append(cursor..<close)
        // `return switch action { … }`: the `return` alone is not logic of its own.
        let significant = outside.contains { range in range.contains { !code.is($0, "return") && !code.isPunct($0, .semicolon) } }
        let every = significant ? codeFacts(outside, stateName: stateName, statementStarts: [bodyStart]) : nil
        return LogicFacts(kind: kind, owner: owner, labels: labels, actionName: actionName, location: extractor.location(token),
                          clauses: clauses, everyAction: every)
    }

    /// `switch <expression mentioning actionName> {`: the block's braces.
    private func actionSwitch(at j: Int, actionName: String, limit: Int) -> (Int, Int)? {
        var k = j + 1
        var subjectIsAction = false
        while k < limit && !code.isPunct(k, .lbrace) {
            if code.kind(k) == .identifier && code.text(k) == actionName { subjectIsAction = true }
            k = code.skipGroup(k, limit: limit)
        }
        guard subjectIsAction, k < limit, let c = code.partnerOf(k), c > k else { return nil }
        return (k, c)
    }

    private func patternPaths(from: Int, to: Int) -> [[String]] {
        var paths: [[String]] = []
        var j = from
        while j < to {
            if code.is(j, "where") { break }
            let path = ActionPath.read(at: j, code: code, limit: to)
            if !path.isEmpty { paths.append(path) }
            while j < to && !code.isPunct(j, .comma) { j = code.skipGroup(j, limit: to) }
            j += 1
        }
        return paths
    }

    // MARK: code facts

    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeValue", "removeSubrange",
        "toggle", "sort", "reverse", "shuffle", "updateValue", "merge", "formUnion", "subtract", "formIntersection",
        "formSymmetricDifference", "popLast", "popFirst", "swapAt", "replaceSubrange", "move", "updateOrAppend",
        "updateOrInsert", "withLock", "modify",
    ]

    func codeFacts(_ ranges: [Range<Int>], stateName: String, statementStarts: Set<Int>) -> CodeFacts {
        var writes = Set<String>()
        var reads = Set<String>()
        var calls = Set<String>()
        var sends: [SendFacts] = []
        var significant: [Int] = []
        for range in ranges {
            for i in range {
                if !code.isPunct(i, .semicolon) { significant.append(i) }
                let kind = code.kind(i)
                guard kind == .identifier || (kind == .keyword && code.is(i, "self")) else { continue }
                if code.is(i, "send") && code.isPunct(i + 1, .lparen), let send = send(at: i, range: range, starts: statementStarts) {
                    sends.append(send)
                    continue
                }
                if code.isDot(i + 1) && !code.isDot(i - 1) && (code.isNameLike(i + 2) || code.kind(i + 2) == .keyword)
                    && code.text(i) == stateName {
                    let field = ActionPath.name(i + 2, code: code)
                    let name = field.hasPrefix("$") ? String(field.dropFirst()) : field
                    if code.isPunct(i + 3, .lparen) {
                        // `state.removeCube(at:)`: a method of the state (possibly mutating), not a field.
                        calls.insert(code.text(i) + "." + name)
                    } else if isWrite(stateAt: i) {
                        writes.insert(name)
                    } else {
                        reads.insert(name)
                    }
                    continue
                }
                // Helper calls: `name(`, `self.name(`.
                if kind == .identifier && code.isPunct(i + 1, .lparen) && (!code.isDot(i - 1) || code.is(i - 2, "self")),
                   !code.startsUppercase(i) {
                    calls.insert(code.text(i))
                }
            }
        }
        return CodeFacts(isNoOp: isNoOp(significant), writes: writes.sorted(), reads: reads.subtracting(writes).sorted(),
                         sends: sends, calls: calls.sorted())
    }

    /// `return .none`, `.none`, `return Effect.none`, `return`, `break`, or nothing.
    private func isNoOp(_ tokens: [Int]) -> Bool {
        var t = tokens[...]
        if let f = t.first, code.is(f, "return") { t = t.dropFirst() }
        if t.isEmpty { return true }
        if t.count == 1, let f = t.first { return code.is(f, "break") }
        if let f = t.first, code.is(f, "Effect") || code.is(f, "EffectOf") { t = t.dropFirst() }
        return t.count == 2 && code.isDot(t[t.startIndex]) && code.is(t[t.startIndex + 1], "none")
    }

    /// Whether `state.field…` at i is written: an assignment after the member chain, a mutating call
    /// on it, or `&state.field` passed inout.
    private func isWrite(stateAt i: Int) -> Bool {
        if code.isOperator(i - 1, "&") { return true }
        var k = i + 3
        var steps = 0
        while k < code.count && steps < 64 {
            steps += 1
            if code.isDot(k) && (code.isNameLike(k + 1) || code.kind(k + 1) == .keyword) {
                if code.isPunct(k + 2, .lparen) || code.isPunct(k + 2, .lbrace) {
                    return Self.mutatingMethods.contains(code.text(k + 1))
                }
                k += 2
                continue
            }
            if code.kind(k) == .operator && (code.is(k, "?") || code.is(k, "!")) && code.tokens[k].start == code.tokens[k - 1].end {
                k += 1
                continue
            }
            if code.isPunct(k, .lbracket) { k = code.skipGroup(k, limit: code.count); continue }
            break
        }
        guard k < code.count, code.kind(k) == .operator else { return false }
        let t = code.tokens[k]
        let bytes = code.bytes
        guard bytes[t.endOffset - 1] == UInt8(ascii: "=") else { return false }
        // `=`, `+=`, `??=`, … but not comparisons.
        if t.length == 1 { return true }
        let first = bytes[t.startOffset]
        return !(t.length == 2 && (first == UInt8(ascii: "=") || first == UInt8(ascii: "!") || first == UInt8(ascii: "<")
                                   || first == UInt8(ascii: ">"))) && !(t.length == 3 && first == UInt8(ascii: "="))
            && !(t.length == 3 && first == UInt8(ascii: "!"))
    }

    // MARK: sends

    /// The send at i (`send` followed by `(`): `.send(…)` / `Effect.send(…)` as an effect, or
    /// `await send(…)` inside a `.run`. Other `x.send(…)` (a store, a subject) are not actions sent by this reducer.
    private func send(at i: Int, range: Range<Int>, starts: Set<Int>) -> SendFacts? {
        var start = i
        let how: SendFacts.How
        if code.isDot(i - 1) {
            start = i - 1
            if code.is(i - 2, "Effect") || code.is(i - 2, "EffectOf") {
                start = i - 2
            } else if code.kind(i - 2) == .operator && code.tokens[i - 2].start == code.tokens[i - 3].end
                        && code.bytes[code.tokens[i - 2].endOffset - 1] == UInt8(ascii: ">") {
                // `Effect<Action>.send`
                var k = i - 2
                var steps = 0
                while k > range.lowerBound && steps < 16 && !(code.is(k, "Effect") || code.is(k, "EffectOf")) { k -= 1; steps += 1 }
                guard code.is(k, "Effect") || code.is(k, "EffectOf") else { return nil }
                start = k
            } else if i - 2 >= 0 {
                let p = code.tokens[i - 2]
                if p.kind == .identifier || p.kind == .string || code.isPunct(i - 2, .rparen) || code.isPunct(i - 2, .rbracket)
                    || code.isPunct(i - 2, .rbrace) || (p.kind == .keyword && (code.is(i - 2, "self") || code.is(i - 2, "Self")))
                    || (p.kind == .operator && p.start == code.tokens[max(i - 3, 0)].end) {
                    return nil
                }
            }
            how = classify(start, send: i, range: range, starts: starts)
        } else {
            guard code.is(i - 1, "await") || code.is(i - 1, "try") else { return nil }
            how = .run
        }
        let path = ActionPath.read(at: i + 2, code: code, limit: range.upperBound)
        guard !path.isEmpty else { return nil }
        var chained: [String] = []
        if let close = code.partnerOf(i + 1), close > i + 1 {
            var k = close + 1
            while k < range.upperBound && code.isDot(k) && code.isNameLike(k + 1) && chained.count < 8 {
                chained.append(code.text(k + 1))
                k += 2
                if code.isPunct(k, .lparen) { k = code.skipGroup(k, limit: range.upperBound) }
                if code.isPunct(k, .lbrace) { k = code.skipGroup(k, limit: range.upperBound) }
            }
        }
        return SendFacts(path: path, how: how, chained: chained, location: extractor.location(start))
    }

    /// How the effect starting at `start` is used.
    private func classify(_ start: Int, send i: Int, range: Range<Int>, starts: Set<Int>) -> SendFacts.How {
        let p = start - 1
        if starts.contains(start) || code.is(p, "return") || code.is(p, "in") { return .returned }
        if code.isOperator(p, "?") && code.tokens[p].start != code.tokens[p - 1].end { return .ternary }
        // `: .send` after a `?` on the same statement is the other ternary branch; after a label it is an argument.
        if code.isPunct(p, .colon) && !(code.isNameLike(p - 1) && (code.isPunct(p - 2, .lparen) || code.isPunct(p - 2, .comma))) {
            return .ternary
        }
        // `if c { .send(.x) } else { … }` (an if expression branch).
        if code.isPunct(p, .lbrace), let blockClose = code.partnerOf(p), let callClose = code.partnerOf(i + 1), callClose + 1 == blockClose {
            return .returned
        }
        // The innermost open `(` or `[` around the send and its callee.
        var k = p
        var steps = 0
        while k >= range.lowerBound && steps < 4096 {
            steps += 1
            if code.isPunct(k, .rparen) || code.isPunct(k, .rbracket) || code.isPunct(k, .rbrace), let o = code.partnerOf(k), o < k {
                k = o - 1
                continue
            }
            if code.isPunct(k, .lbrace) { return .other }
            if code.isPunct(k, .lparen) || code.isPunct(k, .lbracket) {
                var callee = k - 1
                // `Effect.merge([ .send(…), … ])`: the array is the argument.
                if code.isPunct(k, .lbracket) && code.isPunct(k - 1, .lparen) { callee = k - 2 }
                if code.is(callee, "merge") || code.is(callee, "concatenate") { return .merged }
                if code.is(callee, "append") { return .appended }
                return .other
            }
            k -= 1
        }
        return .other
    }

    /// The code's name for the action a function receives (one reading, shared with the rules' regions).
    static func actionParameterName(of f: FunctionDeclaration, code: CodeTokens) -> String {
        ReducerLogic.actionParameterName(of: f, code: code)
    }

    /// The name a function's code uses for the state (one reading, shared with the rules' regions).
    static func stateParameterName(of f: FunctionDeclaration, code: CodeTokens) -> String {
        ReducerLogic.stateParameterName(of: f, code: code)
    }
}

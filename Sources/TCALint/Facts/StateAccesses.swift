/// How code touches the fields of the state: the one reading of `state.field` reads and writes.
enum StateAccesses {
    /// Methods that mutate the value they are called on.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeValue", "removeSubrange",
        "toggle", "sort", "reverse", "shuffle", "updateValue", "merge", "formUnion", "subtract", "formIntersection",
        "formSymmetricDifference", "popLast", "popFirst", "swapAt", "replaceSubrange", "move", "updateOrAppend",
        "updateOrInsert", "withLock", "modify",
    ]

    /// An access found in code, with its token.
    struct Access {
        var path: [String]
        var kind: AccessFacts.Kind
        /// Token of the field name.
        var token: Int
        /// Compared with `==` / `!=`, and the plain name on the other side.
        var isCompared = false
        var comparedWith: String? = nil
        var field: String { path.first ?? "" }
    }

    /// Whether token i is `<stateName>` starting a member access of the state (`state.x`, not `x.state.y`).
    static func isStateBase(_ i: Int, stateName: [UInt8], code: CodeTokens) -> Bool {
        let t = code.tokens[i]
        guard t.kind == .identifier || (t.kind == .keyword && code.is(i, "self")), t.length == stateName.count,
              code.isDot(i + 1), !code.isDot(i - 1) else { return false }
        return code.bytes[t.startOffset..<t.endOffset].elementsEqual(stateName)
    }

    /// The access whose state name is token i (see `isStateBase`), or nil when a method of the state is called
    /// (`state.reset()`) or nothing follows the dot.
    static func access(at i: Int, code: CodeTokens) -> Access? {
        guard code.isNameLike(i + 2) || code.kind(i + 2) == .keyword else { return nil }
        if code.isPunct(i + 3, .lparen) { return nil }
        var path: [String] = []
        var k = i + 1
        while path.count < 4 && code.isDot(k) && (code.isNameLike(k + 1) || code.kind(k + 1) == .keyword)
                && !code.isPunct(k + 2, .lparen) {
            var name = CasePath.name(k + 1, code: code)
            if name.hasPrefix("$") { name.removeFirst() }
            path.append(name)
            k += 2
            while code.kind(k) == .operator && (code.is(k, "?") || code.is(k, "!")) && code.tokens[k].start == code.tokens[k - 1].end { k += 1 }
        }
        guard !path.isEmpty else { return nil }
        var access = Access(path: path, kind: kind(stateAt: i, code: code), token: i + 2)
        if code.isOperator(k, "==") || code.isOperator(k, "!=") {
            access.isCompared = true
            if code.kind(k + 1) == .identifier, !code.isDot(k + 2), !code.isPunct(k + 2, .lparen) { access.comparedWith = code.text(k + 1) }
        } else if code.isOperator(i - 1, "==") || code.isOperator(i - 1, "!=") {
            access.isCompared = true
            if code.kind(i - 2) == .identifier, !code.isDot(i - 3) { access.comparedWith = code.text(i - 2) }
        }
        return access
    }

    /// Whether `state.field…` at i is assigned (`=`), mutated (`+=`, a mutating call on it, `&state.field`, an
    /// assignment to a deeper member) or only read.
    static func kind(stateAt i: Int, code: CodeTokens) -> AccessFacts.Kind {
        if code.isOperator(i - 1, "&") { return .mutate }
        var k = i + 3
        var deeper = false
        var steps = 0
        while k < code.count && steps < 64 {
            steps += 1
            if code.isDot(k) && (code.isNameLike(k + 1) || code.kind(k + 1) == .keyword) {
                if code.isPunct(k + 2, .lparen) || code.isPunct(k + 2, .lbrace) {
                    return mutatingMethods.contains(code.text(k + 1)) ? .mutate : .read
                }
                deeper = true
                k += 2
                continue
            }
            if code.kind(k) == .operator && (code.is(k, "?") || code.is(k, "!")) && code.tokens[k].start == code.tokens[k - 1].end {
                k += 1
                continue
            }
            if code.isPunct(k, .lbracket) { deeper = true; k = code.skipGroup(k, limit: code.count); continue }
            break
        }
        guard k < code.count, code.kind(k) == .operator else { return .read }
        let t = code.tokens[k]
        let bytes = code.bytes
        guard bytes[t.endOffset - 1] == UInt8(ascii: "=") else { return .read }
        if t.length == 1 { return deeper ? .mutate : .assign }
        // `+=`, `??=`, … but not comparisons.
        let first = bytes[t.startOffset]
        let isComparison = (t.length == 2 && (first == UInt8(ascii: "=") || first == UInt8(ascii: "!") || first == UInt8(ascii: "<")
                                              || first == UInt8(ascii: ">"))) || (t.length == 3 && (first == UInt8(ascii: "=") || first == UInt8(ascii: "!")))
        return isComparison ? .read : .mutate
    }

    /// Every access to `<stateName>.field` in [from, to).
    static func read(from: Int, to: Int, stateName: String, code: CodeTokens) -> [Access] {
        var result: [Access] = []
        let name = Array(stateName.utf8)
        var j = from
        while j + 2 < to {
            defer { j += 1 }
            guard isStateBase(j, stateName: name, code: code), let access = access(at: j, code: code) else { continue }
            result.append(access)
        }
        return result
    }
}

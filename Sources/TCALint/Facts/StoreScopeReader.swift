/// `.scope(state: …, action: …)` calls whose action argument is not a case key path: TCA 1.5 soft-deprecated
/// scoping a store with closures (`action: { .child($0) }`, `action: Feature.Action.child`) for key paths
/// (`state: \.child, action: \.child`), which let TCA cache the child store. Read at the `scope` token, with what
/// each argument is, for the deprecation rule and its fix.
struct StoreScopeReader {
    let extractor: FactsExtractor
    var code: CodeTokens { extractor.code }

    /// The call at identifier token i (`scope`), if it is one.
    func scope(at i: Int) -> StoreScopeFacts? {
        guard code.isDot(i - 1), code.isPunct(i + 1, .lparen), code.is(i + 2, "state"), code.isPunct(i + 3, .colon),
              let close = code.partnerOf(i + 1) else { return nil }
        // The two arguments, `state:` then `action:`, and nothing else.
        let stateStart = i + 4
        let stateEnd = code.argumentEnd(from: stateStart, close: close)
        guard stateEnd < close, code.is(stateEnd + 1, "action"), code.isPunct(stateEnd + 2, .colon) else { return nil }
        let actionStart = stateEnd + 3
        let actionEnd = code.argumentEnd(from: actionStart, close: close)
        guard actionEnd == close, actionStart < actionEnd, stateStart < stateEnd else { return nil }
        // Closures only: `{ .child($0) }`, or a case's embed function named through its type (`Feature.Action.child`).
        // A case key path (`\.child`) is the current API; a variable (`action`) may hold one.
        guard code.isPunct(actionStart, .lbrace) || (code.isNameLike(actionStart) && code.startsUppercase(actionStart) && code.isDot(actionStart + 1))
        else { return nil }
        var facts = StoreScopeFacts(anchor: extractor.anchor(i), receiver: receiver(dot: i - 1),
                                    state: range(stateStart, stateEnd), action: range(actionStart, actionEnd))
        facts.statePath = statePath(from: stateStart, to: stateEnd)
        facts.actionCase = actionCase(from: actionStart, to: actionEnd)
        return facts
    }

    private func range(_ start: Int, _ end: Int) -> Range<Int> { code.offset(start)..<code.tokens[end - 1].endOffset }

    /// `store` / `self.store` before the dot, as written; "" for anything else (a call, a subscript).
    private func receiver(dot: Int) -> String {
        guard code.isNameLike(dot - 1) else { return "" }
        if code.isDot(dot - 2), code.is(dot - 3, "self") { return "self." + code.text(dot - 1) }
        return code.isDot(dot - 2) ? "" : code.text(dot - 1)
    }

    /// The property path the state argument reads: `\.a.b` or `{ $0.a.b }` → [a, b]; nil for anything else.
    private func statePath(from start: Int, to end: Int) -> [String]? {
        var j: Int
        var stop = end
        if code.isPunct(start, .backslash) {
            j = start + 1
        } else if code.isPunct(start, .lbrace), code.partnerOf(start) == end - 1, code.is(start + 1, "$0") {
            j = start + 2
            stop = end - 1
        } else {
            return nil
        }
        var names: [String] = []
        while j < stop {
            guard code.isDot(j), let name = code.memberName(j + 1) else { return nil }
            names.append(name)
            j += 2
        }
        return names.isEmpty ? nil : names
    }

    /// The action case the action argument embeds into: `{ .child($0) }`, `{ Action.child($0) }`,
    /// `Feature.Action.child`, `Feature.Action.row(id:action:)` → `child`, `row` with the root as written (`""`, `Action`,
    /// `Feature.Action`); nil otherwise.
    private func actionCase(from start: Int, to end: Int) -> StoreScopeFacts.ActionCase? {
        var j = start
        var stop = end
        let isClosure = code.isPunct(start, .lbrace)
        if isClosure {
            guard code.partnerOf(start) == end - 1 else { return nil }
            j = start + 1
            stop = end - 1
            // `{ .child($0) }`: the call's parentheses hold exactly `$0`.
            guard stop - 4 > j, code.isPunct(stop - 3, .lparen), code.is(stop - 2, "$0"), code.isPunct(stop - 1, .rparen) else { return nil }
            stop -= 3
        }
        // `.case` (the root implied), or `Root.case` with the root's names uppercase.
        var name = j
        if code.isDot(j) {
            name = j + 1
        } else {
            while name + 1 < stop, code.isNameLike(name), code.startsUppercase(name) || code.is(name, "Self"), code.isDot(name + 1) {
                name += 2
            }
            guard name > j else { return nil }
        }
        // `Feature.Action.row(id:action:)`: the case's constructor named with its labels.
        guard name + 1 == stop || (!isClosure && code.isArgumentLabels(name + 1, end: stop)), let caseName = code.memberName(name)
        else { return nil }
        return StoreScopeFacts.ActionCase(root: code.isDot(j) ? "" : code.sourceText(from: j, through: name - 2), name: caseName)
    }
}

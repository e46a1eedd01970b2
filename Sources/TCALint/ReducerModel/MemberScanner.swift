/// Reads the members of one type's member block that the rules care about: `var body`,
/// functions (incl. `reduce(into:action:)`), and the cases of a nested `enum Action`.
/// Only the block's own level is read (members inside `#if` clauses included); nested types are skipped.
struct MemberScanner {
    let code: CodeTokens
    let type: ReducerDeclaration

    func scan() {
        let close = type.membersClose
        var j = type.membersOpen + 1
        while j < close {
            let t = code.tokens[j]
            if t.kind == .keyword {
                if (code.is(j, "var") || code.is(j, "let")) && (code.is(j + 1, "body") || code.is(j + 1, "`body`")) {
                    if let body = parseBody(declarationAt: j) { type.bodies.append(body) }
                    j += 2
                    continue
                }
                if code.is(j, "var") && code.isNameLike(j + 1) && isReducerBuilderProperty(at: j),
                   let property = parseBody(declarationAt: j), property.open != nil {
                    type.builderProperties.append(property)
                    j += 2
                    continue
                }
                if code.is(j, "func"), let f = parseFunction(at: j) {
                    type.functions.append(f)
                    if f.name == "reduce" && f.labels == ["into", "action"] { type.reduceMethods.append(f.nameToken) }
                    j = (f.bodyClose ?? j + 1) + 1
                    continue
                }
                if code.is(j, "enum") && code.is(j + 1, "Action") {
                    parseActionCases(enumAt: j)
                }
            }
            j = code.skipGroup(j, limit: close)
        }
        type.body = type.bodies.last { !$0.isStatic }
    }

    // MARK: body

    private func parseBody(declarationAt j: Int) -> BodyDeclaration? {
        let close = type.membersClose
        let isStatic = hasModifier("static", before: j) || hasModifier("class", before: j)
        var k = j + 2
        // Type annotation up to `{` or `=`.
        while k < close && !code.isPunct(k, .lbrace) && !code.isOperator(k, "=") {
            if code.newlineBefore[k] && k > j + 2 && !code.continuesExpression(at: k, limit: close) { break }
            k = code.skipGroup(k, limit: close)
        }
        // `var body: some ReducerOf<Self>` with neither accessor nor initializer (a requirement, or a
        // cut-off file): a body with no elements.
        guard k < close, code.isPunct(k, .lbrace) || code.isOperator(k, "=") else {
            return BodyDeclaration(nameToken: j + 1, isStatic: isStatic, open: nil, close: nil, elements: [])
        }
        if code.isOperator(k, "=") {
            let start = k + 1
            let end = code.statementEnd(from: start, limit: close)
            let elements = BuilderListParser(code: code).parseList(from: start, to: end)
            return BodyDeclaration(nameToken: j + 1, isStatic: isStatic, open: nil, close: nil, elements: elements)
        }
        guard code.isPunct(k, .lbrace) else { return nil }
        var open = k
        var blockClose = code.partnerOf(open).map { $0 > open ? $0 : close } ?? close
        // Explicit accessor block: `{ get { … } }`.
        if code.is(open + 1, "get") && code.isPunct(open + 2, .lbrace) {
            open += 2
            blockClose = code.partnerOf(open).map { $0 > open ? $0 : close } ?? close
        } else if code.is(open + 1, "get") || code.is(open + 1, "set") {
            // `{ get }` requirement, or a set-only body: nothing to analyse.
            return BodyDeclaration(nameToken: j + 1, isStatic: isStatic, open: open, close: blockClose, elements: [])
        }
        let elements = BuilderListParser(code: code).parseList(from: open + 1, to: blockClose)
        return BodyDeclaration(nameToken: j + 1, isStatic: isStatic, open: open, close: blockClose, elements: elements)
    }

    /// `@ReducerBuilder<…> var core: …`, or `var core: some Reducer…` / `some ReducerOf<Self>`: a computed
    /// property other than `body` whose getter is a reducer builder.
    private func isReducerBuilderProperty(at j: Int) -> Bool {
        if Declarations.hasAttribute("ReducerBuilder", before: j - 1, code: code) { return true }
        guard code.isPunct(j + 2, .colon), code.is(j + 3, "some") else { return false }
        return code.is(j + 4, "Reducer") || code.is(j + 4, "ReducerOf") || code.is(j + 4, "ReducerProtocol")
    }

    /// Whether a modifier word precedes the declaration keyword at j (same declaration):
    /// walks back over modifiers (`public`, `private(set)`…) and attributes (`@MainActor`, `@available(…)`).
    private func hasModifier(_ word: StaticString, before j: Int) -> Bool {
        var k = j - 1
        var steps = 0
        while k > type.membersOpen && steps < 24 {
            steps += 1
            if code.is(k, word) { return true }
            if code.isPunct(k, .rparen), let o = code.partnerOf(k), o < k { k = o - 1; continue }
            if code.isNameLike(k) && code.isPunct(k - 1, .at) { k -= 2; continue }
            if Self.modifierWords.contains(where: { code.is(k, $0) }) { k -= 1; continue }
            return false
        }
        return false
    }

    static let modifierWords: [StaticString] = [
        "public", "private", "fileprivate", "internal", "open", "package", "final", "static", "class", "override",
        "lazy", "dynamic", "nonisolated", "mutating", "nonmutating", "weak", "unowned", "optional", "required",
        "convenience", "indirect", "isolated", "consuming", "borrowing",
    ]

    // MARK: functions

    func parseFunction(at j: Int) -> FunctionDeclaration? {
        let close = type.membersClose
        var k = j + 1
        guard k < close else { return nil }
        let nameToken = k
        let name = code.text(k)
        k += 1
        if let g = code.skipGenericArguments(k, limit: close) { k = g }
        guard code.isPunct(k, .lparen), let paramsClose = code.partnerOf(k), paramsClose > k else { return nil }
        let labels = parameterLabels(open: k, close: paramsClose)
        k = paramsClose + 1
        // Effects, return type, where clause, then the body (absent for requirements).
        var bodyOpen: Int? = nil
        while k < close {
            if code.isPunct(k, .lbrace) { bodyOpen = k; break }
            if code.newlineBefore[k] && !code.continuesExpression(at: k, limit: close) {
                let t = code.tokens[k]
                if t.kind == .keyword && !code.is(k, "where") && !code.is(k, "throws") && !code.is(k, "rethrows") { break }
                if code.isPunct(k, .at) || code.isPunct(k, .rbrace) { break }
            }
            if let g = code.skipGenericArguments(k, limit: close) { k = g; continue }
            k = code.skipGroup(k, limit: close)
        }
        var bodyClose: Int? = nil
        if let o = bodyOpen { bodyClose = code.partnerOf(o).map { $0 > o ? $0 : close } ?? close }
        var f = FunctionDeclaration(name: name, nameToken: nameToken, labels: labels, bodyOpen: bodyOpen,
                                    bodyClose: bodyClose, isStatic: hasModifier("static", before: j))
        // What the signature returns, read from the tokens between `)` and the body.
        var r = paramsClose + 1
        let signatureEnd = bodyOpen ?? k
        while r < signatureEnd {
            if code.isOperator(r, "->") {
                var end = r + 1
                while end < signatureEnd && !(code.tokens[end].kind == .keyword && code.is(end, "where")) { end += 1 }
                if end > r + 1 { f.returnType = code.sourceText(from: r + 1, through: end - 1).filter { !$0.isWhitespace } }
            }
            if code.tokens[r].kind == .identifier {
                if code.is(r, "Effect") || code.is(r, "EffectOf") || code.is(r, "EffectTask") { f.returnsEffect = true }
                if code.is(r, "Reduce") || code.is(r, "Reducer") || code.is(r, "ReducerOf") { f.returnsReducer = true }
            }
            r += 1
        }
        return f
    }

    /// First names of the parameters between `(` open and `)` close.
    private func parameterLabels(open: Int, close: Int) -> [String] {
        var labels: [String] = []
        var k = open + 1
        var atStart = true
        while k < close {
            if atStart {
                // Skip attributes on parameters.
                while k < close && code.isPunct(k, .at) { k += 2; if code.isPunct(k, .lparen) { k = code.skipGroup(k, limit: close) } }
                if k < close { labels.append(code.text(k)) }
                atStart = false
            }
            if code.isPunct(k, .comma) { atStart = true }
            k = code.skipGroup(k, limit: close)
        }
        return labels
    }

    // MARK: Action cases

    private func parseActionCases(enumAt j: Int) {
        let close = type.membersClose
        var k = j + 2
        while k < close && !code.isPunct(k, .lbrace) { k = code.skipGroup(k, limit: close) }
        guard k < close, let blockClose = code.partnerOf(k), blockClose > k else { return }
        var m = k + 1
        while m < blockClose {
            if code.tokens[m].kind == .keyword && code.is(m, "case") {
                let (cases, end) = code.enumCaseDeclaration(at: m, limit: blockClose)
                for c in cases {
                    type.actionCases.append(ActionCase(name: CodeTokens.unescaped(code.text(c.nameToken)), nameToken: c.nameToken, payload: c.payload))
                }
                m = end
                continue
            }
            m = code.skipGroup(m, limit: blockClose)
        }
    }
}

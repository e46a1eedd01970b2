/// Parses the statements of a reducer builder (`body`, `CombineReducers { }`, a Scope's child closure,
/// branches of `if`/`switch`/`#if`) into `BuilderElement`s.
///
/// Nested builder lists are parsed by recursion, but only up to `maxDepth` levels: deeper lists
/// are left unparsed (their tokens are still skipped correctly), so input nesting never
/// translates into unbounded call-stack depth.
struct BuilderListParser {
    let code: CodeTokens
    var depth = 0
    static let maxDepth = 40

    /// Modifiers whose trailing closure is itself a reducer builder.
    static let builderModifiers: Set<String> = ["ifLet", "ifCaseLet", "forEach", "onChange"]

    func parseList(from start: Int, to limit: Int) -> [BuilderElement] {
        guard depth < Self.maxDepth, start < limit else { return [] }
        var elements: [BuilderElement] = []
        var i = start
        while i < limit {
            if code.isPunct(i, .semicolon) { i += 1; continue }
            let (element, next) = parseElement(at: i, limit: limit)
            elements.append(element)
            i = max(next, i + 1)
        }
        return elements
    }

    private var nested: BuilderListParser { BuilderListParser(code: code, depth: depth + 1) }

    // MARK: elements

    private func parseElement(at i: Int, limit: Int) -> (BuilderElement, Int) {
        let t = code.tokens[i]
        if t.kind == .pound && code.is(i, "#if") { return parseIfConfig(at: i, limit: limit) }
        if t.kind == .keyword {
            if code.is(i, "if") { return parseIf(at: i, limit: limit) }
            if code.is(i, "switch") { return parseSwitch(at: i, limit: limit) }
            if code.is(i, "for") { return parseFor(at: i, limit: limit) }
            if code.is(i, "let") || code.is(i, "var") {
                let end = code.statementEnd(from: i, limit: limit)
                return (BuilderElement(kind: .declaration, name: code.text(i), start: i, end: end - 1, nameToken: i), end)
            }
            if !(code.is(i, "self") || code.is(i, "Self") || code.is(i, "super") || code.is(i, "try")
                 || code.is(i, "true") || code.is(i, "false") || code.is(i, "nil")) {
                let end = code.statementEnd(from: i, limit: limit)
                return (BuilderElement(kind: .other, name: code.text(i), start: i, end: end - 1, nameToken: i), end)
            }
        }
        return parseExpression(at: i, limit: limit)
    }

    private func parseExpression(at i: Int, limit: Int) -> (BuilderElement, Int) {
        let end = code.statementEnd(from: i, limit: limit)
        var j = i
        // Callee: a dotted plain name with optional generic arguments (`ComposableArchitecture.Scope<S, A>`).
        var components: [Int] = []
        if code.isNameLike(j) {
            components.append(j)
            j += 1
            while j < end {
                if let g = code.skipGenericArguments(j, limit: end) { j = g; continue }
                guard code.isDot(j), code.isNameLike(j + 1) else { break }
                // `a.b(…)` with a lowercase member is a call of a method on `a`: a modifier.
                var after = j + 2
                if let g = code.skipGenericArguments(after, limit: end) { after = g }
                let isCall = after < end && !code.newlineBefore[after] && (code.isPunct(after, .lparen) || code.isPunct(after, .lbrace))
                if isCall && !code.startsUppercase(j + 1) { break }
                components.append(j + 1)
                j += 2
            }
        } else if code.isDot(j) && code.isNameLike(j + 1) {
            components.append(j + 1)
            j += 2
        }
        var name = ""
        var qualified: String? = nil
        var unnamed: BuilderElement.Unnamed? = nil
        let nameToken = components.last ?? i
        if let last = components.last {
            name = code.isDot(i) ? "." + code.text(last) : code.text(last)
            if components.count > 1 { qualified = qualifiedText(components) }
        } else {
            unnamed = code.isPunct(i, .lbrace) ? .closure : .expression
        }
        let element = BuilderElement(kind: .expression, name: name, start: i, end: end - 1, nameToken: nameToken)
        element.qualified = qualified
        element.unnamed = unnamed
        if components.isEmpty { return (element, end) }

        // Postfix: call arguments, trailing closures, `.modifier(…) { … }`, `?`/`!`, postfix `#if`.
        var sawCall = false
        while j < end {
            if code.isPunct(j, .lparen) && !code.newlineBefore[j] {
                if element.modifiers.isEmpty {
                    if !sawCall { element.argumentsOpen = j }
                } else if element.modifiers[element.modifiers.count - 1].argumentsOpen == nil {
                    element.modifiers[element.modifiers.count - 1].argumentsOpen = j
                }
                sawCall = true
                j = code.skipGroup(j, limit: end)
                continue
            }
            if code.isPunct(j, .lbrace) && !code.newlineBefore[j] {
                attachClosure(open: j, to: element, limit: end)
                sawCall = true
                j = code.skipGroup(j, limit: end)
                // Labeled trailing closures: `label: { … }`.
                while j + 2 < end && code.isNameLike(j) && code.isPunct(j + 1, .colon) && code.isPunct(j + 2, .lbrace) {
                    j = code.skipGroup(j + 2, limit: end)
                }
                continue
            }
            if code.isDot(j) && code.isNameLike(j + 1) {
                element.modifiers.append(Modifier(name: code.text(j + 1), nameToken: j + 1))
                j += 2
                if let g = code.skipGenericArguments(j, limit: end) { j = g }
                continue
            }
            if code.tokens[j].kind == .pound && code.isPostfixIfConfig(j, limit: end) {
                j = parsePostfixIfConfig(at: j, limit: end, into: element)
                continue
            }
            j = code.skipGroup(j, limit: end)
        }
        return (element, end)
    }

    private func qualifiedText(_ components: [Int]) -> String {
        components.map { code.text($0) }.joined(separator: ".")
    }

    /// Records the trailing closure `{` at `open` on the element, or on its last modifier, and parses
    /// it as a builder list when it is one.
    private func attachClosure(open: Int, to element: BuilderElement, limit: Int) {
        let bodyStart = code.closureBodyStart(open)
        let close = code.partnerOf(open).map { $0 > open ? $0 : limit } ?? limit
        if element.modifiers.isEmpty {
            guard element.closureOpen == nil else { return }
            element.closureOpen = open
            element.closureHasSignature = bodyStart != nil
            // The oracle's notion: a trailing closure without signature is a builder (`CombineReducers { }`,
            // `Scope(…) { Child() }`). A `Reduce`'s closure is logic, never a list.
            if bodyStart == nil { element.children = nested.parseList(from: open + 1, to: close) }
        } else {
            let m = element.modifiers.count - 1
            guard element.modifiers[m].closureOpen == nil else { return }
            element.modifiers[m].closureOpen = open
            element.modifiers[m].closureHasSignature = bodyStart != nil
            if Self.builderModifiers.contains(element.modifiers[m].name) {
                element.modifiers[m].children = nested.parseList(from: bodyStart ?? open + 1, to: close)
            }
        }
    }

    /// `#if COND` / `.modifier()` … `#endif` inside a modifier chain. Returns the index after `#endif`.
    private func parsePostfixIfConfig(at i: Int, limit: Int, into element: BuilderElement) -> Int {
        let end = code.ifConfigEnd(i, limit: limit) ?? limit
        var j = i
        var condition = ""
        while j < end {
            let t = code.tokens[j]
            if t.kind == .pound && (code.is(j, "#if") || code.is(j, "#elseif") || code.is(j, "#else") || code.is(j, "#endif")) {
                let (cond, next) = directiveCondition(at: j, limit: end)
                condition = code.is(j, "#else") ? "else" : cond
                j = next
                continue
            }
            if code.isDot(j) && code.isNameLike(j + 1) {
                var m = Modifier(name: code.text(j + 1), nameToken: j + 1)
                m.condition = condition
                element.modifiers.append(m)
                j += 2
                continue
            }
            if code.isPunct(j, .lparen) && !element.modifiers.isEmpty && element.modifiers[element.modifiers.count - 1].argumentsOpen == nil {
                element.modifiers[element.modifiers.count - 1].argumentsOpen = j
            } else if code.isPunct(j, .lbrace) && !element.modifiers.isEmpty {
                attachClosure(open: j, to: element, limit: end)
            }
            j = code.skipGroup(j, limit: end)
        }
        return end
    }

    /// The condition text of a directive at i (rest of its line) and the index after it.
    private func directiveCondition(at i: Int, limit: Int) -> (String, Int) {
        var j = i + 1
        while j < limit && !code.newlineBefore[j] { j = code.skipGroup(j, limit: limit) }
        return (j > i + 1 ? code.sourceText(from: i + 1, through: j - 1) : "", j)
    }

    // MARK: control flow

    /// The `{` … `}` block that follows a statement's header (an `if` condition, a `switch` subject,
    /// a `for` sequence): the braces, with an unterminated block ending at `limit`.
    private func block(after i: Int, limit: Int) -> (open: Int, close: Int)? {
        var j = i
        while j < limit && !code.isPunct(j, .lbrace) { j = code.skipGroup(j, limit: limit) }
        guard j < limit else { return nil }
        return (j, code.partnerOf(j).map { $0 > j ? $0 : limit } ?? limit)
    }

    private func parseIf(at i: Int, limit: Int) -> (BuilderElement, Int) {
        let element = BuilderElement(kind: .ifStatement, name: "if", start: i, end: i, nameToken: i)
        var j = i + 1
        while let (open, close) = block(after: j, limit: limit) {
            element.branches.append(nested.parseList(from: open + 1, to: close))
            j = close + 1
            guard j < limit, code.is(j, "else") else { break }
            j += 1
            if code.is(j, "if") { j += 1; continue }
            // `else {`: the last branch.
            if code.isPunct(j, .lbrace), let (open, close) = block(after: j, limit: limit) {
                element.branches.append(nested.parseList(from: open + 1, to: close))
                j = close + 1
            }
            break
        }
        let end = min(j, limit)
        element.end = max(end - 1, i)
        return (element, end)
    }

    private func parseSwitch(at i: Int, limit: Int) -> (BuilderElement, Int) {
        let element = BuilderElement(kind: .switchStatement, name: "switch", start: i, end: i, nameToken: i)
        guard let (open, close) = block(after: i + 1, limit: limit) else { element.end = limit - 1; return (element, limit) }
        for clause in SwitchClauses.clauses(of: code, open: open, close: close) {
            element.branches.append(nested.parseList(from: clause.bodyStart, to: clause.bodyEnd))
        }
        let end = min(close + 1, limit)
        element.end = end - 1
        return (element, end)
    }

    private func parseFor(at i: Int, limit: Int) -> (BuilderElement, Int) {
        let element = BuilderElement(kind: .forLoop, name: "for", start: i, end: i, nameToken: i)
        guard let (open, close) = block(after: i + 1, limit: limit) else { element.end = limit - 1; return (element, limit) }
        element.branches.append(nested.parseList(from: open + 1, to: close))
        let end = min(close + 1, limit)
        element.end = end - 1
        return (element, end)
    }

    private func parseIfConfig(at i: Int, limit: Int) -> (BuilderElement, Int) {
        let element = BuilderElement(kind: .ifConfig, name: "#if", start: i, end: i, nameToken: i)
        let end = code.ifConfigEnd(i, limit: limit) ?? limit
        var clauseStart: Int? = nil
        var j = i
        var nesting = 0
        while j < end {
            let isDirective = code.tokens[j].kind == .pound
            if isDirective && code.is(j, "#if") && clauseStart != nil { nesting += 1 }
            if isDirective && nesting == 0 && (code.is(j, "#if") || code.is(j, "#elseif") || code.is(j, "#else") || code.is(j, "#endif")) {
                if let s = clauseStart { element.branches.append(nested.parseList(from: s, to: j)) }
                if code.is(j, "#endif") { clauseStart = nil; j += 1; continue }
                let (_, next) = directiveCondition(at: j, limit: end)
                clauseStart = next
                j = next
                continue
            }
            if isDirective && code.is(j, "#endif") { nesting -= 1 }
            j = code.skipGroup(j, limit: end)
        }
        if let s = clauseStart { element.branches.append(nested.parseList(from: s, to: end)) }
        element.end = max(end - 1, i)
        return (element, end)
    }
}

/// The `case …:` / `default:` clauses of a `switch` block, shared by the parser and the rules.
public struct SwitchClauses {
    public struct Clause {
        /// Token of `case` or `default`.
        public var label: Int
        /// Tokens of the patterns: [label + 1, colon).
        public var patternEnd: Int
        public var bodyStart: Int
        public var bodyEnd: Int
        public var isDefault: Bool
    }

    /// Clauses of the switch block `{` open … `}` close, in order.
    public static func clauses(of code: CodeTokens, open: Int, close: Int) -> [Clause] {
        var labels: [(label: Int, colon: Int, isDefault: Bool)] = []
        var j = open + 1
        while j < close {
            let t = code.tokens[j]
            if t.kind == .keyword && (code.is(j, "case") || code.is(j, "default")) && isClauseLabel(code, j) {
                var k = j + 1
                while k < close && !code.isPunct(k, .colon) { k = code.skipGroup(k, limit: close) }
                labels.append((j, min(k, close), code.is(j, "default")))
                j = k + 1
                continue
            }
            j = code.skipGroup(j, limit: close)
        }
        var result: [Clause] = []
        for (n, l) in labels.enumerated() {
            var bodyEnd = n + 1 < labels.count ? labels[n + 1].label : close
            // `@unknown default:` — the attribute belongs to the next label.
            if n + 1 < labels.count, bodyEnd >= 2, code.isPunct(bodyEnd - 2, .at) { bodyEnd -= 2 }
            result.append(Clause(label: l.label, patternEnd: l.colon, bodyStart: min(l.colon + 1, bodyEnd),
                                 bodyEnd: bodyEnd, isDefault: l.isDefault))
        }
        return result
    }

    /// `case` starts a clause unless it belongs to `if case`, `guard case`, `for case`, `while case` or a `,` condition list.
    static func isClauseLabel(_ code: CodeTokens, _ j: Int) -> Bool {
        let p = j - 1
        if code.is(p, "if") || code.is(p, "guard") || code.is(p, "while") || code.is(p, "for") || code.isPunct(p, .comma) {
            return false
        }
        return true
    }
}

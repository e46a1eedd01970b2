/// Reads composition edges (`Scope(state:action:)`, `.ifLet`, `.forEach`, `.ifCaseLet`) and the paths
/// written in them.
enum EdgeReader {
    /// The modifiers that run a child reducer on part of the parent's state.
    static let operators: Set<String> = ["ifLet", "forEach", "ifCaseLet"]

    /// `stateLabel` is `state` for `Scope`; the operators take the state path as their first, unlabelled argument.
    static func edge(operation: String, arguments open: Int, stateLabel: String?, children: [BuilderElement]?,
                     at token: Int, extractor: FileFactsExtractor) -> EdgeFacts {
        let code = extractor.code
        let args = arguments(open: open, code: code)
        let state = args.first { $0.label == stateLabel }
        let action = args.first { $0.label == "action" }
        return EdgeFacts(operation: operation,
                         statePath: state.map { path(from: $0.start, to: $0.end, code: code) } ?? "",
                         actionPath: action.map { path(from: $0.start, to: $0.end, code: code) } ?? "",
                         childType: childType(children), location: extractor.location(token))
    }

    struct Argument {
        var label: String?
        /// Value tokens [start, end).
        var start: Int
        var end: Int
    }

    static func arguments(open: Int, code: CodeTokens) -> [Argument] {
        guard let close = code.partnerOf(open), close > open else { return [] }
        var result: [Argument] = []
        var j = open + 1
        while j < close {
            var label: String? = nil
            var start = j
            if code.isNameLike(j) || code.kind(j) == .keyword, code.isPunct(j + 1, .colon) {
                label = code.text(j)
                start = j + 2
            }
            var end = start
            while end < close && !code.isPunct(end, .comma) { end = code.skipGroup(end, limit: close) }
            result.append(Argument(label: label, start: start, end: end))
            j = end + 1
        }
        return result
    }

    /// `\.child` → `child`; `\.$destination` → `$destination`; `\State.a.b` → `a.b`; `/Action.child` → `child`;
    /// `\.self` → `self`. Anything else (a closure, a variable) is given as written.
    static func path(from start: Int, to end: Int, code: CodeTokens) -> String {
        guard start < end else { return "" }
        guard code.isPunct(start, .backslash) || code.isOperator(start, "/") else {
            return code.sourceText(from: start, through: end - 1)
        }
        var components: [String] = []
        var j = start + 1
        while j < end {
            if code.isDot(j) { j += 1; continue }
            if code.isNameLike(j) || code.kind(j) == .keyword {
                components.append(ActionPath.name(j, code: code))
                j += 1
                continue
            }
            if code.isOperator(j, "?") || code.isOperator(j, "!") { j += 1; continue }
            return code.sourceText(from: start, through: end - 1)
        }
        // Leading type names (`\State.child`, `/Action.child`) are the root, not the path.
        while components.count > 1, let first = components.first?.unicodeScalars.first, first.properties.isUppercase {
            components.removeFirst()
        }
        return components.joined(separator: ".")
    }

    /// TCA's own reducers, which compose children rather than being one.
    static let tcaReducers: Set<String> = ["Scope", "Reduce", "CombineReducers", "EmptyReducer", "BindingReducer"]

    /// The reducer the closure runs: `Child()`, `Child.body`, `Destination.body.dependency(…)` → the type name.
    static func childType(_ children: [BuilderElement]?) -> String? {
        guard let children else { return nil }
        for element in children where element.kind == .expression {
            var name = element.qualified ?? element.name
            for suffix in [".body", ".init"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
            guard let first = name.unicodeScalars.first, first.properties.isUppercase, !tcaReducers.contains(name) else { continue }
            return name
        }
        return nil
    }
}

/// Case paths that, unlike `CasePath.read`, also follow case names that are keywords (`.internal(.x)`,
/// `.default`) and a leading type name (`Action.view(.task)`).
enum ActionPath {
    /// The path starting at i (at `.`, `let`/`var` before it, or a type name before the dot).
    static func read(at i: Int, code: CodeTokens, limit: Int) -> [String] {
        var path: [String] = []
        var j = i
        while code.is(j, "let") || code.is(j, "var") { j += 1 }
        if !code.isDot(j) {
            // `Action.view(…)`, `Feature.Action.view(…)`: skip the type names to the dot before the case.
            var k = j
            while k + 1 < limit && code.isNameLike(k) && code.startsUppercase(k) && code.isDot(k + 1) { k += 2 }
            guard k > j else { return [] }
            j = k - 1
        }
        var steps = 0
        while j < limit && steps < 16 {
            steps += 1
            while code.is(j, "let") || code.is(j, "var") { j += 1 }
            guard code.isDot(j), j + 1 < limit, code.isNameLike(j + 1) || code.kind(j + 1) == .keyword,
                  !code.is(j + 1, "init") else { break }
            path.append(name(j + 1, code: code))
            j += 2
            guard code.isPunct(j, .lparen) else { break }
            j += 1
            // Follow the first argument only, past its label (`.element(id: _, action: .detail)` follows `id`'s value).
            if (code.isNameLike(j) || code.kind(j) == .keyword) && code.isPunct(j + 1, .colon) { j += 2 }
        }
        return path
    }

    /// Token text without backticks.
    static func name(_ i: Int, code: CodeTokens) -> String {
        let text = code.text(i)
        if text.count >= 2 && text.hasPrefix("`") && text.hasSuffix("`") { return String(text.dropFirst().dropLast()) }
        return text
    }
}

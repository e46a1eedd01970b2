/// Where a reducer's per-action logic lives: the closures of its `Reduce { state, action in … }`
/// elements, the helpers they name (`Reduce(self.core)`), `reduce(into:action:)`, and other member
/// functions that return an effect. Rules that look *inside* the logic (switch patterns, `.send`)
/// read these regions instead of re-discovering them.
public struct LogicRegion {
    /// `{` and `}` of the closure or function body.
    public var open: Int
    public var close: Int
    /// Name the code uses for the incoming action (`action`, `viewAction`), when known.
    public var actionName: String
}

public struct ReducerLogic {
    public let declarations: [ReducerType]
    public let regions: [LogicRegion]
    /// The type's simple name, as messages show it.
    public var typeName: String { declarations.first?.simpleName ?? "" }

    public init(reducer: ReducerType, in model: FileModel, code: CodeTokens) {
        let decls = model.declarations(of: reducer)
        self.declarations = decls
        var regions: [LogicRegion] = []
        var seenFunctions = Set<Int>()
        let functions = decls.flatMap { $0.functions }

        func addFunction(_ f: FunctionDeclaration) {
            guard let o = f.bodyOpen, let c = f.bodyClose, seenFunctions.insert(f.nameToken).inserted else { return }
            regions.append(LogicRegion(open: o, close: c, actionName: Self.actionParameterName(of: f, code: code)))
        }

        for decl in decls {
            for body in decl.bodies {
                for element in body.allElements where element.name == "Reduce" {
                    if let open = element.closureOpen, let close = code.partnerOf(open), close > open {
                        regions.append(LogicRegion(open: open, close: close,
                                                   actionName: Self.closureActionName(open: open, code: code)))
                    }
                    // `Reduce(self.core)` / `Reduce(core)` / `Reduce(Self.core)`: the named helper is logic.
                    if let args = element.argumentsOpen, let name = Self.referencedFunctionName(in: args, code: code) {
                        functions.filter { $0.name == name }.forEach(addFunction)
                    }
                }
            }
            for f in decl.functions where f.returnsEffect || (f.name == "reduce" && f.labels == ["into", "action"]) {
                addFunction(f)
            }
        }
        self.regions = regions.sorted { $0.open < $1.open }
    }

    /// The function named by the single argument of `Reduce(…)`: `core`, `self.core`, `Self.core`.
    static func referencedFunctionName(in open: Int, code: CodeTokens) -> String? {
        guard let close = code.partnerOf(open), close > open + 1 else { return nil }
        var j = open + 1
        if (code.is(j, "self") || code.is(j, "Self")) && code.isDot(j + 1) { j += 2 }
        guard j + 1 == close || (j + 1 < close && code.isPunct(j + 1, .lparen)), code.tokens[j].kind == .identifier else { return nil }
        return code.text(j)
    }

    /// Second parameter name of `{ state, action in`, or `action`.
    static func closureActionName(open: Int, code: CodeTokens) -> String {
        guard code.closureBodyStart(open) != nil else { return "action" }
        var names: [String] = []
        var j = open + 1
        while j < code.count && !code.is(j, "in") && names.count < 4 {
            if code.tokens[j].kind == .identifier || code.is(j, "_") {
                if code.isPunct(j + 1, .comma) || code.is(j + 1, "in") || code.isPunct(j + 1, .rparen) || code.isPunct(j + 1, .colon) {
                    names.append(code.text(j))
                }
            }
            j += 1
        }
        return names.count >= 2 ? names[1] : "action"
    }

    /// Internal name of the parameter labelled `action`, or of the first parameter whose type mentions `Action`.
    static func actionParameterName(of f: FunctionDeclaration, code: CodeTokens) -> String {
        var j = f.nameToken + 1
        if let g = code.skipGenericArguments(j, limit: code.count) { j = g }
        guard code.isPunct(j, .lparen), let close = code.partnerOf(j), close > j else { return "action" }
        var k = j + 1
        var fallback: String? = nil
        while k < close {
            // A parameter: label [name] `:` type.
            let label = k
            var name = k
            if code.tokens[k + 1].kind == .identifier || code.is(k + 1, "_") { name = k + 1 }
            var t = name + 1
            var typeMentionsAction = false
            while t < close && !code.isPunct(t, .comma) {
                if code.is(t, "Action") { typeMentionsAction = true }
                t = code.skipGroup(t, limit: close)
            }
            if code.is(label, "action") { return code.text(name) }
            if typeMentionsAction && fallback == nil { fallback = code.text(name) }
            k = t + 1
        }
        return fallback ?? "action"
    }

    /// Clauses of every `switch <actionName>` in the regions.
    public func actionSwitchClauses(code: CodeTokens) -> [SwitchClauses.Clause] {
        var result: [SwitchClauses.Clause] = []
        for region in regions {
            var j = region.open + 1
            while j < region.close {
                if code.tokens[j].kind == .keyword && code.is(j, "switch") {
                    var subjectIsAction = false
                    var k = j + 1
                    while k < region.close && !code.isPunct(k, .lbrace) {
                        if code.tokens[k].kind == .identifier && code.text(k) == region.actionName { subjectIsAction = true }
                        k = code.skipGroup(k, limit: region.close)
                    }
                    if subjectIsAction, k < region.close, let c = code.partnerOf(k), c > k {
                        result += SwitchClauses.clauses(of: code, open: k, close: c)
                    }
                }
                j += 1
            }
        }
        return result
    }
}

/// Leading-dot case paths: `.a(.b(.c(x)))` → ["a", "b", "c"]; `.a(x)` → ["a"]. Shared by send and pattern matching.
public enum CasePath {
    /// The path starting at the `.` at i (or at `let`/`var` before it), following first arguments.
    public static func read(at i: Int, code: CodeTokens, limit: Int) -> [String] {
        var path: [String] = []
        var j = i
        var steps = 0
        while j < limit && steps < 16 {
            steps += 1
            while code.is(j, "let") || code.is(j, "var") { j += 1 }
            // `.init(…)` builds a payload value; it is not a case.
            guard code.isDot(j), j + 1 < limit, code.isNameLike(j + 1), !code.is(j + 1, "init") else { break }
            path.append(code.text(j + 1))
            j += 2
            guard code.isPunct(j, .lparen) else { break }
            j += 1
            // Skip an argument label: `.element(id: _, action: .detail)` follows the first argument only.
            if code.isNameLike(j) && code.isPunct(j + 1, .colon) { j += 2 }
        }
        return path
    }

    /// The case named by the `action:` argument: `\.child` → child, `/Action.child` → child.
    public static func actionArgument(open: Int, code: CodeTokens) -> String? {
        guard let close = code.partnerOf(open), close > open else { return nil }
        var j = open + 1
        while j < close {
            if code.is(j, "action") && code.isPunct(j + 1, .colon) {
                var k = j + 2
                var names: [String] = []
                while k < close && !code.isPunct(k, .comma) {
                    if code.tokens[k].kind == .identifier { names.append(code.text(k)) }
                    k = code.skipGroup(k, limit: close)
                }
                return code.isPunct(j + 2, .backslash) ? names.first : names.last
            }
            j = code.skipGroup(j, limit: close)
        }
        return nil
    }

    /// Case paths of the comma-separated patterns in [from, to).
    public static func patternPaths(code: CodeTokens, from: Int, to: Int) -> [[String]] {
        var paths: [[String]] = []
        var j = from
        while j < to {
            let path = CasePath.read(at: j, code: code, limit: to)
            if !path.isEmpty { paths.append(path) }
            while j < to && !code.isPunct(j, .comma) { j = code.skipGroup(j, limit: to) }
            j += 1
            // `where` clauses end the pattern list.
        }
        return paths
    }
}

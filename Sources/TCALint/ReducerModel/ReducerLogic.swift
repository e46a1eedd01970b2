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
    /// Name the code uses for the state (`state`), when known.
    public var stateName: String = "state"
    /// The case the incoming action is wrapped in, for helpers that receive one part of the action:
    /// `reduce(into:internalAction:)` handles `.internal(…)` ([internal]); empty for the whole action.
    public var actionCasePrefix: [String] = []
}

public struct ReducerLogic {
    public let declarations: [ReducerDeclaration]
    public let regions: [LogicRegion]
    /// The type's simple name, as messages show it.
    public var typeName: String { declarations.first?.simpleName ?? "" }

    public init(reducer: ReducerDeclaration, in model: FileModel, code: CodeTokens) {
        let decls = model.declarations(of: reducer)
        self.declarations = decls
        var regions: [LogicRegion] = []
        var seenFunctions = Set<Int>()
        let functions = decls.flatMap { $0.functions }

        func addFunction(_ f: FunctionDeclaration) {
            guard let o = f.bodyOpen, let c = f.bodyClose, seenFunctions.insert(f.nameToken).inserted else { return }
            regions.append(LogicRegion(open: o, close: c, actionName: Self.actionParameterName(of: f, code: code),
                                       stateName: Self.stateParameterName(of: f, code: code),
                                       actionCasePrefix: Self.actionCasePrefix(of: f, code: code)))
        }

        for decl in decls {
            for body in decl.bodies {
                for element in body.allElements where element.name == "Reduce" {
                    if let open = element.closureOpen, let close = code.partnerOf(open), close > open {
                        regions.append(Self.closureRegion(open: open, close: close, code: code))
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
        // `Reduce { … }` closures elsewhere in the type: stored (`let core = Reduce { … }`), built in `init()`,
        // or returned by a helper. Their logic runs for the type's actions like the body's.
        // A set of the opens found so far: n `Reduce` closures (one per `onChange`) cost n, not n².
        var opens = Set(regions.map(\.open))
        for decl in decls {
            for open in Self.reduceClosures(in: decl, code: code) where opens.insert(open).inserted {
                if let close = code.partnerOf(open), close > open {
                    regions.append(Self.closureRegion(open: open, close: close, code: code))
                }
            }
        }
        self.regions = regions.sorted { $0.open < $1.open }
        self.handling = self.regions.map { ActionHandling(region: $0, code: code) }
    }

    /// What each region (same order as `regions`) does with the actions that reach it.
    public let handling: [ActionHandling]

    static func closureRegion(open: Int, close: Int, code: CodeTokens) -> LogicRegion {
        LogicRegion(open: open, close: close, actionName: closureActionName(open: open, code: code),
                    stateName: ParentLogic.closureStateName(open: open, code: code))
    }

    /// `{` of every `Reduce { params in … }` / `Reduce<S, A> { … }` closure among the members of `decl`,
    /// nested types left out (they are reducers of their own).
    static func reduceClosures(in decl: ReducerDeclaration, code: CodeTokens) -> [Int] {
        var result: [Int] = []
        var j = decl.membersOpen + 1
        while j < decl.membersClose {
            let t = code.tokens[j]
            if t.kind == .keyword && (code.is(j, "struct") || code.is(j, "enum") || code.is(j, "class")
                                      || code.is(j, "actor") || code.is(j, "extension") || code.is(j, "protocol")) {
                // Skip the nested type's header and member block.
                var k = j + 1
                while k < decl.membersClose && !code.isPunct(k, .lbrace) { k = code.skipGroup(k, limit: decl.membersClose) }
                j = k < decl.membersClose ? code.skipGroup(k, limit: decl.membersClose) : k
                continue
            }
            if t.kind == .identifier && code.is(j, "Reduce") && !code.isDot(j - 1) {
                var k = j + 1
                if let g = code.skipGenericArguments(k, limit: decl.membersClose) { k = g }
                if code.isPunct(k, .lbrace) && code.closureBodyStart(k) != nil { result.append(k) }
            }
            j += 1
        }
        return result
    }

    /// `reduce(into:viewAction:)` / `internalAction:` / `childAction:`: the helper receives the payload of
    /// the case the label names (`view`, `internal`, `child`), the way babylon-wallet's features split
    /// their logic.
    static func actionCasePrefix(of f: FunctionDeclaration, code: CodeTokens) -> [String] {
        for label in f.labels where label.count > 6 && label.hasSuffix("Action") {
            return [String(label.dropLast(6))]
        }
        return []
    }

    /// One parameter of a function declaration: `label [name] : type`.
    struct Parameter {
        /// The first token (the argument label, or the only name).
        var label: Int
        /// The internal name's token (the label's when there is only one name).
        var name: Int
        /// The tokens after the name up to the `,` or `)`: the `:` and the type.
        var rest: Range<Int>
    }

    /// The parameters of `f`, in order (empty when its parameter list is not found).
    static func parameters(of f: FunctionDeclaration, code: CodeTokens) -> [Parameter] {
        var j = f.nameToken + 1
        if let g = code.skipGenericArguments(j, limit: code.count) { j = g }
        guard code.isPunct(j, .lparen), let close = code.partnerOf(j), close > j else { return [] }
        var result: [Parameter] = []
        var k = j + 1
        while k < close {
            var end = k
            while end < close && !code.isPunct(end, .comma) { end = code.skipGroup(end, limit: close) }
            let name = code.isNameLike(k + 1) || code.is(k + 1, "_") ? k + 1 : k
            result.append(Parameter(label: k, name: name, rest: min(name + 1, end)..<end))
            k = end + 1
        }
        return result
    }

    /// The name a function's code uses for the reducer's state: the `into` parameter of
    /// `reduce(into:action:)` and of helpers, else the first `inout` one (`func core(state: inout State, …)`),
    /// else `state`. The one reading of it, for the rules' regions and the feature model's facts.
    static func stateParameterName(of f: FunctionDeclaration, code: CodeTokens) -> String {
        let parameters = parameters(of: f, code: code)
        if let into = parameters.first(where: { code.is($0.label, "into") }) { return code.text(into.name) }
        let firstInout = parameters.first { p in p.rest.contains { code.is($0, "inout") } }
        return firstInout.map { code.text($0.name) } ?? "state"
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

    /// The code's name for the action a function receives: the parameter labelled `action`, else the first
    /// one whose type names an action (`viewAction: ViewAction`, `childAction: ChildAction`), else `action`.
    /// The one reading of it, for the rules' logic regions and the feature model's facts.
    static func actionParameterName(of f: FunctionDeclaration, code: CodeTokens) -> String {
        var fallback: String? = nil
        for p in parameters(of: f, code: code) where code.isPunct(p.name + 1, .colon) {
            if code.is(p.label, "action") { return code.text(p.name) }
            let mentionsAction = (p.name + 2..<max(p.name + 2, p.rest.upperBound)).contains { t in
                code.kind(t) == .identifier && code.text(t).hasSuffix("Action") || code.is(t, "ActionOf")
            }
            if mentionsAction && fallback == nil { fallback = code.text(p.name) }
        }
        return fallback ?? "action"
    }

    /// The handling of the logic in [open, close]: the region that starts there (a Reduce closure, a
    /// helper `Reduce(self.core)` names), or the `Reduce { }` closures inside it (a helper that builds one).
    public func handling(within open: Int, _ close: Int) -> [ActionHandling] {
        if let exact = handling.first(where: { $0.region.open == open }) { return [exact] }
        return handling.filter { $0.region.open > open && $0.region.close < close }
    }

    /// Clauses of every `switch <actionName>` in the regions.
    public func actionSwitchClauses(code: CodeTokens) -> [SwitchClauses.Clause] {
        handling.flatMap { $0.cases.map(\.clause) }
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
            guard code.isDot(j), j + 1 < limit, let name = code.memberName(j + 1) else { break }
            path.append(name)
            j += 2
            guard code.isPunct(j, .lparen) else { break }
            j += 1
            // Skip an argument label: `.element(id: _, action: .detail)` follows the first argument only.
            if code.isNameLike(j) && code.isPunct(j + 1, .colon) { j += 2 }
        }
        return path
    }

    /// The child's own part of a parent's pattern that reaches the child through `prefix`, the action path
    /// its composition gives it (`Scope(…, action: \.home)` → [home]), with a presentation's `.presented`
    /// unwrapped: [home, settingsTapped] → [settingsTapped]; [destination, presented, picker, delegate] at
    /// [destination] → [picker, delegate]. Nil when the pattern does not go into the child.
    public static func childPart(of pattern: [String], composedAt prefix: [String]) -> ArraySlice<String>? {
        guard pattern.count > prefix.count, pattern.starts(with: prefix) else { return nil }
        var rest = pattern.dropFirst(prefix.count)
        if rest.first == "presented" { rest = rest.dropFirst() }
        return rest.isEmpty ? nil : rest
    }

    /// How messages show a path: [a, b] → `.a(.b)`.
    public static func shown(_ path: [String]) -> String {
        "." + path.joined(separator: "(.") + String(repeating: ")", count: max(path.count - 1, 0))
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

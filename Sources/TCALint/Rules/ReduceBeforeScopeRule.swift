/// Parent logic (`Reduce`, `Reduce(self.core)`, a helper returning a `Reduce`) listed before a child
/// `Scope` in the same builder list: the parent runs first, sees the child's state before the child
/// processed its own action, and can nil it or switch it away so the child never sees the action.
public struct ReduceBeforeScopeRule: Rule {
    public static let description = RuleDescription(
        id: "reduce_before_scope",
        name: "Reduce Before Scope",
        summary: "Parent `Reduce` listed before a child `Scope`; the parent sees child state before the child ran",
        defaultSeverity: .warning
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        let code = file.code
        var findings: [Finding] = []
        for reducer in file.model.reducers {
            let functions = file.model.declarations(of: reducer).flatMap { $0.functions }
            for body in reducer.bodies {
                for list in body.reducerBuilderLists {
                    var pending: [(element: BuilderElement, region: (Int, Int)?, stateName: String)] = []
                    for element in list {
                        if let logic = ParentLogic.find(element, functions: functions, code: code) {
                            pending.append((element, logic.region, logic.stateName))
                        } else if element.isScope, !pending.isEmpty {
                            let scope = ScopeArguments(element, code: code)
                            for p in pending {
                                let touch = p.region.flatMap { scope.touch(in: $0, stateName: p.stateName, code: code) }
                                let detail = touch.map { "; \($0)" } ?? ""
                                let name = p.element.isReduce ? "Reduce" : p.element.displayName
                                findings.append(finding(
                                    at: code.tokens[p.element.nameToken].startOffset,
                                    "\(name) runs before \(scope.shortDescription) in the same builder; list the child Scope first so the child processes its own actions before the parent logic\(detail)"))
                            }
                            pending.removeAll()
                        }
                    }
                }
            }
        }
        return findings
    }
}

/// Parent logic elements and where their code is.
enum ParentLogic {
    /// For `Reduce { }` the closure; for `Reduce(self.core)` and helper calls the function body.
    static func find(_ element: BuilderElement, functions: [FunctionDeclaration], code: CodeTokens)
        -> (region: (Int, Int)?, stateName: String)?
    {
        guard element.kind == .expression else { return nil }
        if element.isReduce {
            if let open = element.closureOpen, let close = code.partnerOf(open), close > open {
                return ((open, close), closureStateName(open: open, code: code))
            }
            if let args = element.argumentsOpen, let name = ReducerLogic.referencedFunctionName(in: args, code: code),
               let f = functions.first(where: { $0.name == name }), let o = f.bodyOpen, let c = f.bodyClose {
                return ((o, c), "state")
            }
            return (nil, "state")
        }
        // A helper of the same type that builds a Reduce: `coordinatorReduce()`, `self.core()`.
        var helper = element.name
        if element.name == "self" || element.name == "Self", let first = element.modifiers.first { helper = first.name }
        guard let first = helper.unicodeScalars.first, first.properties.isLowercase || helper.hasPrefix("_") else { return nil }
        guard let f = functions.first(where: { $0.name == helper }), let o = f.bodyOpen, let c = f.bodyClose else { return nil }
        var buildsReduce = f.returnsReducer
        if !buildsReduce {
            for k in o..<c where code.tokens[k].kind == .identifier && code.is(k, "Reduce") { buildsReduce = true; break }
        }
        return buildsReduce ? ((o, c), "state") : nil
    }

    /// First parameter name of `{ state, action in`.
    static func closureStateName(open: Int, code: CodeTokens) -> String {
        guard code.closureBodyStart(open) != nil else { return "state" }
        var j = open + 1
        if code.isPunct(j, .lparen) { j += 1 }
        return code.tokens[j].kind == .identifier ? code.text(j) : "state"
    }
}

/// What a `Scope(…)` points at: the child's state key path and action case.
struct ScopeArguments {
    var shortDescription = "Scope"
    var stateName: String?
    var actionName: String?

    init(_ element: BuilderElement, code: CodeTokens) {
        guard let open = element.argumentsOpen, let close = code.partnerOf(open), close > open else { return }
        var j = open + 1
        var argumentIndex = 0
        var firstArgumentEnd = close
        while j < close {
            let label: String? = code.isNameLike(j) && code.isPunct(j + 1, .colon) ? code.text(j) : nil
            let valueStart = label == nil ? j : j + 2
            var k = valueStart
            while k < close && !code.isPunct(k, .comma) { k = code.skipGroup(k, limit: close) }
            if argumentIndex == 0 { firstArgumentEnd = k }
            // `\.a.b` → a; `/Action.child` or `/Feature.Action.child` → child (the last component).
            var names: [String] = []
            var m = valueStart
            while m < k { if code.isNameLike(m) { names.append(code.text(m)) }; m += 1 }
            let isKeyPath = code.isPunct(valueStart, .backslash)
            if label == "state" || (label == nil && argumentIndex == 0) {
                if isKeyPath { stateName = names.first.map { $0.hasPrefix("$") ? String($0.dropFirst()) : $0 } }
            } else if label == "action" {
                actionName = isKeyPath ? names.first : names.last
            }
            argumentIndex += 1
            j = k + 1
        }
        shortDescription = "Scope(" + code.sourceText(from: open + 1, through: firstArgumentEnd - 1) + ")"
    }

    /// How the parent logic in [open, close] touches this child, if visibly: its actions first, then its state.
    func touch(in region: (Int, Int), stateName parentState: String, code: CodeTokens) -> String? {
        let (open, close) = region
        if let action = actionName, action != "self" {
            for k in open..<close where code.isDot(k) && k + 1 < close
                && code.tokens[k + 1].kind == .identifier && code.text(k + 1) == action {
                let p = k - 1
                let leadingDot = code.is(p, "case") || code.is(p, "let") || code.is(p, "var") || code.isPunct(p, .lparen)
                    || code.isPunct(p, .comma) || code.is(p, "return") || code.isOperator(p, "=")
                if leadingDot {
                    return "this Reduce handles the child's actions (.\(action)) before the child sees them"
                }
            }
        }
        if let state = stateName {
            for k in open..<close where code.tokens[k].kind == .identifier && code.text(k) == parentState
                && code.isDot(k + 1) && k + 2 < close && code.tokens[k + 2].kind == .identifier && code.text(k + 2) == state {
                return "this Reduce reads or writes the child's state (\(parentState).\(state)) before the child ran"
            }
        }
        return nil
    }
}

/// Parent logic (`Reduce`, `Reduce(self.core)`, a helper returning a `Reduce`) listed before a child
/// `Scope` in the same builder list: the parent runs first, sees the child's state before the child
/// processed its own action, and can nil it or switch it away so the child never sees the action.
public struct ReduceBeforeScopeRule: Rule {
    public static let description = RuleDescription(
        id: "reduce_before_scope",
        name: "Reduce Before Scope",
        summary: "Parent `Reduce` listed before a child `Scope`; the parent sees child state before the child ran",
        defaultSeverity: .warning,
        fixability: .unsafe
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        let code = file.code
        var findings: [Finding] = []
        for reducer in file.model.reducers {
            let functions = file.model.declarations(of: reducer).flatMap { $0.functions }
            for body in reducer.bodies {
                for list in body.reducerBuilderLists {
                    var pending: [(logic: ParentLogic.Found, element: BuilderElement)] = []
                    for element in list {
                        if let logic = ParentLogic.find(element, functions: functions, code: code) {
                            pending.append((logic, element))
                        } else if element.isScope, !pending.isEmpty {
                            let scope = ScopeArguments(element, code: code)
                            for p in pending {
                                let touch = p.logic.region.flatMap { scope.touch(in: $0, stateName: p.logic.stateName, code: code) }
                                let detail = touch.map { "; \($0)" } ?? ""
                                let name = code.text(p.logic.reportToken)
                                findings.append(finding(
                                    at: code.tokens[p.logic.reportToken].startOffset,
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

    /// How the parent logic in [open, close] touches this child, if visibly — in order of how much the order
    /// matters: it handles the child's own actions, it reads or writes the child's state, it only reacts to
    /// the child's delegate actions, or it only passes the child's actions through (`case .child: return .none`).
    func touch(in region: (Int, Int), stateName parentState: String, code: CodeTokens) -> String? {
        let (open, close) = region
        var ownAction: String? = nil
        var delegateOnly = false
        var passThrough = false
        if let action = actionName, action != "self" {
            for k in open..<close where code.isDot(k) && k + 1 < close
                && code.tokens[k + 1].kind == .identifier && code.text(k + 1) == action {
                let p = k - 1
                let leadingDot = code.is(p, "case") || code.is(p, "let") || code.is(p, "var") || code.isPunct(p, .lparen)
                    || code.isPunct(p, .comma) || code.is(p, "return") || code.isOperator(p, "=")
                guard leadingDot else { continue }
                if code.isPunct(k + 2, .lparen) {
                    var q = k + 3
                    while code.is(q, "let") || code.is(q, "var") { q += 1 }
                    if code.isDot(q) && code.is(q + 1, "delegate") {
                        delegateOnly = true
                    } else if ownAction == nil {
                        ownAction = code.isDot(q) && code.isNameLike(q + 1) ? ".\(action)(.\(code.text(q + 1)))" : ".\(action)"
                    }
                } else {
                    passThrough = true
                }
            }
        }
        if let own = ownAction {
            return "this Reduce handles the child's own actions (\(own)) before the child sees them"
        }
        if let state = stateName {
            for k in open..<close where code.tokens[k].kind == .identifier && code.text(k) == parentState
                && code.isDot(k + 1) && k + 2 < close && code.tokens[k + 2].kind == .identifier && code.text(k + 2) == state {
                return "this Reduce reads or writes the child's state (\(parentState).\(state)) before the child ran"
            }
        }
        if delegateOnly, let action = actionName {
            return "this Reduce only reacts to the child's delegate actions (.\(action)(.delegate)); the child still runs second"
        }
        if passThrough, let action = actionName {
            return "this Reduce only passes the child's actions through (case .\(action))"
        }
        return nil
    }
}

/// A reducer returning `.send(.x)` where `.x` is an action it handles itself: it sends itself an
/// action to reuse logic. That costs a full round trip through the store, adds an intermediate
/// action to tests and logs, and couples two cases. Delegate actions, sends into child features,
/// bindings, sends inside `.run`, alert button actions and test code are legitimate and never flagged.
public struct SendForLogicReuseRule: Rule {
    public static let description = RuleDescription(
        id: "send_for_logic_reuse",
        name: "Send For Logic Reuse",
        summary: "`.send(.ownAction)` used to reuse logic; call a shared helper method instead",
        defaultSeverity: .warning
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard !file.model.usesTestStore else { return [] }
        let code = file.code
        var findings: [Finding] = []
        var seen = Set<Int>()
        for logic in file.reducerLogic where !logic.regions.isEmpty {
            let childCases = Self.childActionCases(logic.declarations, code: code)
            let clauses = logic.actionSwitchClauses(code: code)
            var handled: [[String]] = []
            var clauseBodyStarts = Set<Int>()
            for clause in clauses {
                clauseBodyStarts.insert(clause.bodyStart)
                guard !clause.isDefault else { continue }
                handled += CasePath.patternPaths(code: code, from: clause.label + 1, to: clause.patternEnd)
            }
            guard !handled.isEmpty else { continue }
            for region in logic.regions {
                for send in EffectSends.find(in: region, code: code, clauseBodyStarts: clauseBodyStarts)
                    where seen.insert(send.reportToken).inserted {
                    guard let first = send.path.first, first != "delegate", first != "binding",
                          !childCases.contains(first) else { continue }
                    guard handled.contains(where: { p in p.count <= send.path.count && Array(send.path.prefix(p.count)) == p }) else { continue }
                    let shown = "." + send.path.joined(separator: "(.") + String(repeating: ")", count: send.path.count - 1)
                    findings.append(finding(
                        at: code.tokens[send.reportToken].startOffset,
                        "\(logic.typeName) sends itself \(shown), an action it handles in its own switch, to reuse logic; call a shared helper method instead of a round trip through the store"))
                }
            }
        }
        return findings
    }

    /// Cases whose associated value is another feature's action, or that a Scope/ifLet/forEach/ifCaseLet
    /// of the body points at: sending into them talks to a child, which is legitimate.
    static func childActionCases(_ decls: [ReducerType], code: CodeTokens) -> Set<String> {
        var result = Set<String>()
        for decl in decls {
            for c in decl.actionCases where c.payload.hasSuffix("Action") || c.payload.contains("Action<")
                || c.payload.contains("Action>") || c.payload.contains("ActionOf<") || c.payload.contains(".Action") {
                result.insert(c.name)
            }
            for body in decl.bodies {
                for element in body.allElements {
                    var opens: [Int] = []
                    if element.isScope, let a = element.argumentsOpen { opens.append(a) }
                    for m in element.modifiers where ["ifLet", "forEach", "ifCaseLet"].contains(m.name) {
                        if let a = m.argumentsOpen { opens.append(a) }
                    }
                    for open in opens {
                        if let name = CasePath.actionArgument(open: open, code: code) { result.insert(name) }
                    }
                }
            }
        }
        return result
    }

}

/// `.send(…)` / `Effect.send(…)` in effect position inside a logic region.
enum EffectSends {
    struct Send {
        var reportToken: Int
        var path: [String]
    }

    static func find(in region: LogicRegion, code: CodeTokens, clauseBodyStarts: Set<Int>) -> [Send] {
        var sends: [Send] = []
        var j = region.open + 1
        while j < region.close {
            defer { j += 1 }
            guard code.isDot(j), code.is(j + 1, "send"), code.isPunct(j + 2, .lparen) else { continue }
            // `Effect.send(` / `EffectOf<Self>.send(`: the expression starts at the type name.
            var start = j
            if j >= 1 && (code.is(j - 1, "Effect") || code.is(j - 1, "EffectOf")) {
                start = j - 1
            } else if j >= 1, code.tokens[j - 1].kind == .operator, code.bytes[code.tokens[j - 1].startOffset] == UInt8(ascii: ">") {
                // Generic: walk back to `Effect<…>`.
                var k = j - 1
                var steps = 0
                while k > region.open && steps < 16 && !(code.is(k, "Effect") || code.is(k, "EffectOf")) { k -= 1; steps += 1 }
                guard code.is(k, "Effect") || code.is(k, "EffectOf") else { continue }
                start = k
            } else if j >= 1 {
                // Anything else before the dot (`store.send`, `viewStore.send`, `x?.send`) is not an effect.
                let p = code.tokens[j - 1]
                if p.kind == .identifier || p.kind == .string || p.kind == .number
                    || code.isPunct(j - 1, .rparen) || code.isPunct(j - 1, .rbracket) || code.isPunct(j - 1, .rbrace)
                    || (p.kind == .operator && (code.isOperator(j - 1, "?") || code.isOperator(j - 1, "!")) && p.start == code.tokens[j - 2].end)
                    || (p.kind == .keyword && (code.is(j - 1, "self") || code.is(j - 1, "Self") || code.is(j - 1, "super"))) {
                    continue
                }
            }
            guard isEffectPosition(start, code: code, region: region, clauseBodyStarts: clauseBodyStarts) else { continue }
            let path = CasePath.read(at: j + 3, code: code, limit: region.close)
            guard !path.isEmpty else { continue }
            sends.append(Send(reportToken: start, path: path))
        }
        return sends
    }

    /// After `return`, as the single expression of a switch case (switch expressions without `return`),
    /// or as an argument of `.merge(…)` / `.concatenate(…)`.
    static func isEffectPosition(_ start: Int, code: CodeTokens, region: LogicRegion, clauseBodyStarts: Set<Int>) -> Bool {
        let p = start - 1
        if code.is(p, "return") { return true }
        if clauseBodyStarts.contains(start) { return true }
        // A single-expression closure body: `Reduce { _, _ in .send(.x) }`.
        if code.is(p, "in") { return true }
        if code.isPunct(p, .lparen) || code.isPunct(p, .comma) {
            // Find the enclosing `(` and its callee.
            var k = p
            var steps = 0
            while k > region.open && steps < 4096 {
                steps += 1
                if code.isPunct(k, .lparen) {
                    if let c = code.partnerOf(k), c > start {
                        let callee = k - 1
                        return code.is(callee, "merge") || code.is(callee, "concatenate")
                    }
                }
                if code.isPunct(k, .rparen) || code.isPunct(k, .rbracket) || code.isPunct(k, .rbrace), let o = code.partnerOf(k), o < k {
                    k = o - 1
                    continue
                }
                if code.isPunct(k, .lbracket) || code.isPunct(k, .lbrace) { return false }
                k -= 1
            }
        }
        return false
    }
}

/// A reducer returning `.send(.x)` where `.x` is an action it handles itself: it sends itself an
/// action to reuse logic. That costs a full round trip through the store, adds an intermediate
/// action to tests and logs, and couples two cases. Delegate actions, sends into child features,
/// bindings, sends inside `.run`, alert button actions and test code are legitimate and never flagged.
public struct SendForLogicReuseRule: Rule {
    public static let description = RuleDescription(
        id: "send_for_logic_reuse",
        name: "Send For Logic Reuse",
        summary: "`.send(.ownAction)` used to reuse logic; call a shared helper method instead",
        defaultSeverity: .warning,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode else { return [] }
        // Handled by a case of its own that does something: a case that only returns `.none` is a message
        // to a parent (`missing_delegate_action`), not logic to reuse.
        return OwnActionSends.find(in: file).filter { $0.handlers.contains { !$0.isInert } }.map { own in
            finding(at: file.code.tokens[own.send.reportToken].startOffset,
                    Self.message(own.send, type: own.typeName, shown: CasePath.shown(own.send.path)))
        }
    }

    /// Advice that fits how the action is sent.
    static func message(_ send: EffectSends.Send, type: String, shown: String) -> String {
        let advice = "call a shared helper method instead of a round trip through the store"
        switch send.form {
        case .send:
            return "\(type) sends itself \(shown), an action it handles in its own switch, to reuse logic; \(advice)"
        case .runForwarding:
            return "\(type) sends itself \(shown) from a .run that does nothing else, the same round trip as .send(\(shown)), to reuse logic its own switch handles; \(advice)"
        case .combined:
            return "\(type) combines a send of \(shown), an action it handles in its own switch, with its other effects to reuse logic; \(advice) and combine only the effects it returns"
        }
    }

    /// Cases whose associated value is another feature's action, or that a Scope/ifLet/forEach/ifCaseLet
    /// of the body points at: sending into them talks to a child, which is legitimate.
    static func childActionCases(_ decls: [ReducerDeclaration], code: CodeTokens) -> Set<String> {
        var result = Set<String>()
        for decl in decls {
            for c in decl.actionCases where c.payload.hasSuffix("Action") || ASCIISearch.contains(c.payload, "Action<")
                || ASCIISearch.contains(c.payload, "Action>") || ASCIISearch.contains(c.payload, "ActionOf<")
                || ASCIISearch.contains(c.payload, ".Action") {
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
        enum Form {
            /// `.send(.x)` returned (also in a ternary).
            case send
            /// `.run { send in await send(.x) }` and nothing else.
            case runForwarding
            /// An argument of `.merge`/`.concatenate`, or appended to an array of effects.
            case combined
        }
        var reportToken: Int
        var path: [String]
        var form: Form = .send
    }

    /// Operators whose purpose a method call cannot serve: timing (`.send(.x).debounce(…)`) and animation
    /// (`.run { await send(.x) }.animation(…)` changes the state inside an animated transaction).
    static let timingModifiers: Set<String> = ["debounce", "throttle", "deferred", "delay", "animation", "transaction"]

    /// Whether `close` ends an effect that one of `timingModifiers` follows.
    static func isTimed(after close: Int, code: CodeTokens) -> Bool {
        code.isDot(close + 1) && code.memberName(close + 2).map(timingModifiers.contains) == true
    }

    /// `send(.x, animation: …)` / `.send(.x, transaction: …)` in the arguments [open, close]: the action is
    /// sent for its animation, which a method call cannot give.
    static func hasAnimationArgument(open: Int, close: Int, code: CodeTokens) -> Bool {
        var k = open + 1
        while k < close {
            if code.isPunct(k, .comma), code.is(k + 1, "animation") || code.is(k + 1, "transaction"), code.isPunct(k + 2, .colon) { return true }
            k = code.skipGroup(k, limit: close)
        }
        return false
    }

    static func find(in region: LogicRegion, code: CodeTokens, clauseBodyStarts: Set<Int>) -> [Send] {
        var sends: [Send] = []
        var j = region.open + 1
        while j < region.close {
            defer { j += 1 }
            guard code.isDot(j), code.is(j + 1, "send") || code.is(j + 1, "run") else { continue }
            if code.is(j + 1, "run") {
                if let send = runForwarding(at: j, region: region, code: code, clauseBodyStarts: clauseBodyStarts) { sends.append(send) }
                continue
            }
            guard code.isPunct(j + 2, .lparen) else { continue }
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
            guard let position = effectPosition(start, code: code, region: region, clauseBodyStarts: clauseBodyStarts) else { continue }
            let path = CasePath.read(at: j + 3, code: code, limit: region.close)
            guard !path.isEmpty, let close = code.partnerOf(j + 2), close > j, !isTimed(after: close, code: code),
                  !hasAnimationArgument(open: j + 2, close: close, code: code) else { continue }
            sends.append(Send(reportToken: start, path: path, form: position))
        }
        return sends
    }

    /// `.run { send in await send(.x) }` (nothing else in the closure) at the `.` j, in effect position.
    static func runForwarding(at j: Int, region: LogicRegion, code: CodeTokens, clauseBodyStarts: Set<Int>) -> Send? {
        var start = j
        if code.is(j - 1, "Effect") || code.is(j - 1, "EffectOf") { start = j - 1 }
        else if code.isNameLike(j - 1) || code.isPunct(j - 1, .rparen) { return nil }
        let open = j + 2
        guard code.isPunct(open, .lbrace), let close = code.partnerOf(open), close > open,
              code.tokens[open + 1].kind == .identifier, code.is(open + 2, "in"), code.is(open + 3, "await"),
              code.text(open + 4) == code.text(open + 1), code.isPunct(open + 5, .lparen),
              code.partnerOf(open + 5) == close - 1,
              let position = effectPosition(start, code: code, region: region, clauseBodyStarts: clauseBodyStarts) else { return nil }
        guard sendsOnlyAValue(from: open + 6, to: close - 2, code: code), !isTimed(after: close, code: code),
              !hasAnimationArgument(open: open + 5, close: close - 1, code: code) else { return nil }
        let path = CasePath.read(at: open + 6, code: code, limit: close)
        guard !path.isEmpty, position == .send else { return path.isEmpty ? nil : Send(reportToken: start, path: path, form: .combined) }
        return Send(reportToken: start, path: path, form: .runForwarding)
    }

    /// Whether the tokens `from...to` (what `send(…)` is given) build a value without doing work: no
    /// `await`, `try`, closure, function call or property read — only case constructors
    /// (`.loaded(.success(x))`), names, literals and key paths. `await send(.response(Result { try await api.load() }))` does real work in
    /// the effect and is the normal way to feed a response back; it is no round trip.
    static func sendsOnlyAValue(from: Int, to: Int, code: CodeTokens) -> Bool {
        guard from <= to else { return true }
        for k in from...to {
            if code.is(k, "await") || code.is(k, "try") || code.isPunct(k, .lbrace) { return false }
            // `send(.located(inspector.activeDocumentURL))`: a property read when the effect runs (of a
            // dependency, a lazily computed value) is the effect's work, fed back as a result.
            if k > from, code.isDot(k), code.isNameLike(k - 1) || code.isPunct(k - 1, .rparen) || code.isPunct(k - 1, .rbracket) {
                return false
            }
            guard code.isPunct(k, .lparen), k > from else { continue }
            // `(` after `.name` where the dot starts an expression: an enum case; anything else is a call.
            guard code.isNameLike(k - 1), code.isDot(k - 2),
                  k - 2 == from || code.isPunct(k - 3, .lparen) || code.isPunct(k - 3, .comma) || code.isPunct(k - 3, .colon)
            else { return false }
        }
        return true
    }

    /// Whether the expression starting at `start` is an effect the reducer returns, and how: after
    /// `return`, as the single expression of a switch case or closure, a branch of a ternary (`.send`), or
    /// combined with other effects — an argument of `.merge(…)` / `.concatenate(…)` (also in an array
    /// or as `with:`) or of `effects.append(…)` (`.combined`). Nil elsewhere.
    static func effectPosition(_ start: Int, code: CodeTokens, region: LogicRegion, clauseBodyStarts: Set<Int>) -> Send.Form? {
        var p = start - 1
        if code.is(p, "return") || clauseBodyStarts.contains(start) || code.is(p, "in") { return .send }
        if isTernaryOperator(p, code: code) { return .send }
        if code.isPunct(p, .colon) {
            // A labelled argument (`.merge(with: .send(.x))`) or the else branch of a ternary.
            guard code.isNameLike(p - 1), code.isPunct(p - 2, .lparen) || code.isPunct(p - 2, .comma) else {
                return isTernaryElse(colon: p, region: region, code: code) ? .send : nil
            }
            p -= 2
        }
        guard code.isPunct(p, .lparen) || code.isPunct(p, .comma) || code.isPunct(p, .lbracket) else { return nil }
        // Find the enclosing `(` (through an array literal `([…])`) and its callee.
        var k = p
        var steps = 0
        while k > region.open && steps < 4096 {
            steps += 1
            if code.isPunct(k, .lparen), let c = code.partnerOf(k), c > start {
                // `.concatenate(a, .send(.x))` / `a.concatenate(with: .send(.x))`: the send waits for the
                // effects before it to finish (a timer's `.stopped` after it is cancelled), which a method
                // call cannot do; only a first argument runs at once.
                if code.is(k - 1, "concatenate") && !(start == k + 1 || (code.isPunct(k + 1, .lbracket) && start == k + 2)) {
                    return nil
                }
                return combinedEffectsCallee(k - 1, code: code) ? .combined : nil
            }
            if code.isPunct(k, .lbracket), let c = code.partnerOf(k), c > start {
                guard code.isPunct(k - 1, .lparen) else { return nil }
                k -= 1
                continue
            }
            if code.isPunct(k, .rparen) || code.isPunct(k, .rbracket) || code.isPunct(k, .rbrace), let o = code.partnerOf(k), o < k {
                k = o - 1
                continue
            }
            if code.isPunct(k, .lbrace) { return nil }
            k -= 1
        }
        return nil
    }

    /// `merge`, `concatenate`, `append`: calls that combine an effect with others.
    static func combinedEffectsCallee(_ k: Int, code: CodeTokens) -> Bool {
        code.is(k, "merge") || code.is(k, "concatenate") || (code.is(k, "append") && code.isDot(k - 1))
    }

    /// A ternary `?` (spaced, not a postfix optional `x?`).
    static func isTernaryOperator(_ p: Int, code: CodeTokens) -> Bool {
        guard p > 0, code.isOperator(p, "?") else { return false }
        return code.tokens[p].start != code.tokens[p - 1].end
    }

    /// Whether the `:` at `colon` closes a ternary: a ternary `?` precedes it in the same expression.
    static func isTernaryElse(colon: Int, region: LogicRegion, code: CodeTokens) -> Bool {
        var k = colon - 1
        var steps = 0
        while k > region.open && steps < 64 {
            steps += 1
            if isTernaryOperator(k, code: code) { return true }
            if code.isPunct(k, .rparen) || code.isPunct(k, .rbracket) || code.isPunct(k, .rbrace), let o = code.partnerOf(k), o < k {
                k = o - 1
                continue
            }
            if code.isPunct(k, .lbrace) || code.isPunct(k, .lparen) || code.isPunct(k, .lbracket) || code.isPunct(k, .comma)
                || code.isPunct(k, .colon) || code.isPunct(k, .semicolon) || code.tokens[k].kind == .keyword {
                return false
            }
            k -= 1
        }
        return false
    }
}

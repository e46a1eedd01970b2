/// `CaseLet` views (TCA's pre-observation enum navigation) and the case of the `SwitchStore` switch they sit in:
/// `SwitchStore(store) { state in switch state { case .login: CaseLet(/State.login, action: Action.login) { … } } }`.
/// A `CaseLet` renders its content only when the store's state is its case; in a clause of another case it renders
/// TCA's mismatch view instead (`_CaseLetMismatchView` in `Internal/Deprecations.swift`).
struct CaseLetReader {
    let extractor: FactsExtractor
    var code: CodeTokens { extractor.code }

    /// The `CaseLet` at i (`CaseLet(`), if its case path can be read.
    func caseLet(at i: Int) -> CaseLetFacts? {
        guard code.is(i, "CaseLet"), code.isPunct(i + 1, .lparen), let close = code.partnerOf(i + 1), close > i + 1,
              let state = Self.stateCase(inCallAt: i + 1, close: close, code: code) else { return nil }
        return CaseLetFacts(caseName: state.name, switchedCase: switchedCase(around: i), anchor: extractor.anchor(i))
    }

    /// A `CaseLet`'s state case path in the call whose parentheses are `open` and `close` (`/State.login`,
    /// `\Feature.State.login`, or 0.x's `state: /State.login`): the last name before the first comma, and the token that
    /// ends the path (that comma, or `close`).
    static func stateCase(inCallAt open: Int, close: Int, code: CodeTokens) -> (name: String, end: Int)? {
        var k = open + 1
        if code.is(k, "state"), code.isPunct(k + 1, .colon) { k += 2 }
        guard code.isPunct(k, .backslash) || code.isOperator(k, "/") else { return nil }
        var name: String?
        k += 1
        while k < close, !code.isPunct(k, .comma) {
            guard code.isDot(k) || code.kind(k) == .identifier else { return nil }
            if !code.isDot(k) { name = code.text(k) }
            k += 1
        }
        return name.map { ($0, k) }
    }

    /// The case of the clause the token at i sits in, when that clause belongs to a `switch` over the state a
    /// `SwitchStore` hands its content (`SwitchStore(store) { state in switch state { case .login: … } }`) and names a
    /// single case; nil otherwise.
    private func switchedCase(around i: Int) -> String? {
        var k = i - 1
        var steps = 0
        var clause: String?
        while k >= 0, steps < 20_000 {
            steps += 1
            if code.kind(k) == .punct {
                if code.isPunct(k, .rparen) || code.isPunct(k, .rbrace) || code.isPunct(k, .rbracket), let p = code.partnerOf(k), p < k {
                    k = p - 1
                    continue
                }
                if code.isPunct(k, .lbrace) {
                    if let subject = switchSubject(open: k) {
                        // The switch's block: the clause must have been found, and the switch must be over the state
                        // SwitchStore's closure receives.
                        guard let found = clause, let param = switchStoreParameter(around: k), param == subject else { return nil }
                        return found
                    }
                    // Another closure or block: SwitchStore's own content ends the search.
                    if code.openerName(k) == "SwitchStore" { return nil }
                }
            } else if clause == nil, code.is(k, "default"), code.isPunct(k + 1, .colon) {
                // `default:` names no case.
                return nil
            } else if clause == nil, code.kind(k) == .keyword, code.is(k, "case"), !isConditionCase(k) {
                guard let name = clauseCase(at: k) else { return nil }
                clause = name
            }
            k -= 1
        }
        return nil
    }

    /// `case` in `if case`, `guard case`, `while case`, `, case`, `for case`: a pattern, not a switch clause.
    private func isConditionCase(_ k: Int) -> Bool {
        code.is(k - 1, "if") || code.is(k - 1, "guard") || code.is(k - 1, "while") || code.is(k - 1, "for") || code.isPunct(k - 1, .comma)
    }

    /// The single case a clause `case .login:`, `case let .login(x):`, `case .login(let x):`, `case State.login:` names;
    /// nil for several patterns (`case .a, .b:`) or anything else.
    private func clauseCase(at k: Int) -> String? {
        var j = k + 1
        var name: String?
        var sawDot = false
        while j < code.count, j < k + 64 {
            if code.isPunct(j, .colon) { return sawDot ? name : nil }
            if code.isPunct(j, .comma) { return nil }
            if code.isPunct(j, .lparen) {
                guard let p = code.partnerOf(j), p > j else { return nil }
                j = p + 1
                continue
            }
            if code.isDot(j) {
                sawDot = true
            } else if code.kind(j) == .identifier {
                name = code.text(j)
            } else if !(code.is(j, "let") || code.is(j, "var")) {
                return nil
            }
            j += 1
        }
        return nil
    }

    /// `switch subject {` at the block's `{` (open): the subject, a single name (`state`, `$0`).
    private func switchSubject(open: Int) -> String? {
        guard code.is(open - 2, "switch"), code.kind(open - 1) == .identifier else { return nil }
        return code.text(open - 1)
    }

    /// The parameter of the `SwitchStore(store) { state in … }` closure that directly holds the switch whose block opens
    /// at `open`: `state`, or `$0` for a closure without a parameter list.
    private func switchStoreParameter(around open: Int) -> String? {
        guard let k = code.enclosingOpener(before: open - 2), code.isPunct(k, .lbrace), code.openerName(k) == "SwitchStore" else {
            return nil
        }
        if code.kind(k + 1) == .identifier, code.is(k + 2, "in") { return code.text(k + 1) }
        if code.isPunct(k + 1, .lparen), code.kind(k + 2) == .identifier, code.isPunct(k + 3, .rparen), code.is(k + 4, "in") {
            return code.text(k + 2)
        }
        return "$0"
    }
}

/// Reads the alerts a file builds and the action each of their buttons sends: `AlertState { … } actions: {
/// ButtonState(action: .confirm) { … } }`, `AlertState(title: …, buttons: [.default(…, action: .send(.x))])`,
/// `state.alert = .init(title: …)`, and every `static` member of `extension AlertState where Action == Feature.Action.Alert`
/// (one alert per member). The model uses them to tell an alert whose every button sends an action from one with a
/// button that only closes it.
struct AlertReader {
    let extractor: FactsExtractor
    var code: CodeTokens { extractor.code }

    static let needle = Array("AlertState".utf8)

    func read() -> [AlertFacts] {
        guard Prefilter.contains(extractor.source.bytes, needle: Self.needle) else { return [] }
        var result: [AlertFacts] = []
        var i = 0
        while i < code.count {
            if code.is(i, "extension"), code.is(i + 1, "AlertState"), let body = extensionBody(at: i + 1) {
                result += members(from: body.open, to: body.close, actionType: body.actionType)
                i = body.close + 1
            } else if let built = construction(at: i) {
                result.append(AlertFacts(actionType: built.actionType, buttons: buttons(from: built.open, to: built.end),
                                         anchor: extractor.anchor(i)))
                i = built.end
            } else {
                i += 1
            }
        }
        return result
    }

    /// `extension AlertState where Action == T {` or `extension AlertState<T> {` at `AlertState` (i): the braces and T.
    private func extensionBody(at i: Int) -> (open: Int, close: Int, actionType: String?)? {
        var actionType: String?
        var k = i + 1
        if code.isOperator(k, "<"), let after = code.skipGenericArguments(k, limit: code.count) {
            actionType = typeName(from: k + 1)
            k = after
        }
        var steps = 0
        while k < code.count, !code.isPunct(k, .lbrace), steps < 64 {
            if code.is(k, "Action"), code.isOperator(k + 1, "==") { actionType = typeName(from: k + 2) }
            k += 1
            steps += 1
        }
        guard code.isPunct(k, .lbrace), let close = code.partnerOf(k), close > k else { return nil }
        return (k, close, actionType)
    }

    /// A dotted type name starting at k (`Feature.Action.Alert`).
    private func typeName(from k: Int) -> String? {
        guard code.kind(k) == .identifier else { return nil }
        var name = code.text(k)
        var j = k
        while code.isDot(j + 1), code.kind(j + 2) == .identifier {
            name += "." + code.text(j + 2)
            j += 2
        }
        return name
    }

    /// One alert per `static` member of an extension body, its buttons those written before the next member.
    private func members(from open: Int, to close: Int, actionType: String?) -> [AlertFacts] {
        var starts: [Int] = []
        var k = open + 1
        while k < close {
            if code.is(k, "static") { starts.append(k) }
            k = code.skipGroup(k, limit: close)
        }
        return starts.enumerated().map { n, start in
            let end = n + 1 < starts.count ? starts[n + 1] : close
            return AlertFacts(actionType: actionType, buttons: buttons(from: start, to: end), anchor: extractor.anchor(start))
        }
    }

    /// An alert built at i: `AlertState(`, `AlertState {`, `AlertState<T>(`, `AlertState.init(`, or `= .init(title:`
    /// (a value whose type is inferred; an alert's or a dialog's, whose buttons read the same). Its first bracket and
    /// the end of the call, trailing closures (`actions: { … } message: { … }`) included.
    private func construction(at i: Int) -> (open: Int, end: Int, actionType: String?)? {
        var k = i + 1
        var actionType: String?
        if code.is(i, "AlertState") {
            guard !code.is(i - 1, "extension") else { return nil }
            if code.isOperator(k, "<"), let after = code.skipGenericArguments(k, limit: code.count) {
                actionType = typeName(from: k + 1)
                k = after
            }
            if code.isDot(k), code.is(k + 1, "init") { k += 2 }
        } else if code.isDot(i), code.is(i + 1, "init"), code.isOperator(i - 1, "="), code.isPunct(i + 2, .lparen),
                  code.is(i + 3, "title"), code.isPunct(i + 4, .colon) {
            k = i + 2
        } else {
            return nil
        }
        guard code.isPunct(k, .lparen) || code.isPunct(k, .lbrace), let close = code.partnerOf(k), close > k else { return nil }
        var end = close + 1
        if code.isPunct(end, .lbrace), let c = code.partnerOf(end), c > end { end = c + 1 }
        while code.kind(end) == .identifier, code.isPunct(end + 1, .colon), code.isPunct(end + 2, .lbrace),
              let c = code.partnerOf(end + 2), c > end + 2 {
            end = c + 1
        }
        return (k, end, actionType)
    }

    /// The buttons written between the tokens: `ButtonState(…) { … }`, `ButtonState { … }`, and the static buttons of
    /// TCA's first alerts (`.default(…)`, `.cancel(…)`, `.destructive(…)`).
    private func buttons(from start: Int, to end: Int) -> [String?] {
        var result: [String?] = []
        var k = start
        while k < end {
            if code.is(k, "ButtonState") {
                var j = k + 1
                if code.isOperator(j, "<"), let after = code.skipGenericArguments(j, limit: end) { j = after }
                if code.isPunct(j, .lparen), let close = code.partnerOf(j), close > j {
                    result.append(action(inArguments: j))
                    k = close + 1
                    continue
                }
                if code.isPunct(j, .lbrace) { result.append(nil) }
                k = j
                continue
            }
            if code.isDot(k), code.is(k + 1, "default") || code.is(k + 1, "cancel") || code.is(k + 1, "destructive"),
               code.isPunct(k + 2, .lparen), let close = code.partnerOf(k + 2), close > k + 2,
               !(code.is(k + 3, "id") && code.isPunct(k + 4, .colon)) {
                result.append(action(inArguments: k + 2))
                k = close + 1
                continue
            }
            k += 1
        }
        return result
    }

    /// The case an `action:` argument of the call sends (`.confirm`, `.send(.confirm, animation: …)`), `""` for any
    /// other expression, nil when there is no `action:` argument or it is `nil`.
    private func action(inArguments open: Int) -> String? {
        guard let label = code.argumentLabel("action", inCallAt: open) else { return nil }
        var a = label + 2
        if code.is(a, "nil") { return nil }
        if code.isDot(a), code.is(a + 1, "send"), code.isPunct(a + 2, .lparen) { a += 3 }
        if code.isDot(a), code.kind(a + 1) == .identifier { return code.text(a + 1) }
        return ""
    }
}

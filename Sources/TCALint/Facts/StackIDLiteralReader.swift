/// Integer literals written where TCA expects a `StackElementID`. `StackElementID` is
/// `ExpressibleByIntegerLiteral` for tests only: outside a test process its `init(integerLiteral:)` calls
/// `fatalError` (Sources/ComposableArchitecture/Reducer/Reducers/StackReducer.swift). Read per file, with
/// what each literal is written against, so that the project model can say whether the receiver is a stack:
/// `path[id: 0]` is a `StackState` subscript only when `path` is one, `.element(id: 0, action: …)` a
/// `StackAction` only when the case around it carries one.
struct StackIDLiteralReader {
    let extractor: FactsExtractor
    var code: CodeTokens { extractor.code }

    /// The literal read at identifier token i (`id`, `from`/`to`, `StackElementID`), if it is one; called from
    /// `FileWideReader`'s one pass over the file's tokens.
    func literal(at i: Int) -> StackIDLiteralFacts? {
        if code.is(i, "id"), code.isPunct(i + 1, .colon), let literal = integerLiteral(at: i + 2) {
            if code.isPunct(i - 1, .lbracket) {
                // `path[id: 0]`, `state.path?[id: 0]`
                guard let receiver = name(endingAt: i - 2) else { return nil }
                // `path[id: 0, case: \.detail]`: TCA's subscript into one case of the element.
                let more = code.isPunct(literal + 1, .rbracket) ? "" : ", …"
                return facts(.subscript, receiver, literal, "\(receiver)[id: \(text(literal))\(more)]")
            }
            guard code.isPunct(i - 1, .lparen), code.isDot(i - 3) else { return nil }
            let form: StackIDLiteralFacts.Form
            if code.is(i - 2, "popFrom") { form = .popFrom }
            else if code.is(i - 2, "push") { form = .push }
            else if code.is(i - 2, "element") { form = .element }
            else { return nil }
            // `.path(.element(id: 0, action: …))`: the case the action is wrapped in.
            // `.send(.popFrom(id: 0))` is no case: an effect's or a store's `send`.
            let wrapper = code.isPunct(i - 4, .lparen) && code.kind(i - 5) == .identifier && code.isDot(i - 6) && !code.is(i - 5, "send")
                ? code.text(i - 5) : nil
            var written = ".\(code.text(i - 2))(id: \(text(literal))\(code.isPunct(literal + 1, .rparen) ? "" : ", …"))"
            if let wrapper { written = ".\(wrapper)(\(written))" }
            return facts(form, wrapper, literal, written)
        }
        if code.is(i, "from") || code.is(i, "to") {
            // `state.path.pop(from: 0)`, `path.pop(to: 1)`
            guard code.isPunct(i + 1, .colon), code.isPunct(i - 1, .lparen), code.is(i - 2, "pop"), code.isDot(i - 3),
                  let literal = integerLiteral(at: i + 2), code.isPunct(literal + 1, .rparen),
                  let receiver = name(endingAt: i - 4) else { return nil }
            return facts(.pop, receiver, literal, "\(receiver).pop(\(code.text(i)): \(text(literal)))")
        }
        if code.is(i, "StackElementID"), !code.isDot(i - 1) {
            // `let id: StackElementID = 0`, `StackElementID(integerLiteral: 0)`
            if code.isOperator(i + 1, "="), let literal = integerLiteral(at: i + 2) {
                return facts(.typed, nil, literal, "StackElementID = \(text(literal))")
            }
            if code.isPunct(i + 1, .lparen), code.is(i + 2, "integerLiteral"), code.isPunct(i + 3, .colon),
               let literal = integerLiteral(at: i + 4) {
                return facts(.typed, nil, literal, "StackElementID(integerLiteral: \(text(literal)))")
            }
        }
        return nil
    }

    private func facts(_ form: StackIDLiteralFacts.Form, _ receiver: String?, _ number: Int, _ written: String) -> StackIDLiteralFacts {
        StackIDLiteralFacts(form: form, receiver: receiver, literal: text(number), written: written, anchor: extractor.anchor(number))
    }

    /// The literal at its number token, with its sign.
    private func text(_ number: Int) -> String {
        (code.isOperator(number - 1, "-") ? "-" : "") + code.text(number)
    }

    /// The name a subscript or call is applied to, ending at token k (`path` in `path?[`, `state.path.pop`).
    private func name(endingAt k: Int) -> String? {
        let j = code.isOptionalMark(k) ? k - 1 : k
        return code.kind(j) == .identifier ? code.text(j) : nil
    }

    /// The number token of an integer literal (`0`, `-1`, `0x1`) starting at token k and standing alone (not
    /// an operand: `0 + offset` may have another type).
    private func integerLiteral(at k: Int) -> Int? {
        let n = code.isOperator(k, "-") ? k + 1 : k
        guard code.kind(n) == .number else { return nil }
        let text = code.text(n)
        let isHex = text.hasPrefix("0x") || text.hasPrefix("0X")
        guard !text.contains("."), isHex || !(text.contains("e") || text.contains("E")) else { return nil }
        // `id: 0 + offset` is an expression whose type may be another; only a literal standing alone is read.
        guard code.kind(n + 1) != .operator else { return nil }
        return n
    }
}

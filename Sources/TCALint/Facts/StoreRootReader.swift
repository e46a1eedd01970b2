/// Reads where the app builds a store and which reducer runs at its root: `Store(initialState: …) { App() }`,
/// `Store(initialState: …, reducer: App())`, `StoreOf<App>(initialState: …) { … }`, `.init(initialState: …)
/// { App() }`. A feature at a store's root runs with no parent: no `ifLet` or `forEach` presents it there.
struct StoreRootReader {
    let extractor: FactsExtractor
    var code: CodeTokens { extractor.code }

    /// A store built at token i: the tokens of the reducer it runs at its root (its `reducer:` argument or its
    /// trailing closure), and that reducer's facts when it is named.
    struct Found {
        var reducerTokens: Range<Int>
        var facts: StoreRootFacts?
    }

    /// The store built at token i (`Store`, `StoreOf`, or `init` after a `.`).
    func root(at i: Int) -> Found? {
        let isStore = code.is(i, "Store") || code.is(i, "StoreOf")
        guard isStore || (code.is(i, "init") && code.isDot(i - 1)) else { return nil }
        var open = i + 1
        if let g = code.skipGenericArguments(open, limit: code.count) { open = g }
        guard code.isPunct(open, .lparen), let close = code.partnerOf(open), close > open,
              code.is(open + 1, "initialState"), code.isPunct(open + 2, .colon) else { return nil }
        // `reducer: App()` / `reducer: { App() }` among the arguments, else the trailing closure.
        var k = open + 1
        while k < close {
            if code.is(k, "reducer") && code.isPunct(k + 1, .colon) && code.isPunct(k - 1, .comma) {
                let end = code.argumentEnd(from: k + 2, close: close)
                return Found(reducerTokens: (k + 2)..<end, facts: reducer(at: k + 2, store: i))
            }
            k = code.skipGroup(k, limit: close)
        }
        guard code.isPunct(close + 1, .lbrace), let end = code.partnerOf(close + 1), end > close + 1 else { return nil }
        return Found(reducerTokens: (close + 1)..<end, facts: reducer(at: close + 1, store: i))
    }

    /// `App()`, `App.init()`, `{ App() … }` at token k: the reducer's name as written (`App`, `Feature.App`).
    private func reducer(at k: Int, store: Int) -> StoreRootFacts? {
        var j = k
        if code.isPunct(j, .lbrace) { j += 1 }
        guard code.startsUppercase(j), code.kind(j) == .identifier else { return nil }
        var name = code.text(j)
        while code.isDot(j + 1), code.startsUppercase(j + 2), code.kind(j + 2) == .identifier {
            j += 2
            name += "." + code.text(j)
        }
        guard code.isPunct(j + 1, .lparen) || (code.isDot(j + 1) && code.is(j + 2, "init")) else { return nil }
        return StoreRootFacts(reducer: name, location: extractor.location(store))
    }
}

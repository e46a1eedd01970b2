/// Reads calls of a reducer's `reduce(into:action:)` on a receiver (`Child().reduce(into: &state.child, action:
/// .refresh)`, `self.child.reduce(into:action:)`): running another reducer directly, which TCA 1.25 deprecates.
/// A bare `reduce(into:action:)` or one on `self`/`Self` calls the type's own logic (often an overload by action
/// type) and is not read.
struct ReduceCallReader {
    let extractor: FactsExtractor
    var code: CodeTokens { extractor.code }

    /// The call at token i (`reduce`), when it has a receiver other than `self` and the labels `into:` and `action:`.
    func call(at i: Int) -> ReduceCallFacts? {
        guard code.is(i, "reduce"), code.isDot(i - 1), code.isPunct(i + 1, .lparen),
              code.is(i + 2, "into"), code.isPunct(i + 3, .colon),
              code.argumentLabel("action", inCallAt: i + 1) != nil else { return nil }
        let end = i - 2
        let receiver: ReduceCallFacts.Receiver
        if code.isPunct(end, .rparen), let open = code.partnerOf(end), open < end {
            // `Child()`, `Feature.Child(…)`, `Child.init()`, `Child<X>()`.
            var k = open - 1
            if code.is(k, "init") && code.isDot(k - 1) { k -= 2 }
            if code.kind(k) == .operator, let start = genericStart(before: k) { k = start - 1 }
            guard code.kind(k) == .identifier, code.startsUppercase(k) else { return nil }
            var name = code.text(k)
            while code.isDot(k - 1), code.kind(k - 2) == .identifier, code.startsUppercase(k - 2) {
                k -= 2
                name = code.text(k) + "." + name
            }
            receiver = .initializer(name)
        } else if code.kind(end) == .identifier, !code.startsUppercase(end) {
            // `child`, `self.child`; a longer chain (`self.reducers.child`, `x?.y`) is not read.
            guard !code.isDot(end - 1) || (code.is(end - 2, "self") && !code.isDot(end - 3)) else { return nil }
            receiver = .property(code.text(end))
        } else {
            return nil
        }
        return ReduceCallFacts(receiver: receiver, anchor: extractor.anchor(i), shown: shown(receiver))
    }

    /// The `<` opening the generic arguments that end at the `>` token k, if they are ones.
    private func genericStart(before k: Int) -> Int? {
        var j = k - 1
        var steps = 0
        while j > 0 && steps < 64 {
            if code.kind(j) == .operator, let end = code.skipGenericArguments(j, limit: k + 1), end == k + 1 { return j }
            j -= 1
            steps += 1
        }
        return nil
    }

    private func shown(_ receiver: ReduceCallFacts.Receiver) -> String {
        switch receiver {
        case .initializer(let name): return "\(name)().reduce(into:action:)"
        case .property(let name): return "\(name).reduce(into:action:)"
        }
    }
}

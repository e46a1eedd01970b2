/// A dependency client's live implementation (`static let liveValue = Client(fetch: { … }, save: { … })` in its
/// `DependencyKey` conformance, also `Self(…)`, `.init(…)`, or a getter returning one): which endpoints it implements
/// with a closure that cannot throw. Swift marks every call that can throw with `try`, so a closure with neither a
/// `try` (other than `try?`/`try!`) nor a `throw` throws nothing, whatever its type says. An endpoint given any other
/// way (a function reference, `Client.live`, a closure that tries) is not one.
struct LiveValueReader {
    let extractor: FactsExtractor
    var code: CodeTokens { extractor.code }

    func read(types: [TypeFacts]) -> [LiveValueFacts] {
        var result: [LiveValueFacts] = []
        for type in types {
            for property in type.properties where property.isStatic && property.name == "liveValue" {
                let name = property.anchor.token
                let end = code.statementEnd(from: name - 1, limit: max(type.membersClose.token, name))
                guard let endpoints = neverThrowingEndpoints(from: name + 1, to: end, typeName: type.name.lastNameComponent) else { continue }
                result.append(LiveValueFacts(type: type.name, neverThrowing: endpoints))
            }
        }
        return result
    }

    /// The labels of the closure arguments that cannot throw, of the one call in [start, end) that builds the client
    /// (`Client(`, `Self(`, `.init(`); nil when there is no such call or several.
    private func neverThrowingEndpoints(from start: Int, to end: Int, typeName: String) -> [String]? {
        var calls: [Int] = []
        for k in start..<max(start, end) where code.isPunct(k + 1, .lparen) && k + 1 < end {
            let builds = code.is(k, "init") ? code.isDot(k - 1) : (code.is(k, "Self") || (code.kind(k) == .identifier && code.text(k) == typeName)) && !code.isDot(k - 1)
            if builds { calls.append(k + 1) }
        }
        guard calls.count == 1, let open = calls.first, let close = code.partnerOf(open), close > open else { return nil }
        var result: [String] = []
        var k = open + 1
        while k < close {
            let argumentEnd = code.argumentEnd(from: k, close: close)
            if code.isNameLike(k), code.isPunct(k + 1, .colon), code.isPunct(k + 2, .lbrace),
               let closure = code.partnerOf(k + 2), closure + 1 == argumentEnd, !canThrow(open: k + 2, close: closure) {
                result.append(CasePath.name(k, code: code))
            }
            k = argumentEnd + 1
        }
        return result
    }

    /// A `throw`, or a `try` that is not `try?`/`try!`, between the braces.
    private func canThrow(open: Int, close: Int) -> Bool {
        (open + 1..<close).contains { j in
            guard code.tokens[j].kind == .keyword else { return false }
            return code.is(j, "throw") || code.isThrowingTry(j)
        }
    }
}

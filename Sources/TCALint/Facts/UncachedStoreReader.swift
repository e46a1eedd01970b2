/// The two halves of TCA's "Scoping from uncached … is not compatible with observation": a store TCA cannot cache
/// handed to a view, and a view scoping its store the way only a cached store allows.
///
/// TCA caches the child stores of a store scoped with key paths (`store.scope(state: \.child, action: \.child)`).
/// A store scoped with closures (`action: { .child($0) }`, `action: Feature.Action.child`), the store a `CaseLet`
/// hands its content, and the one a store-taking presentation with `state:`/`action:` transforms hands its content
/// (`.sheet(store:state:action:)`) cannot cache theirs (`ClosureScopedCore`, `Store._scope` in TCA's
/// `Internal/Deprecations.swift`). Scoping such a store to an optional or a collection with observation's APIs
/// (`if let child = store.scope(…)`, `ForEach(store.scope(…))`, `$store.scope(…)` handed to `.sheet(item:)`) makes
/// TCA report the issue (`Observation/Store+Observation.swift`, `IdentifiedArray+Observation.swift`).
struct UncachedStoreReader {
    let extractor: FactsExtractor
    var code: CodeTokens { extractor.code }

    static let needle = Array("scope".utf8)
    static let caseLetNeedle = Array("CaseLet".utf8)

    /// Presentation modifiers that take a store and, with `state:`/`action:`, transform it for their content.
    static let storePresentations: Set<String> = ["sheet", "fullScreenCover", "popover", "navigationDestination"]

    func read(types: [TypeFacts]) -> (cached: [CachedScopeFacts], handoffs: [UncachedHandoffFacts]) {
        let bytes = extractor.source.bytes
        guard Prefilter.contains(bytes, needle: Self.needle) || Prefilter.contains(bytes, needle: Self.caseLetNeedle) else { return ([], []) }
        let ordered = types.filter { $0.kind != "protocol" && $0.membersOpen.token < $0.membersClose.token }
            .sorted { $0.membersOpen.token < $1.membersOpen.token }
        var cached: [CachedScopeFacts] = []
        var handoffs: [UncachedHandoffFacts] = []
        var stack: [(name: String, close: Int)] = []
        var next = 0
        for i in 0..<code.count {
            while let last = stack.last, last.close < i { stack.removeLast() }
            while next < ordered.count && ordered[next].membersOpen.token <= i {
                stack.append((ordered[next].qualifiedName, ordered[next].membersClose.token))
                next += 1
            }
            guard code.kind(i) == .identifier else { continue }
            if code.is(i, "scope") {
                if let owner = stack.last?.name, let shown = cachedScope(at: i) {
                    cached.append(CachedScopeFacts(view: owner, shown: shown, location: extractor.location(i)))
                } else if let handoff = closureScopeHandoff(at: i) {
                    handoffs.append(handoff)
                }
            } else if code.is(i, "CaseLet"), code.isPunct(i + 1, .lparen), let view = contentView(ofCallAt: i + 1, skippingFirst: true) {
                handoffs.append(UncachedHandoffFacts(view: view, source: .caseLet, shown: "CaseLet", anchor: extractor.anchor(i)))
            } else if code.isDot(i - 1), Self.storePresentations.contains(code.text(i)), code.isPunct(i + 1, .lparen),
                      code.is(i + 2, "store"), code.isPunct(i + 3, .colon), code.argumentLabel("state", inCallAt: i + 1) != nil,
                      let view = contentView(ofCallAt: i + 1, skippingFirst: true) {
                handoffs.append(UncachedHandoffFacts(view: view, source: .presentationTransform,
                                                     shown: ".\(code.text(i))(store:state:action:)", anchor: extractor.anchor(i)))
            }
        }
        return (cached, handoffs)
    }

    /// `$store.scope(state: \.child, action: \.child)` (not a navigation stack's `path:`), or `store.scope(…)` with key
    /// paths bound by `if let`/`guard let` or handed to `ForEach(`, at `scope` (i): the call as shown in messages.
    private func cachedScope(at i: Int) -> String? {
        guard code.isDot(i - 1), code.isPunct(i + 1, .lparen), let close = code.partnerOf(i + 1), close > i + 1 else { return nil }
        var receiver = i - 2
        guard code.kind(receiver) == .identifier, code.text(receiver).hasSuffix("store") || code.text(receiver).hasSuffix("Store") else { return nil }
        if code.isDot(receiver - 1), code.is(receiver - 2, "self") { receiver -= 2 }
        // Key paths for both arguments: `state: \.x` (or 1.25's unlabelled `\.x`) and `action: \.x`.
        var first = i + 2
        if code.is(first, "state"), code.isPunct(first + 1, .colon) { first += 2 }
        guard code.isPunct(first, .backslash), let label = code.argumentLabel("action", inCallAt: i + 1),
              code.isPunct(label + 2, .backslash) else { return nil }
        let isBinding = code.text(i - 2).hasPrefix("$")
        if isBinding {
            // `NavigationStack(path: $store.scope(…))` scopes a `StackState`, which TCA caches whatever the store.
            guard !(code.isPunct(receiver - 1, .colon) && code.is(receiver - 2, "path")) else { return nil }
        } else {
            let boundByLet = code.isOperator(receiver - 1, "=") && code.kind(receiver - 2) == .identifier
                && (code.is(receiver - 3, "let") || code.is(receiver - 3, "var"))
                && (code.is(receiver - 4, "if") || code.is(receiver - 4, "guard") || code.isPunct(receiver - 4, .comma))
            let iterated = code.isPunct(receiver - 1, .lparen) && code.is(receiver - 2, "ForEach")
            guard boundByLet || iterated else { return nil }
        }
        var firstEnd = first
        while firstEnd < close && !code.isPunct(firstEnd, .comma) { firstEnd = code.skipGroup(firstEnd, limit: close) }
        return code.sourceText(from: receiver, through: firstEnd - 1) + ", …)"
    }

    /// `ChildView(store: store.scope(state: …, action: { .child($0) }))` or `IfLetStore(store.scope(…, action:
    /// Feature.Action.child)) { ChildView(store: $0) }` at `scope` (i): the view given the closure-scoped store.
    private func closureScopeHandoff(at i: Int) -> UncachedHandoffFacts? {
        guard code.isDot(i - 1), code.isPunct(i + 1, .lparen), let label = code.argumentLabel("action", inCallAt: i + 1),
              case let action = label + 2, code.isPunct(action, .lbrace) || (code.startsUppercase(action) && code.isDot(action + 1)) else { return nil }
        var receiver = i - 2
        guard code.kind(receiver) == .identifier else { return nil }
        if code.isDot(receiver - 1), code.is(receiver - 2, "self") { receiver -= 2 }
        let shown = "store.scope(state:action:) with a closure"
        // `View(store: <scope>)`.
        if code.isPunct(receiver - 1, .colon), code.is(receiver - 2, "store"), code.isPunct(receiver - 3, .lparen),
           let view = typeName(endingAt: receiver - 4) {
            return UncachedHandoffFacts(view: view, source: .closureScope, shown: shown, anchor: extractor.anchor(i))
        }
        // `IfLetStore(<scope>) { View(store: $0) }`, `ForEachStore(<scope>, content: View.init)`.
        if code.isPunct(receiver - 1, .lparen), code.is(receiver - 2, "IfLetStore") || code.is(receiver - 2, "ForEachStore"),
           let view = contentView(ofCallAt: receiver - 1, skippingFirst: true) {
            return UncachedHandoffFacts(view: view, source: .closureScope, shown: shown, anchor: extractor.anchor(i))
        }
        return nil
    }

    /// The view a call's content builds from the store it is handed: in the call's arguments after the first (when
    /// `skippingFirst`) and its trailing closure, the first `View(store: $0)`, `View(store: store)` or `View.init`.
    private func contentView(ofCallAt open: Int, skippingFirst: Bool) -> String? {
        guard let close = code.partnerOf(open), close > open else { return nil }
        var start = open + 1
        if skippingFirst {
            while start < close && !code.isPunct(start, .comma) { start = code.skipGroup(start, limit: close) }
        }
        var end = close
        if code.isPunct(close + 1, .lbrace), let trailing = code.partnerOf(close + 1), trailing > close { end = trailing }
        var k = start
        while k < end {
            if code.kind(k) == .identifier, code.startsUppercase(k), !code.isDot(k - 1) {
                // A type name, possibly qualified (`Login.View`).
                var last = k
                while code.isDot(last + 1), code.kind(last + 2) == .identifier, code.startsUppercase(last + 2) { last += 2 }
                let name = code.sourceText(from: k, through: last)
                // `View.init`, `View.init(store:)`.
                if code.isDot(last + 1), code.is(last + 2, "init"),
                   !code.isPunct(last + 3, .lparen) || (code.is(last + 4, "store") && code.isPunct(last + 5, .colon) && code.isPunct(last + 6, .rparen)) {
                    return name
                }
                if code.isPunct(last + 1, .lparen), code.is(last + 2, "store"), code.isPunct(last + 3, .colon),
                   code.kind(last + 4) == .identifier, code.isPunct(last + 5, .rparen) || code.isPunct(last + 5, .comma) {
                    return name
                }
                k = last + 1
                continue
            }
            k += 1
        }
        return nil
    }

    /// The type name (`ChildView`, `Login.View`) whose last token is `last`, when it starts with uppercase.
    private func typeName(endingAt last: Int) -> String? {
        guard code.kind(last) == .identifier, code.startsUppercase(last) else { return nil }
        var first = last
        while code.isDot(first - 1), code.kind(first - 2) == .identifier, code.startsUppercase(first - 2) { first -= 2 }
        return code.sourceText(from: first, through: last)
    }
}

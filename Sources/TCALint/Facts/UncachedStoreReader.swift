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
    static let handOnNeedle = Array("store:".utf8)

    /// Presentation modifiers that take a store and, with `state:`/`action:`, transform it for their content
    /// (`StoreBindingReader` reads the fields they present with the same list).
    static let storePresentations: Set<String> = ["sheet", "fullScreenCover", "popover", "navigationDestination"]
    /// The names the facts below start at.
    private static let entryNames = NameGate(["scope", "store", "CaseLet"] + storePresentations)

    func read(types: [TypeFacts]) -> (cached: [CachedScopeFacts], handoffs: [UncachedHandoffFacts]) {
        let bytes = extractor.source.bytes
        guard Prefilter.contains(bytes, needle: Self.needle) || Prefilter.contains(bytes, needle: Self.caseLetNeedle)
                || Prefilter.contains(bytes, needle: Self.handOnNeedle) else { return ([], []) }
        var enclosing = EnclosingTypes(types.filter { $0.kind != "protocol" }) { $0.qualifiedName }
        var cached: [CachedScopeFacts] = []
        var handoffs: [UncachedHandoffFacts] = []
        for i in 0..<code.count {
            guard code.kind(i) == .identifier else { continue }
            // The type around is asked only where a fact may start (a name read per token would be retained and
            // released per token).
            guard Self.entryNames.admits(i, in: code) else { continue }
            let owner = enclosing.innermost(at: i).map { enclosing.names[$0] }
            if code.is(i, "scope") {
                if let owner, let shown = cachedScope(at: i) {
                    cached.append(CachedScopeFacts(view: owner, shown: shown, location: extractor.location(i)))
                } else if var handoff = scopeHandoff(at: i) {
                    handoff.owner = owner
                    // A key-path scope passes on what its store is; only the view's own store's is known.
                    if handoff.source == .passedOn && owner == nil { continue }
                    handoffs.append(handoff)
                }
            } else if code.is(i, "store"), let owner, let view = ownStoreHandoff(at: i) {
                handoffs.append(UncachedHandoffFacts(view: view, source: .passedOn, shown: "store", anchor: extractor.anchor(i), owner: owner))
            } else if code.is(i, "CaseLet"), code.isPunct(i + 1, .lparen), let view = contentView(ofCallAt: i + 1, skippingFirst: true) {
                handoffs.append(UncachedHandoffFacts(view: view, source: .caseLet, shown: "CaseLet", anchor: extractor.anchor(i), owner: owner))
            } else if code.isDot(i - 1), code.isPunct(i + 1, .lparen), code.is(i + 2, "store"), code.isPunct(i + 3, .colon),
                      Self.storePresentations.contains(code.text(i)), let view = contentView(ofCallAt: i + 1, skippingFirst: true) {
                // With `state:`/`action:` transforms the content's store is scoped with closures; without, TCA 1.7.0–1.9.2
                // did not cache it either (fixed in 1.9.3, swift-composable-architecture #2908).
                let transforms = code.argumentLabel("state", inCallAt: i + 1) != nil
                handoffs.append(UncachedHandoffFacts(view: view, source: transforms ? .presentationTransform : .storePresentation,
                                                     shown: transforms ? ".\(code.text(i))(store:state:action:)" : ".\(code.text(i))(store:)",
                                                     anchor: extractor.anchor(i), owner: owner))
            }
        }
        return (cached, handoffs)
    }

    /// `$store.scope(state: \.child, action: \.child)` (not a navigation stack's `path:`), or `store.scope(…)` with key
    /// paths bound by `if let`/`guard let` or handed to `ForEach(`, at `scope` (i): the call as shown in messages.
    private func cachedScope(at i: Int) -> String? {
        // Key paths for both arguments: `state: \.x` (or 1.25's unlabelled `\.x`) and `action: \.x`.
        guard let call = code.storeScopeCall(at: i), code.isPunct(call.state, .backslash), let action = call.action,
              code.isPunct(action, .backslash) else { return nil }
        let receiver = call.receiverStart
        let isBinding = code.text(call.receiverName).hasPrefix("$")
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
        let firstEnd = code.argumentEnd(from: call.state, close: call.close)
        // One line, however the call is laid out.
        let text = code.sourceText(from: receiver, through: firstEnd - 1).split(whereSeparator: { $0 == "\n" || $0 == " " || $0 == "\t" || $0 == "\r" })
        return text.joined(separator: " ").replacing("( ", with: "(") + ", …)"
    }

    /// A view given a store scoped at `scope` (i): `ChildView(store: store.scope(…))`, `IfLetStore(store.scope(…)) {
    /// ChildView(store: $0) }` (or `ForEachStore`). A closure action (`{ .child($0) }`, `Feature.Action.child`) makes a
    /// store TCA cannot cache; key paths (`state: \.child, action: \.child`) one that caches when the store scoped does.
    private func scopeHandoff(at i: Int) -> UncachedHandoffFacts? {
        guard code.isDot(i - 1), code.isPunct(i + 1, .lparen), let label = code.argumentLabel("action", inCallAt: i + 1),
              let close = code.partnerOf(i + 1), close > i + 1 else { return nil }
        let action = label + 2
        let source: UncachedHandoffFacts.Source
        if code.isPunct(action, .lbrace) || (code.startsUppercase(action) && code.isDot(action + 1)) {
            source = .closureScope
        } else if code.isPunct(action, .backslash) {
            source = .passedOn
        } else {
            return nil
        }
        var receiver = i - 2
        guard code.kind(receiver) == .identifier else { return nil }
        if code.isDot(receiver - 1), code.is(receiver - 2, "self") { receiver -= 2 }
        // A key-path scope of the view's own store only: `store`, `self.store`.
        if source == .passedOn, !(code.is(i - 2, "store") && (receiver == i - 2 || code.is(receiver, "self"))) { return nil }
        let shown = source == .closureScope ? "store.scope(state:action:) with a closure" : "store.scope(state:action:)"
        // `View(store: <scope>)`.
        if code.isPunct(receiver - 1, .colon), code.is(receiver - 2, "store"), code.isPunct(receiver - 3, .lparen),
           code.isPunct(close + 1, .rparen) || code.isPunct(close + 1, .comma), let view = typeName(endingAt: receiver - 4) {
            return UncachedHandoffFacts(view: view, source: source, shown: shown, anchor: extractor.anchor(i))
        }
        // `IfLetStore(<scope>) { View(store: $0) }`, `ForEachStore(<scope>, content: View.init)`.
        if code.isPunct(receiver - 1, .lparen), code.is(receiver - 2, "IfLetStore") || code.is(receiver - 2, "ForEachStore"),
           let view = contentView(ofCallAt: receiver - 1, skippingFirst: true) {
            return UncachedHandoffFacts(view: view, source: source, shown: shown, anchor: extractor.anchor(i))
        }
        return nil
    }

    /// `ChildView(store: store)` or `ChildView(store: self.store)` at the label `store` (i): the view handed this view's
    /// own store, or a store a closure of the view names `store` (`{ store in ChildView(store: store) }`).
    private func ownStoreHandoff(at i: Int) -> String? {
        guard code.isPunct(i + 1, .colon), code.isPunct(i - 1, .lparen), let view = typeName(endingAt: i - 2) else { return nil }
        var value = i + 2
        if code.is(value, "self"), code.isDot(value + 1) { value += 2 }
        guard code.is(value, "store"), code.isPunct(value + 1, .rparen) || code.isPunct(value + 1, .comma) else { return nil }
        return view
    }

    /// The view a call's content builds from the store it is handed: in the call's arguments after the first (when
    /// `skippingFirst`) and its trailing closure, the first `View(store: $0)`, `View(store: store)` or `View.init`.
    private func contentView(ofCallAt open: Int, skippingFirst: Bool) -> String? {
        guard let close = code.partnerOf(open), close > open else { return nil }
        var start = open + 1
        if skippingFirst {
            start = code.argumentEnd(from: start, close: close)
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

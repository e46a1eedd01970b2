/// Facts of a whole file that belong to no one type: leftover `._printChanges()` calls, names set to nil,
/// actions sent with `.finish()` (a view's `.task`), integer literals written as stack element ids, whether it mentions `TestStore` or binding actions, and
/// its `tca-lint:` comments.
struct FileWideReader {
    let extractor: FactsExtractor
    var code: CodeTokens { extractor.code }

    func read(types: [TypeFacts]) -> FileWideFacts {
        var facts = FileWideFacts()
        let stackIDs = StackIDLiteralReader(extractor: extractor)
        let deprecated = DeprecatedAPIReader(extractor: extractor)
        let scopes = StoreScopeReader(extractor: extractor)
        let stores = StoreRootReader(extractor: extractor)
        let reduceCalls = ReduceCallReader(extractor: extractor)
        let caseLets = CaseLetReader(extractor: extractor)
        var roots: [(token: Int, found: StoreRootReader.Found)] = []
        for i in 0..<code.count {
            let kind = code.kind(i)
            let length = code.tokens[i].length
            if kind == .keyword, length == 4, let root = stores.root(at: i) { roots.append((i, root)) }
            guard kind == .identifier else { continue }
            if code.is(i, "TestStore") { facts.usesTestStore = true }
            if code.is(i, "BindableAction") || code.is(i, "BindingAction") { facts.mentionsBindingActions = true }
            if code.is(i, "DismissEffect") || (code.is(i, "dismiss") && code.isDot(i - 1) && code.isPunct(i - 2, .backslash)
                                                  && code.isPunct(i - 3, .lparen) && code.is(i - 4, "dependency")) {
                facts.providesDismiss = true
            }
            if code.is(i, "finish") && code.isDot(i - 1), let sent = finishedSend(at: i) { facts.actionsSentWithFinish.insert(sent) }
            if code.isOperator(i + 1, "=") || (code.isDot(i + 1) && code.is(i + 2, "wrappedValue") && code.isOperator(i + 3, "=")),
               let name = nilAssignment(at: i) {
                facts.namesSetToNil.insert(name)
            }
            if let literal = stackIDs.literal(at: i) { facts.stackIDLiterals.append(literal) }
            if let use = deprecated.use(at: i) { facts.deprecatedUses.append(use) }
            if length == 5, code.is(i, "scope"), let scope = scopes.scope(at: i) { facts.storeScopes.append(scope) }
            if length == 5 || length == 7, let root = stores.root(at: i) { roots.append((i, root)) }
            if length == 5, code.is(i, "Store"), code.isOperator(i + 1, "<"),
               code.is(i + 2, "AlertState") || code.is(i + 2, "ConfirmationDialogState") || code.is(i + 2, "PresentationState") {
                facts.namesStoreOfTCAState = true
            }
            if length == 6, let call = reduceCalls.call(at: i) { facts.reduceCalls.append(call) }
            if length == 7, let caseLet = caseLets.caseLet(at: i) { facts.caseLets.append(caseLet) }
        }
        if !roots.isEmpty {
            let previews = previewRanges()
            facts.storeRoots = roots.filter { r in !previews.contains { $0.contains(r.token) } }.compactMap(\.found.facts)
        }
        facts.printChanges = printChanges(types: types, storeReducers: roots.map(\.found.reducerTokens))
        facts.alerts = AlertReader(extractor: extractor).read()
        let views = StoreBindingReader(extractor: extractor).read(types: types)
        facts.bindingWrites = views.writes
        facts.boundPaths = views.boundPaths
        facts.liveValues = LiveValueReader(extractor: extractor).read(types: types)
        facts.stackBindings = views.stacks
        facts.disappearSends = views.disappearSends
        facts.presentedFields = views.presentedFields
        facts.scopedFields = views.scopedFields
        facts.viewSends = views.sends
        (facts.cachedScopes, facts.uncachedHandoffs) = UncachedStoreReader(extractor: extractor).read(types: types)
        facts.untrackedReads = PerceptionReader(extractor: extractor).read(types: types)
        facts.storesByType = views.stores
        let source = extractor.source
        facts.disableCommands = Suppressions.commands(in: source, tokens: extractor.syntax.tokens)
        facts.invalidCommands = Suppressions.invalidCommands(in: source, tokens: extractor.syntax.tokens)
        return facts
    }

    /// `x = nil`, `x = .none`, `$x.wrappedValue = nil` at the name token i: `x`.
    private func nilAssignment(at i: Int) -> String? {
        var k = i + 1
        if code.isDot(k), code.is(k + 1, "wrappedValue") { k += 2 }
        guard code.isOperator(k, "=") else { return nil }
        guard code.is(k + 1, "nil") || (code.isDot(k + 1) && code.is(k + 2, "none")) else { return nil }
        var name = code.text(i)
        if name.hasPrefix("$") { name.removeFirst() }
        return name
    }

    /// `await store.send(.onAppear).finish()` at `finish` (i): the sent action's last case.
    private func finishedSend(at k: Int) -> String? {
        guard code.isPunct(k - 2, .rparen), let open = code.partnerOf(k - 2), open < k - 2, code.is(open - 1, "send") else { return nil }
        return CasePath.read(at: open + 1, code: code, limit: k - 2).last
    }

    // MARK: _printChanges

    /// `_ReducerPrinter`'s static members in TCA.
    static let tcaPrinters: Set<String> = ["customDump", "actionLabels"]

    /// The leftover `_printChanges` calls. Not reported: calls compiled into debug builds only (`#if DEBUG`, also
    /// around a postfix modifier: the guard says the author knows), calls in previews (a store built for a
    /// preview prints into the preview's console only), calls on the reducer at the root of a store the app
    /// builds (`storeReducers`: `Store(initialState: …) { AppFeature()._printChanges() }`, wherever it is built) and
    /// anywhere in an app's entry point (the `App`, its delegate, a `@main` type), where TCA's own tutorial puts it
    /// (it prints in debug builds only, and that store's actions only: the feature stays clean for its parents and
    /// tests), and — in a file that declares its own `func _printChanges` on some other type — calls that are not
    /// modifiers of a reducer builder's elements.
    private func printChanges(types: [TypeFacts], storeReducers: [Range<Int>]) -> [PrintChangesFacts] {
        let previews = previewRanges() + rootStoreRanges(types: types) + storeReducers
        var onlyOnReducers: Set<Int>? = nil
        for i in 0..<code.count where code.is(i, "_printChanges") && code.is(i - 1, "func") {
            var tokens = Set<Int>()
            for type in types {
                for builder in type.builders { Self.collectPrintChanges(builder.tree, into: &tokens) }
            }
            onlyOnReducers = tokens
            break
        }
        var debugOnly = DebugOnlyClauses()
        var result: [PrintChangesFacts] = []
        for i in 0..<code.count {
            debugOnly.step(i, code)
            guard isReportedCall(i), !debugOnly.isInside else { continue }
            if let onlyOnReducers, !onlyOnReducers.contains(i) { continue }
            if previews.contains(where: { $0.contains(i) }) { continue }
            var call = PrintChangesFacts(anchor: extractor.anchor(i), isSwiftUIView: code.isDot(i - 1) && code.is(i - 2, "Self"))
            call.isOnViewStore = code.isDot(i - 1) && calleeName(ofCallEndingAt: i - 2) == "WithViewStore"
            result.append(call)
        }
        return result
    }

    /// The name called by the call expression whose last token is `last`: `WithViewStore` in
    /// `WithViewStore(store, observe: { $0 }) { … }` (arguments and trailing closure), nil for anything else.
    private func calleeName(ofCallEndingAt last: Int) -> String? {
        var k = last
        if code.isPunct(k, .rbrace), let open = code.partnerOf(k), open < k { k = open - 1 }
        if code.isPunct(k, .rparen), let open = code.partnerOf(k), open < k { k = open - 1 }
        guard k < last, code.kind(k) == .identifier else { return nil }
        return code.text(k)
    }

    private static func collectPrintChanges(_ elements: [ElementFacts], into tokens: inout Set<Int>) {
        for e in elements {
            for m in e.modifiers {
                if m.name == "_printChanges" { tokens.insert(m.anchor.token) }
                if let c = m.children { collectPrintChanges(c, into: &tokens) }
            }
            if let c = e.children { collectPrintChanges(c, into: &tokens) }
            for b in e.branches { collectPrintChanges(b, into: &tokens) }
        }
    }

    /// `x._printChanges()`, `._printChanges(.actionLabels)`, also across a postfix `#if`; not a declaration of
    /// someone's own `_printChanges`, and not a call with another argument: no argument or one of TCA's own
    /// printers is a debugging aid, a printer of the app's own is deliberate logging, a string literal is
    /// some other API.
    func isReportedCall(_ i: Int) -> Bool {
        guard i >= 0, i < code.count, code.tokens[i].kind == .identifier, code.is(i, "_printChanges"),
              !code.is(i - 1, "func"), !code.is(i - 1, "var"), !code.is(i - 1, "let") else { return false }
        var open = i + 1
        if let g = code.skipGenericArguments(open, limit: code.count) { open = g }
        guard code.isPunct(open, .lparen), let close = code.partnerOf(open), close > open else { return false }
        if close == open + 1 { return true }
        return close == open + 3 && code.isDot(open + 1) && Self.tcaPrinters.contains(code.text(open + 2))
    }

    /// Types an app starts from: the `App`, the application (or scene) delegate, a `@main` type.
    static let entryPointProtocols: Set<String> = ["App", "UIApplicationDelegate", "NSApplicationDelegate", "UIWindowSceneDelegate"]

    /// Token ranges of the members of the app's entry-point types, where the root store is built (`Store(…)`,
    /// `.init(initialState:reducer:)`, a `static let store`): its reducer is where TCA's tutorial attaches
    /// `_printChanges()`.
    private func rootStoreRanges(types: [TypeFacts]) -> [Range<Int>] {
        types.filter { t in
            t.kind != "extension" && (t.attributes.contains("main") || t.inherits.contains(where: Self.entryPointProtocols.contains))
        }.map { $0.membersOpen.token..<$0.membersClose.token }
    }

    /// Token ranges of `#Preview { … }` blocks and of the members of `PreviewProvider` types.
    private func previewRanges() -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        for i in 0..<code.count where code.is(i, "#Preview") || code.is(i, "PreviewProvider") {
            var k = i + 1
            if code.isPunct(k, .lparen) { k = code.skipGroup(k, limit: code.count) }
            var steps = 0
            while k < code.count && !code.isPunct(k, .lbrace) && steps < 64 { k = code.skipGroup(k, limit: code.count); steps += 1 }
            if code.isPunct(k, .lbrace), let close = code.partnerOf(k), close > k { ranges.append(k..<close) }
        }
        return ranges
    }
}

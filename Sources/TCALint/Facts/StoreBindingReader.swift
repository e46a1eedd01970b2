/// Which features' stores a file's views write through a binding: `$store.isOn`, `$viewStore.name`,
/// `viewStore.$name`, `viewStore.binding(\.$name)`, handed to a SwiftUI control or modifier that writes it
/// (`Toggle(isOn:)`, `.sheet(isPresented:)`; see `writingLabels`). Each such write sends the feature a binding action
/// (`BindingAction`), which only a `BindingReducer` applies. A store belongs to the type it is declared in
/// (`@Bindable var store: StoreOf<Feature>`, `let store: Store<Feature.State, Feature.Action>`,
/// `ViewStoreOf<Feature>`); a write counts for the stores of the type it is written in, matched by name so
/// that `extension FeatureView { var body … }` writes through the store its struct declares.
/// `$store.scope(…)` is a presentation binding, not a binding action.
struct StoreBindingReader {
    let extractor: FactsExtractor
    var code: CodeTokens { extractor.code }

    /// What a file's views do with their stores.
    struct ViewFacts {
        var writes: [BindingWriteFacts] = []
        var boundPaths: [BoundPathFacts] = []
        var stacks: [StackBindingFacts] = []
        var disappearSends: [DisappearSendFacts] = []
        var presentedFields: [PresentedFieldFacts] = []
        var scopedFields: [PresentedFieldFacts] = []
        var sends: [ViewSendFacts] = []
        /// The features whose store each type holds (by the type's last name).
        var stores: [String: [String]] = [:]
    }

    /// The binding writes, the navigation stacks driven from a store, the sends from `.onDisappear`, and the features
    /// whose store each type holds (by the type's last name).
    func read(types: [TypeFacts]) -> ViewFacts {
        var enclosing = EnclosingTypes(types) { String($0.name.lastDotComponent ?? "") }
        let names = enclosing.names
        var stores: [String: [String]] = [:]
        var writes: [(type: String, written: String, token: Int)] = []
        var written = Set<String>()
        var bound: [(type: String, path: [String])] = []
        var boundSeen = Set<[String]>()
        var stacks: [(type: String, path: String, isObservation: Bool, token: Int)] = []
        var disappearing: [(type: String, action: String, token: Int)] = []
        var presenting: [(type: String, field: String, token: Int)] = []
        var scoping: [(type: String, field: String, token: Int)] = []
        var sending: [(type: String, path: [String], token: Int)] = []
        for i in 0..<code.count {
            guard code.kind(i) == .identifier, mayStartAFact(i), let top = enclosing.innermost(at: i) else { continue }
            if let feature = storeFeature(at: i) {
                stores[names[top], default: []].append(feature)
            } else if let (path, isObservation) = stackPath(at: i) {
                stacks.append((names[top], path, isObservation, i))
            } else if let (action, send) = disappearSend(at: i) {
                disappearing.append((names[top], action, send))
            } else if let field = presentedField(at: i) {
                presenting.append((names[top], field, i))
            } else if let path = sentPath(at: i) {
                sending.append((names[top], path, i))
            } else if let field = scopedField(at: i) {
                scoping.append((names[top], field, i))
            } else if let text = bindingWrite(at: i), written.insert(names[top]).inserted {
                writes.append((names[top], text, i))
            }
            if let path = boundPath(at: i), boundSeen.insert([names[top]] + path).inserted { bound.append((names[top], path)) }
        }
        // Each view's features once, in order; every fact is made once per feature of the view that holds it.
        let features = stores.mapValues { names in
            var seen = Set<String>()
            return names.filter { seen.insert($0).inserted }
        }
        func perFeature<T>(of type: String, _ make: (String) -> T) -> [T] { (features[type] ?? []).map(make) }
        return ViewFacts(
            writes: writes.flatMap { w in
                perFeature(of: w.type) { BindingWriteFacts(feature: $0, view: w.type, written: w.written, location: extractor.location(w.token)) }
            },
            boundPaths: bound.flatMap { b in perFeature(of: b.type) { BoundPathFacts(feature: $0, path: b.path) } },
            stacks: stacks.flatMap { s in
                perFeature(of: s.type) {
                    StackBindingFacts(feature: $0, view: s.type, statePath: s.path, isObservation: s.isObservation, location: extractor.location(s.token))
                }
            },
            disappearSends: disappearing.flatMap { d in
                perFeature(of: d.type) { DisappearSendFacts(feature: $0, view: d.type, action: d.action, anchor: extractor.anchor(d.token)) }
            },
            presentedFields: presenting.flatMap { p in
                perFeature(of: p.type) { PresentedFieldFacts(feature: $0, field: p.field, location: extractor.location(p.token)) }
            },
            scopedFields: scoping.flatMap { p in
                perFeature(of: p.type) { PresentedFieldFacts(feature: $0, field: p.field, location: extractor.location(p.token)) }
            },
            sends: sending.flatMap { s in
                perFeature(of: s.type) { ViewSendFacts(feature: $0, view: s.type, path: s.path, location: extractor.location(s.token)) }
            },
            stores: features)
    }

    /// The names the readers below start at (`storeFeature`, `stackPath`, `disappearSend`, `presentedField`, `sentPath`,
    /// `scopedField`); `bindingWrite` starts at any name ending in `store`.
    private static let entryNames = NameGate(["StoreOf", "ViewStoreOf", "Store", "ViewStore", "NavigationStack", "NavigationStackStore",
                                              "onDisappear", "send", "scope", "binding"] + UncachedStoreReader.storePresentations)

    /// Whether the identifier at i can start one of the facts read below.
    private func mayStartAFact(_ i: Int) -> Bool {
        Self.entryNames.admits(i, in: code) || code.endsWithStore(i)
    }

    /// `StoreOf<Feature>` / `ViewStoreOf<Feature>` / `Store<Feature.State, Feature.Action>` /
    /// `ViewStore<Feature.State, …>` at i: the feature's name as written (`Feature`, `App.Feature`).
    private func storeFeature(at i: Int) -> String? {
        let isOf = code.is(i, "StoreOf") || code.is(i, "ViewStoreOf")
        guard isOf || code.is(i, "Store") || code.is(i, "ViewStore"), code.isOperator(i + 1, "<") else { return nil }
        var components: [String] = []
        var k = i + 2
        while code.kind(k) == .identifier {
            components.append(code.text(k))
            guard code.isDot(k + 1) else { break }
            k += 2
        }
        if !isOf {
            // `Store<Feature.State, Feature.Action>`: the type the state belongs to.
            guard components.count >= 2, components.last == "State" else { return nil }
            components.removeLast()
        }
        return components.isEmpty ? nil : components.joined(separator: ".")
    }

    /// A store's `scope` at i whose state argument starts with a field: `\.child`, `\.$child`, `\.child?.sheet`, `{ $0.child }`
    /// (the field, without `$`).
    private func scopedField(at i: Int) -> String? {
        guard let call = code.storeScopeCall(at: i) else { return nil }
        return firstField(ofState: call.state, closures: true)
    }

    /// The first field a scope's state argument (starting at token `state`) reads, without `$`: `\.child`, `\.$child`,
    /// `\.child?.sheet`, and `{ $0.child }` when `closures`.
    private func firstField(ofState state: Int, closures: Bool) -> String? {
        var k = state
        if code.isPunct(k, .backslash) {
            k += 1
        } else if closures, code.isPunct(k, .lbrace), code.is(k + 1, "$0") {
            k += 2
        } else {
            return nil
        }
        guard code.isDot(k), code.kind(k + 1) == .identifier else { return nil }
        var field = code.text(k + 1)
        if field.hasPrefix("$") { field.removeFirst() }
        return field
    }

    /// `.sheet(item: $store.scope(state: \.child, action: \.child))`, `.fullScreenCover(store: store.scope(state: \.$child,
    /// …))`, `.popover`, `.navigationDestination` at the modifier's name (i): the field presented, without `$`.
    private func presentedField(at i: Int) -> String? {
        guard code.isDot(i - 1), code.isPunct(i + 1, .lparen), code.is(i + 2, "item") || code.is(i + 2, "store"),
              code.isPunct(i + 3, .colon), UncachedStoreReader.storePresentations.contains(code.text(i)) else { return nil }
        var k = i + 4
        if code.is(k, "self"), code.isDot(k + 1) { k += 2 }
        // The scope of a store the modifier is handed directly, its state labelled and a key path.
        guard let call = code.storeScopeCall(at: k + 2), call.state == call.open + 3 else { return nil }
        return firstField(ofState: call.state, closures: false)
    }

    /// `NavigationStack(path: $store.scope(state: \.path, action: …))` or `NavigationStackStore(store.scope(state:
    /// \.path, action: …))` at i: the state field scoped to, and whether it is the observation form.
    private func stackPath(at i: Int) -> (String, Bool)? {
        let isObservation = code.is(i, "NavigationStack")
        guard isObservation || code.is(i, "NavigationStackStore"), code.isPunct(i + 1, .lparen) else { return nil }
        var k = i + 2
        if isObservation {
            guard code.is(k, "path"), code.isPunct(k + 1, .colon) else { return nil }
            k += 2
        }
        if code.is(k, "self"), code.isDot(k + 1) { k += 2 }
        guard code.kind(k) == .identifier, code.endsWithStore(k), startsWithDollar(k) == isObservation,
              code.isDot(k + 1), code.is(k + 2, "scope"), code.isPunct(k + 3, .lparen), code.is(k + 4, "state"),
              code.isPunct(k + 5, .colon), code.isPunct(k + 6, .backslash), code.isDot(k + 7),
              code.kind(k + 8) == .identifier, !code.isDot(k + 9) else { return nil }
        return (code.text(k + 8), isObservation)
    }

    /// `.onDisappear { store.send(.x) }` (or `perform: { … }`, `viewStore.send`, `self.store.send`, a `@ViewAction`'s bare
    /// `send(.x)`) at `onDisappear` (i): the first send's case path and the first token of the call. Not inside the content of a
    /// presentation or navigation destination (`.sheet { … }`, `navigationDestination`, `NavigationLink { … }`), which
    /// disappears while the feature stays.
    private func disappearSend(at i: Int) -> (String, Int)? {
        guard code.is(i, "onDisappear"), code.isDot(i - 1) else { return nil }
        var open = i + 1
        if code.isPunct(open, .lparen), code.is(open + 1, "perform"), code.isPunct(open + 2, .colon) { open += 3 }
        guard code.isPunct(open, .lbrace), let close = code.partnerOf(open), close > open else { return nil }
        var k = open + 1
        while k < close {
            if code.is(k, "send"), code.isPunct(k + 1, .lparen), code.isDot(k + 2) || code.startsUppercase(k + 2),
               !code.isDot(k - 1) || (code.kind(k - 2) == .identifier && code.endsWithStore(k - 2)) {
                let path = CasePath.read(at: k + 2, code: code, limit: code.partnerOf(k + 1) ?? close)
                guard !path.isEmpty, !isInPresentedContent(i) else { return nil }
                var shown = "." + path[path.count - 1]
                for component in path.dropLast().reversed() { shown = ".\(component)(\(shown))" }
                // Located at the start of the call: `store.send`, `self.store.send`, `send`.
                var start = code.isDot(k - 1) ? k - 2 : k
                if code.isDot(start - 1), code.is(start - 2, "self") { start -= 2 }
                return (shown, start)
            }
            k += 1
        }
        return nil
    }

    /// `store.send(.x)`, `viewStore.send(.x)`, `self.store.send(.x)` at `send` (i): the action's case path, empty when the
    /// argument is not a case written in place.
    private func sentPath(at i: Int) -> [String]? {
        guard code.is(i, "send"), code.isDot(i - 1), code.isPunct(i + 1, .lparen), code.kind(i - 2) == .identifier, code.endsWithStore(i - 2),
              !startsWithDollar(i - 2), let close = code.partnerOf(i + 1), close > i + 1 else { return nil }
        guard code.isDot(i + 2) || code.startsUppercase(i + 2) else { return [] }
        return CasePath.read(at: i + 2, code: code, limit: close)
    }

    /// Names of what opens the presentations' and destinations' content: a view inside disappears when it closes,
    /// while the feature that presents it stays.
    static let presentedContent: Set<String> = ["sheet", "fullScreenCover", "popover", "navigationDestination", "destination",
                                                "NavigationLink", "alert", "confirmationDialog", "inspector"]

    /// Token i is inside a closure or call opened by a presentation (`.sheet(item: …) { … }`, `destination: { … }`).
    private func isInPresentedContent(_ i: Int) -> Bool {
        var k = i - 1
        var steps = 0
        while k >= 0, steps < 20_000 {
            steps += 1
            let t = code.tokens[k]
            if t.kind == .punct, t.length == 1 {
                let c = code.bytes[t.startOffset]
                if c == .rparen || c == .rbrace || c == .rbracket, let p = code.partnerOf(k), p < k { k = p - 1; continue }
                if c == .lbrace || c == .lparen, let name = code.openerName(k), Self.presentedContent.contains(name) { return true }
            }
            k -= 1
        }
        return false
    }

    /// A binding write at i, as written with the argument it is passed as (`isOn: $store.isOn`,
    /// `text: viewStore.$name`, `text: viewStore.binding(\\.$name)`, `focused($store.focus)`).
    private func bindingWrite(at i: Int) -> String? {
        guard code.endsWithStore(i), let argument = writingArgument(before: i), boundPath(at: i) != nil else { return nil }
        // `.bind(` and `.focused(` take the binding as their first argument: `.bind($store.focus)` as written.
        func written(_ binding: String) -> String { argument.hasSuffix("(") ? argument + binding + ")" : argument + binding }
        guard code.is(i + 2, "binding") else { return written(code.text(i) + "." + code.text(i + 2)) }
        // Legacy bindings write `@BindingState` properties, named with their `$` (`viewStore.binding(\\.$name)`).
        guard code.isDot(i + 5), startsWithDollar(i + 6) else { return nil }
        return written(code.text(i) + ".binding(\\." + code.text(i + 6) + ")")
    }

    /// The state path bound at i through a store, under any label (what a binding action may write): `$store.a.b`,
    /// `$viewStore.a`, `viewStore.$a.b`, `viewStore.binding(\.$a)`, `.binding(.set(\.a.b, …))`. Not `$store.scope(…)` (a
    /// presentation) nor `$store.a.sending(\.x)` (an action of the feature's own).
    private func boundPath(at i: Int) -> [String]? {
        if code.is(i, "binding"), code.isDot(i - 1), code.isPunct(i + 1, .lparen), code.isDot(i + 2), code.is(i + 3, "set"),
           code.isPunct(i + 4, .lparen) {
            let path = BuilderReader.keyPathComponents(at: i + 5, code: code)
            return path.isEmpty ? nil : path
        }
        guard code.endsWithStore(i), code.isDot(i + 1), code.kind(i + 2) == .identifier, !code.isDot(i - 1) else { return nil }
        var first = i + 2
        if code.is(first, "binding") {
            guard code.isPunct(i + 3, .lparen), code.isPunct(i + 4, .backslash) else { return nil }
            let path = BuilderReader.keyPathComponents(at: i + 4, code: code)
            return path.isEmpty ? nil : path
        }
        if !startsWithDollar(i) {
            // `viewStore.$a`: the projection is on the property.
            guard startsWithDollar(first) else { return nil }
        } else if code.is(first, "scope") {
            return nil
        }
        var path: [String] = []
        while code.kind(first) == .identifier {
            // `$store.isPresented.sending(\.dismissTapped)` sends that action, not a binding action.
            if code.is(first, "sending") { return nil }
            guard !code.isPunct(first + 1, .lparen) else { break }
            var name = code.text(first)
            if name.hasPrefix("$") { name.removeFirst() }
            path.append(name)
            guard path.count < 8, code.isDot(first + 1) else { break }
            first += 2
        }
        return path.isEmpty ? nil : path
    }

    /// The argument labels under which SwiftUI's controls and modifiers write the binding they are given
    /// (`TextField(text:)`, `Toggle(isOn:)`, `Picker`/`TabView`/`DatePicker(selection:)`, `Slider`/`Stepper(value:)`,
    /// `.sheet(isPresented:)`/`.alert(isPresented:)`, `.sheet(item:)`, `NavigationLink(isActive:)`,
    /// `DisclosureGroup(isExpanded:)`, `.searchable(text:)`). A binding handed to a custom component under
    /// another label (`ERSnowBall(animationSpeed: $store.speed)`) may only be read: not counted.
    static let writingLabels: Set<String> = ["text", "isOn", "selection", "value", "isPresented", "item", "isActive", "isExpanded"]

    /// `label: ` before the binding at i when the label is one SwiftUI writes through, or `focused(` / `bind(`
    /// (`.focused($store.focus, equals: …)`, `.bind($store.focus, to: $focus)`); nil otherwise.
    private func writingArgument(before i: Int) -> String? {
        if code.isPunct(i - 1, UInt8(ascii: ":")), code.kind(i - 2) == .identifier {
            let label = code.text(i - 2)
            return Self.writingLabels.contains(label) ? label + ": " : nil
        }
        if code.isPunct(i - 1, UInt8(ascii: "(")), code.isDot(i - 3), code.is(i - 2, "focused") || code.is(i - 2, "bind") {
            return "." + code.text(i - 2) + "("
        }
        return nil
    }

    private func startsWithDollar(_ i: Int) -> Bool {
        code.kind(i) == .identifier && code.bytes[code.tokens[i].startOffset] == UInt8(ascii: "$")
    }
}

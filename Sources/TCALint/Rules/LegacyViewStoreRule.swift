/// `WithViewStore`, `ViewStore`, `IfLetStore`, `ForEachStore`, `SwitchStore`, `NavigationStackStore` and
/// `@BindingState`: the views, view stores and bindable state that TCA 1.7's observation (`@ObservableState`) replaced, soft-deprecated in 1.7 and deprecated
/// for the compiler from 1.24. Each replacement is right only once the feature's State is `@ObservableState`, and a
/// `WithViewStore` that observes a computed view state needs a person: the one fix, `ForEachStore` → `ForEach`, is unsafe.
public struct LegacyViewStoreRule: DeprecationRule {
    public static let description = RuleDescription(
        id: "legacy_view_store",
        name: "Legacy View Store",
        summary: "`WithViewStore`, `ViewStore`, `IfLetStore`, `ForEachStore`, `SwitchStore`, `NavigationStackStore` and `@BindingState` are deprecated since TCA 1.7 for observation: `@ObservableState` and the store itself",
        defaultSeverity: .warning,
        fixAvailability: .sometimes,
        prefilterNeedles: ["ViewStore", "IfLetStore", "ForEachStore", "SwitchStore", "NavigationStackStore", "BindingState"]
    )
    public static let deprecatedIn = TCAVersion(1, 7)
    public static let reference = "https://github.com/pointfreeco/swift-composable-architecture/blob/main/Sources/ComposableArchitecture/Documentation.docc/Articles/MigrationGuides/MigratingTo1.7.md"
    public static let migrationOrder = MigrationOrder.outsideIn

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        var findings: [Finding] = []
        for use in file.facts.file.deprecatedUses where use.api.isPreObservationView {
            // A project with a type of that name of its own (TCA itself, a store of its own) means that one. A shorthand
            // for TCA's (`typealias ViewStoreOf<F: FeatureReducer> = ViewStore<F.ViewState, F.ViewAction>`) is
            // reported once, where it names TCA's type, as the compiler warns: its uses name the project's alias.
            if file.project.declaresOwn(use.api.rawValue) { continue }
            let rewrite: Fix?
            let fixable: String
            switch use.api {
            case .ifLetStore: (rewrite, fixable) = (ifLetFor(use, in: file), Self.ifLetFixable)
            case .switchStore: (rewrite, fixable) = (switchFor(use, in: file), Self.switchFixable)
            default: (rewrite, fixable) = (fixFor(use, in: file), Self.fixable)
            }
            // With the fix, the message writes what the fix makes of this use: `ForEach` over the scope as written.
            let scope = use.api == .forEachStore && rewrite != nil ? use.forEachStoreScope : nil
            findings.append(finding(at: use.anchor, Self.message(use.api, forEachScope: scope) + (rewrite == nil ? "" : fixable), fix: rewrite))
        }
        return findings
    }

    /// `ForEachStore(store.scope(state: \.rows, action: \.rows)) { … }` → `ForEach(…) { … }`, as TCA's migration guide to
    /// 1.7 writes it. Unsafe: `ForEach` over a store needs the parent's State to be `@ObservableState`, which this rewrite
    /// does not make it. Only when the model shows the view's feature's action case holds an `IdentifiedAction`
    /// (observation's scope of a collection takes no other; `ForEachStore` also took TCA's older `case row(id:action:)`).
    func fixFor(_ use: DeprecatedUseFacts, in file: AnalyzedFile) -> Fix? {
        guard use.api == .forEachStore, let actionCase = use.forEachStoreActionCase,
              let feature = file.project.feature(owning: use.anchor.offset, in: file.path),
              feature.actionCaseHoldsIdentifiedAction(actionCase) else { return nil }
        return fix("Use ForEach over the store", .unsafe,
                   edits: [TextEdit(range: use.anchor.offset..<use.anchor.end, replacement: Array("ForEach".utf8))],
                   findingOffsets: [use.anchor.offset])
    }

    static let fixable = " (--fix --unsafe writes ForEach; it compiles once the State is @ObservableState)"

    /// `IfLetStore(store.scope(state: \.child, action: \.child)) { childStore in … } else: { … }` → `if let childStore =
    /// store.scope(state: \.child, action: \.child) { … } else { … }`, as TCA's migration guide to 1.7 writes it, where
    /// the model reads it as a statement of a view builder and the view's feature's State holds `child` as an optional.
    /// Unsafe: the scope that returns an optional store needs the State to be `@ObservableState`.
    func ifLetFor(_ use: DeprecatedUseFacts, in file: AnalyzedFile) -> Fix? {
        guard let statement = use.ifLetStoreStatement,
              let feature = file.project.feature(owning: use.anchor.offset, in: file.path),
              let field = feature.state?.field(statement.stateField), field.type.withoutSpaces().hasSuffix("?"),
              // A presented child's actions come wrapped in `PresentationAction` (`\.child.presented`).
              !field.isPresented else { return nil }
        var edits = [TextEdit(range: statement.head, replacement: Array("if let \(statement.binding) = ".utf8)),
                     TextEdit(range: statement.thenHead, replacement: Array(" {".utf8))]
        if let label = statement.elseLabel { edits.append(TextEdit(range: label, replacement: Array("else".utf8))) }
        edits += statement.anonymousParameter.map { TextEdit(range: $0, replacement: Array(statement.binding.utf8)) }
        return fix("Use 'if let' over the store", .unsafe, edits: edits, findingOffsets: [use.anchor.offset])
    }

    static let ifLetFixable = " (--fix --unsafe writes the 'if let'; it compiles once the State is @ObservableState)"

    /// `SwitchStore(store) { state in switch state { case .a: CaseLet(/State.a, action: Action.a) { aStore in … } } }` →
    /// `switch store.state { case .a: if let aStore = store.scope(state: \.a, action: \.a) { … } }`, as TCA's migration
    /// guide to 1.7 writes it, where the view's feature's State is an enum with every case the `CaseLet`s name, its
    /// Action has theirs, and both are `@CasePathable` (case key paths). Unsafe: `store.state` and the optional scope need
    /// the State to be `@ObservableState`.
    func switchFor(_ use: DeprecatedUseFacts, in file: AnalyzedFile) -> Fix? {
        guard let statement = use.switchStoreStatement,
              let feature = file.project.feature(owning: use.anchor.offset, in: file.path),
              let state = feature.state, state.kind == "enum", state.isCasePathable,
              let actions = feature.action.actionEnum, actions.isCasePathable else { return nil }
        let stateCases = Set(state.cases.map(\.name)), actionCases = Set(actions.cases.map(\.name))
        guard statement.caseLets.allSatisfy({ stateCases.contains($0.stateCase) && actionCases.contains($0.actionCase) }) else { return nil }
        var edits = [TextEdit(range: statement.head, replacement: []),
                     TextEdit(range: statement.subject, replacement: Array("\(statement.receiver).state".utf8)),
                     TextEdit(range: statement.tail, replacement: [])]
        edits += statement.dedent.map { TextEdit(range: $0, replacement: []) }
        for caseLet in statement.caseLets {
            let head = "if let \(caseLet.binding) = \(statement.receiver).scope(state: \\.\(caseLet.stateCase), action: \\.\(caseLet.actionCase)) {"
            edits.append(TextEdit(range: caseLet.head, replacement: Array(head.utf8)))
            edits += caseLet.anonymousParameter.map { TextEdit(range: $0, replacement: Array(caseLet.binding.utf8)) }
        }
        return fix("Switch over the store's state", .unsafe, edits: edits, findingOffsets: [use.anchor.offset])
    }

    static let switchFixable = " (--fix --unsafe writes the 'switch store.state'; it compiles once the State is @ObservableState)"

    /// `forEachScope`: the scope a `ForEachStore` is given, when the fix keeps it (else the message shows the shape).
    static func message(_ api: DeprecatedUseFacts.API, forEachScope: String? = nil) -> String {
        let base = "'\(api.rawValue)' is soft-deprecated since TCA 1.7 and a compiler warning from 1.24; once the feature's State is @ObservableState, "
        switch api {
        case .withViewStore:
            return base + "read the store itself in the view (store.count, store.send(…)) and drop WithViewStore"
        case .viewStore, .viewStoreOf:
            return base + "use the store itself: store.x and store.send(…), and $store.x through '@Bindable var store' for bindings"
        case .ifLetStore:
            return base + "write 'if let childStore = store.scope(state: \\.child, action: \\.child) { … } else { … }'"
        case .forEachStore:
            guard let forEachScope else { return base + "write 'ForEach(store.scope(state: \\.rows, action: \\.rows)) { rowStore in … }'" }
            return base + "write 'ForEach(\(forEachScope)) { … }' over the same scope"
        case .switchStore:
            return base + "write 'switch store.state { case .a: if let store = store.scope(state: \\.a, action: \\.a) { … } }'"
        case .bindingState:
            return base + "drop @BindingState: every property of an observable state can be bound ($store.x through '@Bindable var store')"
        case .navigationStackStore:
            return base + "write 'NavigationStack(path: $store.scope(state: \\.path, action: \\.path)) { … } destination: { … }'"
        case .effectTask, .reducerProtocol, .reducerProtocolOf, .fireAndForget, .taskResult, .withState, .debounce, .throttle,
             .effectAnimation, .effectTransaction, .effectSendAnimation, .storeScopeStateLabel, .scopeStateLabel:
            return base
        }
    }
}

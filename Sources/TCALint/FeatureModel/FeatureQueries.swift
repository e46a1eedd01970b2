/// TCA's rules of thumb, asked once of the model: where an element's parent logic is, which clauses handle an
/// action, which fields a binding can write, which state a child owns, which child receives an action. Rules
/// ask these instead of reading tokens.

extension Feature {
    /// The logic an element runs for each action (`Reduce { … }`, `Reduce(self.core)`, `coordinatorReduce()`),
    /// or nil when the element is no parent logic. `path` is the file the element is written in.
    public func parentLogic(of element: ElementFacts, in path: String) -> [LogicFacts]? {
        guard let reference = element.logic else { return nil }
        switch reference {
        case .closure(let offset):
            guard let closureLogic else {
                return logic.filter { $0.kind == .reduceClosure && $0.anchor.offset == offset && $0.location.path == path }
            }
            return closureLogic.wrapped[ClosureKey(path: path, offset: offset)] ?? []
        case .function(let name):
            return logic.filter { $0.owner == name && $0.kind != .reduceClosure }
        case .helper(let name):
            // A helper of the type that builds a `Reduce` (`coordinatorReduce()`, `self.core()`): the logic written in it.
            let units = logic.filter { $0.owner == name }
            guard !units.isEmpty || functions.contains(where: { $0.name == name && $0.returnsReducer }) else { return nil }
            return units
        case .unknown:
            return []
        }
    }

    /// The instance `body` runs nothing but the type's own `reduce(into:action:)`: its one element, with no modifier, is a
    /// `Reduce` that hands that method the state and the action (`Reduce { state, action in self.reduce(into: &state,
    /// action: action) }`, `Reduce(self.reduce)`). Whichever of the two the store calls, the same logic runs.
    public var bodyOnlyRunsReduceMethod: Bool {
        let bodies = builders.filter { $0.name == "body" && $0.kind == .property && !$0.isStatic }
        guard bodies.count == 1, let body = bodies.first, body.tree.count == 1, let element = body.tree.first,
              element.isReduce, element.modifiers.isEmpty,
              let units = parentLogic(of: element, in: body.location.path), !units.isEmpty else { return false }
        return units.allSatisfy { $0.forwardsToReduceMethod || ($0.kind == .reduceMethod && $0.labels == ["into", "action"]) }
    }

    /// The composition of a child whose actions `pattern` matches (`.path(.element(_, .notes(.back)))` and
    /// `.forEach(\.path, action: \.path)`) when it runs after `unit` in one of the feature's builders: a later `Scope`
    /// or a `.forEach`/`.ifLet`/`.ifCaseLet` on a later element. On such an action `unit` runs first and the child
    /// after it; nil when the child runs first (a modifier of `unit`'s own element) or no builder lists `unit`.
    public func composition(runningAfter unit: LogicFacts, onActionsMatching pattern: [String]) -> EdgeFacts? {
        for builder in builders {
            for list in builder.reducerLists {
                guard let index = list.firstIndex(where: { element in
                    parentLogic(of: element, in: builder.location.path)?.contains { $0 === unit } == true
                }) else { continue }
                for later in list[(index + 1)...] {
                    for c in ([later.composition] + later.modifiers.map(\.composition)).compactMap({ $0 }) where c < builder.edges.count {
                        let edge = builder.edges[c]
                        if !edge.isIdentity, !edge.actionComponents.isEmpty, pattern.starts(with: edge.actionComponents) { return edge }
                    }
                }
            }
        }
        return nil
    }

    /// A `Scope` at the builder's own level whose state path starts with a case of the feature's enum `State`
    /// (`Scope(state: \.loggedIn, …)`, `/State.loggedIn`): TCA's `Scope` over a case of the state, hard-deprecated
    /// in 1.25 for a `@Reducer enum` or `ifCaseLet`, not the `Scope` over a field that the rename of 1.26 relabels.
    public func scopesIntoStateCase(_ edge: EdgeFacts) -> Bool {
        guard edge.operation == "Scope", edge.scopedIn == nil, !edge.isIdentity, let state, state.kind == "enum",
              let field = edge.stateField else { return false }
        return state.cases.contains { $0.name == field }
    }

    /// The non-default clauses whose pattern matches an action with this case path (the pattern is a prefix of
    /// the path: `case .view:` matches `.view(.tapped)`), in every logic of the feature, whichever file.
    public func handlers(of path: [String]) -> [CaseFacts] {
        var result: [CaseFacts] = []
        for unit in logic {
            for c in unit.clauses where !c.isDefault && c.patterns.contains(where: { path.starts(with: $0) }) { result.append(c) }
        }
        return result
    }

    /// Whether the feature sends itself the action `path` (or one of its values: `.didAdd(.adHoc)` for [didAdd]) from
    /// its own logic, and the clauses of it that match the action (one at least) only return `.none`: an action it keeps for a
    /// parent to match, a message without a delegate action.
    public func sendsItselfAndIgnores(_ path: [String]) -> Bool {
        guard !path.isEmpty else { return false }
        let handlers = handlers(of: path)
        guard handlers.isEmpty ? fallsToIgnoringDefault(path) : handlers.allSatisfy(\.code.isNoOp) else { return false }
        return sendsItself(path)
    }

    /// Whether the feature's own logic sends it the action `path` (or one of its values), in any form.
    public func sendsItself(_ path: [String]) -> Bool {
        logic.contains { unit in unit.anyCode { code in code.sends.contains { $0.path.starts(with: path) } } }
    }

    /// Whether an action no clause names (`handlers(of:)` is empty) reaches only `default:` clauses that return `.none`
    /// (`default: return .none`): every logic that receives it (whose action prefix it starts with) dispatches on the
    /// action alone and does nothing outside its clauses, and one of them has such a `default:`. A helper that takes no
    /// action (`handleSelect(state: &state, drawing: drawing)`, called from a clause) receives none.
    public func fallsToIgnoringDefault(_ path: [String]) -> Bool {
        let receiving = logic.filter { $0.receivesActions && path.starts(with: $0.actionPrefix) }
        let defaults = receiving.flatMap { $0.clauses.filter(\.isDefault) }
        return !defaults.isEmpty && defaults.allSatisfy(\.code.isNoOp)
            && receiving.allSatisfy { !$0.hasOtherDispatch && ($0.everyAction?.isNoOp ?? true) }
    }

    /// Its `Action` has a delegate case (`case delegate(Delegate)`): the channel TCA's docs give a child for what its
    /// parent must know.
    public var hasDelegateAction: Bool {
        action.enumNamed("Action")?.cases.contains { isDelegateCase($0.name) } ?? false
    }

    /// The `Action` case `name` is a delegate channel: `delegate`, or a case carrying an enum whose name ends in
    /// `Delegate` that the feature sends itself (AdultOfNineteen/WINEY-iOS's `case tabDelegate(TabNavigationDelegate)`
    /// beside `delegate(Delegate)`). Not a case the feature only receives, such as the events of UIKit's scene delegate
    /// (`case sceneDelegate(SceneDelegate)`, sent into the store by the app's `UIWindowSceneDelegate`).
    public func isDelegateCase(_ name: String) -> Bool {
        if name == "delegate" { return true }
        guard let enumCase = action.enumNamed("Action")?.cases.first(where: { $0.name == name }),
              enumCase.payloadShape == .oneValue, enumCase.payload.withoutSpaces().lastNameComponent.hasSuffix("Delegate")
        else { return false }
        return sendsItself([name])
    }

    /// What an enum State holds in the case `name` when it is an alert or a confirmation dialog (`case
    /// alert(AlertState<Action.Alert>)` in TCA 1.0's `struct Destination: Reducer`): ephemeral state with no reducer of
    /// its own, whose buttons' actions are for the presenting feature. Nil for a child feature's state or another case.
    public func ephemeralState(inCase name: String) -> EphemeralState? {
        guard let state, state.kind == "enum", let stateCase = state.cases.first(where: { $0.name == name }) else { return nil }
        return EphemeralState(type: stateCase.payload)
    }

    public enum EphemeralState: Sendable {
        case alert, dialog

        /// What a type as written holds: `AlertState<…>`, `ConfirmationDialogState<…>`, or neither (nil).
        public init?(type: String) {
            let written = type.withoutSpaces()
            if written.hasPrefix("AlertState<") { self = .alert } else if written.hasPrefix("ConfirmationDialogState<") { self = .dialog } else { return nil }
        }
    }

    /// Whether the feature sets the field to nil whenever this action arrives (`case .alert(.presented(.confirm)):
    /// state.alert = nil`): some logic's first clause that matches the action does, outside any `if` or loop.
    public func clearsField(_ field: String, onAction path: [String]) -> Bool {
        logic.contains { unit in
            guard let clause = unit.clauses.first(where: { c in !c.isDefault && c.patterns.contains { path.starts(with: $0) } })
            else { return false }
            return clause.code.clearedFields.contains(field)
                && clause.code.accesses.contains { $0.field == field && $0.path.count == 1 && $0.kind != .read && !$0.isConditional }
        }
    }

    /// Whether an action sent along `path` goes into one of the feature's own nested action enums that the feature's
    /// logic ignores whole (`case navigation(Navigation)` where every case matching `.navigation…` only returns
    /// `.none`): an enum kept for messages to a parent, a delegate enum under another name. Not the `view` case
    /// (`ViewAction`'s requirement): what the view sends is the feature's own, whatever the feature does with it.
    public func sendsIntoIgnoredEnum(_ path: [String]) -> Bool {
        guard path.count > 1, let first = path.first, first != "view",
              nestedEnumNames.contains(Self.enumName(wrappedBy: first)) else { return false }
        return logic.allSatisfy { unit in
            unit.clauses.allSatisfy { clause in
                clause.isDefault || clause.code.isNoOp || !clause.patterns.contains { $0.first == first }
            }
        }
    }

    /// Whether the feature's reducer does nothing whatever the action: all of it is in sight, it composes no other
    /// reducer, and every clause of its logic, and its code for every action, only returns `.none`
    /// (`Reduce { _, _ in .none }`, an alert's reducer kept for its `Action` type).
    public var doesNothing: Bool {
        isReducerInSight && children.isEmpty && builders.allSatisfy { $0.edges.isEmpty }
            && logic.allSatisfy { unit in unit.clauses.allSatisfy(\.code.isNoOp) && (unit.everyAction?.isNoOp ?? true) }
    }

    /// Whether the action case of that name holds an `IdentifiedAction` (`case rows(IdentifiedActionOf<Row>)`) in every
    /// action enum of the feature that has one, and one has: what observation's `ForEach` scope takes, where TCA's older
    /// `case row(id:action:)` does not do.
    public func actionCaseHoldsIdentifiedAction(_ name: String) -> Bool {
        let cases = (action.enums + (action.aliased.map { [$0] } ?? [])).flatMap(\.cases).filter { $0.name == name }
        return !cases.isEmpty && cases.allSatisfy { $0.payload.withoutSpaces().hasPrefix("IdentifiedAction") }
    }

    /// The action enums that conform to `BindableAction` in any declaration (`Action`, `Action.View`, `ViewAction`).
    public var bindableActionEnums: [ActionModel.ActionEnum] {
        action.enums.filter { $0.inherits.contains("BindableAction") }
    }

    /// Whether the feature's reducer applies binding actions to its state: true when one of its builders, at any
    /// depth, lists a `BindingReducer` (or uses the pre-1.0 `.binding()` modifier); false when it has an instance
    /// `body` whose every element is in sight and none does; nil when part of the reducer is out of sight — no
    /// `body`, a body given by a reducer protocol's extension, another reducer type listed at the body's own
    /// level (`FeatureCore()`), or an injected reducer whose value the model never saw — each may apply them.
    public var appliesBindingActions: Bool? {
        for builder in builders {
            for element in builder.allElements {
                if element.kind == .expression && element.name == "BindingReducer" { return true }
                if element.modifiers.contains(where: { $0.name == ".binding" || $0.name == "binding" }) { return true }
            }
        }
        return isReducerInSight ? false : nil
    }

    /// An operator of the app's own on an element of the feature's builders (`Reduce { … }.addFeatures()`): an
    /// extension of `Reducer` that may compose anything (`forEach(\.path, action: \.path)`) out of the model's sight.
    public var usesOwnOperators: Bool {
        builders.contains { builder in
            builder.allElements.contains { $0.modifiers.contains { !Self.tcaOperators.contains($0.name) } }
        }
    }

    /// TCA's reducer operators (and the pre-1.0 ones still read), which compose only what their arguments show.
    static let tcaOperators: Set<String> = ["ifLet", "forEach", "ifCaseLet", "onChange", "_printChanges", "dependency",
                                            "transformDependency", "signpost", "debug", "binding", "caseLet",
                                            "debugActions", "eraseToAnyReducer"]

    /// Whether every reducer the feature runs is in sight of the model: it has an instance `body`, no reducer
    /// protocol's extension gives it one, and no builder lists another reducer type at its own level
    /// (`FeatureCore()`), an operator of the app's own, or an injected reducer whose value the model never saw. Then what its builders compose is
    /// all it composes.
    public var isReducerInSight: Bool {
        guard protocolDefaults.isEmpty, builders.contains(where: { $0.name == "body" && !$0.isStatic }), !usesOwnOperators
        else { return false }
        // A builder lists what it holds; a stored reducer with no list of its own (`let reducer: Reduce<State,
        // Action>`, injected by an initializer) is in sight only when the model saw the closure given to it.
        let owners = Set(logic.map(\.owner))
        let builderNames = Set(builders.filter { !$0.tree.isEmpty || owners.contains($0.name) }.map(\.name))
        let tca = BuilderReader.tcaReducers
        for builder in builders {
            var outOfSight = false
            builder.visitOwnLevelExpressions { element in
                let helper = element.qualified.map { String($0.lastDotComponent ?? "") } ?? element.name
                let inSight: Bool
                switch element.logic {
                case .closure?, .function?: inSight = true
                case .helper(let name)?: inSight = builderNames.contains(name) || owners.contains(name)
                // `Reduce(someReducer)`: whatever it wraps is out of sight.
                case .unknown?: inSight = false
                case nil: inSight = tca.contains(element.name) || builderNames.contains(helper)
                }
                outOfSight = (element.isReducer || element.looksLikeReducer) && !inSight
                return !outOfSight
            }
            if outOfSight { return false }
        }
        return true
    }

    /// Whether one of the feature's builders runs a `.forEach` over this field of its state (`.forEach(\.path,
    /// action: \.path) { Path() }`).
    public func integratesStack(_ field: String) -> Bool {
        builders.contains { $0.edges.contains { $0.operation == "forEach" && $0.stateField == field } }
    }

    /// Reducer types listed at the feature's own level (`GameCenterLogic()` in `body`, in a `CombineReducers` or an
    /// `if` branch of it), resolved to features: composed on the parent's own state and actions, with no `Scope`.
    /// A `Scope`'s or a modifier's closure holds a child's reducer (a `children` edge), not one of these.
    public func inlineReducers(in project: FeatureIndex) -> [(builder: BuilderFacts, element: ElementFacts, feature: Feature)] {
        var result: [(BuilderFacts, ElementFacts, Feature)] = []
        for builder in builders {
            builder.visitOwnLevelExpressions { element in
                guard element.looksLikeReducer, element.logic == nil, !BuilderReader.tcaReducers.contains(element.name),
                      let first = element.name.unicodeScalars.first, first.properties.isUppercase,
                      let child = project.feature(named: element.qualified ?? element.name, from: qualifiedName, near: location.path),
                      child !== self else { return true }
                result.append((builder, element, child))
                return true
            }
        }
        return result
    }

    /// Names the feature's logic calls by bare or `self.` name, in its clauses, in code run for every action and
    /// in the effects of both (`await self.dismiss()` → dismiss).
    public var calledNames: Set<String> {
        var names = Set<String>()
        for unit in logic {
            for clause in unit.clauses { names.formUnion(clause.code.calls) }
            if let every = unit.everyAction { names.formUnion(every.calls) }
        }
        return names
    }

    /// The feature writes the protocol's `reduce(into:action:)` itself (a `Reducer` without `body`): a call
    /// `Feature().reduce(into:action:)` runs that method, not TCA's (which 1.25 deprecates). An overload by
    /// another action type (`reduce(into:action: ViewAction)`) does not count.
    public var implementsReduceItself: Bool {
        let own: Set<String> = ["Action", "Self.Action", name + ".Action", qualifiedName + ".Action"]
        return logic.contains { unit in
            unit.kind == .reduceMethod && unit.labels == ["into", "action"] && own.contains(unit.actionType ?? "Action")
        }
    }

    /// Every member name the feature declares (properties, functions, nested enum cases not included), from any file.
    public var memberNames: Set<String> {
        Set(properties.map(\.name) + functions.map(\.name) + dependencies.map(\.name))
    }

    /// The state fields child features own: the first component of each composition's state path at the
    /// builder's own level (`.ifLet(\.$destination, …)` → destination).
    public var childStateFields: Set<String> {
        Set(children.filter { !$0.edge.isIdentity }.compactMap { $0.edge.stateField })
    }

    /// The action paths that carry another feature's actions: each composition's whole action path
    /// (`.forEach(\.path, action: \.internal.path)` → [internal, path]: `.internal(.path(…))` is a child's,
    /// `.internal(.loaded)` is not), and each case of `Action` whose payload is a reducer's `Action` (not one of
    /// this feature's own nested action enums: `case view(ViewAction)`, `case internal(InternalAction)` are its own).
    public func childActionPaths(in project: FeatureIndex) -> [[String]] {
        var result = children.filter { !$0.edge.isIdentity && !$0.edge.actionComponents.isEmpty }.map(\.edge.actionComponents)
        for c in action.enumNamed("Action")?.cases ?? [] where !result.contains([c.name]) && isChildActionPayload(c.payload, in: project) {
            result.append([c.name])
        }
        return result
    }

    /// Whether an `Action` case's payload is a child feature's action, as far as the model tells: `Child.Action`,
    /// `IdentifiedActionOf<Row>`, `PresentationAction<Destination.Action>`, `StackAction<…>`; not the feature's own
    /// nested enums (`Action.View`, `ViewAction` declared in the feature or beside it).
    func isChildActionPayload(_ payload: String, in project: FeatureIndex) -> Bool {
        let text = payload.withoutSpaces()
        guard !text.isEmpty else { return false }
        if ASCIISearch.contains(text, "PresentationAction") || ASCIISearch.contains(text, "StackAction") || ASCIISearch.contains(text, "IdentifiedAction") { return true }
        guard text.hasSuffix("Action") || ASCIISearch.contains(text, "Action<") || ASCIISearch.contains(text, "Action>") || ASCIISearch.contains(text, "ActionOf<")
                || ASCIISearch.contains(text, ".Action") else { return false }
        // `Child.Action` / `ActionOf<Child>`: the named reducer's, unless it names this feature.
        if text.hasSuffix(".Action") {
            let owner = String(text.dropLast(".Action".count))
            if owner == "Self" || owner == name || owner == qualifiedName { return false }
            return true
        }
        // A bare enum name (`ViewAction`, `InternalAction`): the feature's own when it is nested in it, nested in its
        // `Action`, or declared beside the feature; a child's when it resolves to another reducer's action.
        let bare = text.lastNameComponent
        if nestedTypes[bare] != nil || action.enumNamed("Action." + bare) != nil || action.enumNamed(bare) != nil { return false }
        if text.hasPrefix("Action.") { return false }
        // Any other type's action (`CounterAction` of a pre-1.0 feature declared elsewhere) is a child's.
        return true
    }

    /// The nested enum an action case wraps by TCA's naming convention (`case view(View)`, `case internal(Internal)`):
    /// the case's name capitalized, to look up in `nestedEnumNames`.
    public static func enumName(wrappedBy caseName: String) -> String { caseName.prefix(1).uppercased() + caseName.dropFirst() }

    /// The enums declared directly in the feature or in its `Action` (`View`, `Delegate`, `Action`).
    public var nestedEnumNames: Set<String> {
        var names = Set(nestedTypes.filter { $0.value == "enum" }.map(\.key))
        for e in action.enums where e.name.hasPrefix("Action.") { names.insert(String(e.name.dropFirst("Action.".count))) }
        return names
    }
}

extension StateModel {
    /// Whether the field `name` is declared a `Date` (`var lastSeen: Date?`, `var now = Date()`): what an implicit
    /// `.now` assigned to it is (`Date.now`); false for other types and for fields the model does not show.
    public func holdsDate(_ name: String) -> Bool {
        guard let type = field(name)?.type.withoutSpaces() else { return false }
        let base = type.hasSuffix("?") || type.hasSuffix("!") ? String(type.dropLast()) : type
        return base == "Date" || base == "Foundation.Date"
    }

    /// Whether a `BindingAction` can write the field `name`: a settable stored instance property that is not
    /// presentation state, and with legacy bindings one marked `@BindingState`. A name the model does not
    /// show (declared where no file was read) or a computed one with a setter counts as writable.
    public func mayBeWrittenByBinding(_ name: String) -> Bool {
        guard let p = field(name), !p.isReadOnlyComputed else { return true }
        if p.isComputed { return true }
        if p.isLet || p.isStatic || p.hasRestrictedSetter { return false }
        // Presentation state changes through presentation actions, never through bindings.
        if p.attributes.contains("Presents") || p.attributes.contains("PresentationState") { return false }
        // Legacy bindings (no `@ObservableState`) can only write `@BindingState` stored properties.
        if !isObservable { return p.attributes.contains("BindingState") || p.attributes.contains("BindableState") }
        return true
    }

    /// Whether the model shows `name` as a field a binding can write (unknown names are not assumed writable).
    public func isKnownBindable(_ name: String) -> Bool {
        field(name) != nil && mayBeWrittenByBinding(name)
    }

    /// The stored fields a computed one reads, through other computed fields (`var shouldDisable: Bool
    /// { isRecording || isTranscribing }` → the fields those two read); a stored field is itself. Nil when that
    /// cannot be known: the name is not declared, or a getter calls a function or uses `self` as a whole.
    public func storedFields(behind name: String, depth: Int = 0) -> Set<String>? {
        guard depth < 8, let property = field(name) else { return nil }
        guard property.isReadOnlyComputed else { return [name] }
        guard let reads = property.getterReads else { return nil }
        if property.getterCalls.contains(where: { field($0) == nil }) { return nil }
        var result = Set<String>()
        for word in reads + property.getterCalls where field(word) != nil {
            guard let behind = storedFields(behind: word, depth: depth + 1) else { return nil }
            result.formUnion(behind)
        }
        return result
    }
}

extension FeatureIndex {
    /// The child a feature composes at the first component of an action path, with the composition.
    public func child(of parent: Feature, receiving caseName: String) -> (composition: Composition, feature: Feature?)? {
        for c in parent.children where !c.edge.isIdentity && c.edge.scopedIn == nil && c.edge.actionComponents.first == caseName {
            return (c, c.child.flatMap { feature($0) })
        }
        return nil
    }

    /// Whether a parent composes the feature with `ifLet` / `forEach` (which cancel a child's effects when its
    /// state goes away), or an `@Reducer enum` of destinations or path elements has a case of it.
    public func isPresentedOrStacked(_ feature: Feature) -> Bool {
        if parents(of: feature.qualifiedName).contains(where: { $0.composition.edge.operation == "ifLet" || $0.composition.edge.operation == "forEach" }) {
            return true
        }
        return isEnumCasePayload(feature)
    }
}

extension BuilderFacts {
    /// Every builder list of the builder that holds reducers, outermost first, in source order: the list, the
    /// `CombineReducers { }` and Scope child closures, `.ifLet`/`.forEach`/`.onChange` closures, and branches of
    /// `if`/`switch`/`#if`/`for`. A `Reduce`'s closure is logic, not a list.
    public var reducerLists: [[ElementFacts]] {
        var result: [[ElementFacts]] = []
        var stack: [[ElementFacts]] = [tree]
        while let list = stack.popLast() {
            result.append(list)
            for element in list.reversed() {
                var nested: [[ElementFacts]] = []
                if let children = element.children { nested.append(children) }
                for m in element.modifiers { if let c = m.children { nested.append(c) } }
                nested += element.branches
                for n in nested.reversed() { stack.append(n) }
            }
        }
        return result
    }

    /// Every element of every list.
    public var allElements: [ElementFacts] { reducerLists.flatMap { $0 } }

    /// Visits the expressions of the lists that run the feature's own actions: the builder's, `CombineReducers`' and
    /// branches', not a `Scope`'s or a modifier's closure (a child's). Stops when `visit` returns false. A visitor,
    /// not an array: `appliesBindingActions` stops at the first element out of sight, and nothing is copied out.
    public func visitOwnLevelExpressions(_ visit: (ElementFacts) -> Bool) {
        var stack = [tree]
        while let list = stack.popLast() {
            for element in list {
                stack += element.branches
                guard element.kind == .expression else { continue }
                if element.name == "CombineReducers", let children = element.children { stack.append(children) }
                if !visit(element) { return }
            }
        }
    }

    /// The state fields the builder's compositions give children (`\.$destination` → destination).
    public var childStateFields: Set<String> {
        Set(edges.filter { !$0.isIdentity }.compactMap { $0.stateField })
    }
}

/// The elements of one builder that matter for `onChange`: where every `BindingReducer()` and every
/// `.onChange` modifier sits. A *domain* is one feature's state: the builder, `CombineReducers` and
/// control-flow branches share it; a Scope's child closure or an `ifLet`/`forEach`/`ifCaseLet` closure starts
/// a new one. The *path* records which branch of which `if`/`switch`/`#if` an element is in, so elements in
/// different branches of the same statement are known never to run together.
public struct PlacedElements {
    public struct Placed {
        public var element: ElementFacts
        public var domain: Int
        var path: [(statement: Int, branch: Int)]

        public func isExclusive(with other: Placed) -> Bool {
            for (a, b) in zip(path, other.path) {
                if a.statement != b.statement { return false }
                if a.branch != b.branch { return true }
            }
            return false
        }
    }

    public struct OnChange {
        public var placed: Placed
        public var modifier: ModifierFacts
        public var element: ElementFacts { placed.element }
        public var domain: Int { placed.domain }

        /// True for tokens of the reducer the modifier wraps: the element and the modifiers before it.
        public func wraps(_ token: Int) -> Bool { token >= element.start.token && token < modifier.anchor.token }
    }

    public var bindingReducers: [Placed] = []
    public var onChanges: [OnChange] = []

    public init(builder: BuilderFacts) {
        var nextDomain = 1
        var stack: [(list: [ElementFacts], domain: Int, path: [(statement: Int, branch: Int)])] = [(builder.tree, 0, [])]
        while let (list, domain, path) = stack.popLast() {
            for element in list {
                let placed = Placed(element: element, domain: domain, path: path)
                if element.kind == .expression && element.name == "BindingReducer" { bindingReducers.append(placed) }
                for m in element.modifiers {
                    if m.name == "onChange" {
                        onChanges.append(OnChange(placed: placed, modifier: m))
                    } else if m.name == "ifLet" || m.name == "forEach" || m.name == "ifCaseLet", let c = m.children {
                        stack.append((c, nextDomain, []))
                        nextDomain += 1
                    }
                    // An onChange closure runs only on a change: not a sibling of anything.
                }
                if let children = element.children {
                    if element.isScope {
                        stack.append((children, nextDomain, []))
                        nextDomain += 1
                    } else {
                        stack.append((children, domain, path))
                    }
                }
                for (n, branch) in element.branches.enumerated() {
                    stack.append((branch, domain, path + [(element.start.token, n)]))
                }
            }
        }
        onChanges.sort { $0.modifier.anchor.token < $1.modifier.anchor.token }
    }
}

/// The children a feature runs through `.ifLet` / `.forEach`: they exist only while their state does, so
/// effects the parent sends them outlive them. Read from the feature's compositions (any builder, any file),
/// its `Action` payloads and its `State` field types.
public struct PresentedChildren {
    /// What holds a child, as far as the model shows: it decides whether the child can be dismissed and
    /// which APIs remove it.
    public enum Container: Equatable {
        /// `StackState` / `StackAction`: a navigation stack.
        case stack
        /// `IdentifiedArray` / `IdentifiedAction`: a collection, not navigation; nothing dismisses its rows.
        case identifiedArray
        /// `@Presents` / `PresentationAction`.
        case presentation
        case unknown
    }

    /// A send into a child: the child's action case and how the case wraps it.
    public struct ChildSend {
        /// The child's action case (`destination`, `path`).
        public var caseName: String
        /// `presented` or `element` (the case wraps a `PresentationAction` / `StackAction` / `IdentifiedAction`),
        /// or `ifLet` / `forEach` (the case is the action of such an operator).
        public var kind: String
        /// The cases the child's case is nested in (`[child]` for `.child(.destination(.presented(…)))`).
        public var prefix: [String] = []

        public var shown: String { wrapped(kind == "presented" || kind == "element" ? ".\(caseName)(.\(kind)(…))" : ".\(caseName)(…)") }

        /// `inner` (an action of the child's case) inside the cases around it: `.child(` + inner + `)`.
        public func wrapped(_ inner: String) -> String {
            prefix.reversed().reduce(inner) { ".\($1)(\($0))" }
        }
    }

    /// Action case → `ifLet` or `forEach`.
    public var kinds: [String: String] = [:]
    /// Action case → state fields the child lives in (`destination` → `destination` from
    /// `.ifLet(\.$destination, action: \.destination)`); the case name itself is always tried too.
    public var stateNames: [String: Set<String>] = [:]
    /// Action case → container.
    public var containers: [String: Container] = [:]

    public init(of feature: Feature) {
        for c in feature.action.enumNamed("Action")?.cases ?? [] {
            if ASCIISearch.contains(c.payload, "StackAction") { containers[c.name] = .stack }
            else if ASCIISearch.contains(c.payload, "IdentifiedAction") { containers[c.name] = .identifiedArray }
            else if ASCIISearch.contains(c.payload, "PresentationAction") { containers[c.name] = .presentation }
        }
        for builder in feature.builders where builder.name == "body" && builder.kind == .property {
            for edge in builder.edges where edge.operation == "ifLet" || edge.operation == "forEach" {
                guard let action = edge.actionComponents.last ?? nil, !edge.actionPath.hasPrefix("{") else { continue }
                if kinds[action] == nil { kinds[action] = edge.operation }
                if let field = edge.stateField {
                    stateNames[action, default: []].insert(field)
                    if containers[action] == nil, let field = feature.state?.field(field) {
                        if field.isStack { containers[action] = .stack }
                        else if field.isIdentifiedArray { containers[action] = .identifiedArray }
                    }
                }
            }
        }
    }

    public func container(of child: ChildSend) -> Container {
        containers[child.caseName] ?? (child.kind == "presented" ? .presentation : .unknown)
    }

    /// The child an action sent by an effect goes into, or nil: `.x(.presented(…))`, `.path(.element(…))`, or an
    /// action of an `ifLet`/`forEach` child that is not its dismissal.
    public func childSend(_ path: [String]) -> ChildSend? {
        if let n = path.indices.dropFirst().first(where: { path[$0] == "presented" || path[$0] == "element" }) {
            return ChildSend(caseName: path[n - 1], kind: path[n], prefix: Array(path[..<(n - 1)]))
        }
        if let first = path.first, let kind = kinds[first], path.count < 2 || path[1] != "dismiss" {
            return ChildSend(caseName: first, kind: kind)
        }
        return nil
    }

    /// Where the child is removed, naming only APIs its container has.
    public func dismissalHint(for child: ChildSend) -> String {
        let name = child.caseName
        let field = stateNames[name]?.sorted().first ?? name
        switch container(of: child) {
        case .presentation:
            return "where the child is dismissed (case \(child.wrapped(".\(name)(.dismiss)")), state.\(field) = nil)"
        case .stack:
            return "where the element is removed (case \(child.wrapped(".\(name)(.popFrom(id:))")), state.\(field).removeLast())"
        case .identifiedArray, .unknown:
            return child.kind == "ifLet" ? "where the child state is set to nil (state.\(field) = nil)"
                : "where the child is removed from state.\(field)"
        }
    }

    /// Whether some clause of the feature that dismisses the child `caseName` (`case .child(.dismiss)`,
    /// `case .path(.popFrom(id:))`, or a body that clears its state) cancels one of `ids`.
    public func cancel(_ ids: [[String]], whenDismissing caseName: String, in feature: Feature) -> Bool {
        let fields = (stateNames[caseName] ?? []).union([caseName])
        for logic in feature.logic {
            for clause in logic.clauses {
                let patternDismisses = !clause.isDefault && clause.patterns.contains { path in
                    path.indices.dropLast().contains { n in
                        path[n] == caseName && (path[n + 1] == "dismiss" || path[n + 1] == "popFrom")
                    }
                }
                guard patternDismisses || !fields.isDisjoint(with: clause.code.clearedFields) else { continue }
                if CancellationID.cancelsAny(clause.code.cancelledIDs, of: ids) { return true }
            }
        }
        return false
    }
}

extension LogicFacts {
    /// Whether the store hands this logic actions: a `Reduce` closure, `reduce(into:action:)` and its overloads, a
    /// function with an action parameter (`Reduce(self.core)`'s `core(state:action:)`). A helper without one
    /// (`func fetch(state: inout State) -> Effect<Action>`, `static func enqueue(_ state: inout State)`) runs only
    /// where it is called: its code is not code "for every action".
    public var receivesActions: Bool {
        kind == .reduceClosure || kind == .reduceMethod || actionType != nil
    }
}

extension Composition {
    /// The action path this composition gives its child, from the parent's action: its own, after that of the
    /// `Scope` or operator whose closure it is written in (`Scope(state: \.add, action: \.add) { Scope(state: \.state,
    /// action: \.self) { Child() } }` → [add]); nil for the parent's own actions (`action: \.self` at the builder's level,
    /// or inside a composition that is itself the parent's).
    public var childActionPrefix: [String]? {
        let edge = self.edge
        guard let outerState = edge.scopedIn else {
            let own = edge.actionComponents
            return own.isEmpty || own.contains("self") ? nil : own
        }
        // The nearest composition above it in the source whose state path is the one it is scoped in.
        let outer = builderFacts.edges.filter { $0.scopedIn == nil && $0.statePath == outerState && $0.anchor.offset < edge.anchor.offset }
            .max { $0.anchor.offset < $1.anchor.offset }
        guard let outerAction = outer?.actionComponents, !outerAction.isEmpty, !outerAction.contains("self") else { return nil }
        return outerAction + edge.actionComponents.filter { $0 != "self" }
    }

    /// `.ifLet(\.$alert, action: \.alert)` over `@Presents var alert: AlertState<Action.Alert>?`: an alert's
    /// (or a dialog's) integration, not a child feature.
    public static func isPromptField(_ field: PropertyFacts?) -> Bool {
        guard let type = field?.type else { return false }
        return ["AlertState<", "ConfirmationDialogState<"].contains { type.hasPrefix($0) || type.hasPrefix("PresentationState<" + $0) }
    }

    /// The reducer a child state type names (`StackState<Stats.State>`, `Sheet.State?`, `IdentifiedArray<Int, Row.State>`
    /// → `Stats`, `Sheet`, `Row`), or nil when it names none (`String`, `AlertState<…>?`): for a child whose
    /// closure the model could not resolve.
    public static func reducerName(inStateType type: String) -> String? {
        var t = Substring(type.withoutSpaces())
        if let open = t.lastIndex(of: "<") { t = t[t.index(after: open)...] }
        if let comma = t.lastIndex(of: ",") { t = t[t.index(after: comma)...] }
        while let last = t.last, last == "?" || last == ">" || last == "!" { t = t.dropLast() }
        guard t.hasSuffix(".State"), t.count > 6 else { return nil }
        return String(t.dropLast(6))
    }
}

extension LogicFacts {
    /// Whether some of its code — a clause's, or the code it runs for every action — is such code.
    public func anyCode(_ matches: (CodeFacts) -> Bool) -> Bool {
        clauses.contains { matches($0.code) } || everyAction.map(matches) == true
    }
}

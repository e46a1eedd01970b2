/// How the project's reducers compose each feature, seen from the child: which parents list it and whether a
/// use presents it (`ifLet`, `forEach`, `ifCaseLet`, a case of an `@Reducer enum`), for the
/// question TCA's `@Dependency(\.dismiss)` asks at run time: is there a presented feature above this one?
///
/// Built from every builder of every feature, on first use. A name written in a builder that resolves to no
/// feature (a generic parameter, a type the index does not hold) makes every feature of that simple name
/// "unknown": it may be that use.
struct Presentations {
    /// One place a parent lists a feature.
    struct Use {
        var parent: Int
        /// `ifLet`/`forEach`/`ifCaseLet`: the child is presented there (or may be).
        var presents: Bool
    }

    /// Uses of each feature, by qualified name.
    var uses: [String: [Use]] = [:]
    /// Qualified names two features share (same-named types of two modules): which one a use means is unknown.
    var shared = Set<String>()
    /// Simple names written in builders (or given as a composition's child type) that resolve to no feature.
    var unresolvedNames = Set<String>()
    /// Some builder holds a reducer out of sight (`collect`): it may be any feature.
    var hasAnonymousPresentation = false

    init(features: [Feature], index: FeatureIndex) {
        var counts: [String: Int] = [:]
        for f in features { counts[f.qualifiedName, default: 0] += 1 }
        shared = Set(counts.filter { $0.value > 1 }.keys)
        for (p, parent) in features.enumerated() {
            // Reducers listed by name anywhere in a builder (`Core()` in `body`, in a `CombineReducers`, a branch, an
            // `.onChange`, a composition's closure): outside compositions the parent runs them on its own state;
            // inside one, `children` holds the composition too, and a presenting use wins.
            var unnamed = Set<Int>()
            for builder in parent.builders {
                var listed: [ElementFacts] = []
                if Self.collect(builder.tree, into: &listed, unnamedChildren: &unnamed) { hasAnonymousPresentation = true }
                for element in listed {
                    guard element.kind == .expression, element.looksLikeReducer, element.logic == nil,
                          !BuilderReader.tcaReducers.contains(element.name),
                          let first = element.name.unicodeScalars.first, first.properties.isUppercase else { continue }
                    guard let child = index.feature(named: element.qualified ?? element.name, from: parent.qualifiedName,
                                                    near: parent.location.path) else {
                        unresolvedNames.insert(Self.simpleName(element.qualified ?? element.name))
                        continue
                    }
                    if child !== parent { uses[child.qualifiedName, default: []].append(Use(parent: p, presents: false)) }
                }
            }
            for c in parent.children where !c.edge.isIdentity {
                let presents = c.edge.operation != "Scope"
                if let child = c.child {
                    uses[child, default: []].append(Use(parent: p, presents: presents))
                } else if let type = c.edge.childType {
                    unresolvedNames.insert(Self.simpleName(type))
                } else if let name = c.stateField.flatMap({ Composition.reducerName(inStateType: $0.type) }) {
                    // The state field's type names the child it belongs to (an alert's or a dialog's names none).
                    unresolvedNames.insert(Self.simpleName(name))
                } else if unnamed.contains(c.edge.anchor.offset) {
                    // The closure holds a reducer that names no type (`{ child }`, `{ makeChild() }`) and the state
                    // field's type is out of sight: it may be any feature. (A closure-less `ifLet`/`forEach` takes an
                    // alert, a dialog or an `@Reducer enum`, whose cases are known payloads: nothing hides there.)
                    hasAnonymousPresentation = true
                }
            }
        }
    }

    /// A builder's elements at every depth, compositions' closures included. Returns whether some reducer there is
    /// out of sight: the closure of an operator of the app's own (`.forEachRoute { Screen() }`), which the facts do
    /// not read. (A helper the feature lists, `core` or `analytics()`, runs on its own state: not a presentation.)
    /// `unnamedChildren` gets the offsets of the compositions whose closure lists a reducer by a call or a name
    /// that is no type (`Scope(…) { child }`).
    private static func collect(_ list: [ElementFacts], into listed: inout [ElementFacts], unnamedChildren: inout Set<Int>) -> Bool {
        var unread = false
        for element in list {
            listed.append(element)
            for branch in element.branches { unread = collect(branch, into: &listed, unnamedChildren: &unnamedChildren) || unread }
            if let children = element.children {
                if element.composition != nil, holdsUnnamedReducer(children) { unnamedChildren.insert(element.anchor.offset) }
                unread = collect(children, into: &listed, unnamedChildren: &unnamedChildren) || unread
            }
            for m in element.modifiers {
                if let children = m.children {
                    if m.composition != nil, holdsUnnamedReducer(children) { unnamedChildren.insert(m.anchor.offset) }
                    unread = collect(children, into: &listed, unnamedChildren: &unnamedChildren) || unread
                } else if m.hasClosure && m.composition == nil && !sameStateModifiers.contains(m.name) {
                    unread = true
                }
            }
        }
        return unread
    }

    /// A closure's own level (through `CombineReducers`) lists a reducer by a lowercase name (`child`, `makeChild()`).
    private static func holdsUnnamedReducer(_ list: [ElementFacts]) -> Bool {
        list.contains { e in
            guard e.kind == .expression, let first = e.name.unicodeScalars.first else { return false }
            if e.name == "CombineReducers", let children = e.children { return holdsUnnamedReducer(children) }
            return !first.properties.isUppercase
        } || list.contains { holdsUnnamedReducer($0.branches.flatMap { $0 }) }
    }

    static let sameStateModifiers: Set<String> = ["onChange", "dependency", "transformDependency", "_printChanges", "signpost"]

    static func simpleName(_ written: String) -> String {
        let parts = written.split(separator: ".").map(String.init)
        // `Destination.body` names `Destination`.
        if let last = parts.last, let first = last.unicodeScalars.first, !first.properties.isUppercase, parts.count > 1 {
            return parts[parts.count - 2]
        }
        return parts.last ?? written
    }
}

/// Where a feature runs, for `@Dependency(\.dismiss)`: TCA dismisses the nearest presented feature above the
/// caller (one an `ifLet` or `forEach` integrates), and warns when there is none.
public enum PresentationReach: Equatable, Sendable {
    /// Some parent (or a parent's parent…) presents it, or may: dismissal can work.
    case presented
    /// No chain of parents presents it: every reducer above it is known, and the chain ends at these roots
    /// (qualified names; the feature itself when no reducer composes it).
    case neverPresented(roots: [String])
    /// Part of the chain is out of sight (a name that resolves to no feature, an `ifLet` of an unknown child,
    /// a protocol's or helper's builder).
    case unknown
}

extension FeatureIndex {
    /// Whether any chain of parents presents the feature (see `PresentationReach`).
    public func presentationReach(of feature: Feature) -> PresentationReach {
        let p = presentations
        if p.hasAnonymousPresentation { return .unknown }
        var roots = Set<String>()
        var seen = Set<String>()
        var stack = [feature]
        while let f = stack.popLast() {
            guard seen.insert(f.qualifiedName).inserted else { continue }
            if isEnumCasePayload(f) { return .presented }
            if f.isProtocol || f.isHelper || p.unresolvedNames.contains(f.name) || p.shared.contains(f.qualifiedName) {
                return .unknown
            }
            let uses = p.uses[f.qualifiedName] ?? []
            if uses.isEmpty { roots.insert(f.qualifiedName) }
            for use in uses {
                if use.presents { return .presented }
                stack.append(features[use.parent])
            }
        }
        // A cycle with no root (a feature that composes itself) is presented somewhere or never built.
        return roots.isEmpty ? .unknown : .neverPresented(roots: roots.sorted())
    }
}

/// How a feature's state can go away while a view of it is on screen (`FeatureIndex.removal(of:)`).
public enum Removal: Equatable, Sendable {
    /// A parent's `.ifLet` over presentation state (`@Presents`) presents it (itself, or the `@Reducer enum` of
    /// destinations holding it): dismissal sets the state to nil.
    case presented(parent: String)
    /// A parent's `.forEach` over a `StackState` pushes it (itself, or the `@Reducer enum` of path elements holding
    /// it): a pop removes the element.
    case stacked(parent: String)
    /// A case of an `@Reducer enum` that the app switches to another case.
    case caseSwitched(enum: String)
}

extension FeatureIndex {
    /// How the feature's state can go away under its views: presented by an `ifLet` over `@Presents`, pushed by a `forEach` over a
    /// `StackState`, or held by a case of an `@Reducer enum` (through the enum's own parents); nil when no parent
    /// of the project removes it (a root, a `Scope` child, a plain optional's `ifLet`, a row of a `forEach` over an
    /// `IdentifiedArray`).
    public func removal(of feature: Feature) -> Removal? { removal(of: feature, depth: 0) }

    /// Something dismisses a presented feature: it calls its `@Dependency(\.dismiss)`, its parent sets the field to
    /// nil, or a view shows it with a SwiftUI presentation the user can close. A feature shown inline (`IfLetStore`)
    /// that nothing clears keeps its state.
    private func isDismissed(_ leaf: Feature, at field: String, by parent: Feature) -> Bool {
        leaf.dependencies.contains { $0.keyPath == "dismiss" && leaf.calledNames.contains($0.name) }
            || parent.logic.contains { $0.anyCode { $0.clearedFields.contains(field) } }
            || presentsInView(field, of: parent)
    }

    /// An `ifLet` over presentation state: `\.$field`, a `@Presents`/`@PresentationState` field, a `PresentationState<…>`.
    static func isPresentation(_ c: Composition) -> Bool {
        if c.edge.statePath.hasPrefix("$") { return true }
        guard let field = c.stateField else { return false }
        return field.attributes.contains("Presents") || field.attributes.contains("PresentationState")
            || field.type.hasPrefix("PresentationState<")
    }

    private func removal(of feature: Feature, leaf: Feature? = nil, depth: Int) -> Removal? {
        let leaf = leaf ?? feature
        for (parent, c) in parents(of: feature.qualifiedName) {
            // A presentation (`.ifLet(\.$sheet, …)` over `@Presents`): dismissal sets the state to nil. A plain optional's
            // `.ifLet(\.child, …)` is not one: the parent decides when to nil it, often in answer to the child.
            if c.edge.operation == "ifLet", Self.isPresentation(c), isDismissed(leaf, at: c.edge.stateField ?? "", by: parent) {
                return .presented(parent: parent.name)
            }
            if c.edge.operation == "forEach", c.stateField?.isStack == true {
                return .stacked(parent: parent.name)
            }
        }
        guard depth < 4, let holder = enumCases(holding: feature).first?.holder else { return nil }
        if let outer = removal(of: holder, leaf: leaf, depth: depth + 1) { return outer }
        // A one-case enum never switches; nor does one whose state no logic writes whole.
        return holder.enumCases.count > 1 && switchesCase(of: holder) ? .caseSwitched(enum: holder.name) : nil
    }

    /// Some logic puts another case in the enum's state: a parent that composes the enum assigns the field holding it
    /// (`state.destination = .settings(…)`) or replaces its own state whole, or the enum's own logic replaces its
    /// state (`state = .loggedIn(…)`). An enum held where nothing writes it whole (the root of a navigation stack, a
    /// store's initial state) keeps the case it was made with.
    private func switchesCase(of holder: Feature) -> Bool {
        if holder.logic.contains(where: { $0.anyCode(\.replacesState) }) { return true }
        return parents(of: holder.qualifiedName).contains { parent, c in
            guard let field = c.edge.stateField else { return false }
            return parent.logic.contains { unit in
                unit.anyCode { code in
                    code.replacesState || code.accesses.contains { $0.kind == .assign && $0.path.count == 1 && $0.path[0] == field }
                }
            }
        }
    }
}

/// The project-wide feature model: the facts of every indexed file merged into features.
///
/// Built from `FileFacts` extracted in parallel (`ProjectIndexer`); the merge is sequential and depends only
/// on the facts, sorted by path, so the index is the same whatever the thread count. Immutable: an
/// editor replaces one file's facts with `replacing(_:)`, which re-merges without re-reading any file.
public final class FeatureIndex: @unchecked Sendable {
    /// The base names TCA itself uses for the reducer protocol.
    public static let tcaReducerProtocols: Set<String> = ["Reducer", "ReducerProtocol"]

    /// Facts by path.
    public let files: [String: FileFacts]
    /// Every name that makes a type a reducer when inherited: TCA's and the project's own protocols that refine
    /// them (`protocol FeatureReducer: Reducer`), through chains and typealiases.
    public let reducerProtocols: Set<String>
    /// Features ordered by qualified name, then location. Merged on first use (a run that only needs the
    /// reducer protocols never pays for it), once, whichever thread asks first.
    public var features: [Feature] { merged.wrapped.features }

    /// Inheritance step towards `Reducer` for each project protocol or alias (`FeatureReducer` → `Reducer`).
    private let protocolParent: [String: String]
    /// Top-level and nested typealiases by qualified alias name (`Feature`, `App.Child`).
    private let aliases: [String: String]
    private let merged: LockedLazy<Merged>
    private let mergeWith: (_ jobs: Int) -> Merged

    /// Merges the features now, on `jobs` workers, unless they are merged already. A run about to lint many files
    /// calls it first: merged on first use instead, from a worker of that run, the merge would have one core.
    public func mergeFeatures(jobs: Int) {
        _ = merged.wrapped(makingFirst: { mergeWith(jobs) })
    }

    struct Merged {
        var features: [Feature]
        var byName: [String: Int]
        /// Feature indices by the paths of their declarations.
        var byPath: [String: [Int]]
        /// The compositions of each child (by qualified name): the parent's index and the composition's among its
        /// children (positions, not copies: a composition carries its whole edge).
        var parents: [String: [(parent: Int, child: Int)]]
        /// The last name components and qualified names of the reducers `@Reducer enum` cases hold
        /// (destinations, path elements).
        var enumCasePayloads: Set<String>
        /// The `@Reducer enum` cases by the payload they name as written (`Settings`, `App.Settings`): the holder's
        /// index, the case's among its cases and its name, in feature order.
        var enumCasesByPayload: [String: [(holder: Int, index: Int, caseName: String)]] = [:]
        /// Feature names, for resolving names written in code.
        var names: NameTable
        /// The feature each declaration (or extension) belongs to, by the declaration's location.
        var declarationOwner: [FactLocation: Int] = [:]
    }

    public convenience init(files: [FileFacts]) {
        var byPath: [String: FileFacts] = [:]
        for f in files { byPath[f.path] = f }
        self.init(byPath: byPath)
    }

    init(byPath: [String: FileFacts]) {
        self.files = byPath
        let ordered = byPath.keys.sorted().map { byPath[$0]! }
        var aliases: [String: String] = [:]
        for file in ordered {
            for a in file.typealiases {
                let key = a.enclosing.isEmpty ? a.name : a.enclosing + "." + a.name
                if aliases[key] == nil { aliases[key] = a.target }
            }
        }
        self.aliases = aliases
        let (protocols, parents) = Self.reducerProtocolClosure(ordered, aliases: aliases)
        self.reducerProtocols = protocols
        self.protocolParent = parents
        // Computed once: every file of a run asks for them.
        let own = protocols.subtracting(Self.tcaReducerProtocols)
        self.projectReducerProtocolSet = own
        self.projectReducerProtocols = own.sorted()
        self.projectReducerProtocolNeedles = NameNeedles(self.projectReducerProtocols)
        self.typeNames = LockedLazy {
            var names = Set<String>()
            for file in ordered {
                for t in file.types where t.attributes.contains("Reducer") || t.inherits.contains(where: protocols.contains) {
                    names.insert(t.name.lastNameComponent)
                }
            }
            return names
        }
        self.ownNames = LockedLazy {
            // Declarations that shadow names TCA deprecated: a shim `typealias EffectTask = Effect`, a protocol of
            // the project's own named like TCA's old one, `func fireAndForget` on a type of its own.
            var names = Set<String>()
            for file in ordered {
                for a in file.typealiases { names.insert(a.name) }
                for p in file.protocols { names.insert(p.name) }
                for t in file.types {
                    if t.kind != "extension" { names.insert(t.name.lastNameComponent) }
                    for f in t.functions { names.insert("func " + f.name) }
                }
            }
            return names
        }
        self.versionTheCodeNeeds = LockedLazy {
            var needed: TCAVersion? = nil
            func note(_ attributes: [String]) {
                for a in attributes { if let v = Self.macroReleases[a], needed.map({ $0 < v }) ?? true { needed = v } }
            }
            for file in ordered {
                for t in file.types {
                    note(t.attributes)
                    for p in t.properties { note(p.attributes) }
                }
            }
            return needed
        }
        self.bindingWritesByName = LockedLazy { Self.byLastName(ordered, \.bindingWrites, \.feature) }
        self.boundPathsByName = LockedLazy {
            Self.byViewedFeature(ordered, empty: [[String]]()) { file, add in for b in file.boundPaths { add(b.feature) { $0.append(b.path) } } }
        }
        self.stackBindingsByName = LockedLazy { Self.byLastName(ordered, \.stackBindings, \.feature) }
        self.viewSendsByName = LockedLazy { Self.byLastName(ordered, \.viewSends, \.feature) }
        self.viewScopes = LockedLazy {
            var declared: [String: [String]] = [:]
            var cached: [String: [CachedScopeFacts]] = [:]
            var passedOn: [String: [UncachedHandoffFacts]] = [:]
            for file in ordered {
                for h in file.file.uncachedHandoffs where h.source == .passedOn || h.source == .storePresentation {
                    if let owner = h.owner { passedOn[owner, default: []].append(h) }
                }
                for t in file.types where t.kind != "extension" && t.kind != "protocol" {
                    declared[t.qualifiedName.lastNameComponent, default: []].append(t.qualifiedName)
                }
                for c in file.file.cachedScopes { cached[c.view, default: []].append(c) }
            }
            return ViewScopes(declared: declared, cached: cached, passedOn: passedOn)
        }
        self.presentedFieldsByName = LockedLazy {
            var result: [String: Set<String>] = [:]
            for file in ordered {
                for p in file.file.presentedFields { result[String(p.feature.lastDotComponent ?? ""), default: []].insert(p.field) }
            }
            return result
        }
        self.viewScopedFieldsByName = LockedLazy {
            Self.byViewedFeature(ordered, empty: Set<String>()) { file, add in for p in file.scopedFields { add(p.feature) { $0.insert(p.field) } } }
        }
        let merge = { (jobs: Int) -> Merged in
            var merger = FeatureMerger(files: ordered, reducerProtocols: protocols, protocolParent: parents, aliases: aliases)
            let features = merger.merge(jobs: jobs)
            var byName: [String: Int] = [:]
            var byPath: [String: [Int]] = [:]
            for (i, f) in features.enumerated() {
                if byName[f.qualifiedName] == nil { byName[f.qualifiedName] = i }
                var paths = Set(f.declarations.map(\.path))
                // A feature's state (and the logic in its methods) may live in a file of its own.
                if let state = f.state { paths.formUnion(state.declarations.map(\.path)) }
                // …and its logic in a file of a handler type (`attachHandlers`).
                paths.formUnion(f.logic.map(\.location.path))
                for path in paths { byPath[path, default: []].append(i) }
            }
            var parents: [String: [(parent: Int, child: Int)]] = [:]
            var payloads = Set<String>()
            var casesByPayload: [String: [(holder: Int, index: Int, caseName: String)]] = [:]
            for (i, f) in features.enumerated() {
                for (n, c) in f.children.enumerated() { if let child = c.child { parents[child, default: []].append((i, n)) } }
                for (n, c) in f.enumCases.enumerated() where !c.payload.isEmpty {
                    payloads.insert(c.payload)
                    payloads.insert(c.payload.lastNameComponent)
                    casesByPayload[c.payload, default: []].append((i, n, c.name))
                }
            }
            var owners: [FactLocation: Int] = [:]
            for (i, f) in features.enumerated() { for d in f.declarations where owners[d] == nil { owners[d] = i } }
            return Merged(features: features, byName: byName, byPath: byPath, parents: parents, enumCasePayloads: payloads,
                          enumCasesByPayload: casesByPayload,
                          names: NameTable(names: features.map { $0.qualifiedName }, aliases: aliases), declarationOwner: owners)
        }
        let merged = LockedLazy<Merged> { merge(1) }
        self.merged = merged
        self.mergeWith = merge
        self.stacks = LockedLazy { StackNames(features: merged.wrapped.features, files: ordered) }
        self.sequences = LockedLazy { SequenceNames(files: ordered) }
        self.liveEndpoints = LockedLazy { LiveEndpoints(files: ordered) }
        self.providesDismiss = ordered.contains { $0.file.providesDismiss && !$0.file.usesTestStore }
        // A test's stores are the test's, not the app's.
        self.storeRootsByName = LockedLazy { Self.byLastName(ordered.filter { !$0.file.usesTestStore }, \.storeRoots, \.reducer) }
        self.alertsByOwner = LockedLazy {
            var result: [String: [AlertFacts]] = [:]
            for file in ordered {
                for a in file.file.alerts { if let type = a.actionType { result[Self.alertOwner(type), default: []].append(a) } }
            }
            return result
        }
        self.presentationUses = LockedLazy { [unowned self] in
            Presentations(features: merged.wrapped.features, index: self)
        }
    }

    /// A new index with one file's facts added or replaced.
    public func replacing(_ facts: FileFacts) -> FeatureIndex { replacing([facts]) }

    /// A new index with these files' facts added or replaced.
    public func replacing(_ facts: [FileFacts]) -> FeatureIndex {
        var byPath = files
        for f in facts { byPath[f.path] = f }
        return FeatureIndex(byPath: byPath)
    }

    /// A new index without the file at `path`.
    public func removing(path: String) -> FeatureIndex {
        var byPath = files
        byPath[path] = nil
        return FeatureIndex(byPath: byPath)
    }

    /// The views that send `feature` binding actions (`$store.isOn` in a view holding a `StoreOf<Feature>`), from
    /// any file, in path order. A store named with a qualified name (`StoreOf<App.Feature>`) counts when the
    /// name ends the feature's qualified name; a simple name, for every feature of that name.
    public func bindingWrites(to feature: Feature) -> [BindingWriteFacts] {
        (bindingWritesByName.wrapped[feature.name] ?? []).filter { Self.names(feature, $0.feature) }
    }
    private let bindingWritesByName: LockedLazy<[String: [BindingWriteFacts]]>

    /// The state paths the project's views bind through the feature's store (`$store.settings.volume` → [settings,
    /// volume]), what its binding actions can write; nil when no view holds the feature's store (its views are out of
    /// sight, or built some other way). Matched by the feature's simple name, as `fieldsScopedInViews(of:)`.
    public func boundPaths(of feature: Feature) -> [[String]]? {
        boundPathsByName.wrapped[feature.name]
    }
    private let boundPathsByName: LockedLazy<[String: [[String]]]>

    /// The views that drive a navigation stack from the feature's store (`NavigationStack(path: $store.scope(state:
    /// \.path, …))` in a view holding a `StoreOf<Feature>`), from any file, in path order; names matched as for
    /// `bindingWrites(to:)`.
    public func stackBindings(of feature: Feature) -> [StackBindingFacts] {
        (stackBindingsByName.wrapped[feature.name] ?? []).filter { Self.names(feature, $0.feature) }
    }
    private let stackBindingsByName: LockedLazy<[String: [StackBindingFacts]]>

    /// The actions the views holding the feature's store send it (`store.send(.x)`, `viewStore.send(.x)`), from any file,
    /// in path order; names matched as for `bindingWrites(to:)`.
    public func viewSends(to feature: Feature) -> [ViewSendFacts] {
        (viewSendsByName.wrapped[feature.name] ?? []).filter { Self.names(feature, $0.feature) }
    }
    private let viewSendsByName: LockedLazy<[String: [ViewSendFacts]]>

    /// Whether some feature runs a `.forEach` over a field of that name inside a child's state (`.forEach(\.child.path,
    /// action: \.child.path)`): a parent may integrate a child's stack.
    public func integratesStackFromOutside(_ field: String) -> Bool {
        features.contains { f in
            f.builders.contains { b in
                b.edges.contains { $0.operation == "forEach" && $0.statePath.split(separator: ".").count > 1
                    && $0.statePath.split(separator: ".").last.map { $0 == field || $0 == "$" + field } == true }
            }
        }
    }

    /// Whether some view of the project presents this field of the feature's state with a SwiftUI presentation
    /// (`.sheet(item: $store.scope(state: \.child, …))` in a view holding a `StoreOf<Feature>`), which the user can
    /// dismiss. Matched by the feature's simple name.
    public func presentsInView(_ field: String, of feature: Feature) -> Bool {
        presentedFieldsByName.wrapped[feature.name]?.contains(field) == true
    }
    private let presentedFieldsByName: LockedLazy<[String: Set<String>]>

    /// The fields the project's views scope the feature's store to (`store.scope(state: \.$alert, …)`,
    /// `$store.scope(state: \.destination?.sheet, …)`), or nil when no view holds the feature's store (its views are
    /// out of sight, or built some other way). Matched by the feature's simple name.
    public func fieldsScopedInViews(of feature: Feature) -> Set<String>? {
        viewScopedFieldsByName.wrapped[feature.name]
    }
    private let viewScopedFieldsByName: LockedLazy<[String: Set<String>]>

    /// The scopes that need a cached store (`$store.scope(…)` for a presentation, `if let child = store.scope(…)`,
    /// `ForEach(store.scope(…))`) in the one view type a name written in code resolves to (`LoginView`, `Login.View`,
    /// matched on the end of the qualified name), from any file and extension, in path order; empty when no type or
    /// more than one of the project has that name.
    public func cachedScopes(inView written: String) -> [CachedScopeFacts] {
        guard let view = declaredType(named: written) else { return [] }
        return viewScopes.wrapped.cached[view] ?? []
    }

    /// The first scope that needs a cached store in the view a name resolves to or in a view it hands its store on to
    /// (`ChildView(store: store)`, `ChildView(store: store.scope(state: \.child, action: \.child))`, a store-taking
    /// presentation's content): a store TCA cannot cache given to the first view is just as uncached in those. Breadth
    /// first, each view once, at most `depth` hand-offs deep; `views` are the names as written from the first view on.
    public func cachedScopeReached(fromView written: String, depth: Int = 6) -> (views: [String], scope: CachedScopeFacts)? {
        let scopes = viewScopes.wrapped
        guard let first = declaredType(named: written) else { return nil }
        var queue: [(type: String, views: [String])] = [(first, [written])]
        var seen: Set<String> = [first]
        var next = 0
        while next < queue.count {
            let (type, views) = queue[next]
            next += 1
            if let scope = scopes.cached[type]?.first { return (views, scope) }
            guard views.count <= depth else { continue }
            for h in scopes.passedOn[type] ?? [] {
                guard let child = declaredType(named: h.view), seen.insert(child).inserted else { continue }
                queue.append((child, views + [h.view]))
            }
        }
        return nil
    }

    /// The qualified name of the one type (not an extension) the project declares under a name written in code
    /// (`LoginView`, `Login.View`, matched on the end of the qualified name); nil for none or several.
    public func declaredType(named written: String) -> String? {
        let last = written.lastNameComponent
        let types = (viewScopes.wrapped.declared[last] ?? []).filter { $0 == written || $0.hasSuffix("." + written) }
        return types.count == 1 ? types[0] : nil
    }

    /// Whether the project declares a top-level type (not a typealias, protocol or extension) of this name: TCA's own
    /// `final class Store` or a course's copy of it. A nested `typealias Store = StoreOf<Self>` still means TCA's, and
    /// a nested `enum Scope` is another type's own.
    public func declaresTopLevelType(_ name: String) -> Bool { viewScopes.wrapped.declared[name]?.contains(name) == true }

    struct ViewScopes {
        /// Qualified names of the project's declared types (not extensions) by last name.
        var declared: [String: [String]]
        var cached: [String: [CachedScopeFacts]]
        /// The stores each view (by qualified name) hands on, derived from its own.
        var passedOn: [String: [UncachedHandoffFacts]]
    }
    private let viewScopes: LockedLazy<ViewScopes>

    /// Which parents list each feature and whether they present it, computed on first use.
    var presentations: Presentations { presentationUses.wrapped }
    private var presentationUses: LockedLazy<Presentations>!

    /// A `private` or `fileprivate` reducer that no reducer composes and no store outside previews and tests runs:
    /// scaffolding for its file's `#Preview`, which never runs in the app.
    public func runsOnlyInPreviews(_ feature: Feature) -> Bool {
        feature.isFilePrivate && parents(of: feature.qualifiedName).isEmpty && !isEnumCasePayload(feature)
            && storesRooted(at: feature).isEmpty
    }

    /// The stores built outside tests and previews whose root reducer is the feature (`Store(initialState: …)
    /// { App() }`), in path order. A name written with a qualifier counts when it ends the feature's qualified name.
    public func storesRooted(at feature: Feature) -> [StoreRootFacts] {
        (storeRootsByName.wrapped[feature.name] ?? []).filter { Self.names(feature, $0.reducer) }
    }

    /// A feature's name as code writes it (`Feature`, `App.Feature`): its simple name, or a qualified name that ends
    /// its own qualified name.
    static func names(_ feature: Feature, _ written: String) -> Bool {
        written == feature.name || ("." + feature.qualifiedName).hasSuffix("." + written)
    }

    /// What the views of each feature a view holds the store of say about it, by the feature's last name: every such
    /// feature has an entry (`empty` when its views say nothing), so that nil means no view of the feature is read.
    /// `collect` reads one file's facts and adds each to the feature named as written (`add(feature) { $0.insert(x) }`).
    static func byViewedFeature<Value>(_ files: [FileFacts], empty: Value,
                                       _ collect: (FileWideFacts, (String, (inout Value) -> Void) -> Void) -> Void) -> [String: Value] {
        var result: [String: Value] = [:]
        for file in files {
            for features in file.file.storesByType.values {
                for f in features where result[String(f.lastDotComponent ?? "")] == nil { result[String(f.lastDotComponent ?? "")] = empty }
            }
            collect(file.file) { feature, change in change(&result[String(feature.lastDotComponent ?? ""), default: empty]) }
        }
        return result
    }

    /// The file-wide facts of these files, in order, by the last component of the feature name each one writes.
    static func byLastName<T>(_ files: [FileFacts], _ facts: KeyPath<FileWideFacts, [T]>, _ name: KeyPath<T, String>) -> [String: [T]] {
        var result: [String: [T]] = [:]
        for file in files {
            for item in file.file[keyPath: facts] {
                let written = item[keyPath: name]
                result[written.lastNameComponent, default: []].append(item)
            }
        }
        return result
    }
    private let storeRootsByName: LockedLazy<[String: [StoreRootFacts]]>

    /// The alerts the project builds for a feature's alert field (`@Presents var alert: AlertState<Action.Alert>?`):
    /// those whose action type names the feature (`extension AlertState where Action == Feature.Action.Alert`, in any
    /// file; matched by the name before `Action` and the last component), and those built without a written type
    /// (`state.alert = AlertState { … }`) or relative to the feature (`AlertState<Action.Alert>(…)`) in the files of the feature's logic and of the field, in path order.
    public func alerts(for field: PropertyFacts, of feature: Feature) -> [AlertFacts] {
        alerts(ofType: field.type, relativeTo: feature, builtBy: feature, field: field)
    }

    /// The alerts of an alert case of a presented destination (`case alert(AlertState<Action.Alert>)` in `destination`'s
    /// `Destination.State`, `Action` being the destination's): those the type names, and those the presenting feature
    /// builds in place (`state.destination = .alert(AlertState { … })`), as for a field above.
    public func alerts(ofCase alertCase: EnumCaseFacts, in destination: Feature, presentedBy feature: Feature,
                       field: PropertyFacts) -> [AlertFacts] {
        alerts(ofType: alertCase.payload, relativeTo: destination, builtBy: feature, field: field)
    }

    /// `type` (`AlertState<Action.Alert>`) is written in `owner` (an `Action` it names is `owner`'s); the alerts built
    /// without a written type are looked for in the files of `builder`'s logic and of `field`.
    private func alerts(ofType written: String, relativeTo owner: Feature, builtBy builder: Feature, field: PropertyFacts) -> [AlertFacts] {
        let type = written.withoutSpaces()
        guard type.hasPrefix("AlertState<"), let close = type.lastIndex(of: ">") else { return [] }
        let argument = String(type[type.index(type.startIndex, offsetBy: 11)..<close])
        let isRelative = argument.split(separator: ".").first == "Action"
        let ownerName = isRelative ? owner.name : Self.alertOwner(argument)
        let last = argument.split(separator: ".").last
        // By the owner's path as written before `.Action.`, not only its last name: every feature of a TCA 1.0 app may
        // nest a `Destination`, and `AddNotificationFeature.Destination.Action.Alert` is not `AddHabitFeature.Destination`'s.
        let ownerPath = isRelative ? FeatureMerger.written(owner.qualifiedName) : Self.pathBeforeAction(argument)
        var result = (alertsByOwner.wrapped[ownerName] ?? []).filter { alert in
            guard let actionType = alert.actionType, actionType.split(separator: ".").last == last else { return false }
            let path = Self.pathBeforeAction(actionType)
            return path == ownerPath || ownerPath.hasSuffix("." + path) || path.hasSuffix("." + ownerPath)
        }
        let paths = Set(builder.logic.map(\.location.path) + [field.location.path]).sorted()
        for path in paths {
            result += (files[path]?.file.alerts ?? []).filter { $0.actionType.map { $0.hasPrefix("Action.") } ?? true }
        }
        return result
    }
    private let alertsByOwner: LockedLazy<[String: [AlertFacts]]>

    /// What an alert's action type names before its last `.Action.` (`App.Destination` for `App.Destination.Action.Alert`),
    /// or the whole type.
    static func pathBeforeAction(_ type: String) -> String {
        let parts = type.split(separator: ".")
        guard let k = parts.lastIndex(of: "Action"), k > 0 else { return type }
        return parts[..<k].joined(separator: ".")
    }

    /// The feature an alert's action type belongs to: the name before its last `Action` (`Feature.Action.Alert` →
    /// `Feature`), else its last component.
    static func alertOwner(_ type: String) -> String { pathBeforeAction(type).lastNameComponent }

    /// Some file other than a test builds a dismissal of its own (`DismissEffect { … }`, `.dependency(\.dismiss, …)`).
    public let providesDismiss: Bool

    /// The names that stand for a navigation stack in the project's features (`StackState` fields, action cases
    /// carrying a `StackAction`), computed on first use.
    public var stackNames: StackNames { stacks.wrapped }
    private let stacks: LockedLazy<StackNames>

    /// The member names the project declares only as non-throwing `AsyncStream`s, computed on first use.
    public var sequenceNames: SequenceNames { sequences.wrapped }
    private let sequences: LockedLazy<SequenceNames>

    /// Which endpoints of the project's dependency clients their live implementation gives a closure that cannot throw.
    public var liveEndpointsThatNeverThrow: LiveEndpoints { liveEndpoints.wrapped }
    private let liveEndpoints: LockedLazy<LiveEndpoints>

    /// Whether the project declares a type, typealias or protocol of this simple name (`EffectTask`), or a method
    /// (`func fireAndForget`, asked as "func fireAndForget") on a type of its own or an extension. Computed on first use.
    public func declaresOwn(_ name: String) -> Bool { ownNames.wrapped.contains(name) }

    private let ownNames: LockedLazy<Set<String>>

    /// The lowest TCA version the project's code compiles with, from the macros it uses: `@ObservableState`,
    /// `@Presents` and `@ViewAction` came with 1.7, `@Reducer` with 1.4 (TCA's migration guides); nil when it uses
    /// none. Computed on first use.
    public var tcaVersionTheCodeNeeds: TCAVersion? { versionTheCodeNeeds.wrapped }
    private let versionTheCodeNeeds: LockedLazy<TCAVersion?>
    /// The macros whose use shows the TCA release that introduced them, by attribute name.
    static let macroReleases: [String: TCAVersion] = ["ObservableState": TCAVersion(1, 7), "Presents": TCAVersion(1, 7),
                                                      "ViewAction": TCAVersion(1, 7), "Reducer": TCAVersion(1, 4)]

    /// The simple names of the project's reducer types, from whichever files declare them.
    /// Read from the declarations (`@Reducer`, or inheriting a reducer protocol), without merging features.
    public var reducerTypeNames: Set<String> { typeNames.wrapped }
    private let typeNames: LockedLazy<Set<String>>

    /// The project's own reducer protocols and aliases (TCA's left out), sorted.
    public let projectReducerProtocols: [String]
    /// The same, as a set.
    public let projectReducerProtocolSet: Set<String>
    /// The same, as needles for the prefilter (one pass over a file whatever their number).
    public let projectReducerProtocolNeedles: NameNeedles

    /// The feature with this qualified name.
    public func feature(_ qualifiedName: String) -> Feature? {
        let m = merged.wrapped
        return m.byName[qualifiedName].map { m.features[$0] }
    }

    /// The feature a type name written inside `context` (a qualified type name, or "" at top level) refers to:
    /// nested types of the context and its enclosing types first, then typealiases, then a unique type
    /// anywhere whose qualified name ends with the name.
    public func feature(named name: String, from context: String, near path: String? = nil) -> Feature? {
        merged.wrapped.names.resolve(name, from: context, near: path).flatMap(feature)
    }

    /// The feature the code at a byte offset of a file belongs to: the innermost feature declaration (or extension)
    /// holding it; else, when the innermost type holding it holds one feature's store (a view with
    /// `let store: StoreOf<Feature>`), that feature. Nil for code in neither.
    public func feature(owning offset: Int, in path: String) -> Feature? {
        guard let file = files[path] else { return nil }
        let m = merged.wrapped
        if let owner = Self.innermostType(of: file, holding: offset, where: { m.declarationOwner[$0.location] != nil }),
           let i = m.declarationOwner[owner.location] { return m.features[i] }
        return Self.innermostType(of: file, holding: offset).flatMap { storeFeature(of: $0, in: file) }
    }

    /// The feature whose store the innermost type holding a byte offset of a file holds (a view with
    /// `let store: StoreOf<Feature>`), when it holds one feature's store.
    public func storeFeature(at offset: Int, in path: String) -> Feature? {
        guard let file = files[path] else { return nil }
        return Self.innermostType(of: file, holding: offset).flatMap { storeFeature(of: $0, in: file) }
    }

    /// The innermost of the file's types (among those `keep` accepts) whose declaration, from its name to its
    /// closing brace, holds the offset.
    private static func innermostType(of file: FileFacts, holding offset: Int,
                                      where keep: (TypeFacts) -> Bool = { _ in true }) -> TypeFacts? {
        var innermost: (span: Int, type: TypeFacts)?
        for t in file.types {
            let start = t.anchor.offset, end = t.membersClose.end
            guard offset >= start, offset <= end, keep(t) else { continue }
            if innermost == nil || end - start < innermost!.span { innermost = (end - start, t) }
        }
        return innermost?.type
    }

    private func storeFeature(of type: TypeFacts, in file: FileFacts) -> Feature? {
        guard let stores = file.file.storesByType[type.name.lastNameComponent] else { return nil }
        let held = Set(stores.compactMap { feature(named: $0, from: type.enclosing, near: file.path)?.qualifiedName })
        return held.count == 1 ? held.first.flatMap(feature) : nil
    }

    /// Features with a declaration (or extension) in the file, or whose `State` is declared there.
    public func features(declaredIn path: String) -> [Feature] {
        let m = merged.wrapped
        return (m.byPath[path] ?? []).map { m.features[$0] }
    }

    /// The features that compose this one as a child, with the edge.
    public func parents(of qualifiedName: String) -> [(parent: Feature, composition: Composition)] {
        let m = merged.wrapped
        return (m.parents[qualifiedName] ?? []).map { (m.features[$0.parent], m.features[$0.parent].children[$0.child]) }
    }

    /// Whether an `@Reducer enum` case holds the feature (`case settings(Settings)`): a destination or path element.
    public func isEnumCasePayload(_ feature: Feature) -> Bool {
        let payloads = merged.wrapped.enumCasePayloads
        return payloads.contains(feature.name) || payloads.contains(feature.qualifiedName)
    }

    /// The `@Reducer enum`s with a case that holds the feature by its name or qualified name (`case settings(Settings)`),
    /// each with the case's name, in feature order.
    public func enumCases(holding feature: Feature) -> [(holder: Feature, caseName: String)] {
        let m = merged.wrapped
        var found = m.enumCasesByPayload[feature.name] ?? []
        if feature.qualifiedName != feature.name { found += m.enumCasesByPayload[feature.qualifiedName] ?? [] }
        if found.count > 1 { found.sort { ($0.holder, $0.index) < ($1.holder, $1.index) } }
        return found.map { (m.features[$0.holder], $0.caseName) }
    }


    /// Protocols (and aliases) that refine a reducer protocol, through chains; each with the step towards it.
    /// A walk from TCA's protocols over "inherited by" edges: each declaration is looked at once per name it
    /// inherits, so the time is linear in the declarations however they are ordered (a fixed-point loop over
    /// every file took one round per link of a chain declared bottom-up).
    static func reducerProtocolClosure(_ files: [FileFacts], aliases: [String: String]) -> (Set<String>, [String: String]) {
        var known = tcaReducerProtocols
        var parent: [String: String] = [:]
        // Each protocol declaration and top-level alias, listed under every base name it names.
        var candidates: [(name: String, bases: [String])] = []
        var inheritedBy: [String: [Int]] = [:]
        func add(_ name: String, _ bases: [String]) {
            for base in Set(bases) { inheritedBy[base, default: []].append(candidates.count) }
            candidates.append((name, bases))
        }
        for file in files { for p in file.protocols { add(p.name, p.inherits) } }
        for (alias, target) in aliases.sorted(by: { $0.key < $1.key }) where !alias.contains(".") {
            add(alias, baseNames(of: target))
        }
        var queue = known.sorted()
        var head = 0
        while head < queue.count {
            let base = queue[head]
            head += 1
            for c in inheritedBy[base] ?? [] where !known.contains(candidates[c].name) {
                let candidate = candidates[c]
                // The first base it names that is known by now (`base` is): parents always lead to `Reducer`.
                parent[candidate.name] = candidate.bases.first(where: known.contains) ?? base
                known.insert(candidate.name)
                queue.append(candidate.name)
            }
        }
        return (known, parent)
    }

    /// `A & B.C<D>` → [A, C].
    static func baseNames(of type: String) -> [String] {
        type.split(separator: "&").compactMap { part in
            var text = part.trimmingWhitespace()
            if let lt = text.firstIndex(of: "<") { text = String(text[..<lt]) }
            for prefix in ["any ", "some "] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
            return text.lastDotComponent.map(String.init)
        }
    }
}

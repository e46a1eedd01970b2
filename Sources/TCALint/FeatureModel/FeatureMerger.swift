/// Merges the facts of all files into features: groups every declaration and extension by the type it
/// declares, decides which groups are reducers, and gathers each feature's parts and children.
struct FeatureMerger {
    let files: [FileFacts]
    let reducerProtocols: Set<String>
    let protocolParent: [String: String]
    let aliases: [String: String]

    /// Declarations by the qualified name of the type they belong to, in path and source order.
    private var groups: [String: [TypeFacts]] = [:]
    private var groupOrder: [String] = []
    /// Group keys by their enclosing key (`App` → [`App.State`, `App.Action`]).
    private var nested: [String: [String]] = [:]
    /// Every group key, for resolving `typealias State = …` targets: built once, after grouping.
    private var groupNames = NameTable(names: [], aliases: [:])
    /// `protocolActionAliases()`, read once per merge.
    private var inheritedActionAliases: [String: String] = [:]

    init(files: [FileFacts], reducerProtocols: Set<String>, protocolParent: [String: String], aliases: [String: String]) {
        self.files = files
        self.reducerProtocols = reducerProtocols
        self.protocolParent = protocolParent
        self.aliases = aliases
    }

    /// `jobs` workers make the features of the groups and resolve their children (each group and each feature on
    /// its own, the merger's tables only read); the result is in key order whatever the thread count.
    mutating func merge(jobs: Int = 1) -> [Feature] {
        groupDeclarations()
        let defaults = protocolDefaults()
        inheritedActionAliases = protocolActionAliases()
        let made: [Feature?] = { merger in
            parallelMap(count: merger.groupOrder.count, jobs: jobs) { i in merger.feature(key: merger.groupOrder[i], defaults: defaults) }
        }(self)
        var features: [Feature] = []
        var others: [String] = []
        for (key, feature) in zip(groupOrder, made) {
            if let feature { features.append(feature) } else { others.append(key) }
        }
        let names = NameTable(names: features.map { $0.qualifiedName }, aliases: aliases)
        attachHandlers(of: others, to: features, names: names)
        // Children resolve with the features' names alone: the tables of every type of the project go first, as the
        // end of the merge is the run's peak of memory.
        releaseTypeTables()
        _ = parallelMap(count: features.count, jobs: jobs) { i in Self.resolveChildren(of: features[i], names: names) }
        return features.sorted { ($0.qualifiedName, $0.location) < ($1.qualifiedName, $1.location) }
    }

    /// The feature a group of declarations makes: a reducer, a reducer protocol's shared logic or a helper that
    /// builds a reducer; nil for any other type.
    private func feature(key: String, defaults: Set<String>) -> Feature? {
        guard let decls = groups[key] else { return nil }
        if let evidence = reducerEvidence(decls) { return feature(key: key, decls: decls, evidence: evidence, defaults: defaults) }
        return protocolFeature(key: key, decls: decls) ?? helperFeature(key: key, decls: decls)
    }

    private mutating func releaseTypeTables() {
        groups = [:]
        groupOrder = []
        nested = [:]
        collisions = [:]
        groupNames = NameTable(names: [], aliases: [:])
    }

    // MARK: grouping

    private mutating func groupDeclarations() {
        // A top-level name declared (not extended) in several files names different types, each of its own
        // module (Swift forbids two in one): SwiftPM targets, sample apps side by side. Each keeps its own key,
        // marked with its file (`Settings{Sources/A/Settings.swift}`), and a declaration elsewhere — a nested
        // type, an extension — joins the one nearest to it in the folder tree.
        var declaredIn: [String: Set<String>] = [:]
        for file in files {
            for t in file.types where t.kind != "extension" && t.enclosing.isEmpty { declaredIn[t.name, default: []].insert(file.path) }
            // A protocol declares its name too (copies of TCA side by side: `protocol Reducer` in one, `struct Reducer`
            // in another): an extension joins the nearest declaration of either kind.
            for p in file.protocols where !p.name.contains(".") { declaredIn[p.name, default: []].insert(file.path) }
        }
        collisions = declaredIn.filter { $0.value.count > 1 }.mapValues { $0.sorted() }
        // Built from the whole list: the table's storage is reserved once instead of growing through every size.
        let primaries = NameTable(names: files.flatMap { $0.types.lazy.filter { $0.kind != "extension" }.map(\.qualifiedName) }, aliases: aliases)
        for file in files {
            for t in file.types {
                let written = t.kind == "extension" ? primaries.resolveExtension(t.name) : t.qualifiedName
                let key = disambiguated(written, in: file.path)
                if groups[key] == nil {
                    groupOrder.append(key)
                    if let dot = Self.lastDot(key) { nested[String(key[..<dot]), default: []].append(key) }
                }
                groups[key, default: []].append(t)
            }
        }
        // The primary declaration first, then the extensions in path and source order.
        for (key, decls) in groups where decls.count > 1 {
            groups[key] = decls.filter { $0.kind != "extension" } + decls.filter { $0.kind == "extension" }
        }
        // Without colliding names no key is marked: the keys are the primaries' names and those of the extensions that
        // found no primary, so the primaries' table grows by those instead of a table of every key being built again
        // (the order of its names matters only between marked keys).
        if collisions.isEmpty {
            var names = primaries
            for key in groupOrder where !names.known.contains(key) { names.insert(key) }
            groupNames = names
        } else {
            groupNames = NameTable(names: groupOrder, aliases: aliases)
        }
    }

    /// Top-level names declared in several files, with those files.
    private var collisions: [String: [String]] = [:]

    /// The key of a type written `name` in the file at `path`: the name, or — when its first component is a
    /// colliding top-level name — that component marked with the nearest file declaring it.
    func disambiguated(_ name: String, in path: String) -> String {
        guard !collisions.isEmpty else { return name }
        // By bytes: a `Character` search walks grapheme clusters, and every declaration of the project is asked.
        let dot = name.utf8.firstIndex(of: UInt8(ascii: ".")) ?? name.endIndex
        let first = String(name[..<dot])
        guard let paths = collisions[first] else { return name }
        let chosen = paths.contains(path) ? path : Self.nearest(paths, to: path)
        return first + "{" + chosen + "}" + name[dot...]
    }

    /// The path sharing the most leading folders with `path` (the first in order on a tie).
    static func nearest(_ paths: [String], to path: String) -> String {
        var best = paths[0]
        var bestCount = -1
        for candidate in paths {
            let count = sharedFolders(candidate, path)
            if count > bestCount { best = candidate; bestCount = count }
        }
        return best
    }

    /// How many leading path components two paths share (`a/b/c.swift`, `a/b/d.swift` → 2), compared byte by
    /// byte without splitting: a name declared in hundreds of sample apps side by side is resolved hundreds of
    /// times against hundreds of paths.
    static func sharedFolders(_ a: String, _ b: String) -> Int {
        let slash = UInt8(ascii: "/")
        var count = 0
        var ia = a.utf8.makeIterator()
        var ib = b.utf8.makeIterator()
        while true {
            let ca = ia.next()
            let cb = ib.next()
            guard let x = ca, let y = cb else {
                // One path ends: its last component is shared when the other ends there too or continues with `/`.
                if (ca == nil && (cb == nil || cb == slash)) || (cb == nil && ca == slash) { count += 1 }
                return count
            }
            if x != y { return count }
            if x == slash { count += 1 }
        }
    }

    /// The mark around the file of a colliding name: ASCII, so that keys stay on Swift's fast paths for
    /// hashing and comparing Strings (a non-ASCII key is NFC-normalized on every hash and compare, which
    /// cost a tenth of a run over hundreds of sample apps side by side), and never part of a type's name.
    static let markOpen = UInt8(ascii: "{"), markClose = UInt8(ascii: "}")

    /// The last `.` that separates name components (not one inside a `{path}` mark).
    static func lastDot(_ key: String) -> String.Index? {
        let utf8 = key.utf8
        guard let close = utf8.lastIndex(of: markClose) else { return utf8.lastIndex(of: UInt8(ascii: ".")) }
        return utf8[close...].lastIndex(of: UInt8(ascii: "."))
    }

    /// The positions of a key's mark, if it has one.
    private static func markBounds(_ key: String) -> (open: String.Index, close: String.Index)? {
        let utf8 = key.utf8
        guard let open = utf8.firstIndex(of: markOpen), let close = utf8.lastIndex(of: markClose), open < close else { return nil }
        return (open, close)
    }

    /// A key without its mark: the type's name as written.
    static func written(_ key: String) -> String {
        guard let (open, close) = markBounds(key) else { return key }
        return String(key[..<open]) + key[key.index(after: close)...]
    }

    /// The file a key is marked with, if any.
    static func mark(_ key: String) -> String? {
        guard let (open, close) = markBounds(key) else { return nil }
        return String(key[key.index(after: open)..<close])
    }

    /// One array for every `@Reducer` feature's evidence, instead of one each.
    private static let macroEvidence = ["@Reducer"]

    /// `["@Reducer"]`, or the inheritance path to TCA's protocol; nil when the type is not a reducer.
    private func reducerEvidence(_ decls: [TypeFacts]) -> [String]? {
        if decls.contains(where: { $0.attributes.contains("Reducer") && $0.kind != "extension" }) { return Self.macroEvidence }
        for d in decls {
            guard let name = d.inherits.first(where: reducerProtocols.contains) else { continue }
            var chain = [name]
            var current = name
            while let parent = protocolParent[current], chain.count < 32 { chain.append(parent); current = parent }
            return chain
        }
        return nil
    }

    /// `typealias Action = FeatureAction<Self>` declared in an extension of a reducer protocol
    /// (`extension Reducer where Self: FeatureReducer { … }`, `extension FeatureReducer { … }`): the aliased type by the
    /// protocol whose conformers get it, for features that declare neither an `Action` nor an alias of their own.
    private func protocolActionAliases() -> [String: String] {
        var result: [String: String] = [:]
        for file in files {
            for alias in file.typealiases where alias.name == "Action" {
                guard let host = file.types.first(where: { isReducerProtocolExtension($0) && $0.membersHold(alias.offset) })
                else { continue }
                for p in protocolsGiven(by: host) where result[p] == nil { result[p] = alias.target }
            }
        }
        return result
    }

    /// Protocols whose extensions (`extension FeatureReducer { … }`, `extension Reducer where Self: FeatureReducer`)
    /// declare members: each gives those members to the features that conform to it.
    private func protocolDefaults() -> Set<String> {
        var result = Set<String>()
        for file in files {
            for t in file.types where isReducerProtocolExtension(t) {
                guard !t.builders.isEmpty || !t.functions.isEmpty else { continue }
                result.formUnion(protocolsGiven(by: t))
            }
        }
        return result
    }

    private func isReducerProtocolExtension(_ t: TypeFacts) -> Bool { t.kind == "extension" && reducerProtocols.contains(t.name) }

    /// The protocols whose conformers get an extension's members: its `where Self: P` reducer protocols, else the
    /// extended protocol itself.
    private func protocolsGiven(by ext: TypeFacts) -> [String] {
        let constrained = ext.selfConstraints.filter(reducerProtocols.contains)
        return constrained.isEmpty ? [ext.name] : constrained
    }

    // MARK: parts

    private func feature(key: String, decls: [TypeFacts], evidence: [String], defaults: Set<String>) -> Feature {
        let primary = decls.first { $0.kind != "extension" } ?? decls[0]
        let name = Self.written(key).lastDotComponent.map(String.init) ?? key
        var chainNames = Set(evidence)
        for d in decls { for i in d.inherits where reducerProtocols.contains(i) { chainNames.formUnion(chain(i)) } }
        // `@Reducer` makes the `State` and `Action` enums declared in its body `@CasePathable`.
        let macroHosts = decls.filter { $0.attributes.contains("Reducer") && $0.kind != "extension" }
        let bodies = decls.filter { $0.kind != "extension" }
        // The nearest protocol of the feature's chain whose extension declares `typealias Action`.
        let inheritedAlias = Self.joined(decls, \.inherits).filter(reducerProtocols.contains).flatMap(chain)
            .lazy.compactMap { inheritedActionAliases[$0] }.first
        let action = actionModel(of: key, macroHosts: macroHosts, bodies: bodies, inheritedAlias: inheritedAlias)
        let (state, stateDecls) = stateModel(of: key, macroHosts: macroHosts, bodies: bodies)
        // Logic in the state's own methods (`mutating func fetch() -> Effect<Action>` on `State`) is the feature's too.
        let logic = (Self.joined(decls, \.logic) + stateDecls.flatMap { $0.logic }).map {
            resolvingActionPrefix($0, feature: key, name: name, action: action)
        }
        let feature = Feature(
            qualifiedName: key, name: name, kind: primary.kind, location: primary.location, reducerEvidence: evidence,
            declarations: decls.map { $0.location }.sorted(),
            builders: Self.joined(decls, \.builders), logic: logic,
            functions: Self.joined(decls, \.functions), action: action, state: state,
            children: [], protocolDefaults: chainNames.intersection(defaults).sorted(),
            enumCases: primary.kind == "enum" ? Self.joined(decls, \.cases) : [])
        feature.properties = Self.joined(decls, \.properties)
        feature.dependencies = Self.joined(decls, \.dependencies)
        feature.isFilePrivate = primary.isFilePrivate
        for child in nested[key] ?? [] {
            guard let kind = groups[child]?.first(where: { $0.kind != "extension" })?.kind else { continue }
            feature.nestedTypes[Self.nestedName(child, in: key)] = kind
        }
        return feature
    }

    /// An extension of a reducer protocol with logic or builders (`extension FeatureReducer { func reduce(into:
    /// viewAction:) … }`, `extension Reducer { func haptics(…) -> some ReducerOf<Self> { Reduce { … } } }`): the
    /// default implementations its conformers share, kept as a feature of kind `protocol`.
    private func protocolFeature(key: String, decls: [TypeFacts]) -> Feature? {
        guard reducerProtocols.contains(Self.written(key)), decls.allSatisfy({ $0.kind == "extension" }),
              decls.contains(where: { !$0.logic.isEmpty || !$0.builders.isEmpty }) else { return nil }
        let feature = Feature(
            qualifiedName: key, name: Self.written(key), kind: "protocol", location: decls[0].location, reducerEvidence: chain(Self.written(key)),
            declarations: decls.map { $0.location }.sorted(), builders: Self.joined(decls, \.builders),
            logic: Self.joined(decls, \.logic), functions: Self.joined(decls, \.functions), action: ActionModel(), state: nil,
            children: [], protocolDefaults: [], enumCases: [])
        feature.dependencies = Self.joined(decls, \.dependencies)
        return feature
    }

    /// A type that is no reducer but builds one (`extension Store { func observer(…) -> some Reducer<S, A> { Reduce
    /// { … } } }`): its `Reduce` closures are reducer logic all the same, kept as a feature of kind `helper`.
    private func helperFeature(key: String, decls: [TypeFacts]) -> Feature? {
        let logic = Self.joined(decls, \.logic)
        guard logic.contains(where: { $0.kind == .reduceClosure }) else { return nil }
        let primary = decls.first { $0.kind != "extension" } ?? decls[0]
        let feature = Feature(
            qualifiedName: key, name: Self.written(key).lastDotComponent.map(String.init) ?? key, kind: "helper",
            location: primary.location, reducerEvidence: [], declarations: decls.map { $0.location }.sorted(),
            builders: Self.joined(decls, \.builders), logic: logic, functions: Self.joined(decls, \.functions),
            action: ActionModel(), state: nil, children: [], protocolDefaults: [], enumCases: [])
        feature.dependencies = Self.joined(decls, \.dependencies)
        return feature
    }

    /// Effect-returning functions of types that are not reducers but work on one's state (`struct
    /// CompletionLogActionHandler { typealias State = TaskDetail.State; func undo(state: inout State) ->
    /// Effect<Action> }`, `struct BoardRouter { func create(state: inout Home.State) -> Effect<Home.Action> }`):
    /// the logic of the feature whose `State` their state parameter is, split out of its file.
    private func attachHandlers(of keys: [String], to features: [Feature], names: NameTable) {
        var byName: [String: Feature] = [:]
        for f in features where f.kind != "helper" && f.kind != "protocol" { byName[f.qualifiedName] = f }
        guard !byName.isEmpty else { return }
        var built: [String: [(feature: Feature, arguments: [String])]]? = nil
        for key in keys {
            let decls = groups[key] ?? []
            let generics = decls.first { $0.kind != "extension" }?.genericParameters ?? []
            for decl in decls {
                for logic in decl.logic where logic.kind == .effectFunction {
                    if !generics.isEmpty, let (parameter, member) = genericBinding(of: logic, in: decl, generics: generics) {
                        if built == nil { built = genericHandlersBuilt(by: byName.values) }
                        var attached = Set<ObjectIdentifier>()
                        for (feature, arguments) in built?[key] ?? [] where parameter < arguments.count
                            && ["", "Self.", feature.name + ".", Self.written(feature.qualifiedName) + "."].contains(where: { arguments[parameter] == $0 + member })
                            && attached.insert(ObjectIdentifier(feature)).inserted {
                            feature.logic.append(resolvingActionPrefix(logic, feature: feature.qualifiedName, name: feature.name, action: feature.action))
                        }
                        continue
                    }
                    guard let written = logic.stateType,
                          let owner = stateOwner(written, from: key, near: logic.location.path, names: names),
                          let feature = byName[owner] else { continue }
                    feature.logic.append(resolvingActionPrefix(logic, feature: owner, name: feature.name, action: feature.action))
                }
            }
        }
    }

    /// What ties an effect function of a generic handler to the feature that builds it: the generic parameter its
    /// state parameter is (`inout State`: the feature's `State`), else the one its `Effect<Action>` sends (the
    /// feature's `Action`); nil when neither is a parameter of the handler.
    private func genericBinding(of logic: LogicFacts, in decl: TypeFacts, generics: [String]) -> (parameter: Int, member: String)? {
        if let written = logic.stateType {
            return generics.firstIndex(of: written.withoutSpaces()).map { ($0, "State") }
        }
        guard let function = decl.functions.first(where: { $0.location == logic.location }),
              function.returnType.hasPrefix("Effect<"), function.returnType.last == ">" else { return nil }
        let sent = function.returnType.dropFirst("Effect<".count).dropLast()
        return generics.firstIndex(of: String(sent)).map { ($0, "Action") }
    }

    /// The generic handler types the features build, by group key, with the type arguments they give
    /// (`func lifecycle() -> LifecycleHandler<State, Action>` in `Home`: LifecycleHandler → [(Home, [State, Action])]):
    /// a handler generic over its `State` runs as the logic of each feature that builds it with its own state.
    private func genericHandlersBuilt(by features: Dictionary<String, Feature>.Values) -> [String: [(feature: Feature, arguments: [String])]] {
        var result: [String: [(feature: Feature, arguments: [String])]] = [:]
        for feature in features {
            for function in feature.functions {
                guard let open = function.returnType.firstIndex(of: "<"), function.returnType.last == ">",
                      let key = groupNames.resolve(String(function.returnType[..<open]), from: feature.qualifiedName,
                                                   near: function.location.path) else { continue }
                let inner = function.returnType[function.returnType.index(after: open)..<function.returnType.index(before: function.returnType.endIndex)]
                result[key, default: []].append((feature, Self.topLevelArguments(inner)))
            }
        }
        return result
    }

    /// `State,Action` → [State, Action]; `Dictionary<K,V>,Action` → [Dictionary<K,V>, Action].
    static func topLevelArguments(_ text: Substring) -> [String] {
        var result: [String] = []
        var depth = 0
        var current = ""
        for c in text {
            if c == "<" || c == "(" || c == "[" { depth += 1 } else if c == ">" || c == ")" || c == "]" { depth -= 1 }
            if c == "," && depth == 0 { result.append(current); current = ""; continue }
            current.append(c)
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// The feature whose state a type written in `context` is: `Feature.State`, or `State` aliased there to one.
    private func stateOwner(_ written: String, from context: String, near path: String, names: NameTable) -> String? {
        var type = written.withoutSpaces()
        if let target = aliases[Self.written(context) + "." + type] { type = target.withoutSpaces() }
        guard type.hasSuffix(".State"), type.count > 6 else { return nil }
        return names.resolve(String(type.dropLast(6)), from: context, near: path)
    }

    /// The cases a logic unit's incoming action is wrapped in, from the type of its action parameter: the case of
    /// the feature's `Action` whose payload is that type (`func reduce(into:action: ViewAction)` with
    /// `case view(ViewAction)` → [view]); none when it is the feature's `Action` itself. The label's guess made
    /// by the reader stays when the `Action` does not tell. Clause patterns are rewritten to the new prefix.
    private func resolvingActionPrefix(_ logic: LogicFacts, feature key: String, name: String, action: ActionModel) -> LogicFacts {
        guard let written = logic.actionType else { return logic }
        var trimmed = Substring(written.trimmingWhitespace())
        for word in ["inout ", "borrowing ", "consuming ", "__owned "] where trimmed.hasPrefix(word) { trimmed = trimmed.dropFirst(word.count) }
        let type = trimmed.withoutSpaces()
        let resolved: [String]?
        if ["Action", "Self.Action", name + ".Action", key + ".Action", "ActionOf<Self>", "ActionOf<\(name)>"].contains(type) {
            resolved = []
        } else if let root = action.enumNamed("Action") {
            let last = type.lastNameComponent
            let match = root.cases.first { c in
                let payload = c.payload.withoutSpaces()
                return payload == type || payload == "Action." + type || (payload.lastDotComponent.map(String.init) == last && last != "Action")
            }
            resolved = match.map { [$0.name] }
        } else {
            resolved = nil
        }
        guard let prefix = resolved, prefix != logic.actionPrefix else { return logic }
        // A new unit: the facts read from the file stay as they were (another merge may read them meanwhile).
        let old = logic.actionPrefix
        let copy = logic.copy()
        for c in copy.clauses.indices {
            copy.clauses[c].patterns = CasePatterns(copy.clauses[c].patterns.map { p in prefix + (p.starts(with: old) ? Array(p.dropFirst(old.count)) : p) })
        }
        copy.actionPrefix = prefix
        return copy
    }

    /// Whether the logic receives the feature's whole `Action` (`reduce(into:action:)` with `action: Action`), as the
    /// protocol's requirement does: not an overload for one nested action type.
    static func receivesWholeAction(_ logic: LogicFacts, feature: Feature) -> Bool {
        guard let written = logic.actionType, logic.actionPrefix.isEmpty else { return false }
        let type = written.withoutSpaces()
        if ["Action", "Self.Action", feature.name + ".Action", feature.qualifiedName + ".Action", "ActionOf<Self>"].contains(type) { return true }
        // A feature that declares no `Action` of its own gets it inferred from this very method.
        return feature.action.enums.isEmpty && feature.action.alias == nil && feature.nestedTypes["Action"] == nil
    }

    private func chain(_ name: String) -> [String] {
        var result = [name]
        var current = name
        while let parent = protocolParent[current], result.count < 32 { result.append(parent); current = parent }
        return result
    }

    /// Whether case key paths (`\.child`) can name the enum's cases: it is `@CasePathable` (or conforms), or it is
    /// declared in the body of a `@Reducer` type, whose macro applies `@CasePathable` to `State` and `Action`.
    static func isCasePathable(_ decls: [TypeFacts], macroHosts: [TypeFacts]) -> Bool {
        decls.contains { $0.attributes.contains("CasePathable") || $0.inherits.contains("CasePathable") }
            || isEnumDeclared(inBodyOf: macroHosts, decls)
    }

    /// Whether one of `decls` is an `enum` declared in the member block of one of `hosts` (not in an extension of
    /// the host, not elsewhere and aliased): the only place a type's `@Reducer` macro reaches.
    static func isEnumDeclared(inBodyOf hosts: [TypeFacts], _ decls: [TypeFacts]) -> Bool {
        decls.contains { d in
            d.kind == "enum" && hosts.contains { $0.location.path == d.location.path && $0.membersHold(d.anchor.offset) }
        }
    }

    private func actionModel(of key: String, macroHosts: [TypeFacts] = [], bodies: [TypeFacts] = [],
                             inheritedAlias: String? = nil) -> ActionModel {
        var model = ActionModel()
        model.alias = aliases[Self.written(key) + ".Action"]
        for child in nested[key] ?? [] {
            let last = Self.nestedName(child, in: key)
            guard last.hasSuffix("Action"), let decls = groups[child], decls.contains(where: { $0.kind == "enum" || $0.kind == "extension" }) else { continue }
            model.enums.append(actionEnum(last, decls))
            if last == "Action" {
                model.enums[model.enums.count - 1].isCasePathable = Self.isCasePathable(decls, macroHosts: macroHosts)
                model.enums[model.enums.count - 1].isInFeatureBody = Self.isEnumDeclared(inBodyOf: bodies, decls)
                for inner in nested[child] ?? [] {
                    guard let innerDecls = groups[inner], innerDecls.contains(where: { $0.kind == "enum" }) else { continue }
                    model.enums.append(actionEnum("Action." + Self.nestedName(inner, in: child), innerDecls))
                }
            }
        }
        if model.alias == nil, model.enumNamed("Action") == nil { model.alias = inheritedAlias }
        // `typealias Action = FeatureAction<Self>`: the project's own enum it names, for what only the enum's
        // declaration tells (whether it is @CasePathable).
        if let alias = model.alias, model.enumNamed("Action") == nil {
            let written = String(alias.prefix { $0 != "<" }).trimmingWhitespace()
            if let target = groupNames.resolve(written, from: key), let decls = groups[target], decls.contains(where: { $0.kind == "enum" }) {
                var aliased = actionEnum(written, decls)
                aliased.isCasePathable = Self.isCasePathable(decls, macroHosts: [])
                model.aliased = aliased
            }
        }
        return model
    }

    private func actionEnum(_ name: String, _ decls: [TypeFacts]) -> ActionModel.ActionEnum {
        ActionModel.ActionEnum(name: name, cases: Self.joined(decls, \.cases), declarations: decls.map { $0.location }.sorted(),
                               inherits: Self.joined(decls, \.inherits))
    }

    /// The name of a nested key below its enclosing key (`App.State` in `App` → `State`), by byte count: a Character
    /// count walks the whole key.
    static func nestedName(_ nested: String, in key: String) -> String {
        String(nested[nested.utf8.index(nested.startIndex, offsetBy: key.utf8.count + 1)...])
    }

    /// The parts of every declaration of a type, in order; one declaration's own array when there is one, so the
    /// merged model shares the facts' storage instead of holding a copy of it.
    static func joined<T>(_ decls: [TypeFacts], _ part: KeyPath<TypeFacts, [T]>) -> [T] {
        decls.count == 1 ? decls[0][keyPath: part] : decls.flatMap { $0[keyPath: part] }
    }

    private func stateModel(of key: String, macroHosts: [TypeFacts] = [], bodies: [TypeFacts] = []) -> (StateModel?, [TypeFacts]) {
        var stateKey = key + ".State"
        if groups[stateKey] == nil, let target = aliases[Self.written(stateKey)] {
            // The aliased type as written (`Parent.ChildState`), else its base name.
            let written = String(target.prefix { $0 != "<" }).trimmingWhitespace()
            stateKey = groupNames.resolve(written, from: key)
                ?? groupNames.resolve(FeatureIndex.baseNames(of: target).first ?? target, from: key) ?? stateKey
        }
        guard let decls = groups[stateKey] else { return (nil, []) }
        let primary = decls.first { $0.kind != "extension" }
        var seen = Set<String>()
        var fields: [PropertyFacts] = []
        for d in decls { for p in d.properties where !p.isStatic && seen.insert(p.name).inserted { fields.append(p) } }
        // One declaration whose properties are all fields: its own array, not a copy (memory: every State has one).
        if decls.count == 1, fields.count == decls[0].properties.count { fields = decls[0].properties }
        // The declaration's own copy of the name when it is the key (no module mark): a name built here is a string of
        // its own for every feature.
        let name = decls.first { $0.qualifiedName == stateKey }?.qualifiedName ?? stateKey
        return (StateModel(qualifiedName: name, kind: primary?.kind ?? "extension",
                           isObservable: decls.contains { $0.attributes.contains("ObservableState") },
                           fields: fields, cases: Self.joined(decls, \.cases), declarations: decls.map { $0.location }.sorted(),
                           isCasePathable: Self.isCasePathable(decls, macroHosts: macroHosts),
                           isInFeatureBody: Self.isEnumDeclared(inBodyOf: bodies, decls)), decls)
    }

    // MARK: children

    private static func resolveChildren(of feature: Feature, names: NameTable) {
        var result: [Composition] = []
        result.reserveCapacity(feature.builders.reduce(0) { $0 + $1.edges.count })
        for builder in feature.builders {
            for (i, edge) in builder.edges.enumerated() {
                var c = Composition(builderFacts: builder, edgeIndex: i)
                let fieldName = edge.statePath.split(separator: ".").first.map { $0.hasPrefix("$") ? String($0.dropFirst()) : String($0) }
                if edge.scopedIn == nil, let fieldName, let state = feature.state {
                    c.setStateField(named: fieldName, in: state)
                }
                if edge.isIdentity {
                    result.append(c)
                    continue
                }
                if let type = edge.childType, let child = names.resolve(type, from: feature.qualifiedName, near: feature.location.path) {
                    c.child = child
                    c.resolvedFrom = "closure"
                } else if edge.scopedIn == nil, let type = c.stateField?.type ?? Self.enumStatePayload(feature.state, case: fieldName),
                          let typeName = Self.reducerTypeName(fromStateType: type),
                          let child = names.resolve(typeName, from: feature.qualifiedName, near: feature.location.path) {
                    c.child = child
                    c.resolvedFrom = "stateType"
                }
                result.append(c)
            }
        }
        feature.children = result
    }

    /// For `.ifCaseLet(\.loggedIn, …)` over an enum state: the payload of `case loggedIn(LoggedIn.State)`.
    private static func enumStatePayload(_ state: StateModel?, case name: String?) -> String? {
        guard let state, let name else { return nil }
        return state.cases.first { $0.name == name }?.payload
    }

    /// `Destination.State?`, `StackState<Path.State>`, `IdentifiedArrayOf<Row.State>`, `PresentationState<Child.State>`
    /// → the reducer type before the last `.State`.
    static func reducerTypeName(fromStateType type: String) -> String? {
        let chars = Array(type)
        let suffix = Array(".State")
        var end = chars.count - suffix.count
        // The last `.State` that is a whole name component (not `.StateMachine`).
        while end >= 0 {
            let after = end + suffix.count
            if Array(chars[end..<after]) == suffix && (after == chars.count || !(chars[after].isLetter || chars[after].isNumber)) { break }
            end -= 1
        }
        guard end > 0 else { return nil }
        let delimiters: Set<Character> = ["<", ",", " ", "(", "[", ":", "?", "!"]
        var start = end
        while start > 0 && !delimiters.contains(chars[start - 1]) { start -= 1 }
        return start < end ? String(chars[start..<end]) : nil
    }
}

/// Qualified type names and how a name written in some scope resolves to one of them.
struct NameTable {
    private(set) var known: Set<String> = []
    /// Keys by their last component as written (marks of colliding names left out), with the name as written,
    /// computed once (the mark is read again only when several names match).
    private var byLast: [String: [(key: String, written: String)]] = [:]
    let aliases: [String: String]

    init(names: [String], aliases: [String: String]) {
        self.aliases = aliases
        known.reserveCapacity(names.count)
        byLast.reserveCapacity(names.count)
        for n in names { insert(n) }
    }

    mutating func insert(_ name: String) {
        guard known.insert(name).inserted else { return }
        let written = FeatureMerger.written(name)
        let last = written.lastNameComponent
        byLast[last, default: []].append((name, written))
    }

    /// Nested in the context or one of its enclosing types, then a typealias there, then the one type
    /// anywhere with that (dotted) suffix — of several (a name declared in several modules), the one declared
    /// nearest to `near` in the folder tree.
    func resolve(_ name: String, from context: String, near: String? = nil, depth: Int = 0) -> String? {
        var scope = context
        while true {
            let candidate = scope.isEmpty ? name : scope + "." + name
            if known.contains(candidate) { return candidate }
            let aliasKey = FeatureMerger.written(candidate)
            if depth < 4, let target = aliases[aliasKey], let base = FeatureIndex.baseNames(of: target).first,
               base != name, let resolved = resolve(base, from: scope, near: near, depth: depth + 1) {
                return resolved
            }
            if scope.isEmpty { break }
            scope = FeatureMerger.lastDot(scope).map { String(scope[..<$0]) } ?? ""
        }
        let last = name.lastNameComponent
        let dotted = "." + name
        let matches = (byLast[last] ?? []).filter { $0.written == name || $0.written.hasSuffix(dotted) }
        if matches.count == 1 { return matches[0].key }
        // The same name in several modules: the one nearest to where it is written.
        guard matches.count > 1, let near else { return nil }
        let marks = matches.map { FeatureMerger.mark($0.key) }
        guard marks.allSatisfy({ $0 != nil }) else { return nil }
        let chosen = FeatureMerger.nearest(marks.compactMap { $0 }, to: near)
        return zip(matches, marks).first { $0.1 == chosen }?.0.key
    }

    /// The primary declaration an extension's written name extends: exact, then the one type with that suffix,
    /// then without leading (module) components; the name itself when none is found.
    func resolveExtension(_ written: String) -> String {
        if known.contains(written) { return written }
        var name = written
        while true {
            if let resolved = resolve(name, from: "") { return resolved }
            guard let dot = name.firstIndex(of: ".") else { return written }
            name = String(name[name.index(after: dot)...])
        }
    }
}

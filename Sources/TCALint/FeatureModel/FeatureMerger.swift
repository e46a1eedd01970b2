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

    init(files: [FileFacts], reducerProtocols: Set<String>, protocolParent: [String: String], aliases: [String: String]) {
        self.files = files
        self.reducerProtocols = reducerProtocols
        self.protocolParent = protocolParent
        self.aliases = aliases
    }

    mutating func merge() -> [Feature] {
        groupDeclarations()
        groupNames = NameTable(names: groupOrder, aliases: aliases)
        let defaults = protocolDefaults()
        var features: [Feature] = []
        for key in groupOrder {
            guard let decls = groups[key] else { continue }
            if let evidence = reducerEvidence(decls) {
                features.append(feature(key: key, decls: decls, evidence: evidence, defaults: defaults))
            } else if let shared = protocolFeature(key: key, decls: decls) {
                features.append(shared)
            }
        }
        let names = NameTable(names: features.map { $0.qualifiedName }, aliases: aliases)
        for i in features.indices { resolveChildren(of: &features[i], names: names) }
        return features.sorted { ($0.qualifiedName, $0.location) < ($1.qualifiedName, $1.location) }
    }

    // MARK: grouping

    private mutating func groupDeclarations() {
        var primaries = NameTable(names: [], aliases: aliases)
        for file in files { for t in file.types where t.kind != "extension" { primaries.insert(t.qualifiedName) } }
        for file in files {
            for t in file.types {
                let key = t.kind == "extension" ? primaries.resolveExtension(t.name) : t.qualifiedName
                if groups[key] == nil {
                    groupOrder.append(key)
                    if let dot = key.lastIndex(of: ".") { nested[String(key[..<dot]), default: []].append(key) }
                }
                groups[key, default: []].append(t)
            }
        }
        // The primary declaration first, then the extensions in path and source order.
        for (key, decls) in groups where decls.count > 1 {
            groups[key] = decls.filter { $0.kind != "extension" } + decls.filter { $0.kind == "extension" }
        }
    }

    /// `["@Reducer"]`, or the inheritance path to TCA's protocol; nil when the type is not a reducer.
    private func reducerEvidence(_ decls: [TypeFacts]) -> [String]? {
        if decls.contains(where: { $0.attributes.contains("Reducer") && $0.kind != "extension" }) { return ["@Reducer"] }
        for d in decls {
            guard let name = d.inherits.first(where: reducerProtocols.contains) else { continue }
            var chain = [name]
            var current = name
            while let parent = protocolParent[current], chain.count < 32 { chain.append(parent); current = parent }
            return chain
        }
        return nil
    }

    /// Protocols whose extensions (`extension FeatureReducer { … }`, `extension Reducer where Self: FeatureReducer`)
    /// declare members: each gives those members to the features that conform to it.
    private func protocolDefaults() -> Set<String> {
        var result = Set<String>()
        for file in files {
            for t in file.types where t.kind == "extension" && reducerProtocols.contains(t.name) {
                guard !t.builders.isEmpty || !t.functions.isEmpty else { continue }
                let constrained = t.selfConstraints.filter(reducerProtocols.contains)
                if constrained.isEmpty { result.insert(t.name) } else { result.formUnion(constrained) }
            }
        }
        return result
    }

    // MARK: parts

    private func feature(key: String, decls: [TypeFacts], evidence: [String], defaults: Set<String>) -> Feature {
        let primary = decls.first { $0.kind != "extension" } ?? decls[0]
        let name = key.split(separator: ".").last.map(String.init) ?? key
        var chainNames = Set(evidence)
        for d in decls { for i in d.inherits where reducerProtocols.contains(i) { chainNames.formUnion(chain(i)) } }
        let action = actionModel(of: key)
        let (state, stateDecls) = stateModel(of: key)
        // Logic in the state's own methods (`mutating func fetch() -> Effect<Action>` on `State`) is the feature's too.
        var logic = decls.flatMap { $0.logic } + stateDecls.flatMap { $0.logic }
        for i in logic.indices { resolveActionPrefix(&logic[i], feature: key, name: name, action: action) }
        var feature = Feature(
            qualifiedName: key, name: name, kind: primary.kind, location: primary.location, reducerEvidence: evidence,
            declarations: decls.map { $0.location }.sorted(),
            builders: decls.flatMap { $0.builders }, logic: logic,
            functions: decls.flatMap { $0.functions }, action: action, state: state,
            children: [], protocolDefaults: chainNames.intersection(defaults).sorted(),
            enumCases: primary.kind == "enum" ? decls.flatMap { $0.cases } : [])
        feature.properties = decls.flatMap { $0.properties }
        feature.dependencies = decls.flatMap { $0.dependencies }
        for child in nested[key] ?? [] {
            guard let kind = groups[child]?.first(where: { $0.kind != "extension" })?.kind else { continue }
            feature.nestedTypes[String(child.dropFirst(key.count + 1))] = kind
        }
        return feature
    }

    /// An extension of a reducer protocol with logic or builders (`extension FeatureReducer { func reduce(into:
    /// viewAction:) … }`, `extension Reducer { func haptics(…) -> some ReducerOf<Self> { Reduce { … } } }`): the
    /// default implementations its conformers share, kept as a feature of kind `protocol`.
    private func protocolFeature(key: String, decls: [TypeFacts]) -> Feature? {
        guard reducerProtocols.contains(key), decls.allSatisfy({ $0.kind == "extension" }),
              decls.contains(where: { !$0.logic.isEmpty || !$0.builders.isEmpty }) else { return nil }
        var feature = Feature(
            qualifiedName: key, name: key, kind: "protocol", location: decls[0].location, reducerEvidence: chain(key),
            declarations: decls.map { $0.location }.sorted(), builders: decls.flatMap { $0.builders },
            logic: decls.flatMap { $0.logic }, functions: decls.flatMap { $0.functions }, action: ActionModel(), state: nil,
            children: [], protocolDefaults: [], enumCases: [])
        feature.dependencies = decls.flatMap { $0.dependencies }
        return feature
    }

    /// The cases a logic unit's incoming action is wrapped in, from the type of its action parameter: the case of
    /// the feature's `Action` whose payload is that type (`func reduce(into:action: ViewAction)` with
    /// `case view(ViewAction)` → [view]); none when it is the feature's `Action` itself. The label's guess made
    /// by the reader stays when the `Action` does not tell. Clause patterns are rewritten to the new prefix.
    private func resolveActionPrefix(_ logic: inout LogicFacts, feature key: String, name: String, action: ActionModel) {
        guard let written = logic.actionType else { return }
        var type = written
        for word in ["inout ", "borrowing ", "consuming ", "__owned ", " "] { type = type.replacingOccurrences(of: word, with: "") }
        let resolved: [String]?
        if ["Action", "Self.Action", name + ".Action", key + ".Action", "ActionOf<Self>", "ActionOf<\(name)>"].contains(type) {
            resolved = []
        } else if let root = action.enumNamed("Action") {
            let last = type.split(separator: ".").last.map(String.init) ?? type
            let match = root.cases.first { c in
                let payload = c.payload.replacingOccurrences(of: " ", with: "")
                return payload == type || payload == "Action." + type || (payload.split(separator: ".").last.map(String.init) == last && last != "Action")
            }
            resolved = match.map { [$0.name] }
        } else {
            resolved = nil
        }
        guard let prefix = resolved, prefix != logic.actionPrefix else { return }
        let old = logic.actionPrefix.count
        for c in logic.clauses.indices {
            logic.clauses[c].patterns = logic.clauses[c].patterns.map { p in prefix + (p.starts(with: logic.actionPrefix) ? Array(p.dropFirst(old)) : p) }
        }
        logic.actionPrefix = prefix
    }

    /// Whether the logic receives the feature's whole `Action` (`reduce(into:action:)` with `action: Action`), as the
    /// protocol's requirement does: not an overload for one nested action type.
    static func receivesWholeAction(_ logic: LogicFacts, feature: Feature) -> Bool {
        guard let written = logic.actionType, logic.actionPrefix.isEmpty else { return false }
        let type = written.replacingOccurrences(of: " ", with: "")
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

    private func actionModel(of key: String) -> ActionModel {
        var model = ActionModel()
        model.alias = aliases[key + ".Action"]
        for child in nested[key] ?? [] {
            let last = String(child.dropFirst(key.count + 1))
            guard last.hasSuffix("Action"), let decls = groups[child], decls.contains(where: { $0.kind == "enum" || $0.kind == "extension" }) else { continue }
            model.enums.append(actionEnum(last, decls))
            if last == "Action" {
                for inner in nested[child] ?? [] {
                    guard let innerDecls = groups[inner], innerDecls.contains(where: { $0.kind == "enum" }) else { continue }
                    model.enums.append(actionEnum("Action." + String(inner.dropFirst(child.count + 1)), innerDecls))
                }
            }
        }
        return model
    }

    private func actionEnum(_ name: String, _ decls: [TypeFacts]) -> ActionModel.ActionEnum {
        ActionModel.ActionEnum(name: name, cases: decls.flatMap { $0.cases }, declarations: decls.map { $0.location }.sorted(),
                               inherits: decls.flatMap { $0.inherits })
    }

    private func stateModel(of key: String) -> (StateModel?, [TypeFacts]) {
        var stateKey = key + ".State"
        if groups[stateKey] == nil, let target = aliases[stateKey] {
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
        return (StateModel(qualifiedName: stateKey, kind: primary?.kind ?? "extension",
                           isObservable: decls.contains { $0.attributes.contains("ObservableState") },
                           fields: fields, cases: decls.flatMap { $0.cases }, declarations: decls.map { $0.location }.sorted()), decls)
    }

    // MARK: children

    private func resolveChildren(of feature: inout Feature, names: NameTable) {
        var result: [Composition] = []
        for builder in feature.builders {
            for edge in builder.edges {
                var c = Composition(edge: edge, builder: builder.name, child: nil, resolvedFrom: nil, stateField: nil)
                let fieldName = edge.statePath.split(separator: ".").first.map { $0.hasPrefix("$") ? String($0.dropFirst()) : String($0) }
                if edge.scopedIn == nil, let fieldName, let state = feature.state {
                    c.stateField = state.field(fieldName)
                }
                if edge.isIdentity {
                    result.append(c)
                    continue
                }
                if let type = edge.childType, let child = names.resolve(type, from: feature.qualifiedName) {
                    c.child = child
                    c.resolvedFrom = "closure"
                } else if edge.scopedIn == nil, let type = c.stateField?.type ?? enumStatePayload(feature.state, case: fieldName),
                          let typeName = Self.reducerTypeName(fromStateType: type),
                          let child = names.resolve(typeName, from: feature.qualifiedName) {
                    c.child = child
                    c.resolvedFrom = "stateType"
                }
                result.append(c)
            }
        }
        feature.children = result
    }

    /// For `.ifCaseLet(\.loggedIn, …)` over an enum state: the payload of `case loggedIn(LoggedIn.State)`.
    private func enumStatePayload(_ state: StateModel?, case name: String?) -> String? {
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
    private var byLast: [String: [String]] = [:]
    let aliases: [String: String]

    init(names: [String], aliases: [String: String]) {
        self.aliases = aliases
        for n in names { insert(n) }
    }

    mutating func insert(_ name: String) {
        guard known.insert(name).inserted else { return }
        let last = name.split(separator: ".").last.map(String.init) ?? name
        byLast[last, default: []].append(name)
    }

    /// Nested in the context or one of its enclosing types, then a typealias there, then the one type
    /// anywhere with that (dotted) suffix.
    func resolve(_ name: String, from context: String, depth: Int = 0) -> String? {
        var scope = context
        while true {
            let candidate = scope.isEmpty ? name : scope + "." + name
            if known.contains(candidate) { return candidate }
            if depth < 4, let target = aliases[candidate], let base = FeatureIndex.baseNames(of: target).first,
               base != name, let resolved = resolve(base, from: scope, depth: depth + 1) {
                return resolved
            }
            if scope.isEmpty { break }
            scope = scope.lastIndex(of: ".").map { String(scope[..<$0]) } ?? ""
        }
        let last = name.split(separator: ".").last.map(String.init) ?? name
        let matches = (byLast[last] ?? []).filter { $0 == name || $0.hasSuffix("." + name) }
        return matches.count == 1 ? matches[0] : nil
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

/// The app's feature tree as `tca-lint graph` draws it: one node per feature of the project model, one edge per
/// composition (`Scope`, `ifLet`, `forEach`, `ifCaseLet`, an `@Reducer enum` case), and the run's findings on the
/// feature they belong to. A view of `FeatureIndex`: it reads no token, and every renderer (Mermaid, DOT, SVG,
/// HTML) draws this one value, so the formats cannot disagree about what the app is.
public struct FeatureGraph: Sendable, Equatable {
    public struct Node: Sendable, Equatable {
        /// A stable, format-safe identifier (`f12`, `u3`), by position in qualified-name order.
        public var id: String
        /// The qualified name (`Settings.Destination`); for an unresolved child, what the code names.
        public var name: String
        /// `@Reducer struct`, `@Reducer enum`, `ReducerProtocol (legacy)`, `Reducer struct`…, or `unresolved`.
        public var kind: String
        /// `path:line` of the primary declaration; "" for an unresolved child.
        public var location: String
        public var findings: [NodeFinding]
        /// No feature composes it: the app's root, a feature composed only from a view (`Store(initialState:)`), or
        /// one no one uses.
        public var hasNoParent: Bool

        public var isUnresolved: Bool { kind == Node.unresolvedKind }
        public static let unresolvedKind = "unresolved"

        public var errorCount: Int { findings.filter { $0.severity == .error }.count }
        public var warningCount: Int { findings.filter { $0.severity == .warning }.count }
        /// The rule ids of its findings, sorted, once each.
        public var ruleIDs: [String] { Array(Set(findings.map(\.ruleID))).sorted() }
        /// `2 errors · 1 warning` in short, as every format shows it: `✖2 ▲1` ("" without findings).
        public var badge: String {
            var parts: [String] = []
            if errorCount > 0 { parts.append("✖\(errorCount)") }
            if warningCount > 0 { parts.append("▲\(warningCount)") }
            return parts.joined(separator: " ")
        }
        /// The line under the name in Mermaid and DOT: the kind (with `, no parent`), or that the child is unresolved.
        public var caption: String {
            isUnresolved ? "not resolved to a feature" : kind + (hasNoParent ? ", no parent" : "")
        }
        /// The badge and the rule ids (`▲2 reduce_before_scope, send_for_logic_reuse`), or nil without findings.
        public var findingsLine: String? { findings.isEmpty ? nil : badge + " " + ruleIDs.joined(separator: ", ") }
    }

    public struct NodeFinding: Sendable, Equatable {
        public var ruleID: String
        public var severity: Severity
        public var line: Int
        public var message: String
    }

    public struct Edge: Sendable, Equatable {
        public var from: String
        public var to: String
        /// How the parent composes the child: `Scope`, `ifLet`, `ifLet @Presents`, `forEach`, `forEach stack`,
        /// `ifCaseLet`, `case` (an `@Reducer enum`'s), `inline` (listed in the parent's body on its own state).
        public var how: String
        /// The state path or enum case (`\.$destination`, `.settings`); "" for `inline`.
        public var path: String
        /// `path:line` of the composition.
        public var location: String

        /// `ifLet @Presents \.$destination`: how and where, as the formats print it.
        public var label: String { path.isEmpty ? how : how + " " + path }
    }

    public var nodes: [Node]
    public var edges: [Edge]
    /// Findings of the run in no feature's declaration (a view file, a test, a free function).
    public var findingsOutsideFeatures: Int

    public init(nodes: [Node], edges: [Edge], findingsOutsideFeatures: Int = 0) {
        self.nodes = nodes
        self.edges = edges
        self.findingsOutsideFeatures = findingsOutsideFeatures
    }

    public func node(_ id: String) -> Node? { nodes.first { $0.id == id } }
    public func children(of id: String) -> [Edge] { edges.filter { $0.from == id } }
    public func parents(of id: String) -> [Edge] { edges.filter { $0.to == id } }

    /// Each node's depth: 0 for a feature no composition reaches, then the fewest compositions from one. A node only
    /// a cycle reaches is absent.
    public func depths() -> [String: Int] {
        var depth: [String: Int] = [:]
        var frontier = nodes.filter { $0.hasNoParent }.map(\.id)
        for id in frontier { depth[id] = 0 }
        var childrenOf: [String: [String]] = [:]
        for e in edges { childrenOf[e.from, default: []].append(e.to) }
        var level = 0
        while !frontier.isEmpty {
            level += 1
            var next: [String] = []
            for id in frontier {
                for child in childrenOf[id] ?? [] where depth[child] == nil {
                    depth[child] = level
                    next.append(child)
                }
            }
            frontier = next
        }
        return depth
    }
}

extension FeatureGraph {
    /// The graph of every feature of `index`, with `diagnostics` placed on the feature whose declaration holds them
    /// (the innermost one: a finding in `Settings.Destination` belongs to it, not to `Settings`).
    /// `relativeTo`: a folder prefix cut from the paths shown (the working directory), or "".
    public init(index: FeatureIndex, diagnostics: [Diagnostic] = [], relativeTo root: String = "") {
        let features = index.features.filter { !$0.isProtocol && !$0.isHelper }
        var idOf: [String: String] = [:]
        for (i, f) in features.enumerated() where idOf[f.qualifiedName] == nil { idOf[f.qualifiedName] = "f\(i)" }
        func shown(_ path: String) -> String {
            guard !root.isEmpty, path.hasPrefix(root) else { return path }
            let rest = path.dropFirst(root.count)
            return rest.hasPrefix("/") ? String(rest.dropFirst()) : String(rest)
        }

        var edges: [Edge] = []
        var unresolved: [Node] = []
        func addUnresolved(_ name: String) -> String {
            let id = "u\(unresolved.count)"
            unresolved.append(Node(id: id, name: name, kind: Node.unresolvedKind, location: "", findings: [], hasNoParent: false))
            return id
        }
        for f in features {
            guard let from = idOf[f.qualifiedName] else { continue }
            for c in f.children where !Composition.isPromptField(c.stateField) && !(c.edge.isIdentity && c.child == nil) {
                let how = Self.how(c)
                let path = c.edge.statePath.isEmpty ? "" : "\\." + c.edge.statePath
                let to = c.child.flatMap { idOf[$0] } ?? addUnresolved(c.edge.childType ?? c.stateField.flatMap { Composition.reducerName(inStateType: $0.type) } ?? path)
                edges.append(Edge(from: from, to: to, how: how, path: path,
                                  location: "\(shown(c.edge.location.path)):\(c.edge.location.line)"))
            }
            for inline in f.inlineReducers(in: index) {
                guard let to = idOf[inline.feature.qualifiedName] else { continue }
                edges.append(Edge(from: from, to: to, how: "inline", path: "",
                                  location: "\(shown(inline.builder.location.path)):\(inline.builder.location.line)"))
            }
            for enumCase in f.enumCases {
                let payload = enumCase.payload.trimmingWhitespace()
                // An alert or confirmation dialog case holds state, not a reducer.
                guard !payload.isEmpty, !Self.isNonReducerPayload(payload) else { continue }
                let child = index.feature(named: payload, from: f.qualifiedName, near: f.location.path)
                let to = child.flatMap { idOf[$0.qualifiedName] } ?? addUnresolved(payload)
                edges.append(Edge(from: from, to: to, how: "case", path: "." + enumCase.name,
                                  location: "\(shown(f.location.path)):\(f.location.line)"))
            }
        }

        let (findings, outside) = Self.place(diagnostics, in: index, ids: idOf)
        let composed = Set(edges.map(\.to))
        var nodes = features.enumerated().compactMap { i, f -> Node? in
            // A second feature under one qualified name (never, unless the model merges badly) is drawn once.
            guard let id = idOf[f.qualifiedName], id == "f\(i)" else { return nil }
            return Node(id: id, name: Self.displayed(f.qualifiedName), kind: Self.kind(of: f),
                        location: "\(shown(f.location.path)):\(f.location.line)",
                        findings: findings[id] ?? [], hasNoParent: !composed.contains(id))
        }
        nodes += unresolved
        self.init(nodes: nodes, edges: edges, findingsOutsideFeatures: outside)
    }

    /// `@Reducer struct`, `@Reducer enum`, `ReducerProtocol (legacy)`, or the protocol it conforms to and its kind.
    static func kind(of f: Feature) -> String {
        if f.reducerEvidence.first == "@Reducer" { return "@Reducer \(f.kind)" }
        if f.reducerEvidence.contains("ReducerProtocol") { return "ReducerProtocol (legacy) \(f.kind)" }
        return "\(f.reducerEvidence.first ?? "Reducer") \(f.kind)"
    }

    /// How a composition embeds its child, from the operator and the parent's state field (`@Presents` tells a
    /// presentation; `StackState` a navigation stack).
    static func how(_ c: Composition) -> String {
        switch c.edge.operation {
        case "ifLet" where c.stateField?.isPresented == true || c.edge.statePath.hasPrefix("$"):
            return "ifLet @Presents"
        case "forEach" where c.stateField?.isStack == true:
            return "forEach stack"
        default:
            return c.edge.operation
        }
    }

    /// A qualified name as the code writes it: without the `{path}` mark the model adds to a name declared in
    /// several modules (`Settings{Sources/A/Settings.swift}.Destination` → `Settings.Destination`).
    static func displayed(_ qualifiedName: String) -> String {
        guard qualifiedName.utf8.contains(UInt8(ascii: "{")) else { return qualifiedName }
        var result = ""
        var depth = 0
        for c in qualifiedName {
            if c == "{" { depth += 1 } else if c == "}" { depth -= 1 } else if depth == 0 { result.append(c) }
        }
        return result
    }

    static func isNonReducerPayload(_ payload: String) -> Bool {
        // `BottomMenuState<Action>`, `AlertState<Action>`: a value presented, named as state by convention.
        let base = payload.firstIndex(of: "<").map { String(payload[..<$0]) } ?? payload
        return base.hasSuffix("State") || ["Void", "String", "Int", "Bool"].contains(base)
    }

    /// Each diagnostic on the feature it belongs to (`FeatureIndex.feature(owning:in:)`: the innermost feature
    /// declaration holding it, else the feature whose store the view holding it holds).
    static func place(_ diagnostics: [Diagnostic], in index: FeatureIndex,
                      ids: [String: String]) -> (byNode: [String: [NodeFinding]], outside: Int) {
        var byNode: [String: [NodeFinding]] = [:]
        var outside = 0
        for d in diagnostics {
            if let owner = index.feature(owning: d.range.lowerBound, in: d.path), let id = ids[owner.qualifiedName] {
                byNode[id, default: []].append(NodeFinding(ruleID: d.ruleID, severity: d.severity, line: d.line, message: d.message))
            } else {
                outside += 1
            }
        }
        return (byNode, outside)
    }
}

extension FeatureGraph {
    /// The part of the graph a team asks about in a big app.
    public struct Focus: Sendable {
        /// A feature's qualified or last name: only it and what it composes, transitively.
        public var root: String?
        /// At most this many edges below the roots kept (the root is depth 0).
        public var depth: Int?
        /// Only features with findings and the features on a path from a root to them.
        public var onlyFindings = false

        public init(root: String? = nil, depth: Int? = nil, onlyFindings: Bool = false) {
            self.root = root
            self.depth = depth
            self.onlyFindings = onlyFindings
        }
    }

    public enum FocusError: Error, Equatable, CustomStringConvertible {
        case unknownRoot(String, suggestions: [String])
        case ambiguousRoot(String, candidates: [String])

        public var description: String {
            switch self {
            case .unknownRoot(let name, let suggestions):
                return "no feature named '\(name)' in the project"
                    + (suggestions.isEmpty ? "" : "; did you mean \(suggestions.joined(separator: ", "))?")
            case .ambiguousRoot(let name, let candidates):
                return "'\(name)' names several features: \(candidates.joined(separator: ", ")); pass the qualified name"
            }
        }
    }

    /// The subgraph `focus` asks for.
    public func focused(_ focus: Focus) throws -> FeatureGraph {
        var keep = Set(nodes.map(\.id))
        if focus.root != nil || focus.depth != nil {
            let starts: [String]
            if let root = focus.root {
                let exact = nodes.filter { !$0.isUnresolved && $0.name == root }
                let byLastName = nodes.filter { !$0.isUnresolved && $0.name.split(separator: ".").last.map(String.init) == root }
                let found = exact.isEmpty ? byLastName : exact
                if found.count > 1 { throw FocusError.ambiguousRoot(root, candidates: found.map(\.name).sorted()) }
                guard let start = found.first else {
                    let names = nodes.filter { !$0.isUnresolved }.map(\.name)
                    let close = names.filter { $0.lowercased().contains(root.lowercased()) }.sorted().prefix(5)
                    throw FocusError.unknownRoot(root, suggestions: Array(close))
                }
                starts = [start.id]
            } else {
                starts = nodes.filter { $0.hasNoParent }.map(\.id)
            }
            keep = reachable(from: starts, depth: focus.depth)
        }
        if focus.onlyFindings {
            let withFindings = Set(nodes.filter { keep.contains($0.id) && !$0.findings.isEmpty }.map(\.id))
            keep = ancestors(of: withFindings, within: keep).union(withFindings)
        }
        return FeatureGraph(nodes: nodes.filter { keep.contains($0.id) },
                            edges: edges.filter { keep.contains($0.from) && keep.contains($0.to) },
                            findingsOutsideFeatures: findingsOutsideFeatures)
    }

    /// Breadth first from `starts`, at most `depth` edges down.
    func reachable(from starts: [String], depth: Int?) -> Set<String> {
        var seen = Set(starts)
        var frontier = starts
        var level = 0
        var childrenOf: [String: [String]] = [:]
        for e in edges { childrenOf[e.from, default: []].append(e.to) }
        while !frontier.isEmpty, depth.map({ level < $0 }) ?? true {
            var next: [String] = []
            for id in frontier {
                for child in childrenOf[id] ?? [] where seen.insert(child).inserted { next.append(child) }
            }
            frontier = next
            level += 1
        }
        return seen
    }

    /// Every node kept that has a path to one of `targets`.
    func ancestors(of targets: Set<String>, within kept: Set<String>) -> Set<String> {
        var parentsOf: [String: [String]] = [:]
        for e in edges where kept.contains(e.from) && kept.contains(e.to) { parentsOf[e.to, default: []].append(e.from) }
        var seen = Set<String>()
        var stack = Array(targets)
        while let id = stack.popLast() {
            for p in parentsOf[id] ?? [] where seen.insert(p).inserted { stack.append(p) }
        }
        return seen
    }
}


/// `tca-lint migrate`: what stands between a project and a TCA release. One item per deprecation rule (a family of
/// deprecated APIs), with its uses, the features they are in, and how many `--fix` rewrites safely, how many only
/// with `--unsafe`, and how many need a person. Built from the deprecation rules' diagnostics and the feature model,
/// so the report and `lint` can never disagree.
public struct MigrationReport: Sendable {
    public struct Item: Sendable, Equatable {
        public var ruleID: String
        public var summary: String
        public var deprecatedIn: TCAVersion
        public var reference: String
        public var uses: Int
        public var files: Int
        /// Uses by feature (qualified name), in `order`; `(outside any feature)` for code in no reducer.
        public var features: [(name: String, uses: Int)]
        public var order: MigrationOrder
        public var safe: Int
        public var unsafe: Int
        public var manual: Int

        public static func == (a: Item, b: Item) -> Bool {
            a.ruleID == b.ruleID && a.uses == b.uses && a.files == b.files && a.safe == b.safe && a.unsafe == b.unsafe
                && a.manual == b.manual && a.features.map(\.name) == b.features.map(\.name)
                && a.features.map(\.uses) == b.features.map(\.uses)
        }
    }

    /// The version the project builds with, as found in its files.
    public var detected: DetectedTCAVersion?
    /// `tca_version:` of the configuration, when set.
    public var configured: TCAVersion?
    /// `--target-tca`, when given: only deprecations up to it are listed.
    public var target: TCAVersion?
    public var items: [Item]

    static let outside = "(outside any feature)"

    /// `diagnostics`: the deprecation rules' findings over the project (`index`).
    public init(diagnostics: [Diagnostic], index: FeatureIndex, rules: [any DeprecationRule.Type],
                detected: DetectedTCAVersion?, configured: TCAVersion?, target: TCAVersion?) {
        self.detected = detected
        self.configured = configured
        self.target = target
        let graph = FeatureGraph(index: index, diagnostics: diagnostics)
        // Which feature each finding is in: the graph places findings on features (the one reading of "where").
        var featureOf: [String: [String: Int]] = [:]  // rule → feature → uses
        var placed: [String: Int] = [:]
        let depths = graph.depths()
        var depthOf: [String: Int] = [:]  // feature name → its depth in the app
        for node in graph.nodes { depthOf[node.name] = depths[node.id] }
        for node in graph.nodes {
            for f in node.findings {
                featureOf[f.ruleID, default: [:]][node.name, default: 0] += 1
                placed[f.ruleID, default: 0] += 1
            }
        }
        var items: [Item] = []
        for rule in rules.sorted(by: { ($0.deprecatedIn, $0.description.id) < ($1.deprecatedIn, $1.description.id) }) {
            let id = rule.description.id
            // Up to the target; without one, up to the newest release (not what only TCA's main branch has).
            if rule.deprecatedIn > (target ?? TCAVersion.newestRelease) { continue }
            let found = diagnostics.filter { $0.ruleID == id }
            var features = featureOf[id] ?? [:]
            let outside = found.count - (placed[id] ?? 0)
            if outside > 0 { features[Self.outside] = outside }
            let ordered: [(key: String, value: Int)]
            switch rule.migrationOrder {
            case .mostUsesFirst:
                ordered = features.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            case .outsideIn:
                // Roots first; code in no feature last, as nothing places it in the tree.
                func depth(_ name: String) -> Int { depthOf[name] ?? Int.max }
                ordered = features.sorted { (depth($0.key), $1.value, $0.key) < (depth($1.key), $0.value, $1.key) }
            }
            items.append(Item(
                ruleID: id, summary: rule.description.summary, deprecatedIn: rule.deprecatedIn,
                reference: rule.reference, uses: found.count, files: Set(found.map(\.path)).count,
                features: ordered.map { ($0.key, $0.value) }, order: rule.migrationOrder,
                safe: found.filter { $0.fix?.applicability == .safe }.count,
                unsafe: found.filter { $0.fix?.applicability == .unsafe }.count,
                manual: found.filter { $0.fix == nil }.count))
        }
        self.items = items
    }

    /// The version the report reads the project as on.
    public var projectVersion: TCAVersion? { configured ?? detected?.version }

    public var totalUses: Int { items.reduce(0) { $0 + $1.uses } }

    /// "Ready for TCA 1.7: …", one line.
    public var summaryLine: String {
        let goal = target.map { "TCA \($0)" } ?? "the TCA releases tca-lint knows"
        let total = totalUses
        guard total > 0 else { return "Ready for \(goal): no use of a deprecated API found." }
        let safe = items.reduce(0) { $0 + $1.safe }, unsafe = items.reduce(0) { $0 + $1.unsafe }
        let manual = items.reduce(0) { $0 + $1.manual }
        return "Not yet ready for \(goal): \(total) use\(total == 1 ? "" : "s") of deprecated APIs; "
            + "\(safe) fixed by `\(fixCommand)`, \(unsafe) more by `--fix --unsafe` (review them), \(manual) by hand."
    }

    /// The command that applies the rewrites the report counts: judged against the target, else the newest release
    /// that deprecated something the report can rewrite, named only when the project's own version is older (or not
    /// known): babylon on TCA 1.23 is told `tca-lint --fix`, a project on 0.55 `tca-lint --fix --target-tca 0.57.0`.
    var fixCommand: String {
        if let target { return "tca-lint --fix --target-tca \(target)" }
        guard let needed = items.filter({ $0.safe + $0.unsafe > 0 }).map(\.deprecatedIn).max() else { return "tca-lint --fix" }
        if let own = configured ?? detected?.version, own >= needed { return "tca-lint --fix" }
        return "tca-lint --fix --target-tca \(needed)"
    }

    /// `releases/tag/0.57.0` → `0.57.0 release notes`; `MigratingTo1.4.md#…` → `MigratingTo1.4`.
    static func shortName(_ url: String) -> String {
        if let tag = url.firstRange(of: "/releases/tag/") { return String(url[tag.upperBound...]) + " release notes" }
        let last = url.split(separator: "/").last.map(String.init) ?? url
        return String(last.prefix { $0 != "." && $0 != "#" || last.hasPrefix("MigratingTo") && $0 != "#" })
            .replacingAll(".md", with: "")
    }

    /// For a pull request's description.
    public func markdown() -> String {
        var out = "# TCA migration report\n\n"
        out += "- Project's TCA: " + versionLine + "\n"
        if let target { out += "- Target: TCA \(target)\n" }
        out += "\n**\(summaryLine)**\n\n"
        out += "| deprecation | since | uses | files | `--fix` | `--fix --unsafe` | by hand | TCA's notes |\n|---|---|---|---|---|---|---|---|\n"
        for item in items {
            out += "| `\(item.ruleID)`: \(item.summary) | \(item.deprecatedIn) | \(item.uses) | \(item.files) | \(item.safe) | \(item.unsafe) | \(item.manual)"
            out += " | [\(Self.shortName(item.reference))](\(item.reference)) |\n"
        }
        for item in items where item.uses > 0 {
            out += "\n## `\(item.ruleID)`\n\n"
            if item.order == .outsideIn {
                out += "From the root features down, the order TCA's migration guide advises (a modern parent of legacy children behaves better than the opposite):\n\n"
            }
            for f in item.features.prefix(30) { out += "- \(f.name): \(f.uses)\n" }
            if item.features.count > 30 { out += "- … and \(item.features.count - 30) more features\n" }
        }
        out += "\nOrder: the oldest deprecation first, as TCA's migration guides follow one another. Upgrade TCA, run `\(fixCommand)` "
            + "for the safe rewrites, then add `--unsafe --diff` to review the rest.\n"
        return out
    }

    var versionLine: String {
        if let configured { return "\(configured) (tca_version in the configuration)" }
        guard let detected else { return "unknown (no Package.resolved or manifest names swift-composable-architecture; set tca_version)" }
        guard let version = detected.version else {
            return "unknown (a revision without a version is resolved in \(detected.source); set tca_version)"
        }
        var line = "\(version) (\(detected.kind == .resolved ? "resolved in" : "lowest the requirement allows in") \(detected.source))"
        if !detected.others.isEmpty { line += "; other parts of the project: " + detected.others.map(\.description).joined(separator: ", ") }
        return line
    }

    public func json() -> String {
        var object: JSONObject = [
            "summary": .string(summaryLine),
            "projectVersion": projectVersion.map { .string($0.description) } ?? .null,
            "versionSource": .string(versionLine),
            "target": target.map { .string($0.description) } ?? .null,
            "deprecations": .array(items.map { item in
                .object([
                    "rule": .string(item.ruleID), "summary": .string(item.summary),
                    "deprecatedIn": .string(item.deprecatedIn.description), "reference": .string(item.reference),
                    "uses": .int(item.uses), "files": .int(item.files), "safeFixes": .int(item.safe),
                    "unsafeFixes": .int(item.unsafe), "manual": .int(item.manual),
                    "features": .array(item.features.map { .object(["feature": .string($0.name), "uses": .int($0.uses)]) }),
                    "featureOrder": .string(item.order.rawValue),
                ])
            }),
        ]
        object.members.sort { $0.key < $1.key }
        return JSONWriter.prettyPrinted(.object(object)) + "\n"
    }
}

/// `tca-lint graph --format json`: the graph's nodes and edges as data, for scripts and other drawing tools.
/// The HTML output embeds the same document.
public enum JSONGraph {
    public static func render(_ graph: FeatureGraph) -> String {
        JSONWriter.prettyPrinted(value(graph)) + "\n"
    }

    static func value(_ graph: FeatureGraph) -> JSONValue {
        .object([
            "nodes": .array(graph.nodes.map { n in
                .object([
                    "id": .string(n.id), "name": .string(n.name), "kind": .string(n.kind), "at": .string(n.location),
                    "noParent": .bool(n.hasNoParent), "unresolved": .bool(n.isUnresolved),
                    "findings": .array(n.findings.map { f in
                        .object(["rule": .string(f.ruleID), "severity": .string(f.severity.rawValue), "line": .int(f.line),
                                 "message": .string(f.message)])
                    }),
                ])
            }),
            "edges": .array(graph.edges.map { e in
                .object(["from": .string(e.from), "to": .string(e.to), "how": .string(e.how), "path": .string(e.path),
                         "at": .string(e.location)])
            }),
            "findingsOutsideFeatures": .int(graph.findingsOutsideFeatures),
        ])
    }
}

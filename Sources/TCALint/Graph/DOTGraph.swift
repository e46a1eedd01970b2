/// `tca-lint graph --format dot`: Graphviz's DOT language (https://graphviz.org/doc/info/lang.html), for `dot -Tsvg`
/// and the many tools that read it.
public enum DOTGraph {
    public static func render(_ graph: FeatureGraph) -> String {
        var out = "digraph features {\n"
        out += "  rankdir=TB;\n"
        out += "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", fontname=\"Helvetica\", fontsize=11];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#607d8b\"];\n"
        for node in graph.nodes {
            var attributes = ["label=\(quoted(label(node)))"]
            if !node.location.isEmpty { attributes.append("tooltip=\(quoted(node.location))") }
            if node.isUnresolved {
                attributes.append("style=\"rounded,dashed\"")
                attributes.append("fontcolor=\"#666666\"")
            } else if node.errorCount > 0 {
                attributes += ["color=\"#c62828\"", "penwidth=3"]
            } else if node.warningCount > 0 {
                attributes += ["color=\"#ef6c00\"", "penwidth=3"]
            }
            if node.hasNoParent && !node.isUnresolved { attributes.append("fillcolor=\"#e8eaf6\"") }
            out += "  \(node.id) [\(attributes.joined(separator: ", "))];\n"
        }
        for edge in graph.edges {
            out += "  \(edge.from) -> \(edge.to) [label=\(quoted(edge.label)), tooltip=\(quoted(edge.location))];\n"
        }
        out += "}\n"
        return out
    }

    static func label(_ node: FeatureGraph.Node) -> String {
        ([node.name, node.caption] + (node.findingsLine.map { [$0] } ?? [])).joined(separator: "\n")
    }

    /// A DOT double-quoted string: `"` and `\` escaped (so `\.$destination` prints as written), newlines as `\n`.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for c in text {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": break
            default: out.append(c)
            }
        }
        return out + "\""
    }
}

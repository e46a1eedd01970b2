/// `tca-lint graph --format mermaid`: a Mermaid flowchart, which GitHub renders where it is pasted in a pull
/// request, an issue or a Markdown file (https://mermaid.js.org/syntax/flowchart.html).
public enum MermaidGraph {
    public static func render(_ graph: FeatureGraph) -> String {
        var out = "flowchart TD\n"
        for node in graph.nodes {
            out += "  \(node.id)[\"\(label(node))\"]"
            if let style = style(node) { out += ":::\(style)" }
            out += "\n"
        }
        for edge in graph.edges {
            out += "  \(edge.from) -->|\"\(escaped(edge.label))\"| \(edge.to)\n"
        }
        out += "  classDef error stroke:#c62828,stroke-width:3px\n"
        out += "  classDef warning stroke:#ef6c00,stroke-width:3px\n"
        out += "  classDef unresolved stroke-dasharray:5 5,color:#666\n"
        out += "  classDef noParent fill:#e8eaf6\n"
        return out
    }

    /// Name, kind, and findings (`✖1 ▲2 rule_a, rule_b`) on lines of their own.
    static func label(_ node: FeatureGraph.Node) -> String {
        let lines = [escaped(node.name), "<i>" + escaped(node.caption) + "</i>"] + (node.findingsLine.map { [escaped($0)] } ?? [])
        return lines.joined(separator: "<br/>")
    }

    static func style(_ node: FeatureGraph.Node) -> String? {
        if node.isUnresolved { return "unresolved" }
        if node.errorCount > 0 { return "error" }
        if node.warningCount > 0 { return "warning" }
        return node.hasNoParent ? "noParent" : nil
    }

    /// Text inside a quoted Mermaid label: quotes and angle brackets as Mermaid's entity codes, so a generic name
    /// (`Reducer<State, Action>`) cannot end the label or open an HTML tag.
    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "\"": out += "#quot;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "#": out += "#35;"
            case "\n", "\r": out += " "
            default: out.append(c)
            }
        }
        return out
    }
}

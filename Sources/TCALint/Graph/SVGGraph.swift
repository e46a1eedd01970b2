/// `tca-lint graph --format svg`: the graph drawn by `GraphLayout`, as one SVG file that needs no renderer and no
/// font beyond the system's monospace. The HTML output embeds the same drawing.
public enum SVGGraph {
    /// `standalone`: an SVG file of its own (XML declaration, namespace, style); otherwise an element for HTML.
    public static func render(_ graph: FeatureGraph, layout: GraphLayout? = nil, standalone: Bool = true) -> String {
        let layout = layout ?? GraphLayout(graph)
        let w = format(max(layout.width, 200)), h = format(max(layout.height, 80))
        var out = ""
        if standalone { out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" }
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"graph\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\""
        out += " font-family=\"ui-monospace, Menlo, Consolas, monospace\" font-size=\"12\">\n"
        out += "<title>Feature graph: \(graph.nodes.count) features and compositions, \(graph.edges.count) edges</title>\n"
        if standalone { out += "<style>\(style)</style>\n" }
        out += "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">"
        out += "<path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"#78909c\"/></marker></defs>\n"
        out += "<rect class=\"background\" width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        out += "<g id=\"edges\">\n"
        var siblings: [String: Int] = [:]
        for (i, edge) in graph.edges.enumerated() {
            guard let a = layout.boxes[edge.from], let b = layout.boxes[edge.to] else { continue }
            // A parent's edges put their labels at two heights in turn, so neighbours' labels do not overlap.
            let sibling = siblings[edge.from, default: 0]
            siblings[edge.from] = sibling + 1
            let (d, mid) = path(from: a, to: b, labelAt: sibling % 2 == 0 ? 0.75 : 0.45)
            out += "<g class=\"edge\" id=\"edge-\(i)\" data-from=\"\(edge.from)\" data-to=\"\(edge.to)\">"
            out += "<title>\(XMLEscaping.escape(edge.label + " (" + edge.location + ")"))</title>"
            out += "<path d=\"\(d)\" fill=\"none\" stroke=\"#90a4ae\" stroke-width=\"1.3\" marker-end=\"url(#arrow)\"/>"
            out += "<text class=\"edge-label\" x=\"\(format(mid.x))\" y=\"\(format(mid.y))\" text-anchor=\"middle\" font-size=\"10\""
            out += " fill=\"#455a64\" stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\">\(XMLEscaping.escape(edge.label))</text></g>\n"
        }
        out += "</g>\n<g id=\"nodes\">\n"
        for node in graph.nodes {
            guard let box = layout.boxes[node.id] else { continue }
            out += "<g class=\"node \(classes(node))\" id=\"node-\(node.id)\" data-id=\"\(node.id)\" data-name=\"\(XMLEscaping.escape(node.name))\">"
            out += "<title>\(XMLEscaping.escape(tooltip(node)))</title>"
            out += "<rect x=\"\(format(box.x))\" y=\"\(format(box.y))\" width=\"\(format(box.width))\" height=\"\(format(box.height))\""
            out += " rx=\"7\" fill=\"\(fill(node))\" stroke=\"\(stroke(node))\" stroke-width=\"\(node.findings.isEmpty ? "1.2" : "2.5")\""
            out += node.isUnresolved ? " stroke-dasharray=\"5 4\"/>" : "/>"
            out += "<text x=\"\(format(box.x + 10))\" y=\"\(format(box.y + 19))\" font-weight=\"bold\" fill=\"#263238\">\(XMLEscaping.escape(node.name))</text>"
            let kind = node.isUnresolved ? "not resolved" : node.kind
            out += "<text x=\"\(format(box.x + 10))\" y=\"\(format(box.y + 36))\" font-size=\"11\" fill=\"#607d8b\">\(XMLEscaping.escape(kind))</text>"
            if !node.findings.isEmpty {
                out += "<text class=\"badge\" x=\"\(format(box.x + box.width - 8))\" y=\"\(format(box.y + 19))\" text-anchor=\"end\""
                out += " fill=\"\(stroke(node))\" font-weight=\"bold\">\(XMLEscaping.escape(node.badge))</text>"
            }
            out += "</g>\n"
        }
        out += "</g>\n</svg>\n"
        return out
    }

    static let style = ".node { cursor: pointer; } .edge-label { pointer-events: none; }"

    static func classes(_ node: FeatureGraph.Node) -> String {
        var c: [String] = []
        if node.isUnresolved { c.append("unresolved") }
        if node.errorCount > 0 { c.append("has-errors") } else if node.warningCount > 0 { c.append("has-warnings") }
        if node.hasNoParent { c.append("no-parent") }
        return c.joined(separator: " ")
    }

    static func tooltip(_ node: FeatureGraph.Node) -> String {
        var lines = [node.name + (node.location.isEmpty ? "" : " — " + node.location), node.kind]
        if node.hasNoParent && !node.isUnresolved { lines.append("no feature composes it (a root, or unused)") }
        for f in node.findings { lines.append("\(f.severity.rawValue) line \(f.line) [\(f.ruleID)]") }
        return lines.joined(separator: "\n")
    }

    static func fill(_ node: FeatureGraph.Node) -> String {
        if node.isUnresolved { return "#fafafa" }
        return node.hasNoParent ? "#e8eaf6" : "#ffffff"
    }

    static func stroke(_ node: FeatureGraph.Node) -> String {
        if node.errorCount > 0 { return "#c62828" }
        if node.warningCount > 0 { return "#ef6c00" }
        return node.isUnresolved ? "#9e9e9e" : "#546e7a"
    }

    /// A cubic curve from the parent's bottom to the child's top; one that goes back up (a cycle) leaves and
    /// enters on the right. Returns the path and where its label goes.
    static func path(from a: GraphLayout.Box, to b: GraphLayout.Box, labelAt t: Double) -> (String, (x: Double, y: Double)) {
        let p0: (x: Double, y: Double), p1: (x: Double, y: Double), p2: (x: Double, y: Double), p3: (x: Double, y: Double)
        if b.y > a.y {
            p0 = (a.centerX, a.y + a.height)
            p3 = (b.centerX, b.y)
            let dy = (p3.y - p0.y) / 2
            p1 = (p0.x, p0.y + dy)
            p2 = (p3.x, p3.y - dy)
        } else {
            p0 = (a.x + a.width, a.y + a.height / 2)
            p3 = (b.x + b.width, b.y + b.height / 2)
            p1 = (p0.x + 70, p0.y)
            p2 = (p3.x + 70, p3.y)
        }
        // The label sits on the curve at `t`, low enough that siblings' edges have spread apart (at the middle, the
        // labels of a parent's many children overlap).
        let u = 1 - t
        let (c0, c1, c2, c3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        let mid = (x: c0 * p0.x + c1 * p1.x + c2 * p2.x + c3 * p3.x, y: c0 * p0.y + c1 * p1.y + c2 * p2.y + c3 * p3.y)
        let d = "M\(format(p0.x)),\(format(p0.y)) C\(format(p1.x)),\(format(p1.y)) \(format(p2.x)),\(format(p2.y)) \(format(p3.x)),\(format(p3.y))"
        return (d, mid)
    }

    /// One decimal at most, the same on every platform (no locale, no `%g`).
    static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = abs(tenths)
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }
}

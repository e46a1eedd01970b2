/// Positions for drawing a `FeatureGraph` without Graphviz (the SVG and HTML outputs must need nothing installed):
/// a layered layout in the manner of Sugiyama et al. — layers by distance from the roots, order within a layer by
/// the barycentre of the neighbours, x by the parents' centre with overlaps pushed apart — computed for each
/// connected part of the app, and the parts packed in rows, so a forest of small features stays readable.
/// Deterministic: it depends only on the graph's node and edge order.
public struct GraphLayout: Sendable {
    public struct Box: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double
        public var centerX: Double { x + width / 2 }
    }

    /// By node id.
    public var boxes: [String: Box]
    public var width: Double
    public var height: Double

    /// Monospaced text at 12 px: every character is this wide, so a box fits its label without measuring fonts.
    static let characterWidth = 7.3
    static let nodeHeight = 46.0
    static let layerGap = 74.0
    static let nodeGap = 22.0
    static let margin = 20.0
    static let partGap = 48.0

    static func width(of node: FeatureGraph.Node) -> Double {
        let badge = node.findings.isEmpty ? 0 : Double(node.badge.count + 2)
        let longest = max(Double(node.name.count) + badge, Double(node.kind.count))
        return (longest * characterWidth + 20).rounded()
    }

    public init(_ graph: FeatureGraph, maxRowWidth: Double = 1600) {
        var index: [String: Int] = [:]
        for (i, n) in graph.nodes.enumerated() { index[n.id] = i }
        var children = Array(repeating: [Int](), count: graph.nodes.count)
        var parents = Array(repeating: [Int](), count: graph.nodes.count)
        for e in graph.edges {
            guard let a = index[e.from], let b = index[e.to], a != b else { continue }
            if !children[a].contains(b) { children[a].append(b) }
            if !parents[b].contains(a) { parents[b].append(a) }
        }
        let parts = Self.connectedParts(count: graph.nodes.count, children: children, parents: parents)
        var placed: [(boxes: [Int: Box], width: Double, height: Double)] = []
        for part in parts {
            placed.append(Self.layout(part: part, graph: graph, children: children, parents: parents))
        }
        // Rows of parts, biggest first (stable for equal sizes), each row as wide as allowed.
        let order = placed.indices.sorted { (placed[$0].width * placed[$0].height, -$0) > (placed[$1].width * placed[$1].height, -$1) }
        var boxes: [String: Box] = [:]
        var cursorX = Self.margin, cursorY = Self.margin, rowHeight = 0.0, totalWidth = 0.0
        for i in order {
            let part = placed[i]
            if cursorX > Self.margin && cursorX + part.width > maxRowWidth {
                cursorX = Self.margin
                cursorY += rowHeight + Self.partGap
                rowHeight = 0
            }
            for (node, box) in part.boxes {
                boxes[graph.nodes[node].id] = Box(x: box.x + cursorX, y: box.y + cursorY, width: box.width, height: box.height)
            }
            cursorX += part.width + Self.partGap
            totalWidth = max(totalWidth, cursorX - Self.partGap)
            rowHeight = max(rowHeight, part.height)
        }
        self.boxes = boxes
        self.width = (totalWidth + Self.margin).rounded(.up)
        self.height = (cursorY + rowHeight + Self.margin).rounded(.up)
    }

    /// The weakly connected parts, each in node order.
    static func connectedParts(count: Int, children: [[Int]], parents: [[Int]]) -> [[Int]] {
        var part = Array(repeating: -1, count: count)
        var parts: [[Int]] = []
        for start in 0..<count where part[start] < 0 {
            var members: [Int] = []
            var stack = [start]
            part[start] = parts.count
            while let n = stack.popLast() {
                members.append(n)
                for m in children[n] + parents[n] where part[m] < 0 {
                    part[m] = parts.count
                    stack.append(m)
                }
            }
            parts.append(members.sorted())
        }
        return parts
    }

    /// One part laid out from (0, 0).
    static func layout(part: [Int], graph: FeatureGraph, children: [[Int]], parents: [[Int]])
        -> (boxes: [Int: Box], width: Double, height: Double) {
        // Layers: the longest path from a node nothing composes (so a child composed by its parent and by the
        // parent's destination sits below both); the edges that close a cycle, found depth first, are left out.
        let members = Set(part)
        var state: [Int: UInt8] = [:]  // 1: on the current path, 2: done
        var backEdges = Set<[Int]>()
        var order: [Int] = []
        var starts = part.filter { parents[$0].isEmpty }
        if starts.isEmpty { starts = [part[0]] }
        for start in starts + part where state[start] == nil {
            // Iterative depth-first search: an app's tree can be deeper than the stack allows for recursion.
            var stack: [(node: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            while let top = stack.last {
                let kids = children[top.node].filter(members.contains)
                if top.next < kids.count {
                    stack[stack.count - 1].next += 1
                    let c = kids[top.next]
                    switch state[c] {
                    case nil:
                        state[c] = 1
                        stack.append((c, 0))
                    case 1: backEdges.insert([top.node, c])
                    default: break
                    }
                } else {
                    state[top.node] = 2
                    order.append(top.node)
                    stack.removeLast()
                }
            }
        }
        order.reverse()  // a topological order of the edges kept
        var layer: [Int: Int] = [:]
        for n in order {
            let above = parents[n].filter { members.contains($0) && !backEdges.contains([$0, n]) }
            layer[n] = above.compactMap { layer[$0] }.max().map { $0 + 1 } ?? 0
        }
        let layerCount = (layer.values.max() ?? 0) + 1
        var rows = Array(repeating: [Int](), count: layerCount)
        for n in order { rows[layer[n]!].append(n) }

        // Order within layers: barycentre of the neighbours in the layer above, then below, a few sweeps.
        var position: [Int: Double] = [:]
        func record() { for row in rows { for (i, n) in row.enumerated() { position[n] = Double(i) } } }
        record()
        for sweep in 0..<4 {
            let down = sweep % 2 == 0
            let range: [Int] = down ? Array(1..<max(layerCount, 1)) : Array((0..<max(layerCount - 1, 0)).reversed())
            for l in range {
                let neighbours: (Int) -> [Int] = { n in (down ? parents[n] : children[n]).filter { layer[$0] == (down ? l - 1 : l + 1) } }
                let keyed = rows[l].enumerated().map { i, n -> (Double, Int, Int) in
                    let ns = neighbours(n)
                    let centre = ns.isEmpty ? position[n]! : ns.map { position[$0]! }.reduce(0, +) / Double(ns.count)
                    return (centre, i, n)
                }
                rows[l] = keyed.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map { $0.2 }
                for (i, n) in rows[l].enumerated() { position[n] = Double(i) }
            }
        }

        // x: each node wants to sit under the centre of its parents; overlaps are pushed right, then the row is
        // pulled back left as far as its first node allows.
        var boxes: [Int: Box] = [:]
        for (l, row) in rows.enumerated() {
            var xs: [Double] = []
            var widths: [Double] = []
            for n in row {
                let w = width(of: graph.nodes[n])
                let above = parents[n].compactMap { boxes[$0] }
                let wanted = above.isEmpty ? 0 : above.map(\.centerX).reduce(0, +) / Double(above.count) - w / 2
                xs.append(wanted)
                widths.append(w)
            }
            var cursor = 0.0
            for i in xs.indices {
                xs[i] = max(xs[i], cursor)
                cursor = xs[i] + widths[i] + nodeGap
            }
            for (i, n) in row.enumerated() {
                boxes[n] = Box(x: xs[i], y: Double(l) * (nodeHeight + layerGap), width: widths[i], height: nodeHeight)
            }
        }
        let minX = boxes.values.map(\.x).min() ?? 0
        var width = 0.0
        for (n, b) in boxes {
            boxes[n]!.x = b.x - minX
            width = max(width, b.x - minX + b.width)
        }
        return (boxes, width, Double(layerCount) * (nodeHeight + layerGap) - layerGap)
    }
}

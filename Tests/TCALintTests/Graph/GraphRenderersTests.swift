import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import TCALint

/// The formats of `tca-lint graph`, on a graph written here: the expected texts are written by hand from the formats'
/// specifications (Mermaid flowchart, DOT), not produced by the renderers.
final class GraphRenderersTests: XCTestCase {
    static let graph = FeatureGraph(nodes: [
        .init(id: "f0", name: "App", kind: "@Reducer struct", location: "Sources/App.swift:2",
              findings: [.init(ruleID: "reduce_before_scope", severity: .warning, line: 9, message: "Reduce runs after Scope")],
              hasNoParent: true),
        .init(id: "f1", name: "Gen<\"X\">", kind: "Reducer struct", location: "Sources/Gen.swift:1",
              findings: [.init(ruleID: "body_and_reduce", severity: .error, line: 3, message: "</script><b>"),
                         .init(ruleID: "body_and_reduce", severity: .error, line: 4, message: "again")],
              hasNoParent: false),
        .init(id: "u0", name: "Missing", kind: FeatureGraph.Node.unresolvedKind, location: "", findings: [], hasNoParent: false),
    ], edges: [
        .init(from: "f0", to: "f1", how: "ifLet @Presents", path: "\\.$destination", location: "Sources/App.swift:20"),
        .init(from: "f1", to: "u0", how: "Scope", path: "\\.child", location: "Sources/Gen.swift:5"),
    ])

    func testMermaid() {
        XCTAssertEqual(MermaidGraph.render(Self.graph), """
            flowchart TD
              f0["App<br/><i>@Reducer struct, no parent</i><br/>▲1 reduce_before_scope"]:::warning
              f1["Gen#lt;#quot;X#quot;#gt;<br/><i>Reducer struct</i><br/>✖2 body_and_reduce"]:::error
              u0["Missing<br/><i>not resolved to a feature</i>"]:::unresolved
              f0 -->|"ifLet @Presents \\.$destination"| f1
              f1 -->|"Scope \\.child"| u0
              classDef error stroke:#c62828,stroke-width:3px
              classDef warning stroke:#ef6c00,stroke-width:3px
              classDef unresolved stroke-dasharray:5 5,color:#666
              classDef noParent fill:#e8eaf6

            """)
    }

    func testDOT() {
        let dot = DOTGraph.render(Self.graph)
        let lines = dot.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "digraph features {")
        XCTAssertEqual(lines.last, "}")
        XCTAssertTrue(lines.contains(##"  f1 [label="Gen<\"X\">\nReducer struct\n✖2 body_and_reduce", tooltip="Sources/Gen.swift:1", color="#c62828", penwidth=3];"##), dot)
        XCTAssertTrue(lines.contains(##"  u0 [label="Missing\nnot resolved to a feature", style="rounded,dashed", fontcolor="#666666"];"##), dot)
        // The backslash of a key path is escaped, so DOT prints `\.$destination` as written.
        XCTAssertTrue(lines.contains(##"  f0 -> f1 [label="ifLet @Presents \\.$destination", tooltip="Sources/App.swift:20"];"##), dot)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  f0 [") && $0.contains(##"fillcolor="#e8eaf6""##) && $0.contains(##"color="#ef6c00""##) }, dot)
    }

    func testJSON() throws {
        let json = try JSONSerialization.jsonObject(with: Data(JSONGraph.render(Self.graph).utf8)) as? [String: Any]
        let nodes = try XCTUnwrap(json?["nodes"] as? [[String: Any]])
        XCTAssertEqual(nodes.map { $0["id"] as? String }, ["f0", "f1", "u0"])
        XCTAssertEqual(nodes[1]["name"] as? String, "Gen<\"X\">")
        XCTAssertEqual((nodes[1]["findings"] as? [[String: Any]])?.map { $0["line"] as? Int }, [3, 4])
        XCTAssertEqual(nodes[2]["unresolved"] as? Bool, true)
        let edges = try XCTUnwrap(json?["edges"] as? [[String: Any]])
        XCTAssertEqual(edges.first?["path"] as? String, "\\.$destination")
        XCTAssertEqual(edges.first?["how"] as? String, "ifLet @Presents")
    }

    /// Element ids and the text of every `<text>`, read by an XML parser: the SVG is well formed and says what it draws.
    final class SVGReader: NSObject, XMLParserDelegate {
        var ids: [String] = []
        var texts: [String] = []
        var inText = false
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if let id = attributes["id"] { ids.append(id) }
            if name == "text" { inText = true; texts.append("") }
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text" { inText = false }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { texts[texts.count - 1] += string }
        }
    }

    func testSVGIsWellFormedAndDrawsEveryNodeAndEdge() {
        let svg = SVGGraph.render(Self.graph)
        let parser = XMLParser(data: Data(svg.utf8))
        let reader = SVGReader()
        parser.delegate = reader
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        XCTAssertEqual(reader.ids.filter { $0.hasPrefix("node-") }, ["node-f0", "node-f1", "node-u0"])
        XCTAssertEqual(reader.ids.filter { $0.hasPrefix("edge-") }, ["edge-0", "edge-1"])
        XCTAssertTrue(reader.texts.contains("Gen<\"X\">"))
        XCTAssertTrue(reader.texts.contains("ifLet @Presents \\.$destination"))
        XCTAssertTrue(reader.texts.contains("✖2"))
        XCTAssertTrue(reader.texts.contains("▲1"))
        XCTAssertTrue(reader.texts.contains("not resolved"))
    }

    func testHTMLIsSelfContainedAndItsDataCannotEndTheScript() throws {
        let html = HTMLGraph.render(Self.graph)
        // No network: nothing loaded from elsewhere.
        for outside in ["src=", "href=\"http", "@import", "url(http", "<link"] {
            XCTAssertFalse(html.contains(outside), outside)
        }
        // A message holding `</script>` stays inside the JSON.
        XCTAssertEqual(html.components(separatedBy: "</script>").count - 1, 2)
        let start = try XCTUnwrap(html.range(of: "<script type=\"application/json\" id=\"graph-data\">\n"))
        let end = try XCTUnwrap(html.range(of: "\n</script>", range: start.upperBound..<html.endIndex))
        let json = String(html[start.upperBound..<end.lowerBound])
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let nodes = try XCTUnwrap(decoded?["nodes"] as? [[String: Any]])
        XCTAssertEqual((nodes[1]["findings"] as? [[String: Any]])?.first?["message"] as? String, "</script><b>")
        XCTAssertTrue(html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"graph\""))
        XCTAssertTrue(html.contains("2 features, 2 compositions, 3 findings on features"))
    }

    // MARK: layout

    /// A graph of `count` features where feature i composes i*2+1 and i*2+2, plus one edge back to the root and a
    /// few features alone.
    static func tree(_ count: Int) -> FeatureGraph {
        var nodes: [FeatureGraph.Node] = []
        var edges: [FeatureGraph.Edge] = []
        for i in 0..<count {
            nodes.append(.init(id: "f\(i)", name: "Feature\(i)" + String(repeating: "x", count: i % 7), kind: "@Reducer struct",
                               location: "F.swift:\(i)", findings: [], hasNoParent: i == 0))
            for c in [2 * i + 1, 2 * i + 2] where c < count - 3 {
                edges.append(.init(from: "f\(i)", to: "f\(c)", how: "Scope", path: "\\.c\(c)", location: "F.swift:\(i)"))
            }
        }
        edges.append(.init(from: "f\(count - 5)", to: "f0", how: "Scope", path: "\\.back", location: "F.swift:1"))
        return FeatureGraph(nodes: nodes, edges: edges)
    }

    func testLayoutPlacesEveryNodeWithoutOverlapInsideTheDrawing() {
        for count in [1, 2, 10, 61, 300] {
            let g = Self.tree(count)
            let layout = GraphLayout(g)
            XCTAssertEqual(layout.boxes.count, count)
            let boxes = g.nodes.map { layout.boxes[$0.id]! }
            for b in boxes {
                XCTAssertGreaterThanOrEqual(b.x, 0)
                XCTAssertGreaterThanOrEqual(b.y, 0)
                XCTAssertLessThanOrEqual(b.x + b.width, layout.width)
                XCTAssertLessThanOrEqual(b.y + b.height, layout.height)
                XCTAssertGreaterThanOrEqual(b.width, Double(("Feature".count + 1)) * GraphLayout.characterWidth)
            }
            for i in boxes.indices {
                for j in boxes.indices where j > i {
                    let a = boxes[i], b = boxes[j]
                    let apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
                    XCTAssertTrue(apart, "\(count) features: \(g.nodes[i].id) and \(g.nodes[j].id) overlap")
                }
            }
        }
    }

    func testLayoutPutsAChildBelowEveryParentOutsideACycle() {
        let g = Self.tree(61)
        let layout = GraphLayout(g)
        for e in g.edges where e.to != "f0" {
            XCTAssertLessThan(layout.boxes[e.from]!.y, layout.boxes[e.to]!.y, "\(e.from) → \(e.to)")
        }
        // Deterministic: the same graph, the same drawing.
        XCTAssertEqual(SVGGraph.render(g), SVGGraph.render(Self.tree(61)))
    }

    func testNumbersAreWrittenTheSameEverywhere() {
        XCTAssertEqual(SVGGraph.format(12), "12")
        XCTAssertEqual(SVGGraph.format(12.25), "12.3")
        XCTAssertEqual(SVGGraph.format(-0.04), "0")
        XCTAssertEqual(SVGGraph.format(-3.5), "-3.5")
    }
}

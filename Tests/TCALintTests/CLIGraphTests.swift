import Foundation
import XCTest

/// `tca-lint graph` through the command line: formats, focus, the README's picture, bad input and failed writes.
final class CLIGraphTests: XCTestCase {
    static let app = """
    @Reducer
    struct Root {
      struct State { var child = Child.State() }
      enum Action { case child(Child.Action) }
      var body: some ReducerOf<Self> {
        Reduce { state, action in .none }
        Scope(state: \\.child, action: \\.child) { Child() }
      }
    }
    @Reducer
    struct Child {
      struct State {}
      enum Action {}
      var body: some ReducerOf<Self> {
        EmptyReducer()._printChanges()
      }
    }

    """

    func tree() throws -> ScratchTree {
        let tree = try ScratchTree()
        try tree.write("Sources/App.swift", Self.app)
        return tree
    }

    func testMermaidOnStandardOutputByDefaultWithTheFindingsOfTheDefaultRules() throws {
        let tree = try tree()
        let result = try CLI.run(["graph"], in: tree.root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").prefix(4).map(String.init), [
            "flowchart TD",
            #"  f0["Child<br/><i>@Reducer struct</i><br/>▲1 leftover_print_changes"]:::warning"#,
            // The Reduce before the Scope touches no child state: no reduce_before_scope finding, as its document says.
            #"  f1["Root<br/><i>@Reducer struct, no parent</i>"]:::noParent"#,
            #"  f1 -->|"Scope \.child"| f0"#,
        ])
        XCTAssertEqual(result.stderr, "")
    }

    func testTheOutputFilesExtensionChoosesTheFormat() throws {
        let tree = try tree()
        for (file, start) in [("g.dot", "digraph features {"), ("g.svg", "<?xml"), ("g.html", "<!DOCTYPE html>"),
                              ("g.json", "{"), ("g.mmd", "flowchart TD")] {
            let result = try CLI.run(["graph", "Sources", "--output", file], in: tree.root)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(result.stderr, "tca-lint: drew 2 features and 1 composition to \(file)\n")
            let written = try String(contentsOf: tree.root.appendingPathComponent(file))
            XCTAssertTrue(written.hasPrefix(start), "\(file): \(written.prefix(80))")
        }
        // --format wins over the extension.
        XCTAssertEqual(try CLI.run(["graph", "--format", "dot", "-o", "x.svg"], in: tree.root).status, 0)
        XCTAssertTrue(try String(contentsOf: tree.root.appendingPathComponent("x.svg")).hasPrefix("digraph"))
    }

    func testFocusOptions() throws {
        let tree = try tree()
        let child = try CLI.run(["graph", "--root", "Child", "--format", "json"], in: tree.root)
        XCTAssertEqual(child.status, 0, child.stderr)
        XCTAssertTrue(child.stdout.contains("\"name\" : \"Child\""))
        XCTAssertFalse(child.stdout.contains("\"name\" : \"Root\""))
        let shallow = try CLI.run(["graph", "--depth", "0"], in: tree.root)
        XCTAssertFalse(shallow.stdout.contains("Child"), shallow.stdout)
        let noFindings = try CLI.run(["graph", "--no-findings"], in: tree.root)
        XCTAssertFalse(noFindings.stdout.contains("leftover_print_changes"))
        XCTAssertTrue(noFindings.stdout.contains("f1 -->|\"Scope \\.child\"| f0"), noFindings.stdout)
    }

    func testBadArgumentsAreClearErrors() throws {
        let tree = try tree()
        let cases: [([String], String)] = [
            (["graph", "--format", "png"], "unknown graph format 'png'; expected mermaid, dot, svg, html, json"),
            (["graph", "--output", "g.png"], "cannot tell the format from 'g.png'; pass --format mermaid|dot|svg|html|json"),
            (["graph", "--depth", "-1"], "--depth needs a whole number of compositions (0 or more), not '-1'"),
            (["graph", "--root", "Chil"], "no feature named 'Chil' in the project; did you mean Child?"),
            (["graph", "--bogus"], "unknown option '--bogus' for graph"),
            (["graph", "--only-findings", "--no-findings"], "--only-findings and --no-findings contradict each other"),
        ]
        for (arguments, message) in cases {
            let result = try CLI.run(arguments, in: tree.root)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("tca-lint: error: \(message)"), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "")
        }
        let help = try CLI.run(["graph", "--help"], in: tree.root)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.hasPrefix("usage: tca-lint graph"))
    }

    /// A missing path and a file that is not UTF-8 are named; the rest is still drawn; the run is exit 2.
    func testOneBadInputDoesNotHideTheOthers() throws {
        let tree = try tree()
        try tree.write("Sources/Bad.swift", "")
        try Data([0x73, 0x74, 0xFF, 0xFE, 0x0A]).write(to: tree.root.appendingPathComponent("Sources/Bad.swift"))
        let result = try CLI.run(["graph", "Sources", "Missing"], in: tree.root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("Missing"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Sources/Bad.swift: error:"), result.stderr)
        XCTAssertTrue(result.stdout.contains("Root<br/>"), result.stdout)
    }

    func testOutputNeverOverwritesAnInputAndAFailedWriteIsExitTwo() throws {
        let tree = try tree()
        let refused = try CLI.run(["graph", "--format", "dot", "--output", "Sources/App.swift"], in: tree.root)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("it names a Swift source file"), refused.stderr)
        XCTAssertEqual(try String(contentsOf: tree.root.appendingPathComponent("Sources/App.swift")), Self.app)
        let missingFolder = try CLI.run(["graph", "--output", "no/such/folder/g.svg"], in: tree.root)
        XCTAssertEqual(missingFolder.status, 2)
        XCTAssertTrue(missingFolder.stderr.contains("no/such/folder/g.svg"), missingFolder.stderr)
        if FileManager.default.fileExists(atPath: "/dev/full") {
            let full = try CLI.run(["graph", "--format", "svg", "--output", "/dev/full"], in: tree.root)
            XCTAssertEqual(full.status, 2)
            XCTAssertTrue(full.stderr.contains("No space left on device"), full.stderr)
        }
    }

    /// On a fixture, the edges its body writes and the findings its markers expect, each on the feature holding it:
    /// `fixtures/Legacy/LegacyRoot.swift` marks two parent_matches_child_action, a body_and_reduce, three
    /// legacy_case_path and three reducer_protocol_renamed inside `LegacyRoot`; a send_for_logic_reuse, two reducer_protocol_renamed and a
    /// fire_and_forget inside `LegacyCounter`, and a legacy_view_store in `LegacyCounterView`, which holds its store; two reducer_protocol_renamed and a fire_and_forget inside
    /// `LegacyProfile`; `LegacyStats` is declared nowhere.
    func testTheLegacyFixturesGraph() throws {
        let result = try CLI.run(["graph", "fixtures/Legacy", "--format", "json"], in: PackagePaths.root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let nodes = try XCTUnwrap(json["nodes"] as? [[String: Any]])
        let edges = try XCTUnwrap(json["edges"] as? [[String: Any]])
        var names: [String: String] = [:]
        for n in nodes { names[n["id"] as! String] = n["name"] as? String }
        XCTAssertEqual(Set(edges.map { "\(names[$0["from"] as! String]!) \($0["how"]!) \($0["path"]!) \(names[$0["to"] as! String]!)" }),
                       ["LegacyRoot Scope \\.counter LegacyCounter", "LegacyRoot ifLet \\.profile LegacyProfile",
                        "LegacyRoot Scope \\.stats LegacyStats"])
        func node(_ name: String) -> [String: Any]? { nodes.first { $0["name"] as? String == name } }
        func rules(_ name: String) -> [String] {
            ((node(name)?["findings"] as? [[String: Any]]) ?? []).compactMap { $0["rule"] as? String }.sorted()
        }
        // The view's closure scopes belong to LegacyRoot: LegacyRootView holds its store.
        XCTAssertEqual(rules("LegacyRoot"), ["body_and_reduce", "legacy_case_path", "legacy_case_path", "legacy_case_path",
                                             "legacy_store_scope", "legacy_store_scope", "parent_matches_child_action", "parent_matches_child_action",
                                             "reducer_protocol_renamed", "reducer_protocol_renamed", "reducer_protocol_renamed"])
        XCTAssertEqual(rules("LegacyCounter"), ["fire_and_forget", "legacy_view_store", "reducer_protocol_renamed",
                                                "reducer_protocol_renamed", "send_for_logic_reuse"])
        XCTAssertEqual(rules("LegacyProfile"), ["fire_and_forget", "reducer_protocol_renamed", "reducer_protocol_renamed"])
        XCTAssertEqual(node("LegacyRoot")?["kind"] as? String, "ReducerProtocol (legacy) struct")
        XCTAssertEqual(node("LegacyRoot")?["noParent"] as? Bool, true)
        XCTAssertEqual(node("LegacyStats")?["unresolved"] as? Bool, true)
    }

    /// `dot` (Debian's graphviz) reads the DOT output of every fixture without a complaint.
    func testGraphvizReadsTheDOTOutput() throws {
        guard let dot = ["/usr/bin/dot", "/opt/homebrew/bin/dot", "/usr/local/bin/dot"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("Graphviz's dot is not installed (Debian: apt-get install graphviz); scripts/check-graph runs it in CI")
        }
        let scratch = try ScratchTree()
        let out = scratch.root.appendingPathComponent("fixtures.dot").path
        let result = try CLI.run(["graph", "fixtures", "--output", out], in: PackagePaths.root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-Tsvg", out, "-o", "/dev/null"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, complaint)
        XCTAssertEqual(complaint, "")
    }

    /// The picture of `fixtures/` in the README is what `tca-lint graph` draws today.
    func testTheREADMEsPictureOfTheFixturesIsCurrent() throws {
        let scratch = try ScratchTree()
        let out = scratch.root.appendingPathComponent("fixtures-graph.svg")
        let result = try CLI.run(["graph", "fixtures", "--output", out.path], in: PackagePaths.root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let committed = try String(contentsOf: PackagePaths.root.appendingPathComponent("fixtures-graph.svg"))
        XCTAssertTrue(try String(contentsOf: out) == committed,
                      "fixtures-graph.svg is stale: run `tca-lint graph fixtures --output fixtures-graph.svg` at the package root")
        let readme = try String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"))
        XCTAssertTrue(readme.contains("](fixtures-graph.svg)"), "README.md shows the picture")
    }
}

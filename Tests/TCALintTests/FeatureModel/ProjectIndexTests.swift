import Foundation
import XCTest
@testable import TCALint

/// The project model as the runs build it: over the files of a run, around single files and standard
/// input (the project root), and printed by `dump features`.
final class ProjectIndexTests: XCTestCase {
    static let prelude = "protocol Feature: Reducer {}\n"
    /// A reducer only through the project's protocol, whose file has no needle of its own
    /// (no `Reduce`, no `Reducer`): only the learned name `Feature` finds it.
    static let screen = """
        struct Screen: Feature {
          var body: some Feature { Child() }
          func reduce(into state: inout Int, action: Int) -> Int { 0 }
        }

        """

    func testTheRunLearnsTheProjectsReducerProtocolsAndLintsWhatTheyMakeReducers() throws {
        let tree = try ScratchTree()
        let screen = try tree.write("Screen.swift", Self.screen).path
        let prelude = try tree.write("Prelude.swift", Self.prelude).path
        let (outcome, index) = LintRunner(jobs: 2).runIndexed([prelude, screen])
        XCTAssertEqual(index.projectReducerProtocols, ["Feature"])
        XCTAssertEqual(index.features.map { $0.qualifiedName }, ["Screen"])
        XCTAssertEqual(outcome.diagnostics.map { "\($0.ruleID) \($0.line)" }, ["body_and_reduce 3"])
        XCTAssertEqual(outcome.filesLinted, 2)

        // Without the protocol's file, nothing says `Screen` is a reducer.
        XCTAssertEqual(LintRunner(jobs: 2).run([screen]).diagnostics.count, 0)
    }

    func testTheRunGivesTheSameResultOnOneWorkerAsOnMany() throws {
        let tree = try ScratchTree()
        var paths: [String] = []
        for n in 0..<12 { paths.append(try tree.write("S\(n).swift", Self.screen.replacingOccurrences(of: "Screen", with: "Screen\(n)")).path) }
        paths.append(try tree.write("Prelude.swift", Self.prelude).path)
        paths.sort()
        let one = LintRunner(jobs: 1).runIndexed(paths)
        let many = LintRunner(jobs: 4).runIndexed(paths)
        XCTAssertEqual(one.outcome.diagnostics, many.outcome.diagnostics)
        XCTAssertEqual(one.outcome.diagnostics.count, 12)
        XCTAssertEqual(FeatureDump.json(one.project.features), FeatureDump.json(many.project.features))
    }

    /// The merge makes the features and resolves their children on several workers: the same model as on one.
    func testTheMergeGivesTheSameModelOnOneWorkerAsOnMany() throws {
        let facts = try PackagePaths.fixtureFiles().map { file in
            ProjectIndexer.facts(path: file.relativePath, bytes: Array(try Data(contentsOf: file.url)))
        }
        let one = FeatureIndex(files: facts)
        let many = FeatureIndex(files: facts)
        many.mergeFeatures(jobs: 4)
        XCTAssertGreaterThan(one.features.filter { !$0.children.isEmpty }.count, 20)
        XCTAssertEqual(FeatureDump.json(one.features), FeatureDump.json(many.features))
    }

    func testASingleFileIsLintedWithTheProjectItBelongsTo() throws {
        let tree = try ScratchTree()
        _ = try tree.write("Sources/Screen.swift", Self.screen)
        _ = try tree.write("Sources/Prelude.swift", Self.prelude)
        // No project root above the scratch folder: the file alone.
        XCTAssertEqual(try CLI.run(["lint", "Sources/Screen.swift", "--quiet"], in: tree.root).stdout, "")

        _ = try tree.write("Package.swift", "// swift-tools-version:5.9\n")
        let file = try CLI.run(["lint", "Sources/Screen.swift", "--quiet"], in: tree.root)
        XCTAssertTrue(file.stdout.hasPrefix("Sources/Screen.swift:3:8: error: Screen defines both body and reduce"), file.stdout)
        XCTAssertEqual(file.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }.count, 1)

        // Standard input stands for the file at --stdin-path; its project is indexed around that path.
        let stdin = try CLI.run(["lint", "--use-stdin", "--stdin-path", "Sources/Screen.swift", "--quiet"],
                                in: tree.root, stdin: Self.screen.replacingOccurrences(of: "Screen", with: "Edited"))
        XCTAssertTrue(stdin.stdout.contains("Edited defines both body and reduce"), stdin.stdout)
    }

    func testProjectRoots() throws {
        let tree = try ScratchTree()
        _ = try tree.write("App/App.xcodeproj/project.pbxproj", "")
        _ = try tree.write("App/Sources/Deep/File.swift", "")
        _ = try tree.write("Kit/.tca-lint.yml", "")
        _ = try tree.write("Kit/Sources/K.swift", "")
        let root = tree.root.resolvingSymlinksInPath().path
        XCTAssertEqual(ProjectIndexer.projectRoot(of: root + "/App/Sources/Deep/File.swift"), root + "/App")
        XCTAssertEqual(ProjectIndexer.projectRoot(of: root + "/Kit/Sources/K.swift"), root + "/Kit")
        XCTAssertTrue(ProjectIndexer.areAllFiles([root + "/Kit/Sources/K.swift"]))
        XCTAssertFalse(ProjectIndexer.areAllFiles([root + "/Kit/Sources/K.swift", root + "/Kit"]))
        XCTAssertFalse(ProjectIndexer.areAllFiles([root + "/missing.swift"]))
    }

    func testProtocolChainsAreLearnedThroughFilesThatNeverSayReducer() throws {
        let tree = try ScratchTree()
        let paths = [
            try tree.write("Base.swift", "protocol Feature: Reducer {}\n").path,
            // A chain link whose file never says `Reducer`: found once `Feature` is learned.
            try tree.write("Screen.swift", "protocol Screen: Feature {}\n").path,
            try tree.write("Use.swift", "struct X: Screen { var body: some ReducerOf<Self> { EmptyReducer() } }\n").path,
        ].sorted()
        let index = ProjectIndexer.index(paths: paths, jobs: 2)
        XCTAssertEqual(index.projectReducerProtocols, ["Feature", "Screen"])
        XCTAssertEqual(index.features.map { $0.reducerEvidence }, [["Screen", "Feature", "Reducer"]])
    }

    func testLearnedNamesReachFilesThatOnlyNameThem() {
        XCTAssertFalse(ProjectIndexer.isWorthReading(Array(Self.screen.utf8)))
        XCTAssertTrue(ProjectIndexer.isWorthReading(Array(Self.screen.utf8), learned: NameNeedles(["Feature"])))
        // The documented gap: one byte search per file, and a `State` extension alone names no needle.
        XCTAssertFalse(ProjectIndexer.isWorthReading(Array("extension A.State { var x: Int { 1 } }".utf8)))
        XCTAssertTrue(ProjectIndexer.isWorthReading(Array("func coordinatorReduce() {}".utf8)))
        // Logic in a State's methods says `Effect`.
        XCTAssertTrue(ProjectIndexer.isWorthReading(Array("extension A.State { mutating func load() -> Effect<A.Action> { .none } }".utf8)))
        XCTAssertFalse(Prefilter.mayContainFinding(Array(Self.screen.utf8)))
        XCTAssertTrue(Prefilter.mayContainFinding(Array(Self.screen.utf8), projectNames: [Array("Feature".utf8)]))
    }

    // MARK: dump features

    static let counter = """
        struct Counter: Feature {
          struct State {
            @BindingState var count = 0
          }
          enum Action {
            case tap
            case reset
          }
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .tap:
                state.count += 1
                return .send(.reset)
              case .reset:
                return .none
              }
            }
          }
        }

        """

    /// Written from reading `counter`: line and column of each name, what each case does.
    static let counterJSON = """
        [{"feature": "Counter", "kind": "struct", "at": "Counter.swift:1:8", "reducer": ["Feature", "Reducer"],
          "declarations": ["Counter.swift:1:8"],
          "builders": [{"name": "body", "kind": "property", "at": "Counter.swift:9:7", "elements": ["Reduce"]}],
          "children": [],
          "logic": [{"kind": "reduceClosure", "owner": "body", "at": "Counter.swift:10:5", "actionName": "action",
                     "everyAction": null,
                     "cases": [{"patterns": ["tap"], "at": "Counter.swift:12:7", "noOp": false, "writes": ["count"],
                                "reads": [], "calls": [],
                                "sends": [{"action": "reset", "how": "returned", "at": "Counter.swift:14:16"}]},
                               {"patterns": ["reset"], "at": "Counter.swift:15:7", "noOp": true, "writes": [],
                                "reads": [], "calls": [], "sends": []}]}],
          "action": {"enums": [{"name": "Action", "cases": ["tap", "reset"], "declarations": ["Counter.swift:5:8"]}]},
          "state": {"type": "Counter.State", "kind": "struct", "observable": false, "declarations": ["Counter.swift:2:10"],
                    "fields": [{"name": "count", "type": "", "wrappers": ["BindingState"], "stored": true, "let": false}]}}]
        """

    func testDumpFeaturesPrintsTheModelAsJSON() throws {
        let tree = try ScratchTree()
        _ = try tree.write("Counter.swift", Self.counter)
        _ = try tree.write("Prelude.swift", Self.prelude)
        let folder = try CLI.run(["dump", "features", "."], in: tree.root)
        XCTAssertEqual(folder.status, 0, folder.stderr)
        try assertSameJSON(folder.stdout, Self.counterJSON)

        // One file: the features it declares, with the project around it (here: nothing marks a project,
        // so `Feature` is unknown and `Counter` is not a reducer; its `Reduce` is reducer logic all the same, of a
        // `helper` with no State or Action of its own).
        let alone = try CLI.run(["dump", "features", "Counter.swift"], in: tree.root)
        var expected = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(Self.counterJSON.utf8)) as? [[String: Any]])
        let counterIndex = try XCTUnwrap(expected.firstIndex { $0["feature"] as? String == "Counter" })
        expected[counterIndex]["kind"] = "helper"
        expected[counterIndex]["reducer"] = [String]()
        expected[counterIndex]["action"] = ["enums": [Any]()]
        expected[counterIndex]["state"] = NSNull()
        let expectedText = String(decoding: try JSONSerialization.data(withJSONObject: expected), as: UTF8.self)
        try assertSameJSON(alone.stdout, expectedText)
        _ = try tree.write(".tca-lint.yml", "")
        let inProject = try CLI.run(["dump", "features", "Counter.swift"], in: tree.root)
        try assertSameJSON(inProject.stdout, Self.counterJSON)
    }

    func testDumpFeaturesReportsMissingPathsAndSkipsBinaryFiles() throws {
        let tree = try ScratchTree()
        _ = try tree.write("Counter.swift", Self.counter)
        _ = try tree.write("Prelude.swift", Self.prelude)
        _ = try tree.write("Binary.swift", bytes: [0x73, 0x00, 0x52, 0x65, 0x64, 0x75, 0x63, 0x65])
        let result = try CLI.run(["dump", "features", ".", "missing"], in: tree.root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("missing: no such file or directory"), result.stderr)
        try assertSameJSON(result.stdout, Self.counterJSON)
    }

    private func assertSameJSON(_ actual: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let a = try JSONSerialization.jsonObject(with: Data(actual.utf8)) as? NSArray
        let e = try JSONSerialization.jsonObject(with: Data(expected.utf8)) as? NSArray
        XCTAssertNotNil(a, actual, file: file, line: line)
        XCTAssertEqual(a, e, actual, file: file, line: line)
    }
}

/// The editor's index: loaded once, then updated one file at a time.
final class WorkspaceIndexTests: XCTestCase {
    func testBuffersAndDiskChangesReplaceOneFileEach() throws {
        let tree = try ScratchTree()
        let prelude = try tree.write("Prelude.swift", ProjectIndexTests.prelude).path
        let screen = try tree.write("Screen.swift", ProjectIndexTests.screen).path
        let workspace = WorkspaceIndex()
        workspace.load(root: tree.root.path, jobs: 2)
        XCTAssertEqual(workspace.snapshot.features.map { $0.qualifiedName }, ["Screen"])

        // The open buffer of the prelude no longer refines `Reducer` (not saved yet).
        let edited = AnalyzedFile(source: SourceFile(path: prelude, bytes: Array("protocol Feature {}\n".utf8)))
        XCTAssertEqual(workspace.replace(with: edited).features.count, 0)

        // Saved on disk as it was: reloading the file restores the model.
        XCTAssertEqual(workspace.reload(path: prelude).features.map { $0.qualifiedName }, ["Screen"])

        // A deleted file leaves the model.
        try FileManager.default.removeItem(atPath: screen)
        XCTAssertEqual(workspace.reload(path: screen).features.count, 0)
        XCTAssertNil(workspace.snapshot.files[screen])
    }

    func testTheLanguageServerLintsOpenDocumentsWithTheWorkspaceModel() throws {
        let tree = try ScratchTree()
        _ = try tree.write("Prelude.swift", ProjectIndexTests.prelude)
        let root = tree.root.path
        let (client, server) = LSPTestClient.inProcess()
        client.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file://\#(root)","capabilities":{}}}"#)
        _ = try client.receive()
        client.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        let text = ProjectIndexTests.screen.replacingOccurrences(of: "\n", with: "\\n")
        client.send(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file://\#(root)/Screen.swift","languageId":"swift","version":1,"text":"\#(text)"}}}"#)
        let published = try client.receive()
        // `Screen` is a reducer only through `Feature`, declared in a file that is not open.
        XCTAssertTrue(published.contains("body_and_reduce"), published)
        XCTAssertEqual(server.workspace.snapshot.features.map { $0.qualifiedName }, ["Screen"])
    }

    /// The needles that decide whether a file is read leave out those holding a shorter one, which answers for them.
    func testWorthReadingNeedlesDropOnlyNeedlesAnotherOneAnswersFor() {
        let bytes = { (s: String) in Array(s.utf8) }
        XCTAssertEqual(Prefilter.withoutSupersets(["Reduce", "Reducer", "Effect", "Reduce{", "x", "Reduce", "ax"].map(bytes)),
                       ["Reduce", "Effect", "x"].map(bytes))
        let all = ProjectIndexer.factNeedles + Prefilter.needles
        let kept = ProjectIndexer.worthReadingNeedles
        XCTAssertLessThan(kept.count, Set(all).count, "Reducer, Reduce{ and Reduce< are answered by Reduce")
        for needle in all {
            XCTAssertTrue(kept.contains { Prefilter.contains(needle, needle: $0) }, String(decoding: needle, as: UTF8.self))
        }
        XCTAssertTrue(ProjectIndexer.isWorthReading(bytes("struct A: ReducerProtocol {}")))
        XCTAssertTrue(ProjectIndexer.isWorthReading(bytes("// tca-lint:disable all")))
        XCTAssertFalse(ProjectIndexer.isWorthReading(bytes("struct A { var reduced = 1 }")))
    }
}

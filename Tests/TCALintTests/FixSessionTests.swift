import Foundation
import XCTest
@testable import TCALint

final class FixSessionTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tca-lint-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    static let input = "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    Reduce { state, action in switch action { case .binding: .send(.validate); case .c(.tapped): .send(.tapped(state.c.count)); default: .none } }\n    BindingReducer()\n    Scope(state: \\.c, action: \\.c) { C() }\n      ._printChanges()\n  }\n}\n" + FixEngineTests.childC
    static let safeOutput = "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    BindingReducer()\n    Reduce { state, action in switch action { case .binding: .send(.validate); case .c(.tapped): .send(.tapped(state.c.count)); default: .none } }\n    Scope(state: \\.c, action: \\.c) { C() }\n  }\n}\n" + FixEngineTests.childC

    func write(_ text: String, _ name: String, mode: Int = 0o640) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    func testFixWritesTheFileKeepsPermissionsAndReports() throws {
        let path = try write(Self.input, "F.swift")
        let clean = try write("let x = 1\n", "Clean.swift")
        let report = FixSession.run(paths: [path, clean], linter: .withOrderRules)
        XCTAssertEqual(try read(path), Self.safeOutput)
        XCTAssertEqual(try read(clean), "let x = 1\n")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o640)
        XCTAssertEqual(report.applied, ["binding_reducer_not_first": 1, "leftover_print_changes": 1])
        XCTAssertEqual(report.unsafeAvailable, ["reduce_before_scope": 1])
        XCTAssertEqual(report.writtenFiles, [path])
        XCTAssertEqual(report.remaining.map { "\($0.line):\($0.column) \($0.ruleID)" }, ["5:5 reduce_before_scope"])
        XCTAssertEqual(report.diff, "")
        XCTAssertEqual(report.summary,
                       "Applied 2 fixes (binding_reducer_not_first: 1, leftover_print_changes: 1); 1 more with --unsafe (reduce_before_scope: 1)")
        // A second run changes nothing.
        let again = FixSession.run(paths: [path], linter: .withOrderRules)
        XCTAssertEqual(again.appliedTotal, 0)
        XCTAssertFalse(again.hasChanges)
        XCTAssertEqual(try read(path), Self.safeOutput)
    }

    func testUnsafeAppliesTheScopeMove() throws {
        let path = try write(Self.input, "F.swift")
        let report = FixSession.run(paths: [path], linter: .withOrderRules, unsafe: true)
        XCTAssertEqual(try read(path), "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    BindingReducer()\n    Scope(state: \\.c, action: \\.c) { C() }\n    Reduce { state, action in switch action { case .binding: .send(.validate); case .c(.tapped): .send(.tapped(state.c.count)); default: .none } }\n  }\n}\n" + FixEngineTests.childC)
        XCTAssertEqual(report.remaining, [])
        XCTAssertEqual(report.unsafeAvailable, [:])
        XCTAssertEqual(report.appliedTotal, 3)
    }

    /// Expected hunk as GNU diff 3.8 prints it for the same two texts.
    func testDiffOnlyWritesNothingAndPrintsTheDiff() throws {
        let path = try write(Self.input, "F.swift")
        let report = FixSession.run(paths: [path], linter: .withOrderRules, diffOnly: true)
        XCTAssertEqual(try read(path), Self.input)
        XCTAssertTrue(report.hasChanges)
        XCTAssertEqual(report.writtenFiles, [])
        XCTAssertEqual(report.diff, """
            --- a\(path)
            +++ b\(path)
            @@ -1,10 +1,9 @@
             @Reducer
             struct F {
               var body: some ReducerOf<Self> {
            -    Reduce { state, action in switch action { case .binding: .send(.validate); case .c(.tapped): .send(.tapped(state.c.count)); default: .none } }
                 BindingReducer()
            +    Reduce { state, action in switch action { case .binding: .send(.validate); case .c(.tapped): .send(.tapped(state.c.count)); default: .none } }
                 Scope(state: \\.c, action: \\.c) { C() }
            -      ._printChanges()
               }
             }
             @Reducer

            """)
    }

    func testAFileChangedSinceItWasReadIsNotOverwritten() throws {
        let path = try write("let r = F()._printChanges()\n", "F.swift")
        let snapshot = try FileSnapshot.read(path)
        // Same size, different bytes (mtime may not tick within the test): still detected.
        try Data("let r = G()._printChanges()\n".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try AtomicFileWriter.write(Array("fixed\n".utf8), to: path, expecting: snapshot.bytes)) {
            XCTAssertEqual(($0 as? AtomicFileWriter.WriteError)?.changedOnDisk, true)
        }
        XCTAssertEqual(try String(contentsOfFile: path), "let r = G()._printChanges()\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["F.swift"])
        // Unchanged: written.
        try AtomicFileWriter.write(Array("fixed\n".utf8), to: path, expecting: Array("let r = G()._printChanges()\n".utf8))
        XCTAssertEqual(try String(contentsOfFile: path), "fixed\n")
    }

    func testUnreadableFileIsAMessage() {
        let missing = directory.appendingPathComponent("missing.swift").path
        let report = FixSession.run(paths: [missing], linter: .withOrderRules)
        XCTAssertEqual(report.messages, ["\(missing): error: cannot read the file (No such file or directory)"])
        XCTAssertFalse(report.hasChanges)
    }

    func testCRLFFileKeepsItsLineEndingsAndMissingFinalNewline() throws {
        let path = try write("let r = F()\r\n  ._printChanges()\r\n  .signpost()", "F.swift")
        _ = FixSession.run(paths: [path], linter: .withOrderRules)
        XCTAssertEqual(try read(path), "let r = F()\r\n  .signpost()")
    }
}

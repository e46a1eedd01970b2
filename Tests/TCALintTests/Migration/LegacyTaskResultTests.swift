import XCTest
@testable import TCALint

/// `legacy_task_result`: which `TaskResult` names are TCA's, and when the rule speaks.
final class LegacyTaskResultTests: XCTestCase {
    static let source = """
    enum Action {
      case response(TaskResult<String>)
      case other(Legacy.TaskResult)
      case module(ComposableArchitecture.TaskResult<Int>)
    }
    // TaskResult in a comment
    let text = "TaskResult"
    let view = TaskResultView()
    func load() async -> TaskResult<Int> { await TaskResult { 1 } }

    """

    func lint(_ source: String, version: TCAVersion?) -> [Diagnostic] {
        var linter = Linter(rules: [LegacyTaskResultRule.self])
        linter.tcaVersion = version
        return linter.lint(SourceFile(path: "Feature.swift", bytes: Array(source.utf8)))
    }

    func testTheUsesAreTCAsName() {
        let uses = FeatureIndexTests.facts("Feature.swift", Self.source).file.deprecatedUses.filter { $0.api == .taskResult }
        let bytes = Array(Self.source.utf8)
        let lines = uses.map { use in bytes[..<use.anchor.offset].filter { $0 == UInt8(ascii: "\n") }.count + 1 }
        XCTAssertEqual(lines, [2, 4, 9, 9], "not another type's member, a comment, a string or a longer name")
    }

    func testTheVersionAndAProjectsOwnTaskResultSilenceIt() {
        XCTAssertEqual(lint(Self.source, version: TCAVersion(1, 4)).map(\.line), [2, 4, 9, 9])
        XCTAssertEqual(lint(Self.source, version: TCAVersion(1, 3)).count, 0, "soft-deprecated in 1.4")
        XCTAssertEqual(lint(Self.source, version: nil).count, 4)
        let own = "public enum TaskResult<Success> { case success(Success) }\nlet r: TaskResult<Int> = .success(1)\n"
        XCTAssertEqual(lint(own, version: TCAVersion(1, 10)).count, 0)
    }

    func testTheMessageSaysWhatReplacesIt() throws {
        let message = try XCTUnwrap(lint(Self.source, version: nil).first?.message)
        XCTAssertTrue(message.hasPrefix("'TaskResult' is soft-deprecated since TCA 1.4; use Swift's Result"), message)
        XCTAssertTrue(message.contains("store.receive(\\.response.success)"), message)
    }

    /// The unsafe fix renames what `Result` replaces as written, and nothing else.
    func testTheUnsafeFixRenamesOnlyWhatResultReplacesAsWritten() {
        let source = """
        enum Action {
          case response(TaskResult<[String: Int]>)
          case pair(TaskResult<(id: Int, name: String)>?)
          case module(ComposableArchitecture.TaskResult<Int>)
        }
        func load() async -> TaskResult<Array<Set<Int>>> { await TaskResult(catching: { [] }) }
        let ok = TaskResult<Void>.success(())
        let converted = TaskResult(result)
        extension TaskResult where Success == Void {}
        fileprivate extension TaskResult<Bool> {}

        """
        let found = lint(source, version: TCAVersion(1, 4))
        XCTAssertEqual(found.map(\.line), [2, 3, 4, 6, 6, 7, 8, 9, 10])
        XCTAssertEqual(found.map { $0.fix?.applicability }, [.unsafe, .unsafe, nil, .unsafe, .unsafe, .unsafe, nil, nil, nil])
        XCTAssertTrue(found[0].message.hasSuffix("(--fix --unsafe renames it; an Equatable Action holding it then stops compiling until its tests use case key paths)"))
        XCTAssertFalse(found[2].message.contains("--fix"))
        // Unknown version: the type is renamed, the call is not (its async `Result(catching:)` comes with TCA 1.4).
        XCTAssertEqual(lint(source, version: nil).map { $0.fix?.applicability }, [.unsafe, .unsafe, nil, .unsafe, nil, .unsafe, nil, nil, nil])
        var linter = Linter(rules: [LegacyTaskResultRule.self])
        linter.tcaVersion = TCAVersion(1, 4)
        var engine = FixEngine(linter: linter)
        XCTAssertEqual(String(decoding: engine.run(SourceFile(path: "F.swift", bytes: Array(source.utf8))).bytes, as: UTF8.self), source,
                       "unsafe: nothing without --unsafe")
        engine.includeUnsafe = true
        let fixed = String(decoding: engine.run(SourceFile(path: "F.swift", bytes: Array(source.utf8))).bytes, as: UTF8.self)
        XCTAssertEqual(fixed, """
        enum Action {
          case response(Result<[String: Int], any Error>)
          case pair(Result<(id: Int, name: String), any Error>?)
          case module(ComposableArchitecture.TaskResult<Int>)
        }
        func load() async -> Result<Array<Set<Int>>, any Error> { await Result(catching: { [] }) }
        let ok = Result<Void, any Error>.success(())
        let converted = TaskResult(result)
        extension TaskResult where Success == Void {}
        fileprivate extension TaskResult<Bool> {}

        """)
        let again = String(decoding: engine.run(SourceFile(path: "F.swift", bytes: Array(fixed.utf8))).bytes, as: UTF8.self)
        XCTAssertEqual(again, fixed, "a second --fix changes nothing")
    }
}

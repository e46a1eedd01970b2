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
}

import Foundation
import XCTest
@testable import TCALint

/// A 2,000-line file edited 30 times: every edit is answered with a timing log and the diagnostics of
/// that very version. Functional only (no timed assertions in unit tests): the server's own time per
/// edit is in its `logTimings` messages, which `scripts/bench`-style measurements read.
final class LanguageServerLargeFileTests: XCTestCase {
    static func twoThousandLineFile() -> String {
        var lines: [String] = []
        var n = 0
        while lines.count < 2_000 {
            n += 1
            lines += """
                @Reducer
                struct Feature\(n) {
                  @ObservableState
                  struct State: Equatable {
                    var count = 0
                    var child = Child.State()
                    var text = "héllo 😀"
                  }
                  enum Action: BindableAction {
                    case binding(BindingAction<State>)
                    case child(Child.Action)
                    case increment
                    case load
                    case loaded(Int)
                  }
                  var body: some ReducerOf<Self> {
                    BindingReducer()
                    Scope(state: \\.child, action: \\.child) {
                      Child()
                    }
                    Reduce { state, action in
                      switch action {
                      case .increment:
                        state.count += 1
                        return .none
                      case .load:
                        return .run { send in
                          await send(.loaded(42))
                        }
                      case let .loaded(value):
                        state.count = value
                        return .none
                      case .binding, .child:
                        return .none
                      }
                    }
                    ._printChanges()
                  }
                }
                """.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return lines.prefix(2_000).joined(separator: "\n") + "\n"
    }

    func testEveryEditOfTwoThousandLinesIsPublishedWithItsVersion() throws {
        let (client, _) = LSPTestClient.inProcess()
        client.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{},"initializationOptions":{"debounceMilliseconds":0,"logTimings":true}}}"#)
        _ = try client.receive()
        let uri = "untitled:Big.swift"
        let open: [String: Any] = ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
            "textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": Self.twoThousandLineFile()],
        ]]
        client.send(ScriptedSessionTests.message(open))
        _ = try client.receive()  // log
        let firstPublish = try client.receive()
        XCTAssertEqual(firstPublish.components(separatedBy: "leftover_print_changes.md").count - 1, 51,
                       "one finding per complete 39-line reducer: 51 of them in 2,000 lines")

        for version in 2...31 {
            // Alternately insert and delete a space inside line 1000.
            let insert = version % 2 == 0
            let change: [String: Any] = [
                "range": ["start": ["line": 1000, "character": 2], "end": ["line": 1000, "character": insert ? 2 : 3]],
                "text": insert ? " " : "",
            ]
            let message: [String: Any] = ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
                "textDocument": ["uri": uri, "version": version], "contentChanges": [change],
            ]]
            client.send(ScriptedSessionTests.message(message))
            let log = try client.receive()
            let publish = try client.receive()
            XCTAssertTrue(publish.contains(#""version":\#(version)"#), publish)
            XCTAssertNotNil(log.range(of: #"in [0-9.]+ ms"#, options: .regularExpression), "no timing in \(log)")
            XCTAssertEqual(publish.components(separatedBy: "leftover_print_changes.md").count - 1, 51, "version \(version)")
        }
    }
}

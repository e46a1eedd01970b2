import XCTest
@testable import TCALint

/// Integer literals written as stack element ids (`StackIDLiteralReader`), the project's stack names
/// (`FeatureIndex.stackNames`), and `stack_element_id_literal`, which asks both.
final class StackIDLiteralTests: XCTestCase {
    func literals(_ source: String) -> [String] {
        ProjectIndexer.facts(path: "F.swift", bytes: Array(source.utf8)).file.stackIDLiterals.map {
            "\($0.form.rawValue) \($0.receiver ?? "-") \($0.literal) \($0.written)"
        }
    }

    func testEverySpellingOfALiteralStackID() {
        XCTAssertEqual(literals("""
            state.path[id: 0]?.title = ""
            state.path?[id: 1, case: \\.detail] = nil
            state.path.pop(from: 2)
            path.pop(to: 0x3)
            store.send(.path(.popFrom(id: 4)))
            store.send(.popFrom(id: 5))
            return .send(.popFrom(id: 10))
            return .send(.path(.push(id: 6, state: .detail(.init()))))
            await send(.stack(.element(id: -7, action: .tapped)))
            let id: StackElementID = 8
            let other = StackElementID(integerLiteral: 9)
            """), [
                "subscript path 0 path[id: 0]",
                "subscript path 1 path[id: 1, …]",
                "pop path 2 path.pop(from: 2)",
                "pop path 0x3 path.pop(to: 0x3)",
                "popFrom path 4 .path(.popFrom(id: 4))",
                "popFrom - 5 .popFrom(id: 5)",
                "popFrom - 10 .popFrom(id: 10)",
                "push path 6 .path(.push(id: 6, …))",
                "element stack -7 .stack(.element(id: -7, …))",
                "typed - 8 StackElementID = 8",
                "typed - 9 StackElementID(integerLiteral: 9)",
            ])
    }

    func testIdsThatAreNotIntegerLiteralsAreNotRead() {
        XCTAssertEqual(literals("""
            state.path[id: id] = nil
            state.path[id: 0 + offset] = nil
            state.path.pop(from: id)
            store.send(.path(.popFrom(id: ids.first!)))
            rows[id: 1.5] = nil
            let x = Item(id: 0)
            let y = dictionary[0]
            path.pop(from: 0, animated: true)
            // state.path[id: 0]
            let s = "state.path[id: 0]"
            """), [])
    }

    func testStackNamesComeFromStateFieldsAndActionCases() {
        let index = FeatureIndex(files: [ProjectIndexer.facts(path: "F.swift", bytes: Array("""
            @Reducer struct App {
              @ObservableState struct State {
                var path = StackState<Path.State>()
                var steps: StackState<Step.State> = .init()
                var rows: IdentifiedArrayOf<Row.State> = []
              }
              enum Action {
                case path(StackActionOf<Path>)
                case flow(StackAction<Step.State, Step.Action>)
                case rows(IdentifiedActionOf<Row>)
              }
              var body: some ReducerOf<Self> {
                Reduce { state, action in .none }
                  .forEach(\\.path, action: \\.path)
                  .forEach(\\.rows, action: \\.rows) { Row() }
              }
            }
            @Reducer struct Other {
              struct State { var path: IdentifiedArrayOf<Item.State> = [] }
              enum Action { case item(Int) }
              var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
            }
            enum Pager { case push(id: Int) }
            """.utf8))])
        let names = index.stackNames
        XCTAssertTrue(names.isStackField("steps"))
        // `path` is a stack in App, an identified array in Other: `path[id: 0]` may be an ordinary id.
        XCTAssertFalse(names.isStackField("path"))
        XCTAssertFalse(names.isStackField("rows"))
        XCTAssertTrue(names.isStackActionCase("path"))
        XCTAssertTrue(names.isStackActionCase("flow"))
        XCTAssertFalse(names.isStackActionCase("rows"))
        XCTAssertTrue(names.declaresOwnCase("push"))
        XCTAssertFalse(names.declaresOwnCase("popFrom"))
    }

    let feature = """
        @Reducer struct SyncUps {
          @ObservableState struct State { var path = StackState<Path.State>() }
          enum Action { case path(StackActionOf<Path>), closeTapped }
          @Reducer enum Path { case detail(Detail) }
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              state.path.pop(from: 0)
              return .send(.path(.element(id: 1, action: .detail(.tapped))))
            }
            .forEach(\\.path, action: \\.path)
          }
        }
        """

    func findings(_ source: String, path: String) -> [String] {
        Linter(rules: [StackElementIdLiteralRule.self]).lint(SourceFile(path: path, bytes: Array(source.utf8)))
            .map { "\($0.line):\($0.column) \($0.message)" }
    }

    func testReportedInAppCodeWithTCAsWords() {
        XCTAssertEqual(findings(feature, path: "Sources/App/SyncUps.swift"), [
            "7:28 0 is an integer literal used as a stack element ID (path.pop(from: 0)): outside tests TCA stops the app here with fatalError(\"Specifying stack element IDs by integer literal is not allowed outside of tests.\") — use an id the stack gave (`state.path.ids`, or the id a `.element(id:action:)` action arrived with)",
            "8:39 1 is an integer literal used as a stack element ID (.path(.element(id: 1, …))): outside tests TCA stops the app here with fatalError(\"Specifying stack element IDs by integer literal is not allowed outside of tests.\") — send the id of the element (from `path.ids`, or the id it arrived with)",
        ])
    }

    func testNotReportedInTestsWhereTCAAllowsTheLiteral() {
        XCTAssertEqual(findings(feature, path: "Tests/AppTests/SyncUpsTests.swift"), [])
        XCTAssertEqual(findings(feature + "\nlet store = TestStore(initialState: SyncUps.State()) { SyncUps() }\n", path: "Sources/Support/Harness.swift"), [])
    }
}

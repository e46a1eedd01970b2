import XCTest
@testable import TCALint

/// `reducer_called_directly`: which `reduce(into:action:)` calls the facts read (`ReduceCallReader`), which of them
/// run another feature of the project, and when the rule speaks.
final class ReducerCalledDirectlyTests: XCTestCase {
    func calls(_ source: String) -> [String] {
        FeatureIndexTests.facts("Feature.swift", source).file.reduceCalls.map { call in
            switch call.receiver {
            case .initializer(let name): return "init \(name)"
            case .property(let name): return "property \(name)"
            }
        }
    }

    func testEveryReceiverSpellingIsRead() {
        XCTAssertEqual(calls("""
            _ = Child().reduce(into: &state.child, action: .refresh)
            _ = Feature.Child.init().reduce(into: &state.child, action: .refresh)
            _ = Child(client: .live).reduce(into: &child, action: action)
            _ = Generic<Int>().reduce(into: &state, action: action)
            _ = TaskDetail()
              .reduce(into: &detail, action: .reload)
            _ = self.child.reduce(into: &state.child, action: .x)
            _ = child.reduce(into: &state.child, action: .x)
            """), ["init Child", "init Feature.Child", "init Child", "init Generic", "init TaskDetail", "property child", "property child"])
    }

    func testOwnLogicChainsAndOtherReducesAreNotRead() {
        XCTAssertEqual(calls("""
            _ = reduce(into: &state, action: viewAction)
            _ = self.reduce(into: &state, action: .other)
            _ = Self().reduce(into: &state, action: .other)
            _ = items.reduce(into: 0) { $0 += $1 }
            _ = self.reducers.child.reduce(into: &state, action: action)
            _ = try child?.reduce(into: &state, action: action)
            _ = makeChild().reduce(into: &state, action: action)
            // Child().reduce(into: &state, action: action)
            """), [])
        // Read whatever the receiver is: whether it is a feature is the model's question (the rule asks it).
        XCTAssertEqual(calls("_ = items.reduce(into: [:], action: merge)"), ["property items"])
    }

    static let source = """
        @Reducer
        struct Parent {
          struct State { var child = Child.State(); var rows: IdentifiedArrayOf<Child.State> = [] }
          enum Action { case child(Child.Action), rows(IdentifiedActionOf<Child>), tapped }
          let stored: Child
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              _ = self.stored.reduce(into: &state.child, action: .refresh)
              return Child().reduce(into: &state.child, action: .refresh).map(Action.child)
            }
            .forEach(\\.rows, action: \\.rows) { Child() }
          }
        }
        @Reducer
        struct Child {
          struct State: Identifiable { let id = 0 }
          enum Action { case refresh }
          var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
        }
        struct Wrapper<Child: Reducer>: Reducer {
          let child: Child
          func reduce(into state: inout Child.State, action: Child.Action) -> Effect<Child.Action> {
            child.reduce(into: &state, action: action)
          }
        }

        """

    func lint(_ source: String, version: TCAVersion?, path: String = "Feature.swift") -> [Diagnostic] {
        var linter = Linter(rules: [ReducerCalledDirectlyRule.self])
        linter.tcaVersion = version
        return linter.lint(SourceFile(path: path, bytes: Array(source.utf8)))
    }

    func testAProjectFeatureIsReportedNotAGenericParameterOfTheSameName() {
        XCTAssertEqual(lint(Self.source, version: nil).map(\.line), [8, 9])
    }

    func testTheVersionTestsAndAnOwnReducerProtocolSilenceIt() {
        XCTAssertEqual(lint(Self.source, version: TCAVersion(1, 25)).count, 2)
        XCTAssertEqual(lint(Self.source, version: TCAVersion(1, 24)).count, 0, "deprecated in 1.25")
        XCTAssertEqual(lint(Self.source + "let store = TestStore(initialState: Parent.State()) { Parent() }\n", version: nil).count, 0)
        XCTAssertEqual(lint(Self.source + "protocol Reducer { associatedtype State }\n", version: nil).count, 0)
    }

    func testAChildThatWritesReduceItselfRunsItsOwnMethod() {
        let own = Self.source.replacingOccurrences(
            of: "  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }\n}\nstruct Wrapper",
            with: "  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }\n}\nstruct Wrapper")
        XCTAssertNotEqual(own, Self.source)
        XCTAssertEqual(lint(own, version: nil).count, 0)
        // An overload by another action type leaves TCA's method to the call.
        let overload = Self.source.replacingOccurrences(
            of: "  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }\n}\nstruct Wrapper",
            with: "  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }\n  func reduce(into state: inout State, action: Int) -> Effect<Action> { .none }\n}\nstruct Wrapper")
        XCTAssertNotEqual(overload, Self.source)
        XCTAssertEqual(lint(overload, version: nil).count, 2)
    }

    func testTheMessageNamesTheChildAndTheOperatorItEscapes() {
        let messages = lint(Self.source, version: nil).map(\.message)
        XCTAssertEqual(messages, [
            ReducerCalledDirectlyRule.message(call: "stored.reduce(into:action:)", child: "Child", composedBy: ".forEach"),
            ReducerCalledDirectlyRule.message(call: "Child().reduce(into:action:)", child: "Child", composedBy: ".forEach"),
        ])
        XCTAssertEqual(ReducerCalledDirectlyRule.message(call: "Row().reduce(into:action:)", child: "Row", composedBy: nil),
                       "Row().reduce(into:action:) runs the Row reducer directly, deprecated since TCA 1.25 (\"Don't invoke a reducer directly. Reducers are processed by the store.\") — send the child its action (.send(…)), or extract a helper both reducers call")
        XCTAssertTrue(messages[0].contains(", and the effects it returns escape the .forEach that cancels Child's effects when Child goes away — "))
    }
}

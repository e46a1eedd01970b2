import XCTest
@testable import TCALint

/// Pieces of `on_change_misses_binding` and `uncancelled_parent_effect` that the rule documents do
/// not pin down one by one: what the State model says is bindable, what `onChange` observes, how
/// cancellation ids compare, and robustness on broken or deeply nested input. Expectations are written
/// from reading the inputs.
final class LifetimeRulesTests: XCTestCase {
    private func analyzed(_ source: String) -> AnalyzedFile {
        AnalyzedFile(source: SourceFile(path: "t.swift", bytes: Array(source.utf8)))
    }

    func testStateModelReadsWhatBindingsCanWrite() throws {
        let file = analyzed("""
        @Reducer
        struct Feature {
          @ObservableState
          struct State {
            let id: UUID
            var query = "", page = 1
            private(set) var total = 0
            static var shared = 0
            @Presents var alert: AlertState<Action>?
            var isEmpty: Bool { query.isEmpty }
            var title: String { get { query } set { query = newValue } }
            var count = 0 { didSet { print(count) } }
          }
        }
        extension Feature.State {
          var upper: String { query.uppercased() }
        }
        """)
        let state = try XCTUnwrap(file.features.first?.state)
        XCTAssertTrue(state.isObservable)
        // Static properties are no fields of the value.
        XCTAssertEqual(Set(state.fields.map(\.name)), ["id", "query", "page", "total", "alert", "isEmpty", "title", "count", "upper"])
        XCTAssertEqual(state.field("id")?.isLet, true)
        XCTAssertEqual(state.field("page")?.isLet, false)
        XCTAssertEqual(state.field("total")?.hasRestrictedSetter, true)
        XCTAssertEqual(state.field("query")?.hasRestrictedSetter, false)
        XCTAssertEqual(state.field("alert")?.attributes, ["Presents"])
        XCTAssertEqual(state.field("isEmpty")?.isReadOnlyComputed, true)
        XCTAssertEqual(state.field("upper")?.isReadOnlyComputed, true)
        XCTAssertEqual(state.field("title")?.isReadOnlyComputed, false)
        XCTAssertEqual(state.field("count")?.isReadOnlyComputed, false)
        // A computed field counts as writable: what it is computed from decides (`storedFields(behind:)`).
        XCTAssertEqual(["id", "query", "total", "alert", "isEmpty", "title", "count"].map(state.mayBeWrittenByBinding),
                       [false, true, false, false, true, true, true])
        // What a computed field is made of.
        XCTAssertEqual(state.storedFields(behind: "isEmpty"), ["query"])
        XCTAssertEqual(state.storedFields(behind: "query"), ["query"])
        XCTAssertNil(state.storedFields(behind: "unknown"))
    }

    /// The State of a nested reducer, with its extensions written by qualified name and a State declared in an
    /// extension of the reducer; a dotted typealias finds the struct it names, not a namesake elsewhere.
    func testStateOfNestedReducersThroughNestingExtensionsAndDottedAliases() throws {
        let file = analyzed("""
        enum App {
          @Reducer
          struct Feature {
            struct State { var a = 0 }
          }
          @Reducer
          struct Other {}
        }
        extension App.Feature.State { var b: Int { a } }
        extension App.Other {
          struct State { var c = 0 }
        }
        enum Parent { struct ChildState { var d = 0 } }
        struct ChildState { var wrong = 0 }
        struct Legacy: Reducer {
          typealias State = Parent.ChildState
        }
        """)
        func fields(_ name: String) throws -> Set<String> {
            let feature = try XCTUnwrap(file.project.feature(name), "\(file.project.features.map(\.qualifiedName))")
            return Set(try XCTUnwrap(feature.state).fields.map(\.name))
        }
        XCTAssertEqual(try fields("App.Feature"), ["a", "b"])
        XCTAssertEqual(try fields("App.Other"), ["c"])
        XCTAssertEqual(try fields("Legacy"), ["d"])
    }

    func testLegacyStateThroughTypealias() throws {
        let file = analyzed("""
        struct SearchState: Equatable {
          @BindingState var query = ""
          var results: [String] = []
        }
        struct Search: ReducerProtocol {
          typealias State = SearchState
        }
        """)
        let state = try XCTUnwrap(file.project.feature("Search")?.state)
        XCTAssertFalse(state.isObservable)
        let observed = { (names: Set<String>) in ObservedValue(firstComponents: names) }
        XCTAssertTrue(OnChangeMissesBindingRule.isBindable(observed(["query"]), state: state, childStates: []))
        XCTAssertFalse(OnChangeMissesBindingRule.isBindable(observed(["results"]), state: state, childStates: []))
        XCTAssertTrue(OnChangeMissesBindingRule.isBindable(observed(["results", "query"]), state: state, childStates: []))
        XCTAssertFalse(OnChangeMissesBindingRule.isBindable(observed(["query"]), state: state, childStates: ["query"]))
        XCTAssertTrue(OnChangeMissesBindingRule.isBindable(ObservedValue(), state: state, childStates: []))
    }

    func testObservedValueForms() {
        func read(_ argument: String) -> Set<String>? {
            let file = analyzed("@Reducer struct F { var body: some ReducerOf<Self> { Reduce { _, _ in .none }.onChange(\(argument)) { _, _ in } } }")
            return file.builders.first?.builder.tree.first?.modifiers.first?.observed?.firstComponents
        }
        XCTAssertEqual(read(#"of: \.query"#), ["query"])
        XCTAssertEqual(read(#"of: \.settings.volume"#), ["settings"])
        XCTAssertEqual(read(#"of: \State.query"#), ["query"])
        XCTAssertEqual(read(#"of: \.$alert"#), ["alert"])
        XCTAssertEqual(read(#"of: { [$0.a, $0.b.c] }"#), ["a", "b"])
        XCTAssertEqual(read(#"of: { state in state.sort }"#), ["sort"])
        XCTAssertNil(read(#"of: { $0 }"#))
        XCTAssertNil(read(#"of: \.self"#))
        XCTAssertNil(read("of: Self.observedPath"))
    }

    func testCancellationIDsCompareByName() {
        let code = FileSyntax(source: SourceFile(path: "t.swift", bytes: Array(
            "x.cancel(id: CancelID.poll(element.id)); y.cancellable(id: self.timerID, cancelInFlight: true); z.cancel(ids: [A.b, .c])".utf8))).code
        let opens = (0..<code.count).filter { code.isPunct($0, .lparen) && (code.is($0 - 1, "cancel") || code.is($0 - 1, "cancellable")) }
        XCTAssertEqual(opens.count, 3)
        XCTAssertEqual(EffectReader.idArguments(open: opens[0], code: code), [["CancelID", "poll"]])
        XCTAssertEqual(EffectReader.idArguments(open: opens[1], code: code), [["timerID"]])
        XCTAssertEqual(EffectReader.idArguments(open: opens[2], code: code), [["A", "b"], ["c"]])
        XCTAssertTrue(CancellationID.matches(["CancelID", "sync"], ["sync"]))
        XCTAssertTrue(CancellationID.matches(["sync"], ["CancelID", "sync"]))
        XCTAssertFalse(CancellationID.matches(["CancelID", "sync"], ["CancelID", "async"]))
        XCTAssertFalse(CancellationID.matches(["CancelID", "sync"], ["Other", "sync"]))
        XCTAssertFalse(CancellationID.matches([], ["sync"]))
    }

    func testNeverCrashesOnTruncatedInput() throws {
        let rules: [any Rule.Type] = [OnChangeMissesBindingRule.self, UncancelledParentEffectRule.self]
        let linter = Linter(rules: rules)
        let sources = try ["fixtures/Lifetimes/LiveGameFeature.swift", "fixtures/Lifetimes/NotesEditorFeature.swift",
                           "fixtures/Lifetimes/LegacyTimerFeature.swift"]
            .map { try Array(PackagePaths.read(PackagePaths.root.appendingPathComponent($0)).utf8) }
        for bytes in sources {
            var cut = 0
            while cut < bytes.count {
                _ = linter.lint(SourceFile(path: "t.swift", bytes: Array(bytes[..<cut])))
                cut += 37
            }
        }
    }

    func testDeepNestingStaysIterative() {
        let depth = 20_000
        let run = "@Reducer struct F { var body: some ReducerOf<Self> { Reduce { state, action in return .run { send in for await x in s { "
            + String(repeating: "{ ", count: depth) + "await send(.child(.presented(.x)))" + String(repeating: " }", count: depth)
            + " } } } .ifLet(\\.$child, action: \\.child) } }"
        let findings = Linter(rules: [UncancelledParentEffectRule.self]).lint(SourceFile(path: "t.swift", bytes: Array(run.utf8)))
        XCTAssertEqual(findings.map(\.ruleID), ["uncancelled_parent_effect"])
        let onChange = "@Reducer struct F { var body: some ReducerOf<Self> { BindingReducer()\n Reduce { _, _ in .none }.onChange(of: { "
            + String(repeating: "[", count: depth) + "$0.q" + String(repeating: "]", count: depth) + " }) { _, _ in Reduce { _, _ in .none } } } }"
        let onChangeFindings = Linter(rules: [OnChangeMissesBindingRule.self]).lint(SourceFile(path: "t.swift", bytes: Array(onChange.utf8)))
        XCTAssertEqual(onChangeFindings.map(\.ruleID), ["on_change_misses_binding"])
    }
}

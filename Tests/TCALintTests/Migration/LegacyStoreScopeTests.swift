import XCTest
@testable import TCALint

/// `legacy_store_scope`: what the facts read of each `.scope(state:action:)` call, and when the rule's fix can write
/// the key paths (the view's own store, one feature's, a State field, a case of a `@CasePathable` Action).
final class LegacyStoreScopeTests: XCTestCase {
    /// The feature, declared in a file of its own: the view's file alone does not say what `Counter` is.
    static let feature = """
    @Reducer
    struct Counter {
      struct State { var timer = Timer.State(); var rows: [Row.State] = [] }
      enum Action {
        case timer(Timer.Action)
        case row(id: Int, action: Row.Action)
      }
    }

    """

    static let view = """
    struct CounterView: View {
      let store: StoreOf<Counter>
      var body: some View {
        TimerView(store: store.scope(state: \\.timer, action: { .timer($0) }))
        TimerView(store: self.store.scope(state: { $0.timer }, action: Counter.Action.timer))
        TimerView(store: store.scope(state: \\.timer, action: { Action.timer($0) }))
        RowView(store: store.scope(state: \\.rows, action: { .row(id: 0, action: $0) }))
        TimerView(store: other.scope(state: \\.timer, action: { .timer($0) }))
        TimerView(store: store.scope(state: \\.missing, action: { .timer($0) }))
        TimerView(store: store.scope(state: \\.timer, action: \\.timer))
        TimerView(store: store.scope(state: state, action: action))
      }
    }

    """

    func diagnostics(version: TCAVersion?, feature: String = feature) -> [Diagnostic] {
        let index = FeatureIndexTests.index([("Counter.swift", feature), ("CounterView.swift", Self.view)])
        var linter = Linter(rules: [LegacyStoreScopeRule.self])
        linter.tcaVersion = version
        return linter.lint(SourceFile(path: "CounterView.swift", bytes: Array(Self.view.utf8)), project: index)
    }

    func testTheFactsReadEachArgument() throws {
        let scopes = FeatureIndexTests.facts("CounterView.swift", Self.view).file.storeScopes
        // The key-path call and the one passing variables are not read: they may be the current API.
        XCTAssertEqual(scopes.count, 6)
        XCTAssertEqual(scopes.map(\.receiver), ["store", "self.store", "store", "store", "other", "store"])
        XCTAssertEqual(scopes.map(\.statePath), [["timer"], ["timer"], ["timer"], ["rows"], ["timer"], ["missing"]])
        XCTAssertEqual(scopes.map { $0.actionCase?.name }, ["timer", "timer", "timer", nil, "timer", "timer"])
        XCTAssertEqual(scopes.map { $0.actionCase?.root }, ["", "Counter.Action", "Action", nil, "", ""])
        // The edit ranges are the arguments exactly.
        let bytes = Array(Self.view.utf8)
        XCTAssertEqual(String(decoding: bytes[scopes[1].state], as: UTF8.self), "{ $0.timer }")
        XCTAssertEqual(String(decoding: bytes[scopes[1].action], as: UTF8.self), "Counter.Action.timer")
    }

    func testFixesOnlyWhatTheModelVouchesFor() {
        let found = diagnostics(version: TCAVersion(1, 10))
        XCTAssertEqual(found.map(\.line), [4, 5, 6, 7, 8, 9])
        XCTAssertEqual(found.map { $0.fix?.applicability }, [.safe, .safe, .safe, nil, nil, nil])
        XCTAssertTrue(found[0].message.contains("write 'scope(state: \\.timer, action: \\.timer)'"), found[0].message)
        XCTAssertTrue(found[0].message.hasSuffix("(--fix does)"), found[0].message)
        for unfixed in found[3...] {
            XCTAssertTrue(unfixed.message.contains("pass a key path to the child state and a case key path"), unfixed.message)
        }
    }

    func testTheFixWritesTheKeyPaths() {
        let index = FeatureIndexTests.index([("Counter.swift", Self.feature), ("CounterView.swift", Self.view)])
        var linter = Linter(rules: [LegacyStoreScopeRule.self])
        linter.tcaVersion = TCAVersion(1, 5)
        let fixed = String(decoding: FixEngine(linter: linter, project: index).run(SourceFile(path: "CounterView.swift", bytes: Array(Self.view.utf8))).bytes,
                           as: UTF8.self)
        XCTAssertTrue(fixed.contains("TimerView(store: store.scope(state: \\.timer, action: \\.timer))\n    TimerView(store: self.store.scope(state: \\.timer, action: \\.timer))\n    TimerView(store: store.scope(state: \\.timer, action: \\.timer))\n    RowView(store: store.scope(state: \\.rows, action: { .row(id: 0, action: $0) }))"), fixed)
    }

    func testTheVersionGatesTheRuleAndTheFix() {
        XCTAssertEqual(diagnostics(version: TCAVersion(1, 4)).count, 0, "key-path scoping came in 1.5")
        XCTAssertEqual(diagnostics(version: nil).map { $0.fix?.applicability }, [.unsafe, .unsafe, .unsafe, nil, nil, nil])
    }

    func testAnActionThatIsNotCasePathableGetsNoFix() {
        let plain = Self.feature.replacingOccurrences(of: "@Reducer\nstruct Counter {", with: "struct Counter: Reducer {")
        let found = diagnostics(version: TCAVersion(1, 10), feature: plain)
        XCTAssertEqual(found.compactMap(\.fix).count, 0)
        // Where the case is the view's store's, the message says what to do first (JarretHoving97/Habicolor's plain
        // `struct HabitListFeature: Reducer`); elsewhere the general advice.
        assertMessages(found, at: [4, 5, 6, 9], contain: "; Counter.Action is not @CasePathable, so no case key path names .timer yet: mark the enum @CasePathable (or the feature @Reducer), then pass key paths (scope(state: \\.child, action: \\.timer)), which lets TCA cache the child store")
        assertMessages(found, at: [7, 8], contain: "; pass a key path to the child state and a case key path")
    }

    /// The messages of the findings at these lines (of the view) contain `text`.
    func assertMessages(_ found: [Diagnostic], at lines: [Int], contain text: String, file: StaticString = #filePath, line: UInt = #line) {
        for at in lines {
            let message = found.first { $0.line == at }?.message ?? ""
            XCTAssertTrue(message.contains(text), "line \(at): \(message)", file: file, line: line)
        }
    }

    /// A case with two unlabelled values (oolxg/Hanami's `case mangaThumbnailAction(UUID, MangaThumbnail.Action)`, the
    /// pre-1.4 `forEach` shape): its case key path's value is the pair `(UUID, Row.Action)`, which `ForEachStore` does not
    /// take, so the rewrite would not compile. The finding stays, with the message that says what to pass, and no fix.
    func testACaseOfSeveralValuesGetsNoFix() {
        let feature = Self.feature.replacingOccurrences(of: "case timer(Timer.Action)", with: "case timer(UUID, Timer.Action)")
        let found = diagnostics(version: TCAVersion(1, 10), feature: feature)
        XCTAssertEqual(found.map(\.line), [4, 5, 6, 7, 8, 9])
        XCTAssertEqual(found.compactMap(\.fix).count, 0)
        // The message says what to change first where the case is the view's store's; the general advice elsewhere.
        assertMessages(found, at: [4, 5, 6, 9], contain: "; its action case .timer(UUID, Timer.Action) carries several values, so a case key path to it would give the child store the tuple, not the child's Action: first make the case hold one value (IdentifiedActionOf<Timer> for the rows of a collection")
        assertMessages(found, at: [7, 8], contain: "; pass a key path to the child state and a case key path")
    }

    /// The labelled twin of the case above (`case row(id: Row.State.ID, action: Row.Action)`, what `forEach(_:action:)`
    /// took before TCA 1.4): its case key path gives the labelled pair too, and the message names the Action without its
    /// label.
    func testACaseOfSeveralLabelledValuesGetsTheSameMessage() {
        let feature = Self.feature.replacingOccurrences(of: "case timer(Timer.Action)", with: "case timer(id: UUID, action: Timer.Action)")
        let found = diagnostics(version: TCAVersion(1, 10), feature: feature)
        XCTAssertEqual(found.compactMap(\.fix).count, 0)
        assertMessages(found, at: [4], contain: "; its action case .timer(id: UUID, action: Timer.Action) carries several values, so a case key path to it would give the child store the tuple, not the child's Action: first make the case hold one value (IdentifiedActionOf<Timer> for the rows of a collection")
    }

    /// TCA 1.0's `ForEachStore(store.scope(state: \.habits, action: HabitList.Action.habit(id:action:)))`
    /// (JarretHoving97/Habicolor): the case's constructor named with its labels is the case `habit`, as a builder's
    /// `/Action.habit(id:action:)` is; other arguments after a case name are not read as one.
    func testACaseNamedWithItsLabelsIsRead() {
        let view = """
            struct V: View {
              let store: StoreOf<Counter>
              var body: some View {
                ForEachStore(store.scope(state: \\.rows, action: Counter.Action.row(id:action:))) { RowView(store: $0) }
                ForEachStore(store.scope(state: \\.rows, action: Counter.Action.row(id: 1))) { RowView(store: $0) }
              }
            }
            """
        let scopes = FeatureIndexTests.facts("V.swift", view).file.storeScopes
        XCTAssertEqual(scopes.map { $0.actionCase.map { "\($0.root).\($0.name)" } }, ["Counter.Action.row", nil])
    }

    func testWhatAPayloadHoldsAndItsLastValuesType() {
        func facts(_ payload: String) -> EnumCaseFacts {
            EnumCaseFacts(name: "c", payload: payload, location: FactLocation(path: "F.swift", line: 1, column: 1))
        }
        let shapes: [(String, EnumCaseFacts.PayloadShape, String)] = [
            ("", .none, ""),
            ("Child.Action", .oneValue, "Child.Action"),
            ("[String: Int]", .oneValue, "[String: Int]"),
            ("(Int) -> Void", .oneValue, "(Int) -> Void"),
            ("id: UUID", .labelled, "UUID"),
            ("UUID, Row.Action", .severalValues, "Row.Action"),
            ("id: Row.State.ID, action: Row.Action", .severalValues, "Row.Action"),
            ("Dictionary<String, Int>, Bool", .severalValues, "Bool"),
            ("Int, (String) -> Void", .severalValues, "(String) -> Void"),
        ]
        for (payload, shape, last) in shapes {
            XCTAssertEqual(facts(payload).payloadShape, shape, payload)
            XCTAssertEqual(facts(payload).lastValueType, last, payload)
        }
    }

    func testWhichPayloadsHoldOneUnlabelledValue() {
        func holdsOne(_ payload: String) -> Bool {
            EnumCaseFacts(name: "c", payload: payload, location: FactLocation(path: "F.swift", line: 1, column: 1)).holdsOneUnlabelledValue
        }
        for one in ["Child.Action", "Result<[Item], any Error>", "(UUID, Row.Action)", "[String: Int]", "(Int) -> Void",
                    "IdentifiedActionOf<Row>", "PresentationAction<Destination.Action>"] {
            XCTAssertTrue(holdsOne(one), one)
        }
        for notOne in ["", "UUID, Row.Action", "id: UUID", "id: Row.State.ID, action: Row.Action", "(Int) -> Void, Int",
                       "Dictionary<String, Int>, Bool"] {
            XCTAssertFalse(holdsOne(notOne), notOne)
        }
    }

    /// A case of a nested enum of the Action (`Action.InternalAction.content`) returns that enum, not the store's
    /// Action: the call resolves to a project's own `scope` overload, never TCA's deprecated one.
    func testAFunctionReturningANestedActionIsNotTCAsScope() {
        let view = "struct V: View {\n  let store: StoreOf<Counter>\n  var body: some View {\n    T(store: store.scope(state: \\.timer, action: Action.InternalAction.timer))\n    T(store: store.scope(state: \\.timer, action: Counter.Action.timer))\n  }\n}\n"
        var linter = Linter(rules: [LegacyStoreScopeRule.self])
        linter.tcaVersion = TCAVersion(1, 10)
        XCTAssertEqual(linter.lint(SourceFile(path: "V.swift", bytes: Array(view.utf8))).map(\.line), [5])
    }
}

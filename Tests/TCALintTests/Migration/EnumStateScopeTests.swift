import XCTest
@testable import TCALint

/// `enum_state_scope`: a `Scope` into a case of the feature's own enum `State` (asked of the model's `State` kind
/// and cases and each composition's state path), and when the rule speaks.
final class EnumStateScopeTests: XCTestCase {
    static let source = """
        struct Destination: Reducer {
          enum State { case a(A.State), b(B.State) }
          enum Action { case a(A.Action), b(B.Action) }
          var body: some ReducerOf<Self> {
            Scope(state: /State.a, action: /Action.a) { A() }
            Scope(state: \\.b, action: \\.b) { B() }
          }
        }
        @Reducer struct A { struct State {}; enum Action {}; var body: some ReducerOf<Self> { EmptyReducer() } }
        @Reducer struct B {
          struct State { var c = C.State() }
          enum Action { case c(C.Action) }
          var body: some ReducerOf<Self> { Scope(state: \\.c, action: \\.c) { C() } }
        }
        @Reducer struct C { struct State {}; enum Action {}; var body: some ReducerOf<Self> { EmptyReducer() } }

        """

    func lint(_ source: String, version: TCAVersion?) -> [Diagnostic] {
        var linter = Linter(rules: [EnumStateScopeRule.self])
        linter.tcaVersion = version
        return linter.lint(SourceFile(path: "F.swift", bytes: Array(source.utf8)))
    }

    func testOnlyScopesIntoCasesOfTheFeaturesOwnEnumState() {
        let found = lint(Self.source, version: nil)
        XCTAssertEqual(found.map(\.line), [5, 6], "B's Scope goes into a property of its struct State")
        XCTAssertEqual(found.first?.message, EnumStateScopeRule.message(parent: "Destination", state: "state: /State.a", caseName: "a", actionPath: "a", child: "A"))
        XCTAssertTrue(found[1].message.hasPrefix("Scope(state: \\.b) scopes into a case of Destination's enum State, deprecated since TCA 1.25"))
        XCTAssertTrue(found[1].message.hasSuffix("or write .ifCaseLet(\\.b, action: \\.b) { B() } on a reducer"))
    }

    func testTheVersionAndAProjectsOwnScopeSilenceIt() {
        XCTAssertEqual(lint(Self.source, version: TCAVersion(1, 25)).count, 2)
        XCTAssertEqual(lint(Self.source, version: TCAVersion(1, 24)).count, 0, "deprecated in 1.25")
        XCTAssertEqual(lint(Self.source + "struct Scope<S, A> {}\n", version: nil).count, 0)
    }
}

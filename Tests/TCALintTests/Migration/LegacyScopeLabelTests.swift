import XCTest
@testable import TCALint

/// `legacy_scope_label`: which key-path scopes `DeprecatedAPIReader` takes for the labelled forms TCA renamed after
/// 1.25.5, the labels its facts say the rename drops, the model's answers the rule asks (a top-level `Store` or
/// `Scope` of the project's own, a `Scope` into a case of an enum State), and the version gate.
final class LegacyScopeLabelTests: XCTestCase {
    func uses(_ source: String) -> [DeprecatedUseFacts] {
        FeatureIndexTests.facts("Feature.swift", source).file.deprecatedUses
            .filter { $0.api == .storeScopeStateLabel || $0.api == .scopeStateLabel }
    }

    /// The text each use's dropped ranges cover, in order.
    func dropped(_ source: String) -> [[String]] {
        let bytes = Array(source.utf8)
        return uses(source).map { use in use.droppedLabels.map { String(decoding: bytes[$0], as: UTF8.self) } }
    }

    func testKeyPathScopesOnStoresAndTheScopeReducerAreRead() {
        XCTAssertEqual(dropped("""
            let a = store.scope(state: \\.child, action: \\.child)
            let b = $store.scope(state: \\.destination?.sheet, action: \\.destination.sheet)
            let c = self.store.scope(
              state: \\.rows,
              action: \\.rows
            )
            var body: some ReducerOf<Self> {
              Scope(state: \\.child, action: \\.child) { Child() }
              ComposableArchitecture.Scope(state: \\.other, action: \\.other, child: { Other() })
            }
            """), [["state: "], ["state: "], ["state: "], ["state: "], ["state: ", "child: "]])
        XCTAssertEqual(uses("let a = store.scope(state: \\.child, action: \\.child)").map(\.api), [.storeScopeStateLabel])
        XCTAssertEqual(uses("Scope(state: \\.child, action: \\.child) { Child() }").map(\.api), [.scopeStateLabel])
    }

    func testClosuresCasePathsVariablesUnlabelledAndOtherReceiversAreNot() {
        XCTAssertEqual(uses("""
            let a = store.scope(state: { $0.child }, action: { .child($0) })
            let b = store.scope(state: \\.child, action: Action.child)
            let c = store.scope(\\.child, action: \\.child)
            let d = analytics.scope(state: \\.screen, action: \\.event)
            func e() -> Store<S, A> { scope(state: state, action: action) }
            Scope(state: \\.child, action: /Action.child) { Child() }
            Scope(\\.child, action: \\.child) { Child() }
            Other.Scope(state: \\.child, action: \\.child) { Child() }
            // store.scope(state: \\.child, action: \\.child)
            let s = "Scope(state: \\\\.child, action: \\\\.child)"
            """).count, 0)
    }

    func lint(_ source: String, version: TCAVersion?, extra: [String: String] = [:]) throws -> [Diagnostic] {
        let tree = try ScratchTree()
        let path = try tree.write("Feature.swift", source).path
        var paths = [path]
        for (name, text) in extra { paths.append(try tree.write(name, text).path) }
        return withExtendedLifetime(tree) {
            var linter = Linter(rules: [LegacyScopeLabelRule.self])
            linter.tcaVersion = version
            return LintRunner(linter: linter, jobs: 1).run(paths).diagnostics.filter { $0.path.hasSuffix("Feature.swift") }
        }
    }

    static let feature = """
        import ComposableArchitecture
        @Reducer
        struct Parent {
          struct State { var child = Child.State() }
          enum Action { case child(Child.Action) }
          var body: some ReducerOf<Self> {
            Scope(state: \\.child, action: \\.child) { Child() }
          }
        }
        struct ParentView: View {
          let store: StoreOf<Parent>
          var body: some View { ChildView(store: store.scope(state: \\.child, action: \\.child)) }
        }

        """

    func testOnlyAProjectKnownOrTargetedOnTheRenamingReleaseHearsOfIt() throws {
        XCTAssertEqual(try lint(Self.feature, version: nil).count, 0, "no released TCA before 1.26 has the unlabelled form")
        XCTAssertEqual(try lint(Self.feature, version: TCAVersion(1, 25, 5)).count, 0)
        let found = try lint(Self.feature, version: TCAVersion(1, 26))
        XCTAssertEqual(found.map(\.line), [7, 12])
        XCTAssertEqual(found.map(\.message), [LegacyScopeLabelRule.message(call: "Scope", fixed: true),
                                              LegacyScopeLabelRule.message(call: "scope", fixed: true)])
        XCTAssertTrue(found[0].message.hasPrefix("'Scope(state:action:)' is renamed 'Scope(_:action:_:)' after TCA 1.25.5"))
        XCTAssertTrue(found[1].message.hasPrefix("'scope(state:action:)' is renamed 'scope(_:action:)' after TCA 1.25.5"))
        XCTAssertEqual(found.map { $0.fix?.applicability }, [.safe, .safe])
    }

    func testTheFixDropsTheLabelsAndIsIdempotent() {
        var engine = FixEngine(linter: Linter(rules: [LegacyScopeLabelRule.self]), includeUnsafe: false)
        engine.linter.tcaVersion = TCAVersion(1, 26)
        let source = Self.feature.replacingOccurrences(of: "Scope(state: \\.child, action: \\.child) { Child() }",
                                                       with: "Scope(state: \\.child, action: \\.child, child: { Child() })")
        XCTAssertNotEqual(source, Self.feature)
        let fixed = String(decoding: engine.run(SourceFile(path: "F.swift", bytes: Array(source.utf8))).bytes, as: UTF8.self)
        XCTAssertTrue(fixed.contains("    Scope(\\.child, action: \\.child, { Child() })\n"), fixed)
        XCTAssertTrue(fixed.contains("ChildView(store: store.scope(\\.child, action: \\.child))"), fixed)
        let again = String(decoding: engine.run(SourceFile(path: "F.swift", bytes: Array(fixed.utf8))).bytes, as: UTF8.self)
        XCTAssertEqual(again, fixed)
    }

    func testAScopeIntoAnEnumStatesCaseIsLeftToEnumStateScope() throws {
        let root = """
            @Reducer
            struct Root {
              enum State { case home(Home.State), login(Login.State) }
              enum Action { case home(Home.Action), login(Login.Action) }
              var body: some ReducerOf<Self> {
                Scope(state: \\.home, action: \\.home) { Home() }
                Scope(state: \\.self, action: \\.self) { Core() }
              }
            }

            """
        let found = try lint(root, version: TCAVersion(1, 26))
        XCTAssertEqual(found.map(\.line), [7], "only the identity scope, a plain key path")
        let project = FeatureIndexTests.index([("Root.swift", root)])
        let feature = try XCTUnwrap(project.features.first { $0.name == "Root" })
        XCTAssertEqual(feature.children.map { feature.scopesIntoStateCase($0.edge) }, [true, false])
    }

    func testAProjectsOwnTopLevelStoreSilencesStoreScopesButANestedTypeOrAliasDoesNot() throws {
        let view = """
            struct ParentView: View {
              let store: StoreOf<Parent>
              var body: some View { ChildView(store: store.scope(state: \\.child, action: \\.child)) }
            }

            """
        XCTAssertEqual(try lint(view, version: TCAVersion(1, 26), extra: ["Store.swift": "public final class Store<State, Action> {}\n"]).count, 0)
        XCTAssertEqual(try lint(view, version: TCAVersion(1, 26), extra: [
            "Other.swift": "enum Finder { enum Store {} }\nstruct Feature { typealias Store = StoreOf<Self> }\n",
        ]).count, 1)
        let project = FeatureIndexTests.index([("A.swift", "final class Store {}\nenum Finder { enum Scope {} }\n")])
        XCTAssertTrue(project.declaresTopLevelType("Store"))
        XCTAssertFalse(project.declaresTopLevelType("Scope"))
    }
}

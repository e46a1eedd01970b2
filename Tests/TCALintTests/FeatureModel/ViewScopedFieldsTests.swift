import XCTest
@testable import TCALint

/// The fields a feature's views scope its store to (`StoreBindingReader`, `FeatureIndex.fieldsScopedInViews(of:)`),
/// which `presents_without_if_let` asks: a presented field no view of the feature shows cannot do harm.
final class ViewScopedFieldsTests: XCTestCase {
    static let feature = """
        @Reducer
        struct Inbox {
          @ObservableState
          struct State {
            @Presents var alert: AlertState<Action.Alert>?
            @Presents var destination: Destination.State?
          }
          enum Action { case alert(PresentationAction<Alert>), destination(PresentationAction<Destination.Action>) }
          var body: some ReducerOf<Self> { EmptyReducer() }
        }

        """

    func testEveryScopeOfAViewsStoreNamesItsFirstField() {
        let facts = ProjectIndexer.facts(path: "V.swift", bytes: Array("""
            struct InboxView: View {
              @Bindable var store: StoreOf<Inbox>
              var body: some View {
                List {}
                  .alert(store: self.store.scope(state: \\.$alert, action: \\.alert))
                  .sheet(item: $store.scope(state: \\.destination?.compose, action: \\.destination.compose)) { ComposeView(store: $0) }
                IfLetStore(store.scope(state: { $0.draft }, action: { .draft($0) })) { DraftView(store: $0) }
                other.scope(state: \\.ignored, action: \\.ignored)
              }
            }
            """.utf8)).file
        XCTAssertEqual(facts.scopedFields.map { "\($0.feature) \($0.field) \($0.location.line)" },
                       ["Inbox alert 5", "Inbox destination 6", "Inbox draft 7"])
    }

    func testTheProjectKnowsWhichFieldsTheFeaturesViewsScopeAndWhetherItHasViews() throws {
        func scoped(_ view: String?) throws -> Set<String>? {
            var files = [("Inbox.swift", Self.feature)]
            if let view { files.append(("InboxView.swift", view)) }
            let index = FeatureIndexTests.index(files)
            return index.fieldsScopedInViews(of: try XCTUnwrap(index.features.first { $0.name == "Inbox" }))
        }
        XCTAssertNil(try scoped(nil), "no view of the feature in sight: nothing is known")
        XCTAssertEqual(try scoped("struct InboxView: View {\n  let store: StoreOf<Inbox>\n  var body: some View { List {} }\n}\n"), [])
        XCTAssertEqual(try scoped("""
            struct InboxView: View {
              @Bindable var store: StoreOf<Inbox>
              var body: some View { List {}.alert($store.scope(state: \\.alert, action: \\.alert)) }
            }

            """), ["alert"])
    }

    /// The rule: the alert nothing shows is not reported; once a view scopes the store to it, it is.
    func testAPresentedFieldNoViewShowsIsNotReported() throws {
        let set = Self.feature.replacingOccurrences(of: "var body: some ReducerOf<Self> { EmptyReducer() }", with: """
            var body: some ReducerOf<Self> {
                Reduce { state, action in
                  state.alert = AlertState { TextState("Failed") }
                  return .none
                }
              }
            """)
        XCTAssertNotEqual(set, Self.feature)
        func lint(_ view: String) throws -> [String] {
            let tree = try ScratchTree()
            let paths = [try tree.write("Inbox.swift", set).path, try tree.write("InboxView.swift", view).path]
            return withExtendedLifetime(tree) {
                LintRunner(linter: Linter(rules: [PresentsWithoutIfLetRule.self]), jobs: 1).run(paths).diagnostics.map(\.ruleID)
            }
        }
        XCTAssertEqual(try lint("struct InboxView: View {\n  let store: StoreOf<Inbox>\n  var body: some View { List {} }\n}\n"), [])
        XCTAssertEqual(try lint("""
            struct InboxView: View {
              @Bindable var store: StoreOf<Inbox>
              var body: some View { List {}.alert($store.scope(state: \\.alert, action: \\.alert)) }
            }

            """), ["presents_without_if_let"])
    }
}

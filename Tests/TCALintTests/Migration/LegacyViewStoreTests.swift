import XCTest
@testable import TCALint

/// `legacy_view_store`: which names are uses, which feature a view's code belongs to (the store it holds), and the
/// migration report's outside-in order for observation.
final class LegacyViewStoreTests: XCTestCase {
    static let app = """
    @Reducer
    struct App {
      struct State { var child = Child.State() }
      enum Action { case child(Child.Action) }
      var body: some ReducerOf<Self> {
        Scope(state: \\.child, action: \\.child) { Child() }
      }
    }

    @Reducer
    struct Child {
      struct State { var count = 0 }
      enum Action { case tapped }
    }

    struct AppView: View {
      let store: StoreOf<App>
      var body: some View {
        WithViewStore(store, observe: { $0 }) { _ in ChildView(store: store.scope(state: \\.child, action: \\.child)) }
      }
    }

    struct ChildView: View {
      let store: StoreOf<Child>
      @ObservedObject var viewStore: ViewStoreOf<Child>
      init(store: StoreOf<Child>) {
        self.store = store
        self.viewStore = ViewStore(store, observe: { $0 })
      }
      var body: some View {
        WithViewStore(store, observe: \\.count) { viewStore in Text("\\(viewStore.state)") }
      }
    }

    struct Both: View {
      let app: StoreOf<App>
      let child: StoreOf<Child>
      var body: some View { IfLetStore(child.scope(state: \\.x, action: \\.x)) { _ in EmptyView() } }
    }

    """

    func testTheUsesAreTCAsNames() {
        let facts = FeatureIndexTests.facts("App.swift", Self.app)
        XCTAssertEqual(facts.file.deprecatedUses.map(\.api).filter(\.isPreObservationView),
                       [.withViewStore, .viewStoreOf, .viewStore, .withViewStore, .ifLetStore])
        let other = FeatureIndexTests.facts("O.swift", """
            final class ViewStore<S> {}
            let a: Legacy.ViewStore
            let b: ComposableArchitecture.ViewStore<Int, Void>
            // WithViewStore
            let c = "IfLetStore"

            """)
        XCTAssertEqual(other.file.deprecatedUses.map { $0.anchor.offset }, [Array("final class ViewStore<S> {}\nlet a: Legacy.ViewStore\nlet b: ComposableArchitecture.".utf8).count])
    }

    func testAViewsCodeBelongsToTheFeatureWhoseStoreItHolds() throws {
        let facts = FeatureIndexTests.facts("App.swift", Self.app)
        XCTAssertEqual(facts.file.storesByType["AppView"], ["App"])
        XCTAssertEqual(facts.file.storesByType["ChildView"], ["Child"], "declared three times, listed once")
        XCTAssertEqual(facts.file.storesByType["Both"], ["App", "Child"])
        let index = FeatureIndexTests.index([("App.swift", Self.app)])
        let source = Array(Self.app.utf8)
        func owner(of text: String) -> String? {
            let offset = source.firstRange(of: Array(text.utf8))!.lowerBound
            return index.feature(owning: offset, in: "App.swift")?.qualifiedName
        }
        XCTAssertEqual(owner(of: "Scope(state:"), "App", "in the feature's own declaration")
        XCTAssertEqual(owner(of: "WithViewStore(store, observe: { $0 })"), "App")
        XCTAssertEqual(owner(of: "self.viewStore = ViewStore("), "Child")
        XCTAssertNil(owner(of: "IfLetStore"), "a view holding two features' stores belongs to neither")
    }

    func testTheReportListsObservationOutsideInAndTheRestByUses() throws {
        let index = FeatureIndexTests.index([("App.swift", Self.app)])
        var linter = Linter(rules: [LegacyViewStoreRule.self])
        linter.tcaVersion = TCAVersion(1, 7)
        let found = linter.lint(SourceFile(path: "App.swift", bytes: Array(Self.app.utf8)), project: index)
        XCTAssertEqual(found.count, 5)
        let report = MigrationReport(diagnostics: found, index: index, rules: [LegacyViewStoreRule.self],
                                     detected: nil, configured: nil, target: nil)
        let item = try XCTUnwrap(report.items.first)
        // Child has three uses and App one, but App is the root: it comes first; code in no feature comes last.
        XCTAssertEqual(item.features.map(\.name), ["App", "Child", "(outside any feature)"])
        XCTAssertEqual(item.features.map(\.uses), [1, 3, 1])
        XCTAssertTrue(report.markdown().contains("From the root features down"), report.markdown())
        // The graph's depths: a root is 0, its child 1.
        let graph = FeatureGraph(index: index)
        let depths = graph.depths()
        let ids = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.name, $0.id) })
        XCTAssertEqual(depths[ids["App"]!], 0)
        XCTAssertEqual(depths[ids["Child"]!], 1)
    }

    func testOlderProjectsAndTheProjectsOwnViewStoreHearNothing() {
        var linter = Linter(rules: [LegacyViewStoreRule.self])
        linter.tcaVersion = TCAVersion(1, 6)
        XCTAssertEqual(linter.lint(SourceFile(path: "App.swift", bytes: Array(Self.app.utf8))).count, 0)
        linter.tcaVersion = nil
        let own = "final class ViewStore<S, A> {}\nstruct V { let s: ViewStore<Int, Void> }\n"
        let index = FeatureIndexTests.index([("V.swift", own)])
        XCTAssertEqual(linter.lint(SourceFile(path: "V.swift", bytes: Array(own.utf8)), project: index).count, 0)
    }

    /// The one fix: `ForEachStore` over a key-path scope of the view's store becomes `ForEach`, unsafe; other stores and
    /// closure scopes are left to a person.
    func testForEachStoreOverAKeyPathScopeBecomesForEachUnsafely() {
        let source = """
        @Reducer
        struct Rows {
          enum Action { case rows(IdentifiedActionOf<Row>), old(id: Row.State.ID, action: Row.Action) }
          var body: some ReducerOf<Self> { EmptyReducer() }
        }
        struct RowsView: View {
          let store: StoreOf<Rows>
          var body: some View {
            ForEachStore(store.scope(state: \\.rows, action: \\.rows)) { RowView(store: $0) }
            ForEachStore(self.store.scope(\\.rows, action: \\.rows), content: RowView.init)
            ForEachStore(store.scope(state: \\.rows, action: { .rows($0) })) { RowView(store: $0) }
            ForEachStore(rowsStore) { RowView(store: $0) }
            ForEachStore(store.scope(state: \\.rows, action: \\.rows).dropFirst()) { RowView(store: $0) }
            ForEachStore(store.scope(state: \\.olds, action: \\.old)) { RowView(store: $0) }
          }
        }

        """
        var linter = Linter(rules: [LegacyViewStoreRule.self])
        linter.tcaVersion = TCAVersion(1, 7)
        let found = linter.lint(SourceFile(path: "RowsView.swift", bytes: Array(source.utf8)))
        XCTAssertEqual(found.map(\.line), [9, 10, 11, 12, 13, 14])
        // Not: a closure scope, a store held elsewhere, a scope used further, an action case of TCA's older (id:action:).
        XCTAssertEqual(found.map { $0.fix?.applicability }, [.unsafe, .unsafe, nil, nil, nil, nil])
        XCTAssertTrue(found[0].message.hasSuffix("(--fix --unsafe writes ForEach; it compiles once the State is @ObservableState)"))
        let fixed = String(decoding: FixEngine(linter: linter, includeUnsafe: true).run(SourceFile(path: "RowsView.swift", bytes: Array(source.utf8))).bytes,
                           as: UTF8.self)
        XCTAssertEqual(fixed.components(separatedBy: "\n")[8], "    ForEach(store.scope(state: \\.rows, action: \\.rows)) { RowView(store: $0) }")
        XCTAssertEqual(fixed.components(separatedBy: "\n")[9], "    ForEach(self.store.scope(\\.rows, action: \\.rows), content: RowView.init)")
        XCTAssertEqual(fixed.components(separatedBy: "ForEachStore(").count, 5, "the four others stay")
    }

    /// Where the fix rewrites a `ForEachStore`, the message writes the `ForEach` of that very use, over its own scope (an
    /// action case named apart from the state's field, as apps often write it); without the fix it shows the shape.
    func testTheForEachStoreMessageWritesTheUsesOwnScope() {
        let source = """
        @Reducer
        struct Pager {
          enum Action { case itemAction(IdentifiedActionOf<Item>), old(id: Item.State.ID, action: Item.Action) }
          var body: some ReducerOf<Self> { EmptyReducer() }
        }
        struct PagerView: View {
          let store: StoreOf<Pager>
          var body: some View {
            ForEachStore(store.scope(state: \\.items,
                                     action: \\.itemAction)) { ItemView(store: $0) }
            ForEachStore(store.scope(state: \\.olds, action: \\.old)) { ItemView(store: $0) }
          }
        }

        """
        var linter = Linter(rules: [LegacyViewStoreRule.self])
        linter.tcaVersion = TCAVersion(1, 7)
        let found = linter.lint(SourceFile(path: "PagerView.swift", bytes: Array(source.utf8)))
        XCTAssertEqual(found.map { $0.fix?.applicability }, [.unsafe, nil])
        XCTAssertEqual(found.first?.message, "'ForEachStore' is soft-deprecated since TCA 1.7 and a compiler warning from 1.24; once the feature's State is @ObservableState, write 'ForEach(store.scope(state: \\.items, action: \\.itemAction)) { … }' over the same scope (--fix --unsafe writes ForEach; it compiles once the State is @ObservableState)")
        XCTAssertEqual(found.last?.message, "'ForEachStore' is soft-deprecated since TCA 1.7 and a compiler warning from 1.24; once the feature's State is @ObservableState, write 'ForEach(store.scope(state: \\.rows, action: \\.rows)) { rowStore in … }'")
    }

    /// `IfLetStore` over a key-path scope of one optional field, written as a statement of a view builder, becomes the
    /// guide's `if let`, unsafe; anywhere an `if` statement cannot stand, or over a presented field, it is left alone.
    func testIfLetStoreAsAViewBuilderStatementBecomesIfLetUnsafely() {
        let source = """
        @Reducer
        struct Profile {
          struct State {
            var editor: Editor.State?
            var name: Name.State
            @PresentationState var sheet: Sheet.State?
          }
          enum Action { case editor(Editor.Action), name(Name.Action), sheet(PresentationAction<Sheet.Action>) }
          var body: some ReducerOf<Self> { EmptyReducer() }
        }
        struct ProfileView: View {
          let store: StoreOf<Profile>
          var body: some View {
            IfLetStore(store.scope(state: \\.editor, action: \\.editor)) { editorStore in
              EditorView(store: editorStore)
            } else: {
              Text("None")
            }
            VStack {
              IfLetStore(self.store.scope(state: \\.editor, action: \\.editor)) { EditorView(store: $0) }
              switch mode {
              case .edit:
                IfLetStore(store.scope(state: \\.editor, action: \\.editor)) { s in EditorView(store: s) }
              default:
                EmptyView()
              }
            }
            IfLetStore(store.scope(state: \\.editor, action: \\.editor)) { EditorView(store: $0) }
              .padding()
            IfLetStore(store.scope(state: \\.sheet, action: \\.sheet)) { SheetView(store: $0) }
            IfLetStore(store.scope(state: \\.name, action: \\.name)) { NameView(store: $0) }
          }
          var editor: some View {
            IfLetStore(store.scope(state: \\.editor, action: \\.editor)) { EditorView(store: $0) }
          }
          @ViewBuilder var built: some View {
            IfLetStore(store.scope(state: \\.editor, action: \\.editor)) { editorStore in EditorView(store: editorStore, store: $0) }
          }
          func make() -> some View {
            return IfLetStore(store.scope(state: \\.editor, action: \\.editor)) { EditorView(store: $0) }
          }
          var popups: some View {
            Text("").namoPopup(isPresented: $shown, content: {
              IfLetStore(store.scope(state: \\.editor, action: \\.editor)) { EditorView(store: $0) }
            })
            .fullScreenCover(isPresented: $shown, content: {
              IfLetStore(store.scope(state: \\.editor, action: \\.editor)) { EditorView(store: $0) }
            })
            .sheet(isPresented: $shown) {
              IfLetStore(store.scope(state: \\.editor, action: \\.editor)) { EditorView(store: $0) }
            }
          }
        }

        """
        var linter = Linter(rules: [LegacyViewStoreRule.self])
        linter.tcaVersion = TCAVersion(1, 7)
        let found = linter.lint(SourceFile(path: "ProfileView.swift", bytes: Array(source.utf8)))
        XCTAssertEqual(found.map(\.line), [14, 20, 23, 28, 30, 31, 34, 37, 40, 44, 47, 50])
        // Not: a statement given a modifier, a presented field, a field that is not optional, a property that builds
        // no views, a closure that names a parameter and uses `$0`, a returned one, a project helper's `content:`.
        // Yes: the content closures of SwiftUI's `.fullScreenCover` and `.sheet`.
        XCTAssertEqual(found.map { $0.fix?.applicability }, [.unsafe, .unsafe, .unsafe, nil, nil, nil, nil, nil, nil, nil, .unsafe, .unsafe])
        XCTAssertTrue(found[0].message.hasSuffix(LegacyViewStoreRule.ifLetFixable), found[0].message)
        var engine = FixEngine(linter: linter, includeUnsafe: true)
        engine.linter.tcaVersion = TCAVersion(1, 7)
        let fixed = String(decoding: engine.run(SourceFile(path: "ProfileView.swift", bytes: Array(source.utf8))).bytes, as: UTF8.self)
        XCTAssertTrue(fixed.contains("""
                if let editorStore = store.scope(state: \\.editor, action: \\.editor) {
                  EditorView(store: editorStore)
                } else {
                  Text("None")
                }
            """), fixed)
        XCTAssertTrue(fixed.contains("      if let editorStore = self.store.scope(state: \\.editor, action: \\.editor) { EditorView(store: editorStore) }\n"), fixed)
        XCTAssertTrue(fixed.contains("        if let s = store.scope(state: \\.editor, action: \\.editor) { EditorView(store: s) }\n"), fixed)
        XCTAssertTrue(fixed.contains("    IfLetStore(store.scope(state: \\.editor, action: \\.editor)) { EditorView(store: $0) }\n      .padding()"), fixed)
    }

    /// `SwitchStore` over the view's store whose closure is a switch of `CaseLet`s becomes the guide's `switch
    /// store.state` with `if let` scopes, unsafe, its lines moved out by one level; other shapes are left alone.
    func testSwitchStoreOfCaseLetsBecomesASwitchOverTheStateUnsafely() {
        let source = """
        @Reducer
        struct Root {
          @ObservableState
          enum State { case home(Home.State), login(Login.State) }
          enum Action { case home(Home.Action), login(Login.Action) }
          var body: some ReducerOf<Self> { EmptyReducer() }
        }
        struct RootView: View {
          let store: StoreOf<Root>
          var body: some View {
            SwitchStore(store) { state in
              switch state {
              case .home:
                CaseLet(/Root.State.home, action: Root.Action.home) { homeStore in
                  HomeView(store: homeStore)
                }
              case .login:
                CaseLet(\\.login, action: \\.login) {
                  LoginView(store: $0)
                }
              }
            }
            SwitchStore(self.store.scope(state: \\.self, action: \\.self)) { state in
              switch state {
              case .home: CaseLet(\\.home, action: \\.home) { HomeView(store: $0) }
              case .login: CaseLet(\\.login, action: \\.login) { LoginView(store: $0) }
              }
            }
            SwitchStore(store) { state in
              switch state {
              case .home: CaseLet(\\.home, action: \\.home) { HomeView(store: $0, title: state.title) }
              case .login: CaseLet(\\.login, action: \\.login) { LoginView(store: $0) }
              }
            }
            SwitchStore(store) {
              CaseLet(\\.home, action: \\.home) { HomeView(store: $0) }
            }
          }
        }

        """
        var linter = Linter(rules: [LegacyViewStoreRule.self])
        linter.tcaVersion = TCAVersion(1, 7)
        let found = linter.lint(SourceFile(path: "RootView.swift", bytes: Array(source.utf8))).filter { $0.message.hasPrefix("'SwitchStore'") }
        XCTAssertEqual(found.map(\.line), [11, 23, 29, 35])
        // Not: a scoped store, a switch whose parameter the clauses also read, CaseLets without a switch (TCA 0.x).
        XCTAssertEqual(found.map { $0.fix?.applicability }, [.unsafe, nil, nil, nil])
        XCTAssertTrue(found[0].message.hasSuffix(LegacyViewStoreRule.switchFixable), found[0].message)
        var engine = FixEngine(linter: Linter(rules: [LegacyViewStoreRule.self]), includeUnsafe: true)
        engine.linter.tcaVersion = TCAVersion(1, 7)
        let fixed = String(decoding: engine.run(SourceFile(path: "RootView.swift", bytes: Array(source.utf8))).bytes, as: UTF8.self)
        XCTAssertTrue(fixed.contains("""
              var body: some View {
                switch store.state {
                case .home:
                  if let homeStore = store.scope(state: \\.home, action: \\.home) {
                    HomeView(store: homeStore)
                  }
                case .login:
                  if let loginStore = store.scope(state: \\.login, action: \\.login) {
                    LoginView(store: loginStore)
                  }
                }
                SwitchStore(self.store.scope(state: \\.self, action: \\.self)) { state in
            """), fixed)
        // A feature whose enum State is not known to be @CasePathable (no @Reducer): reported, not fixed.
        let plain = source.replacingOccurrences(of: "@Reducer\nstruct Root {", with: "struct Root: Reducer {")
        XCTAssertNotEqual(plain, source)
        let unfixed = linter.lint(SourceFile(path: "RootView.swift", bytes: Array(plain.utf8))).filter { $0.message.hasPrefix("'SwitchStore'") }
        XCTAssertEqual(unfixed.map { $0.fix?.applicability }, [nil, nil, nil, nil])
    }
}

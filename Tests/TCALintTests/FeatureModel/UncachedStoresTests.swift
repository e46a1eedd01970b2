import Foundation
import XCTest
@testable import TCALint

/// The halves of TCA's "Scoping from uncached …" warning in the model (`UncachedStoreReader`): the scopes of a view that
/// need a store TCA caches (`FileWideFacts.cachedScopes`), the views built with one it cannot cache
/// (`FileWideFacts.uncachedHandoffs`), and the view a written name resolves to (`FeatureIndex.cachedScopes(inView:)`).
final class UncachedStoresTests: XCTestCase {
    func facts(_ source: String, path: String = "F.swift") -> FileFacts {
        ProjectIndexer.facts(path: path, bytes: Array(source.utf8))
    }

    func cached(_ source: String) -> [String] {
        facts(source).file.cachedScopes.map { "\($0.view) \($0.shown) \($0.location.line)" }
    }

    func handoffs(_ source: String) -> [String] {
        facts(source).file.uncachedHandoffs.map { "\($0.view) \($0.source.rawValue) \($0.shown)" }
    }

    func testOptionalCollectionAndPresentationScopesNeedACachedStore() {
        XCTAssertEqual(cached("""
            struct A: View {
              @Bindable var store: StoreOf<Parent>
              var body: some View {
                if let child = store.scope(state: \\.child, action: \\.child) { ChildView(store: child) }
                ForEach(self.store.scope(state: \\.rows, action: \\.rows)) { RowView(store: $0) }
                Text("")
                  .sheet(item: $store.scope(state: \\.destination?.edit, action: \\.destination.edit)) { _ in }
                  .alert($store.scope(\\.alert, action: \\.alert))
              }
              func helper() -> some View {
                guard let child = store.scope(state: \\.child, action: \\.child) else { return EmptyView() }
                return ChildView(store: child)
              }
            }
            extension Outer {
              struct View: SwiftUI.View {
                let store: StoreOf<Outer>
                var body: some SwiftUI.View { if let a = store.scope(state: \\.a, action: \\.a), let b = store.scope(state: \\.b, action: \\.b) {} }
              }
            }
            """), [
                "A store.scope(state: \\.child, …) 4",
                "A self.store.scope(state: \\.rows, …) 5",
                "A $store.scope(state: \\.destination?.edit, …) 7",
                "A $store.scope(\\.alert, …) 8",
                "A store.scope(state: \\.child, …) 11",
                "Outer.View store.scope(state: \\.a, …) 18",
                "Outer.View store.scope(state: \\.b, …) 18",
            ])
    }

    func testScopesThatDoNotNeedTheCacheAreNotRead() {
        XCTAssertEqual(cached("""
            struct A: View {
              @Bindable var store: StoreOf<Parent>
              var body: some View {
                NavigationStack(path: $store.scope(state: \\.path, action: \\.path)) { Text("") }
                ChildView(store: store.scope(state: \\.child, action: \\.child))
                IfLetStore(store.scope(state: \\.optional, action: \\.optional)) { ChildView(store: $0) }
                if let child = store.scope(state: \\.child, action: { .child($0) }) {}
                let child = store.scope(state: \\.child, action: \\.child)
                if let value = model.scope(state: \\.x, action: \\.x) {}
              }
            }
            """), [])
        // Outside any type: no view to attribute it to.
        XCTAssertEqual(cached("let v = $store.scope(state: \\.alert, action: \\.alert)"), [])
    }

    func testStoresTCACannotCacheHandedToAView() {
        XCTAssertEqual(handoffs("""
            struct A: View {
              let store: StoreOf<Parent>
              var body: some View {
                LoginView(store: store.scope(state: \\.login, action: { .login($0) }))
                Feature.View(store: self.store.scope(state: \\.feature, action: Parent.Action.feature))
                IfLetStore(store.scope(state: \\.home, action: { .home($0) })) { HomeView(store: $0) }
                ForEachStore(store.scope(state: \\.rows, action: { .rows(id: $0, action: $1) }), content: RowView.init)
                SwitchStore(store) { _ in
                  CaseLet(/Parent.State.a, action: Parent.Action.a) { store in AView(store: store) }
                  CaseLet(/Parent.State.b, action: Parent.Action.b, then: BView.init)
                  CaseLet(\\Parent.State.c, action: Parent.Action.c, then: CView.init(store:))
                }
                Text("")
                  .sheet(store: store.scope(state: \\.$destination, action: \\.destination), state: /Destination.State.edit, action: Destination.Action.edit) { EditView(store: $0) }
                  .navigationDestination(store: store.scope(state: \\.$destination, action: \\.destination), state: /Destination.State.detail, action: Destination.Action.detail, destination: Detail.View.init)
              }
            }
            """), [
                "LoginView closureScope store.scope(state:action:) with a closure",
                "Feature.View closureScope store.scope(state:action:) with a closure",
                "HomeView closureScope store.scope(state:action:) with a closure",
                "RowView closureScope store.scope(state:action:) with a closure",
                "AView caseLet CaseLet",
                // The closure names its store `store`: read as this view's own, handed on (harmless, CaseLet's is uncached).
                "AView passedOn store",
                "BView caseLet CaseLet",
                "CView caseLet CaseLet",
                "EditView presentationTransform .sheet(store:state:action:)",
                "Detail.View presentationTransform .navigationDestination(store:state:action:)",
            ])
    }

    func testStoresDerivedFromTheViewsOwnArePassedOn() {
        XCTAssertEqual(handoffs("""
            struct A: View {
              let store: StoreOf<Parent>
              var body: some View {
                LoginView(store: store.scope(state: \\.login, action: \\.login))
                IfLetStore(self.store.scope(state: \\.home, action: \\.home)) { HomeView(store: $0) }
                Text("")
                  .sheet(store: store.scope(state: \\.$edit, action: \\.edit)) { EditView(store: $0) }
                SameView(store: store)
                SelfView(store: self.store, title: "")
                let scoped = store.scope(state: \\.login, action: { .login($0) })
                LoginView(store: scoped)
                OtherView(store: otherStore.scope(state: \\.x, action: \\.x))
                SwitchStore(store) { _ in CaseLet(/Parent.State.a, action: Parent.Action.a) { Text("no store") } }
              }
            }
            let outside = LoginView(store: store.scope(state: \\.login, action: \\.login))
            """), [
                "LoginView passedOn store.scope(state:action:)",
                "HomeView passedOn store.scope(state:action:)",
                "EditView storePresentation .sheet(store:)",
                "SameView passedOn store",
                "SelfView passedOn store",
            ])
    }

    func testAViewNameResolvesToOneDeclaredTypeWithItsExtensions() {
        let view = facts("""
            extension Login {
              struct View: SwiftUI.View { @Bindable var store: StoreOf<Login> }
            }
            extension Login.View {
              var body: some SwiftUI.View { Text("").alert($store.scope(state: \\.alert, action: \\.alert)) }
            }
            struct HomeView: View {
              let store: StoreOf<Home>
              var body: some View { Text("") }
            }
            """, path: "Views.swift")
        let twin = facts("""
            struct RowView: View {
              let store: StoreOf<Row>
              var body: some View { if let a = store.scope(state: \\.a, action: \\.a) {} }
            }
            """, path: "Row1.swift")
        let otherTwin = facts("""
            enum Other { struct RowView: View { var body: some View { Text("") } } }
            """, path: "Row2.swift")
        let index = FeatureIndex(files: [view, twin, otherTwin])
        XCTAssertEqual(index.cachedScopes(inView: "Login.View").map { "\($0.location.path):\($0.location.line)" }, ["Views.swift:5"])
        XCTAssertEqual(index.cachedScopes(inView: "View").count, 1, "the one type named View")
        XCTAssertEqual(index.cachedScopes(inView: "HomeView").count, 0, "a view with no such scope")
        XCTAssertEqual(index.cachedScopes(inView: "RowView").count, 0, "two types named RowView: which one is built is unknown")
        XCTAssertEqual(index.cachedScopes(inView: "Missing").count, 0)
    }

    func testAStoreHandedOnIsFollowedToTheViewThatScopesIt() {
        let parent = facts("""
            struct RootView: View {
              let store: StoreOf<Root>
              var body: some View { SwitchStore(store) { _ in CaseLet(/Root.State.a, action: Root.Action.a, then: CoordinatorView.init) } }
            }
            struct CoordinatorView: View {
              let store: StoreOf<Coordinator>
              var body: some View {
                Text("").sheet(store: store.scope(state: \\.$child, action: \\.child)) { ChildView(store: $0) }
              }
            }
            struct ChildView: View {
              let store: StoreOf<Child>
              var body: some View { LeafView(store: store) }
            }
            struct LeafView: View {
              let store: StoreOf<Child>
              var body: some View { if let x = store.scope(state: \\.x, action: \\.x) {} }
            }
            struct LoopView: View {
              let store: StoreOf<Loop>
              var body: some View { LoopView(store: store) }
            }
            """)
        let index = FeatureIndex(files: [parent])
        let reached = index.cachedScopeReached(fromView: "CoordinatorView")
        XCTAssertEqual(reached?.views, ["CoordinatorView", "ChildView", "LeafView"])
        XCTAssertEqual(reached?.scope.location.line, 17)
        XCTAssertNil(index.cachedScopeReached(fromView: "CoordinatorView", depth: 1), "two hand-offs deep")
        XCTAssertNil(index.cachedScopeReached(fromView: "LoopView"), "a view handing its store to itself ends")
    }

    /// A view handed the store `.sheet(store:)` hands its content, which scopes it with observation: uncached on TCA 1.7.0
    /// to 1.9.2 only (also linted through the command line by `CLIMigrateTests`).
    static let sheetStoreViews = """
            import ComposableArchitecture
            import SwiftUI
            struct SettingsView: View {
              let store: StoreOf<Settings>
              var body: some View {
                Form {}.sheet(store: store.scope(state: \\.$profile, action: \\.profile)) { ProfileView(store: $0) }
              }
            }
            struct ProfileView: View {
              @Bindable var store: StoreOf<Profile>
              var body: some View { Form {}.alert($store.scope(state: \\.alert, action: \\.alert)) }
            }
            """

    func testAStoreTakingPresentationIsUncachedOnlyFromTCA17To192() {
        let source = Self.sheetStoreViews
        func found(_ version: TCAVersion?, lowerBound: Bool = false) -> [String] {
            var linter = Linter(rules: [UncachedStoreScopeRule.self])
            linter.tcaVersion = version
            linter.tcaVersionIsLowerBound = lowerBound
            return linter.lint(SourceFile(path: "S.swift", bytes: Array(source.utf8))).map { "\($0.line):\($0.column) \($0.message)" }
        }
        XCTAssertEqual(found(TCAVersion(1, 8, 0)).map { String($0.prefix(5)) }, ["6:13 "])
        XCTAssertTrue(found(TCAVersion(1, 9, 2)).first?.contains("ProfileView gets the store .sheet(store:) hands its content, which TCA 1.7.0 to 1.9.2 does not cache, and scopes it with observation ($store.scope(state: \\.alert, …), S.swift:11)") == true)
        XCTAssertEqual(found(TCAVersion(1, 9, 3)), [])
        XCTAssertEqual(found(TCAVersion(1, 6, 0)), [])
        XCTAssertEqual(found(nil), [], "an unknown version is not assumed old")
        // `from: "1.9.2"` in a manifest without a lock file: 1.9.3 and later are allowed too, and a fresh resolve takes them.
        XCTAssertEqual(found(TCAVersion(1, 9, 2), lowerBound: true), [])
    }

    func testTheRuleReportsTheHandoffWithTheViewsScope() throws {
        let parent = """
            import ComposableArchitecture
            import SwiftUI
            struct RootView: View {
              let store: StoreOf<Root>
              var body: some View {
                SwitchStore(store) { _ in
                  CaseLet(/Root.State.home, action: Root.Action.home, then: HomeView.init)
                  CaseLet(/Root.State.other, action: Root.Action.other, then: OtherView.init)
                }
              }
            }
            """
        let child = """
            import ComposableArchitecture
            import SwiftUI
            struct HomeView: View {
              let store: StoreOf<Home>
              var body: some View {
                ForEach(store.scope(state: \\.rows, action: \\.rows)) { RowView(store: $0) }
              }
            }
            struct OtherView: View {
              let store: StoreOf<Other>
              var body: some View { IfLetStore(store.scope(state: \\.a, action: \\.a)) { AView(store: $0) } }
            }
            """
        let tree = try ScratchTree()
        let paths = [try tree.write("Sources/App/Root.swift", parent).path, try tree.write("Sources/App/Home.swift", child).path]
        let found = withExtendedLifetime(tree) {
            LintRunner(linter: Linter(rules: [UncachedStoreScopeRule.self]), jobs: 2).run(paths).diagnostics
        }
        // OtherView's scope is IfLetStore's, which works on any store.
        XCTAssertEqual(found.map { "\(($0.path as NSString).lastPathComponent):\($0.line):\($0.column)" }, ["Root.swift:7:7"])
        XCTAssertEqual(found.first?.message, UncachedStoreScopeRule.message(
            UncachedHandoffFacts(view: "HomeView", source: .caseLet, shown: "CaseLet", anchor: Anchor(offset: 0, end: 0, token: 0)),
            views: ["HomeView"], scope: CachedScopeFacts(view: "HomeView", shown: "store.scope(state: \\.rows, …)", location: FactLocation(path: "x/Home.swift", line: 6, column: 1))))
        XCTAssertTrue(found.first?.message.hasPrefix("HomeView gets the store CaseLet scopes, which TCA cannot cache, and scopes it with observation (store.scope(state: \\.rows, …), Home.swift:6)") == true)
    }
}

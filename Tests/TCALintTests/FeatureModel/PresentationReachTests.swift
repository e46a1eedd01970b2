import Foundation
import XCTest
@testable import TCALint

/// Where the app builds its stores (`StoreRootReader`), whether it builds a dismissal of its own
/// (`providesDismiss`), whether any chain of parents presents a feature (`FeatureIndex.presentationReach(of:)`),
/// and `dismiss_without_presentation`, which asks all three.
final class PresentationReachTests: XCTestCase {
    func facts(_ source: String, path: String = "F.swift") -> FileFacts {
        ProjectIndexer.facts(path: path, bytes: Array(source.utf8))
    }

    func roots(_ source: String) -> [String] {
        facts(source).file.storeRoots.map { "\($0.reducer) \($0.location.line)" }
    }

    func testEverySpellingOfAStoreBuiltInCodeNamesItsRootReducer() {
        XCTAssertEqual(roots("""
            let a = Store(initialState: App.State()) { App() }
            let b = Store(initialState: App.State(), reducer: Feature.App())
            let c = Store(initialState: .init(), reducer: { Settings()._printChanges() })
            let d = StoreOf<Login>(initialState: Login.State()) {
              Login()
            } withDependencies: { $0.uuid = .incrementing }
            let e: StoreOf<Home> = .init(initialState: Home.State()) { Home.init() }
            let f = Store<Counter.State, Counter.Action>(initialState: Counter.State()) { Counter() }
            """), ["App 1", "Feature.App 2", "Settings 3", "Login 4", "Home 7", "Counter 8"])
    }

    func testStoresWithoutANamedRootOrInPreviewsAreNotRoots() {
        XCTAssertEqual(roots("""
            let a = Store(initialState: state, reducer: reducer)
            let b = Store(initialState: App.State()) { reducer }
            let c = store.scope(state: \\.child, action: \\.child)
            let d = Store(App())
            #Preview {
              AppView(store: Store(initialState: App.State()) { App() })
            }
            struct AppView_Previews: PreviewProvider {
              static var previews: some View { AppView(store: Store(initialState: App.State()) { App() }) }
            }
            // let e = Store(initialState: App.State()) { App() }
            """), [])
    }

    func testAFileThatOnlyBuildsAStoreIsReadUnlessItIsATest() {
        let view = "struct AccountScreen: View { var body: some View { SheetView(store: Store(initialState: .init()) { Sheet() }) } }"
        XCTAssertTrue(ProjectIndexer.isWorthReading(Array(view.utf8)))
        XCTAssertFalse(ProjectIndexer.isWorthReading(Array((view + "\nlet t = TestStore(initialState: .init()) { Sheet() }").utf8)))
        XCTAssertFalse(ProjectIndexer.isWorthReading(Array("struct Plain { let x = 1 }".utf8)))
    }

    func testADismissalOfTheAppsOwnIsRead() {
        XCTAssertTrue(facts("let d = DismissEffect { controller.dismiss(animated: true) }").file.providesDismiss)
        XCTAssertTrue(facts("Child().dependency(\\.dismiss, DismissEffect { })").file.providesDismiss)
        XCTAssertTrue(facts("Child().dependency(\\.dismiss, close)").file.providesDismiss)
        XCTAssertFalse(facts("@Dependency(\\.dismiss) var dismiss").file.providesDismiss)
        XCTAssertFalse(facts("await dismiss(); self.dismiss = nil").file.providesDismiss)
    }

    static let chain = """
        @Reducer struct Leaf {
          struct State {}
          enum Action { case tapped }
          var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
        }
        @Reducer struct Middle {
          struct State { var leaf = Leaf.State() }
          enum Action { case leaf(Leaf.Action) }
          var body: some ReducerOf<Self> { Scope(state: \\.leaf, action: \\.leaf) { Leaf() } }
        }
        @Reducer struct Top {
          struct State { var middle = Middle.State() }
          enum Action { case middle(Middle.Action) }
          var body: some ReducerOf<Self> {
            CombineReducers { Scope(state: \\.middle, action: \\.middle) { Middle() } }
          }
        }

        """

    func reach(_ name: String, _ sources: String...) -> PresentationReach {
        let index = FeatureIndex(files: sources.enumerated().map { facts($0.element, path: "F\($0.offset).swift") })
        guard let feature = index.features.first(where: { $0.qualifiedName == name }) else { return .unknown }
        return index.presentationReach(of: feature)
    }

    func testAChainOfScopesEndsAtItsRoot() {
        XCTAssertEqual(reach("Leaf", Self.chain), .neverPresented(roots: ["Top"]))
        XCTAssertEqual(reach("Top", Self.chain), .neverPresented(roots: ["Top"]))
    }

    func testAnyPresentingParentAboveMakesItPresented() {
        let presenter = """
            @Reducer struct Sheet {
              struct State { @Presents var top: Top.State? }
              enum Action { case top(PresentationAction<Top.Action>) }
              var body: some ReducerOf<Self> {
                Reduce { _, _ in .none }.ifLet(\\.$top, action: \\.top) { Top() }
              }
            }
            """
        XCTAssertEqual(reach("Leaf", Self.chain, presenter), .presented)
        let stack = """
            @Reducer struct Nav {
              @Reducer enum Path { case middle(Middle) }
              struct State { var path = StackState<Path.State>() }
              enum Action { case path(StackActionOf<Path>) }
              var body: some ReducerOf<Self> { Reduce { _, _ in .none }.forEach(\\.path, action: \\.path) }
            }
            """
        XCTAssertEqual(reach("Leaf", Self.chain, stack), .presented)
        // A closure of an operator of the app's own (TCACoordinators' `forEachRoute`) is not read: it may present
        // anything.
        let coordinator = """
            @Reducer struct Coordinator {
              struct State {}
              enum Action {}
              var body: some ReducerOf<Self> { Reduce { _, _ in .none }.forEachRoute(\\.routes, action: \\.router) { Top() } }
            }
            """
        XCTAssertEqual(reach("Leaf", Self.chain, coordinator), .unknown)
        // `.onChange` runs its reducers on the same state: not a presentation.
        let onChange = """
            @Reducer struct Watcher {
              struct State {}
              enum Action {}
              var body: some ReducerOf<Self> { Reduce { _, _ in .none }.onChange(of: \\.x) { _, _ in Top() } }
            }
            """
        XCTAssertEqual(reach("Leaf", Self.chain, onChange), .neverPresented(roots: ["Watcher"]))
    }

    func testAChainPartlyOutOfSightIsUnknown() {
        // A builder names a reducer no feature of the project is (a type of another package) with the same name.
        let unresolved = """
            @Reducer struct Host {
              struct State {}
              enum Action {}
              var body: some ReducerOf<Self> { Reduce { _, _ in .none }.sheet { Vendor.Middle() } }
            }
            """
        XCTAssertEqual(reach("Leaf", Self.chain, unresolved), .unknown)
        // A `Scope` whose child neither its closure nor a state field names (the field is declared out of sight).
        let anonymous = """
            @Reducer struct Maybe {
              struct State {}
              enum Action { case child(Any) }
              var body: some ReducerOf<Self> { Scope(state: \\.child, action: \\.child) { makeChild() } }
            }
            """
        XCTAssertEqual(reach("Leaf", Self.chain, anonymous), .unknown)
        // A closure-less `.ifLet` takes an alert, a dialog or an `@Reducer enum` (whose cases are known): it hides
        // no feature, even when its field is out of sight.
        let closureless = """
            @Reducer struct Prompting {
              struct State {}
              enum Action { case alert(Any) }
              var body: some ReducerOf<Self> { Reduce { _, _ in .none }.ifLet(\\.$alert, action: \\.alert) }
            }
            """
        XCTAssertEqual(reach("Leaf", Self.chain, closureless), .neverPresented(roots: ["Top"]))
        // An alert is no feature: its `.ifLet` hides nothing.
        let alert = """
            @Reducer struct Alerting {
              struct State { @Presents var alert: AlertState<Action.Alert>? }
              enum Action { case alert(PresentationAction<Alert>); enum Alert {} }
              var body: some ReducerOf<Self> { Reduce { _, _ in .none }.ifLet(\\.$alert, action: \\.alert) }
            }
            """
        XCTAssertEqual(reach("Leaf", Self.chain, alert), .neverPresented(roots: ["Top"]))
    }

    // MARK: the rule

    static let child = """
        import ComposableArchitecture

        @Reducer
        struct Child {
          struct State: Equatable {}
          enum Action { case closeTapped }
          @Dependency(\\.dismiss) var dismiss
          var body: some ReducerOf<Self> {
            Reduce { state, action in .run { _ in await self.dismiss() } }
          }
        }

        """

    static let parent = """
        import ComposableArchitecture

        @Reducer
        struct Parent {
          struct State: Equatable { var child = Child.State() }
          enum Action { case child(Child.Action) }
          var body: some ReducerOf<Self> {
            Scope(state: \\.child, action: \\.child) { Child() }
          }
        }

        """

    static let app = """
        import SwiftUI

        @main
        struct MyApp: App {
          let store = Store(initialState: Parent.State()) { Parent() }
          var body: some Scene { WindowGroup { ParentView(store: store) } }
        }

        """

    func lint(_ files: [(String, String)]) throws -> (ScratchTree, [Diagnostic]) {
        let tree = try ScratchTree()
        let paths = try files.map { try tree.write($0.0, $0.1).path }.sorted()
        let found = lint(paths)
        // The same on one worker.
        XCTAssertEqual(lint(paths, jobs: 1), found)
        return (tree, found)
    }

    func lint(_ paths: [String], jobs: Int = 2) -> [Diagnostic] {
        LintRunner(linter: Linter(rules: [DismissWithoutPresentationRule.self]), jobs: jobs).run(paths).diagnostics
    }

    func testAChildUnderAStoresRootThroughScopeIsReportedAtItsDependency() throws {
        let files = [("Child.swift", Self.child), ("Parent.swift", Self.parent), ("App.swift", Self.app)]
        let (tree, found) = try lint(files)
        XCTAssertEqual(found.map { "\(($0.path as NSString).lastPathComponent):\($0.line):\($0.column)" }, ["Child.swift:7:30"])
        XCTAssertEqual(found.first?.message, DismissWithoutPresentationRule.message(feature: "Child", dismiss: "dismiss", root: "Parent", store: "App.swift:5"))
        _ = tree
    }

    func testNoStoreNoPresenterOrAnOwnDismissalIsSilent() throws {
        // Nothing builds a store: code not wired in.
        XCTAssertEqual(try lint([("Child.swift", Self.child), ("Parent.swift", Self.parent)]).1, [])
        // A UIKit host gives the feature a dismissal of its own.
        let host = "let close = DismissEffect { controller.dismiss(animated: true) }\n"
        XCTAssertEqual(try lint([("Child.swift", Self.child), ("Parent.swift", Self.parent), ("App.swift", Self.app), ("Host.swift", host)]).1, [])
        // A test's dismissal is not the app's: still reported.
        let test = "let store = TestStore(initialState: Child.State()) { Child() } withDependencies: { $0.dismiss = DismissEffect { } }\n"
        XCTAssertEqual(try lint([("Child.swift", Self.child), ("Parent.swift", Self.parent), ("App.swift", Self.app), ("ChildTests.swift", test)]).1.count, 1)
        // Presented above the root.
        let presenter = """
            @Reducer struct Shell {
              struct State { @Presents var parent: Parent.State? }
              enum Action { case parent(PresentationAction<Parent.Action>) }
              var body: some ReducerOf<Self> { Reduce { _, _ in .none }.ifLet(\\.$parent, action: \\.parent) { Parent() } }
            }
            """
        XCTAssertEqual(try lint([("Child.swift", Self.child), ("Parent.swift", Self.parent), ("App.swift", Self.app), ("Shell.swift", presenter)]).1, [])
        // Asks `isPresented` first.
        let asking = Self.child.replacingOccurrences(of: "  @Dependency(\\.dismiss) var dismiss\n",
                                                     with: "  @Dependency(\\.dismiss) var dismiss\n  @Dependency(\\.isPresented) var isPresented\n")
        XCTAssertNotEqual(asking, Self.child)
        XCTAssertEqual(try lint([("Child.swift", asking), ("Parent.swift", Self.parent), ("App.swift", Self.app)]).1, [])
        // Declared only in some build configurations.
        let conditional = Self.child.replacingOccurrences(of: "  @Dependency(\\.dismiss) var dismiss\n",
                                                          with: "  #if os(iOS)\n  @Dependency(\\.dismiss) var dismiss\n  #endif\n")
        XCTAssertEqual(try lint([("Child.swift", conditional), ("Parent.swift", Self.parent), ("App.swift", Self.app)]).1, [])
    }

    func testTheMessageSaysWhereTheStoreIsBuiltAndWhatIsAboveTheFeature() {
        XCTAssertEqual(DismissWithoutPresentationRule.message(feature: "Login", dismiss: "close", root: nil, store: "App.swift:3"),
                       "Login calls close() but nothing presents it: Login is the root of the store built at App.swift:3, and no .ifLet or .forEach of the project presents it, so TCA reports \"A reducer requested dismissal at …, but couldn't be dismissed.\" and nothing closes — present Login with .ifLet or .forEach, or check @Dependency(\\.isPresented) before dismissing")
        XCTAssertTrue(DismissWithoutPresentationRule.message(feature: "Row", dismiss: "dismiss", root: "Page", store: "A.swift:9")
            .contains("Row runs inside Page, the root of the store built at A.swift:9, through Scope or a body, and no .ifLet or .forEach presents either"))
    }
}

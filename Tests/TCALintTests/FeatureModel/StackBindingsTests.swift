import XCTest
@testable import TCALint

/// Which views drive a navigation stack from a feature's store (`StoreBindingReader`, `FeatureIndex.stackBindings(of:)`),
/// whether all of a feature's reducer is in sight (`Feature.isReducerInSight`, `usesOwnOperators`), whether it runs a
/// `.forEach` over a field (`integratesStack`, `integratesStackFromOutside`), and which assignments empty a stack.
final class StackBindingsTests: XCTestCase {
    func facts(_ source: String, path: String = "F.swift") -> FileFacts {
        ProjectIndexer.facts(path: path, bytes: Array(source.utf8))
    }

    func stacks(_ source: String) -> [String] {
        facts(source).file.stackBindings.map { "\($0.view) \($0.feature) \($0.statePath) \($0.isObservation ? "observation" : "legacy") \($0.location.line)" }
    }

    func testBothSpellingsOfAStackDrivenFromAStoreAreRead() {
        XCTAssertEqual(stacks("""
            struct A: View {
              @Bindable var store: StoreOf<Inbox>
              var body: some View {
                NavigationStack(path: $store.scope(state: \\.path, action: \\.path)) { Text("") } destination: { _ in }
              }
            }
            struct B: View {
              let store: StoreOf<App.Contacts>
              var body: some View {
                NavigationStackStore(self.store.scope(state: \\.stack, action: { .stack($0) })) { Text("") } destination: { _ in }
              }
            }
            struct C {
              @Bindable var settingsStore: StoreOf<Settings>
            }
            extension C: View {
              var body: some View { NavigationStack(path: $settingsStore.scope(state: \\.path, action: \\.path)) { Text("") } }
            }
            """), ["A Inbox path observation 4", "B App.Contacts stack legacy 10", "C Settings path observation 17"])
    }

    func testOtherStacksAreNotDrivenFromAStore() {
        XCTAssertEqual(stacks("""
            struct A: View {
              @Bindable var store: StoreOf<Inbox>
              @State var path: [Int] = []
              var body: some View {
                NavigationStack(path: $path) { Text("") }
                NavigationStack { Text("") }
                NavigationStack(path: $store.scope(state: \\.child.path, action: \\.child.path)) { Text("") }
                NavigationStackStore($store.scope(state: \\.path, action: \\.path)) { Text("") }
              }
            }
            """), [])
        // Outside any type: no store to attribute it to.
        XCTAssertEqual(stacks("let v = NavigationStack(path: $store.scope(state: \\.path, action: \\.path)) { }"), [])
    }

    static let feature = """
        @Reducer
        struct Router {
          @ObservableState
          struct State { var path = StackState<Path.State>(); var other = StackState<Path.State>() }
          enum Action { case path(StackActionOf<Path>); case other(StackActionOf<Path>); case start }
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              state.path = StackState([.vote(Vote.State())])
              state.other = StackState<Path.State>()
              return .none
            }
            .forEach(\\.other, action: \\.other)
            OPERATOR
          }
        }

        """

    func router(_ operatorLine: String, extra: String = "") throws -> (FeatureIndex, Feature) {
        let index = FeatureIndex(files: [facts(Self.feature.replacingOccurrences(of: "OPERATOR", with: operatorLine), path: "Router.swift"),
                                         facts(extra, path: "Extra.swift")])
        return (index, try XCTUnwrap(index.features.first { $0.name == "Router" }))
    }

    func testAnOperatorOfTheAppsOwnPutsTheReducerOutOfSight() throws {
        let (_, plain) = try router("")
        XCTAssertFalse(plain.usesOwnOperators)
        XCTAssertTrue(plain.isReducerInSight)
        XCTAssertEqual(plain.appliesBindingActions, false)
        let (_, tca) = try router("Reduce { _, _ in .none }._printChanges().dependency(\\.uuid, .incrementing)")
        XCTAssertFalse(tca.usesOwnOperators)
        XCTAssertTrue(tca.isReducerInSight)
        let (_, own) = try router("Reduce { _, _ in .none }.addFeatures()")
        XCTAssertTrue(own.usesOwnOperators)
        XCTAssertFalse(own.isReducerInSight)
        XCTAssertNil(own.appliesBindingActions)
    }

    func testAForEachIntegratesItsFieldHereOrFromAParent() throws {
        let (index, router) = try router("")
        XCTAssertTrue(router.integratesStack("other"))
        XCTAssertFalse(router.integratesStack("path"))
        XCTAssertFalse(index.integratesStackFromOutside("path"))
        let parent = """
            @Reducer
            struct Parent {
              struct State { var router = Router.State() }
              enum Action { case router(Router.Action) }
              var body: some ReducerOf<Self> {
                Scope(state: \\.router, action: \\.router) { Router() }
                  .forEach(\\.router.path, action: \\.router.path) { Path() }
              }
            }
            """
        let (withParent, _) = try self.router("", extra: parent)
        XCTAssertTrue(withParent.integratesStackFromOutside("path"))
        XCTAssertFalse(withParent.integratesStackFromOutside("other"))
    }

    func testOnlyAnEmptyStackAssignedClearsTheField() throws {
        let (_, router) = try router("")
        let code = try XCTUnwrap(router.logic.first?.everyAction)
        XCTAssertEqual(code.clearedFields, ["other"])
        XCTAssertEqual(code.valueWrites, ["path"])
    }

    func testTheStacksOfAFeatureComeFromEveryFileOfTheProject() throws {
        let view = """
            struct RouterView: View {
              @Bindable var store: StoreOf<Router>
              var body: some View { NavigationStack(path: $store.scope(state: \\.path, action: \\.path)) { Text("") } }
            }
            struct OtherView: View {
              @Bindable var store: StoreOf<Other.Router>
              var body: some View { NavigationStack(path: $store.scope(state: \\.path, action: \\.path)) { Text("") } }
            }
            """
        let (index, router) = try router("", extra: view)
        XCTAssertEqual(index.stackBindings(of: router).map(\.view), ["RouterView"])
    }
}

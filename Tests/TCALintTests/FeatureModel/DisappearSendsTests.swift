import XCTest
@testable import TCALint

/// The actions a view sends its store from `.onDisappear` (`StoreBindingReader` → `FileWideFacts.disappearSends`)
/// and how a feature's state can go away under its views (`FeatureIndex.removal(of:)`, which asks whether a view
/// presents a field: `FileWideFacts.presentedFields`).
final class DisappearSendsTests: XCTestCase {
    func facts(_ source: String, path: String = "F.swift") -> FileFacts {
        ProjectIndexer.facts(path: path, bytes: Array(source.utf8))
    }

    func sends(_ source: String) -> [String] {
        let f = facts(source)
        return f.file.disappearSends.map { "\($0.view) \($0.feature) \($0.action) \(f.file.disappearSends.isEmpty ? 0 : $0.anchor.token > 0 ? 1 : 0)" }
    }

    func testEverySpellingOfASendFromOnDisappearIsRead() {
        XCTAssertEqual(sends("""
            struct A: View {
              let store: StoreOf<Detail>
              var body: some View { Text("").onDisappear { store.send(.onDisappear) } }
            }
            struct B: View {
              @Bindable var store: StoreOf<App.Player>
              var body: some View {
                WithPerceptionTracking {
                  Text("").onDisappear(perform: { self.store.send(.view(.disappeared)) })
                }
              }
            }
            struct C: View {
              let store: StoreOf<Legacy>
              var body: some View {
                WithViewStore(store, observe: { $0 }) { viewStore in
                  Text("").onDisappear { if viewStore.isOn { viewStore.send(Legacy.Action.stop, animation: .default) } }
                }
              }
            }
            @ViewAction(for: Timer.self)
            struct D: View {
              let store: StoreOf<Timer>
              var body: some View { Text("").onDisappear { send(.stop) } }
            }
            """), ["A Detail .onDisappear 1", "B App.Player .view(.disappeared) 1", "C Legacy .stop 1", "D Timer .stop 1"])
    }

    func testSendsInsideAPresentationsContentOrToAnotherReceiverAreNotRead() {
        XCTAssertEqual(sends("""
            struct A: View {
              @Bindable var store: StoreOf<Parent>
              var body: some View {
                List {}
                  .sheet(item: $store.scope(state: \\.child, action: \\.child)) { child in
                    ChildView(store: child).onDisappear { store.send(.childClosed) }
                  }
                  .navigationDestination(isPresented: $store.isShowing) {
                    Text("").onDisappear { store.send(.hidden) }
                  }
                  .onDisappear { timer.invalidate(); model.send(.x) }
                  .onAppear { store.send(.onAppear) }
              }
            }
            let v = Text("").onDisappear { store.send(.gone) }
            """), [])
    }

    func testPresentationModifiersOverAFeaturesFieldAreRead() {
        let f = facts("""
            struct A: View {
              @Bindable var store: StoreOf<Parent>
              var body: some View {
                List {}
                  .sheet(item: $store.scope(state: \\.destination?.edit, action: \\.destination.edit)) { _ in }
                  .fullScreenCover(store: self.store.scope(state: \\.$cover, action: { .cover($0) })) { _ in }
                  .popover(item: $store.scope(state: \\.popover, action: \\.popover)) { _ in }
                  .navigationDestination(item: $store.scope(state: \\.detail, action: \\.detail)) { _ in }
                  .sheet(isPresented: $store.isShowingHelp) { }
                  .alert($store.scope(state: \\.alert, action: \\.alert))
              }
            }
            """)
        XCTAssertEqual(f.file.presentedFields.map { "\($0.feature).\($0.field) \($0.location.line)" },
                       ["Parent.destination 5", "Parent.cover 6", "Parent.popover 7", "Parent.detail 8"])
    }

    static let features = """
        @Reducer
        struct Parent {
          @ObservableState
          struct State {
            @Presents var sheet: Sheet.State?
            var path = StackState<Pushed.State>()
            var rows: IdentifiedArrayOf<Row.State> = []
            var tab = Tab.State()
            var inline: Inline.State?
            @Presents var shownInline: Shown.State?
            @Presents var destination: Destination.State?
            var root: Root.State = .login(Login.State())
            var screen: Screen.State = .home(Home.State())
          }
          enum Action {
            case sheet(PresentationAction<Sheet.Action>)
            case path(StackActionOf<Pushed>)
            case rows(IdentifiedActionOf<Row>)
            case tab(Tab.Action)
            case inline(Inline.Action)
            case shownInline(PresentationAction<Shown.Action>)
            case destination(PresentationAction<Destination.Action>)
            case root(Root.Action)
            case screen(Screen.Action)
          }
          @Reducer
          enum Destination {
            case edit(Edit)
          }
          var body: some ReducerOf<Self> {
            Scope(state: \\.tab, action: \\.tab) { Tab() }
            Scope(state: \\.root, action: \\.root) { Root.body }
            Scope(state: \\.screen, action: \\.screen) { Screen.body }
            Reduce { state, _ in
              state.destination = nil
              state.root = .main(Main.State())
              state.screen.home?.count += 1
              return .none
            }
              .ifLet(\\.$sheet, action: \\.sheet) { Sheet() }
              .forEach(\\.path, action: \\.path) { Pushed() }
              .forEach(\\.rows, action: \\.rows) { Row() }
              .ifLet(\\.$destination, action: \\.destination)
              .ifLet(\\.inline, action: \\.inline) { Inline() }
              .ifLet(\\.$shownInline, action: \\.shownInline) { Shown() }
          }
        }
        @Reducer
        enum Root {
          case login(Login)
          case main(Main)
        }
        @Reducer
        enum Screen {
          case home(Home)
          case onboarding(Onboarding)
        }
        @Reducer struct Home { var body: some ReducerOf<Self> { EmptyReducer() } }
        @Reducer struct Onboarding { var body: some ReducerOf<Self> { EmptyReducer() } }
        @Reducer struct Sheet { var body: some ReducerOf<Self> { EmptyReducer() } }
        @Reducer struct Pushed { var body: some ReducerOf<Self> { EmptyReducer() } }
        @Reducer struct Row { var body: some ReducerOf<Self> { EmptyReducer() } }
        struct ParentView: View {
          @Bindable var store: StoreOf<Parent>
          var body: some View { Text("").sheet(item: $store.scope(state: \\.sheet, action: \\.sheet)) { _ in } }
        }
        @Reducer struct Shown { var body: some ReducerOf<Self> { EmptyReducer() } }
        @Reducer struct Inline { var body: some ReducerOf<Self> { EmptyReducer() } }
        @Reducer struct Tab { var body: some ReducerOf<Self> { EmptyReducer() } }
        @Reducer struct Edit { var body: some ReducerOf<Self> { EmptyReducer() } }
        @Reducer struct Login { var body: some ReducerOf<Self> { EmptyReducer() } }
        @Reducer struct Main { var body: some ReducerOf<Self> { EmptyReducer() } }

        """

    func testAFeaturesStateGoesAwayWhenPresentedPushedOrAnEnumCase() throws {
        let index = FeatureIndex(files: [facts(Self.features)])
        func removal(_ name: String) throws -> Removal? {
            index.removal(of: try XCTUnwrap(index.features.first { $0.name == name }))
        }
        XCTAssertEqual(try removal("Sheet"), .presented(parent: "Parent"))
        XCTAssertEqual(try removal("Pushed"), .stacked(parent: "Parent"))
        XCTAssertEqual(try removal("Edit"), .presented(parent: "Parent"))
        XCTAssertEqual(try removal("Login"), .caseSwitched(enum: "Root"))
        XCTAssertEqual(try removal("Main"), .caseSwitched(enum: "Root"))
        // A case of an enum no logic writes whole (a stack's root screen, changed only inside the case) stays.
        XCTAssertNil(try removal("Home"))
        XCTAssertNil(try removal("Onboarding"))
        // A row of an identified array, a plain optional's ifLet, a Scope child and the root stay while their views do.
        XCTAssertNil(try removal("Row"))
        XCTAssertNil(try removal("Inline"))
        // Presented, but nothing dismisses it: no view presents the field, the parent never clears it, the child
        // never calls dismiss (a feature shown inline with IfLetStore).
        XCTAssertNil(try removal("Shown"))
        XCTAssertNil(try removal("Tab"))
        XCTAssertNil(try removal("Parent"))
    }
}

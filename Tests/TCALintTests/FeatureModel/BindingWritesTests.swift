import XCTest
@testable import TCALint

/// The model's two facts about bindings: which views write a feature's state through a binding
/// (`StoreBindingReader`, `FeatureIndex.bindingWrites(to:)`), and whether a feature's reducer applies binding
/// actions (`Feature.appliesBindingActions`).
final class BindingWritesTests: XCTestCase {
    func facts(_ source: String, path: String = "F.swift") -> FileFacts {
        ProjectIndexer.facts(path: path, bytes: Array(source.utf8))
    }

    func writes(_ source: String) -> [String] {
        facts(source).file.bindingWrites.map { "\($0.view) \($0.feature) \($0.written) \($0.location.line)" }
    }

    func testEveryBindingSpellingIsAWriteOfTheStoresFeature() {
        XCTAssertEqual(writes("""
            struct A: View {
              @Bindable var store: StoreOf<Settings>
              var body: some View { Toggle("", isOn: $store.isOn) }
            }
            struct B: View {
              let store: Store<Search.State, Search.Action>
              var body: some View { WithViewStore(store, observe: { $0 }) { viewStore in TextField("", text: viewStore.$query) } }
            }
            struct C: View {
              let store: StoreOf<App.Profile>
              var body: some View { WithViewStore(store, observe: { $0 }) { viewStore in TextField("", text: viewStore.binding(\\.$name)) } }
            }
            """), ["A Settings isOn: $store.isOn 3", "B Search text: viewStore.$query 7", "C App.Profile text: viewStore.binding(\\.$name) 11"])
    }

    func bound(_ source: String) -> [String] {
        facts(source).file.boundPaths.map { "\($0.feature) \($0.path.joined(separator: "."))" }
    }

    /// What `on_change_misses_binding` asks (renaudjenny/HeuresCreuses's `\.appliance.programs`, which no view binds,
    /// judged false blind): every path a view binds through its store, under any label, to where a subscript or a
    /// method starts; not a presentation's `$store.scope(…)` nor `sending(…)`, which sends an action of its own.
    func testEveryPathAViewBindsThroughItsStore() {
        XCTAssertEqual(bound("""
            struct A: View {
              @Bindable var store: StoreOf<ApplianceForm>
              var body: some View {
                TextField("", text: $store.appliance.name)
                Stepper("", value: $store.appliance.delays[0].hours)
                SnowBall(animationSpeed: $store.speed.animation())
                Toggle("", isOn: $store.isOn.sending(\\.toggled))
                Text(store.title)
                  .sheet(item: $store.scope(state: \\.detail, action: \\.detail)) { DetailView(store: $0) }
                  .onAppear { store.send(.binding(.set(\\.appliance.type, .oven))) }
                TextField("", text: $store.appliance.name)
              }
            }
            struct B: View {
              let store: StoreOf<Search>
              var body: some View {
                WithViewStore(store, observe: { $0 }) { viewStore in
                  TextField("", text: viewStore.$query)
                  TextField("", text: viewStore.binding(\\.$filter.text))
                  Toggle("", isOn: $viewStore.isOn)
                }
              }
            }
            """), ["ApplianceForm appliance.name", "ApplianceForm appliance.delays", "ApplianceForm speed", "ApplianceForm appliance.type",
                   "Search query", "Search filter.text", "Search isOn"])
    }

    /// The paths by feature, nil for a feature no view holds the store of: nothing is known of what its views bind.
    func testTheProjectsBoundPathsOfAFeature() {
        let index = FeatureIndex(files: [facts("""
            @Reducer struct Form { @ObservableState struct State { var name = "" } }
            @Reducer struct Hidden { @ObservableState struct State { var name = "" } }
            @Reducer struct Quiet { @ObservableState struct State { var name = "" } }
            struct FormView: View {
              @Bindable var store: StoreOf<Form>
              var body: some View { TextField("", text: $store.name) }
            }
            struct QuietView: View {
              let store: StoreOf<Quiet>
              var body: some View { Text(store.name) }
            }
            """)])
        func paths(_ name: String) -> [[String]]? { index.feature(name).flatMap { index.boundPaths(of: $0) } }
        XCTAssertEqual(paths("Form"), [["name"]])
        XCTAssertEqual(paths("Quiet"), [])
        XCTAssertNil(paths("Hidden"))
        XCTAssertNotNil(index.feature("Hidden"))
    }

    func testAPresentationBindingOrAPlainReadIsNoWrite() {
        XCTAssertEqual(writes("""
            struct A: View {
              @Bindable var store: StoreOf<Inventory>
              var body: some View {
                SnowBall(animationSpeed: $store.speed)
                  .alert("Edit", isPresented: $store.isEditing.sending(\\.editAlertChanged)) {}
                Text(store.title)
                  .sheet(item: $store.scope(state: \\.detail, action: \\.detail)) { DetailView(store: $0) }
                  .onAppear { store.send(.onAppear) }
              }
            }
            """), [])
    }

    func testFocusAndBindModifiersWrite() {
        XCTAssertEqual(writes("""
            struct A: View {
              @Bindable var store: StoreOf<Login>
              @FocusState var focus: Field?
              var body: some View { Form {}.bind($store.focus, to: $focus) }
            }
            """), ["A Login .bind($store.focus) 4"])
    }

    func testAWriteBelongsToTheStoresOfItsOwnTypeAndItsExtensions() {
        XCTAssertEqual(writes("""
            struct FormView: View {
              @Bindable var store: StoreOf<Form>
            }
            extension FormView {
              var body: some View { TextField("", text: $store.title) }
            }
            struct RowView: View {
              let store: StoreOf<Row>
              var body: some View { Text(store.name) }
            }
            """), ["FormView Form text: $store.title 5"])
    }

    func testTheIndexMatchesWritesToTheFeatureByName() {
        let feature = facts("""
            @Reducer struct Settings {
              @ObservableState struct State { var isOn = false }
              enum Action: BindableAction { case binding(BindingAction<State>) }
              var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
            }
            """, path: "Settings.swift")
        let view = facts("""
            struct SettingsView: View {
              @Bindable var store: StoreOf<Settings>
              var body: some View { Toggle("", isOn: $store.isOn) }
            }
            struct OtherView: View {
              @Bindable var store: StoreOf<Other.Settings>
              var body: some View { Toggle("", isOn: $store.isOn) }
            }
            """, path: "SettingsView.swift")
        let index = FeatureIndex(files: [feature, view])
        let settings = try! XCTUnwrap(index.features.first { $0.name == "Settings" })
        XCTAssertEqual(index.bindingWrites(to: settings).map(\.view), ["SettingsView"])
        XCTAssertEqual(settings.bindableActionEnums.map(\.name), ["Action"])
    }

    func applies(_ body: String) -> Bool? {
        let index = FeatureIndex(files: [facts("""
            @Reducer struct F {
              enum Action: BindableAction { case binding(BindingAction<State>) }
              \(body)
            }
            """)])
        return index.features.first { $0.name == "F" }?.appliesBindingActions
    }

    func testWhetherTheReducerAppliesBindings() {
        XCTAssertEqual(applies("var body: some ReducerOf<Self> { BindingReducer(); Reduce { _, _ in .none } }"), true)
        XCTAssertEqual(applies("var body: some ReducerOf<Self> { CombineReducers { BindingReducer() } }"), true)
        XCTAssertEqual(applies("var body: some ReducerOf<Self> { Reduce { _, _ in .none }.binding() }"), true)
        XCTAssertEqual(applies("var body: some ReducerOf<Self> { core }\n@ReducerBuilder<State, Action> var core: some ReducerOf<Self> { BindingReducer() }"), true)
        XCTAssertEqual(applies("var body: some ReducerOf<Self> { Reduce { _, _ in .none } }"), false)
        XCTAssertEqual(applies("var body: some ReducerOf<Self> { Scope(state: \\.c, action: \\.c) { Child() }; Reduce { _, _ in .none } }"), false)
        XCTAssertEqual(applies("var body: some ReducerOf<Self> { FeatureCore() }"), nil, "another reducer type may apply them")
        XCTAssertEqual(applies("func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }"), nil, "no body")
        XCTAssertEqual(applies("let reducer: Reduce<State, Action>\nvar body: some ReducerOf<Self> { reducer }"), nil, "an injected reducer never seen")
        XCTAssertEqual(applies("""
            let reducer: Reduce<State, Action>
            init() { self.reducer = Reduce { state, action in .none } }
            var body: some ReducerOf<Self> { reducer }
            """), false, "the injected closure is in sight")
        XCTAssertEqual(applies("""
            let reducer: Reduce<State, Action>
            init() {
              let reducer: Reduce<State, Action> = Reduce { state, action in .none }
              self.reducer = reducer
            }
            var body: some ReducerOf<Self> { reducer }
            """), false, "a local with a type annotation names the closure too")
    }
}

import XCTest
@testable import TCALint

/// The shapes of real apps' reducer logic the model must see (issue 20's list), each read from a small
/// project written here: logic split into overloads by nested action type, helpers, `static` helpers, a
/// state's methods, handler types, `where` guards, type-keyed dependencies, the feature's own nested action
/// enums, local functions, a name declared in two modules. Every expectation is written from reading the inputs.
final class FeatureShapesTests: XCTestCase {
    func index(_ files: [(String, String)]) -> FeatureIndex { FeatureIndexTests.index(files) }

    static let onboarding = """
        @Reducer struct Onboarding {
          struct State { var step = 0; var queue: [UUID] = []; var form = Form.State()
            mutating func restart() -> Effect<Action> { step = 0; return .none }
          }
          enum Action {
            case view(ViewAction)
            case `internal`(InternalAction)
            case form(Form.Action)
            enum ViewAction { case nextTapped; case restartTapped }
            enum InternalAction { case finish }
          }
          @Dependency(KeychainClient.self) var keychain
          @Dependency(\\.uuid) var uuid
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case let .view(action): return reduce(into: &state, action: action)
              case let .internal(action): return reduce(into: &state, action: action)
              case .form: return .none
              }
            }
            Scope(state: \\.form, action: \\.form) { Form() }
          }
          static func enqueue(_ state: inout State) { state.queue.append(UUID()) }
        }

        """
    static let actions = """
        extension Onboarding {
          func reduce(into state: inout State, action: Action.ViewAction) -> Effect<Action> {
            switch action {
            case .nextTapped where state.form.isValid:
              return .send(.internal(.finish))
            case .nextTapped:
              Self.enqueue(&state)
              return .none
            case .restartTapped:
              func log() -> Effect<Action> { .none }
              return log()
            }
          }
          func reduce(into state: inout State, action: Action.InternalAction) -> Effect<Action> {
            switch action {
            case .finish: return .none
            }
          }
        }

        """
    static let form = "@Reducer struct Form {\n  struct State { var isValid = false }\n  enum Action { case validate }\n  var body: some ReducerOf<Self> { EmptyReducer() }\n}\n"

    func testOverloadsByNestedActionTypeHelpersAndStateMethodsAreTheFeaturesLogic() throws {
        let project = index([("Onboarding.swift", Self.onboarding), ("Onboarding+Actions.swift", Self.actions), ("Form.swift", Self.form)])
        let feature = try XCTUnwrap(project.feature("Onboarding"))
        XCTAssertEqual(feature.logic.map { "\($0.kind.rawValue):\($0.owner)" }.sorted(), [
            "effectFunction:log", "effectFunction:restart", "reduceClosure:body",
            "reduceMethod:reduce", "reduceMethod:reduce", "stateFunction:enqueue",
        ])
        // Each overload's patterns carry the case its action type is the payload of, once.
        let overloads = feature.logic.filter { $0.kind == .reduceMethod }.sorted { $0.location.line < $1.location.line }
        XCTAssertEqual(overloads.map(\.actionPrefix), [["view"], ["internal"]])
        XCTAssertEqual(overloads[0].clauses.map(\.patterns), [[["view", "nextTapped"]], [["view", "nextTapped"]], [["view", "restartTapped"]]])
        // Neither overload is the protocol's requirement: its action is not the whole `Action`.
        XCTAssertFalse(overloads.contains { FeatureMerger.receivesWholeAction($0, feature: feature) })
        // A `where` guard is read with its clause: the first `.nextTapped` reads form.isValid.
        XCTAssertEqual(overloads[0].clauses[0].code.accesses.map(\.path), [["form", "isValid"]])
        // The static helper that changes the given state is logic, and its `UUID()` is seen there.
        let enqueue = try XCTUnwrap(feature.logic.first { $0.owner == "enqueue" })
        XCTAssertTrue(enqueue.isStatic)
        XCTAssertEqual(enqueue.uncontrolled.map(\.key), ["uuid"])
        // Dependencies keyed by a type and by a key path.
        XCTAssertEqual(feature.dependencies.map { "\($0.name):\($0.keyPath ?? "-"):\($0.keyType ?? "-")" },
                       ["keychain:-:KeychainClient", "uuid:uuid:-"])
        // The feature's own nested action enums are not children; the composed Form's case is.
        XCTAssertEqual(feature.childActionPaths(in: project), [["form"]])
    }

    func testFunctionsOfAHandlerTypeOverAFeaturesStateAreThatFeaturesLogic() throws {
        let handler = """
            struct CompletionHandler {
              typealias State = Onboarding.State
              typealias Action = Onboarding.Action
              func undo(state: inout State) -> Effect<Action> { state.step -= 1; return .none }
            }
            struct BoardRouter {
              func create(_ title: String, state: inout Onboarding.State) -> Effect<Onboarding.Action> { .none }
              func format(_ title: String) -> String { title }
            }
            struct Unrelated {
              func load(state: inout Other.State) -> Effect<Other.Action> { .none }
            }

            """
        let project = index([("Onboarding.swift", Self.onboarding), ("Handlers.swift", handler)])
        let feature = try XCTUnwrap(project.feature("Onboarding"))
        XCTAssertEqual(feature.logic.filter { $0.location.path == "Handlers.swift" }.map(\.owner), ["undo", "create"])
        XCTAssertEqual(feature.logic.first { $0.owner == "undo" }?.everyAction?.writes, ["step"])
        // The handlers' file is one of the feature's files: rules linting it see that logic.
        XCTAssertEqual(project.features(declaredIn: "Handlers.swift").map(\.qualifiedName), ["Onboarding"])
        XCTAssertNil(project.feature("Unrelated"))
    }

    /// Routina's shape: handlers generic over the state and action they work on, built by each feature that uses
    /// them (`func lifecycle() -> LifecycleHandler<State, Action>`), run as that feature's logic.
    func testFunctionsOfAGenericHandlerAreTheLogicOfTheFeaturesThatBuildIt() throws {
        let handler = """
            protocol LifecycleState { var isLoading: Bool { get set } }
            struct LifecycleHandler<State: LifecycleState, Action> {
              var refresh: () -> Effect<Action>
              func onAppear(state: inout State) -> Effect<Action> { state.isLoading = true; return refresh() }
              func refreshRequested() -> Effect<Action> { refresh() }
              func describe(_ state: State) -> String { "" }
            }
            struct Formatter<Value> {
              func format(state: inout Value) -> Effect<Never> { .none }
            }

            """
        let home = """
            @Reducer struct Home {
              struct State: LifecycleState { var isLoading = false }
              enum Action { case onAppear }
              var body: some ReducerOf<Self> {
                Reduce { state, action in lifecycle().onAppear(state: &state) }
              }
              private func lifecycle() -> LifecycleHandler<State, Action> { LifecycleHandler(refresh: { .none }) }
              private func formatter() -> Formatter<Int> { Formatter() }
            }

            """
        let other = """
            @Reducer struct Other {
              struct State: LifecycleState { var isLoading = false }
              enum Action { case a }
              var body: some ReducerOf<Self> { EmptyReducer() }
              func unrelated() -> LifecycleHandler<Home.State, Home.Action> { fatalError() }
            }

            """
        let project = index([("Home.swift", home), ("LifecycleHandler.swift", handler), ("Other.swift", other)])
        let feature = try XCTUnwrap(project.feature("Home"))
        // Both effect functions: one tied by its `inout State`, one by the `Effect<Action>` it returns.
        XCTAssertEqual(feature.logic.filter { $0.location.path == "LifecycleHandler.swift" }.map(\.owner), ["onAppear", "refreshRequested"])
        XCTAssertEqual(feature.logic.first { $0.owner == "onAppear" }?.everyAction?.writes, ["isLoading"])
        // A feature that builds the handler over another feature's state does not run it as its own logic.
        XCTAssertEqual(project.feature("Other")?.logic.filter { $0.location.path == "LifecycleHandler.swift" }.count, 0)
        XCTAssertEqual(project.features(declaredIn: "LifecycleHandler.swift").map(\.qualifiedName), ["Home"])
        XCTAssertEqual(FeatureMerger.topLevelArguments("State,Dictionary<K,V>,Action"), ["State", "Dictionary<K,V>", "Action"])
    }

    func testANameDeclaredInTwoModulesKeepsOneFeaturePerModule() throws {
        let settingsA = "@Reducer struct Settings {\n  struct State { var a = 0 }\n  enum Action { case a }\n  var body: some ReducerOf<Self> { EmptyReducer() }\n}\n"
        let settingsB = settingsA.replacingOccurrences(of: "case a", with: "case b").replacingOccurrences(of: "var a", with: "var b")
        let extensionA = "extension Settings {\n  func load(state: inout State) -> Effect<Action> { .none }\n}\n"
        let project = index([("A/Sources/Settings.swift", settingsA), ("B/Sources/Settings.swift", settingsB),
                             ("A/Sources/Settings+Load.swift", extensionA)])
        let settings = project.features.filter { $0.name == "Settings" }
        XCTAssertEqual(settings.map(\.qualifiedName), ["Settings{A/Sources/Settings.swift}", "Settings{B/Sources/Settings.swift}"])
        XCTAssertEqual(settings.map { $0.action.enumNamed("Action")?.cases.map(\.name) ?? [] }, [["a"], ["b"]])
        // The extension joins the declaration nearest to it.
        XCTAssertEqual(settings[0].logic.map(\.owner), ["load"])
        XCTAssertEqual(settings[1].logic.map(\.owner), [])
        // A name written in a file resolves to the declaration nearest to it.
        XCTAssertEqual(project.feature(named: "Settings", from: "", near: "B/Sources/Root.swift")?.qualifiedName, "Settings{B/Sources/Settings.swift}")
    }

    func testReduceClosuresOfNonReducersAndProtocolExtensionsAreFeaturesOfTheirOwnKind() throws {
        let helper = "extension Store {\n  func observe() -> some Reducer<Int, Int> {\n    Reduce { state, action in state += 1; return .none }\n  }\n}\n"
        let defaults = "protocol Screen: Reducer {}\nextension Screen {\n  func reduce(into state: inout State, viewAction: Action.View) -> Effect<Action> { .none }\n}\n"
        let project = index([("Store+Observe.swift", helper), ("Screen.swift", defaults)])
        XCTAssertEqual(project.features.map { "\($0.qualifiedName):\($0.kind)" }, ["Screen:protocol", "Store:helper"])
        XCTAssertEqual(project.feature("Store")?.logic.first?.everyAction?.accesses.count, 0, "`state += 1` on a plain Int state is no field")
    }

    func testASwitchOverABoundPayloadIsSplitIntoTheCasesItMatches() throws {
        let source = """
            @Reducer struct Root {
              enum Action { case child(Child.Action); case tap }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case let .child(childAction):
                    switch childAction {
                    case .delegate(.close): state.isOpen = false; return .none
                    default: return .none
                    }
                  case .tap: return .none
                  }
                }
              }
            }

            """
        let logic = try XCTUnwrap(index([("Root.swift", source)]).feature("Root")?.logic.first)
        // The outer clause keeps what its body does outside the nested switch (nothing here), then one clause per
        // inner case, the outer pattern first; the inner `default` matches the rest of `.child`.
        XCTAssertEqual(logic.clauses.map(\.patterns), [[["child"]], [["child", "delegate", "close"]], [["child"]], [["tap"]]])
        XCTAssertEqual(logic.clauses.map(\.code.writes), [[], ["isOpen"], [], []])
    }
}

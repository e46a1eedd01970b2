import XCTest
@testable import TCALint

/// The project-wide feature model built from several small in-memory files. Every expectation is
/// written from reading the inputs.
final class FeatureIndexTests: XCTestCase {
    static func facts(_ path: String, _ source: String) -> FileFacts {
        ProjectIndexer.facts(path: path, bytes: Array(source.utf8))
    }

    static func index(_ files: [(String, String)]) -> FeatureIndex {
        FeatureIndex(files: files.map { facts($0.0, $0.1) })
    }

    // MARK: reducer-ness

    /// What a state field's type says it holds, asked by every rule and query that tells a stack's or a collection's
    /// children apart (one fact each, read from the type as written).
    func testAStateFieldIsAStackOrACollectionByItsType() throws {
        let source = """
            @Reducer struct Root {
              @ObservableState struct State {
                var path = StackState<Path.State>()
                var spaced: StackState<Path .State>
                var qualified: ComposableArchitecture.StackStateOf<Path>
                var rows: IdentifiedArrayOf<Row.State> = []
                var pairs: IdentifiedArray<UUID, Row.State>
                var optionalStack: StackState<Path.State>?
                var name: String
                var stackName: String = "StackState<X>"
                var history: [StackState<Path.State>]
              }
            }
            """
        let fields = try XCTUnwrap(Self.facts("Root.swift", source).types.first { $0.name == "State" }).properties
        func kinds(_ name: String) -> (Bool, Bool) {
            let field = fields.first { $0.name == name }
            return (field?.isStack ?? false, field?.isIdentifiedArray ?? false)
        }
        for stack in ["path", "spaced", "qualified", "optionalStack"] { XCTAssertTrue(kinds(stack) == (true, false), stack) }
        for collection in ["rows", "pairs"] { XCTAssertTrue(kinds(collection) == (false, true), collection) }
        // A string that spells the type, and an array of stacks, are neither.
        for neither in ["name", "stackName", "history"] { XCTAssertTrue(kinds(neither) == (false, false), neither) }
    }

    /// A type whose generic `>` is written after a space ends its line like any other: the next declaration is a
    /// property of its own (it was read as the right operand of a `>` and lost), while a line that ends in a real
    /// binary operator still continues on the next.
    func testAGenericClosedAfterASpaceEndsItsDeclaration() throws {
        let source = """
            @Reducer struct Root {
              @ObservableState struct State {
                var path: StackState<Path.State >
                var rows: IdentifiedArrayOf<Row.State >
                static let limit = 3 >
                  2
                var name: String
              }
            }
            """
        let state = try XCTUnwrap(Self.facts("Root.swift", source).types.first { $0.name == "State" })
        XCTAssertEqual(state.properties.map(\.name), ["path", "rows", "limit", "name"])
        XCTAssertEqual(state.properties.map(\.isStack), [true, false, false, false])
        XCTAssertEqual(state.properties.map(\.isIdentifiedArray), [false, true, false, false])
    }

    func testAProjectProtocolDeclaredInAnotherFileMakesAReducer() {
        let index = Self.index([
            ("Prelude.swift", "protocol FeatureReducer: Reducer, FeatureActionPayload where State: Hashable {}\nprotocol Client {}"),
            ("App.swift", "struct App: FeatureReducer {\n  struct State: Hashable {}\n}\nstruct Helper: Client {}"),
        ])
        XCTAssertEqual(index.projectReducerProtocols, ["FeatureReducer"])
        XCTAssertEqual(index.features.map { $0.qualifiedName }, ["App"])
        XCTAssertEqual(index.feature("App")?.reducerEvidence, ["FeatureReducer", "Reducer"])
        XCTAssertEqual(index.feature("App")?.state?.qualifiedName, "App.State")
    }

    /// A chain declared bottom-up (each protocol refines the next one declared), a protocol refining itself
    /// and a cycle: the closure follows every link once, and every parent leads to `Reducer`.
    func testProtocolChainsInAnyOrderAndCyclesResolve() {
        let n = 300
        let chain = (0..<n).map { "protocol P\($0): P\($0 + 1) {}" }.joined(separator: "\n") + "\nprotocol P\(n): Reducer {}\n"
        let index = Self.index([("Chain.swift", chain + "protocol Loop: Loop {}\nprotocol A: B {}\nprotocol B: A, P0 {}\nstruct X: P0 {}\n")])
        XCTAssertEqual(index.projectReducerProtocols.count, n + 1 + 2, "P0…P\(n), A, B; not Loop")
        XCTAssertFalse(index.reducerProtocols.contains("Loop"))
        XCTAssertEqual(index.feature("X")?.reducerEvidence.prefix(3), ["P0", "P1", "P2"], "X → P0 → P1 → …")
        let short = Self.index([("S.swift", "protocol Q0: Q1 {}\nprotocol Q1: Q2 {}\nprotocol Q2: Reducer {}\nstruct Y: Q0 {}\n")])
        XCTAssertEqual(short.feature("Y")?.reducerEvidence, ["Q0", "Q1", "Q2", "Reducer"])
        let set = index.projectReducerProtocolSet
        XCTAssertEqual(set, Set(index.projectReducerProtocols))
    }

    /// Many names are searched in one pass over the identifiers of a file; a few with `memmem`. Both find a
    /// name used as an identifier, and nothing else.
    func testNameNeedlesFindNamesAsIdentifiersWhateverTheirNumber() {
        for count in [1, NameNeedles.directSearchLimit, NameNeedles.directSearchLimit + 1, 500] {
            let names = (0..<count).map { "Feature\($0)Reducer" }
            let needles = NameNeedles(names)
            let last = names[count - 1]
            for text in ["struct X: \(last) {}", "struct X: App.\(last)<S> {}", "x`\(last)`", "[\(last)]", "\(last)"] {
                XCTAssertEqual(needles.occurs(in: Array(text.utf8)), true, "\(count): \(text)")
            }
            XCTAssertFalse(needles.occurs(in: Array("struct X: Feature {} // Reducer".utf8)), "\(count)")
            XCTAssertFalse(needles.occurs(in: []), "\(count)")
        }
        // Above the limit a name inside a longer identifier is not a use of it; below, memmem finds it anyway.
        let many = NameNeedles((0..<20).map { "P\($0)" })
        XCTAssertFalse(many.occurs(in: Array("struct X: P100 {}".utf8)))
        XCTAssertTrue(many.occurs(in: Array("struct X: P10 {}".utf8)))
        XCTAssertFalse(NameNeedles([]).occurs(in: Array("x".utf8)))
    }

    func testRefinementChainsTypealiasesAndConformanceInAnExtensionCount() {
        let index = Self.index([
            ("A.swift", "protocol Screen: BaseFeature {}"),
            ("B.swift", "protocol BaseFeature: ComposableArchitecture.Reducer<State, Action> {}"),
            ("C.swift", "typealias Feature = Reducer\nstruct X: Screen {}\nstruct Y: Feature {}"),
            ("D.swift", "struct Z {\n  var body: some ReducerOf<Self> { EmptyReducer() }\n}"),
            ("E.swift", "extension Z: BaseFeature {}\nstruct NotOne: Equatable { var r: some Reducer { EmptyReducer() } }"),
        ])
        XCTAssertEqual(index.projectReducerProtocols, ["BaseFeature", "Feature", "Screen"])
        XCTAssertEqual(index.features.map { $0.qualifiedName }, ["X", "Y", "Z"])
        XCTAssertEqual(index.feature("X")?.reducerEvidence, ["Screen", "BaseFeature", "Reducer"])
        XCTAssertEqual(index.feature("Y")?.reducerEvidence, ["Feature", "Reducer"])
        XCTAssertEqual(index.feature("Z")?.reducerEvidence, ["BaseFeature", "Reducer"])
        XCTAssertEqual(index.feature("Z")?.declarations.map { $0.path }, ["D.swift", "E.swift"])
        XCTAssertEqual(index.feature("Z")?.builders.map { $0.name }, ["body"])
    }

    func testTheReducerMacroOnEnumsAndNestedTypes() {
        let index = Self.index([("F.swift", """
            @Reducer
            struct Parent {
              @Reducer(state: .equatable)
              enum Destination {
                case alert(AlertState<Alert>)
                case detail(Detail)
              }
            }
            """)])
        XCTAssertEqual(index.features.map { $0.qualifiedName }, ["Parent", "Parent.Destination"])
        XCTAssertEqual(index.feature("Parent.Destination")?.kind, "enum")
        XCTAssertEqual(index.feature("Parent.Destination")?.enumCases.map { $0.name }, ["alert", "detail"])
        XCTAssertEqual(index.feature("Parent.Destination")?.enumCases.map { $0.payload }, ["AlertState<Alert>", "Detail"])
    }

    // MARK: parts from any file

    func testPartsJoinTheirFeatureFromOtherFiles() {
        let index = Self.index([
            ("Flow.swift", """
                @Reducer
                public struct Flow {
                  @ObservableState
                  public struct State {
                    var path = StackState<Path.State>()
                    @Presents var alert: AlertState<Action.Alert>?
                    @Shared(.appStorage("x")) var flag = false
                    var isEmpty: Bool { path.isEmpty }
                    var count = 0 { didSet { print(count) } }
                    static let initial = State()
                  }
                  public enum Action: BindableAction {
                    case binding(BindingAction<State>)
                    case view(View)
                  }
                  public var body: some ReducerOf<Self> {
                    BindingReducer()
                    coordinatorReduce()
                  }
                }
                """),
            ("Flow+Coordinator.swift", """
                extension Flow {
                  public func coordinatorReduce() -> Reduce<Flow.State, Flow.Action> {
                    Reduce { state, action in
                      switch action {
                      case .view(.nextTapped): state.path.append(.detail(.init())); return .none
                      default: return .none
                      }
                    }
                  }
                }
                extension Flow.Action {
                  public enum View { case nextTapped, `internal` }
                }
                extension Flow.State {
                  var computedElsewhere: Int { 1 }
                }
                """),
        ])
        guard let flow = index.feature("Flow") else { return XCTFail("no Flow") }
        XCTAssertEqual(flow.declarations.map { $0.path }, ["Flow+Coordinator.swift", "Flow.swift"])
        XCTAssertEqual(flow.builders.map { "\($0.name):\($0.kind.rawValue)" }, ["body:property", "coordinatorReduce:function"])
        XCTAssertEqual(flow.builders.first?.elements, ["BindingReducer", "coordinatorReduce"])
        XCTAssertEqual(flow.logic.map { "\($0.kind.rawValue):\($0.owner)" }, ["reduceClosure:coordinatorReduce"])
        XCTAssertEqual(flow.action.enums.map { $0.name }, ["Action", "Action.View"])
        XCTAssertEqual(flow.action.enumNamed("Action.View")?.cases.map { $0.name }, ["nextTapped", "internal"])
        guard let state = flow.state else { return XCTFail("no state") }
        XCTAssertTrue(state.isObservable)
        XCTAssertEqual(state.fields.map { $0.name }, ["path", "alert", "flag", "isEmpty", "count", "computedElsewhere"])
        XCTAssertEqual(state.field("path")?.type, "StackState<Path.State>")
        XCTAssertEqual(state.field("alert")?.attributes, ["Presents"])
        XCTAssertEqual(state.field("flag")?.attributes, ["Shared"])
        XCTAssertEqual(state.fields.filter { $0.isComputed }.map { $0.name }, ["isEmpty", "computedElsewhere"])
    }

    func testBabylonStyleReduceSplitsAndProtocolDefaults() {
        let index = Self.index([
            ("Prelude.swift", """
                protocol FeatureReducer: Reducer {}
                extension Reducer where Self: FeatureReducer {
                  var body: some ReducerOf<Self> { Reduce(core) }
                  func core(state: inout State, action: Action) -> Effect<Action> { .none }
                }
                """),
            ("Rename.swift", """
                struct Rename: FeatureReducer {
                  enum ViewAction { case saveTapped }
                  enum InternalAction { case saved }
                  func reduce(into state: inout State, viewAction: ViewAction) -> Effect<Action> {
                    switch viewAction {
                    case .saveTapped:
                      return .send(.internal(.saved))
                    }
                  }
                  func reduce(into state: inout State, internalAction: InternalAction) -> Effect<Action> {
                    switch internalAction {
                    case .saved:
                      state.isSaving = false
                      return .none
                    }
                  }
                }
                """),
        ])
        guard let rename = index.feature("Rename") else { return XCTFail("no Rename") }
        XCTAssertEqual(rename.protocolDefaults, ["FeatureReducer"])
        XCTAssertEqual(rename.action.enums.map { $0.name }, ["ViewAction", "InternalAction"])
        XCTAssertEqual(rename.logic.map { $0.labels }, [["into", "viewAction"], ["into", "internalAction"]])
        XCTAssertEqual(rename.logic.map { $0.actionName }, ["viewAction", "internalAction"])
        // The part of the action each split receives, applied once to its patterns.
        XCTAssertEqual(rename.logic.map { $0.actionPrefix }, [["view"], ["internal"]])
        let save = rename.logic[0].clauses[0]
        XCTAssertEqual(save.patterns, [["view", "saveTapped"]])
        XCTAssertEqual(save.code.sends.map { $0.path }, [["internal", "saved"]])
        XCTAssertEqual(save.code.sends.map { $0.how }, [.returned])
        let saved = rename.logic[1].clauses[0]
        XCTAssertEqual(saved.code.writes, ["isSaving"])
        XCTAssertFalse(saved.code.isNoOp)
    }

    /// A field set to a value (presented) versus one only cleared: `valueWrites` counts each clear against one write
    /// of its field, so a clause that clears and then presents the same field still presents it.
    func testValueWritesLeaveOutFieldsOnlyCleared() {
        let index = Self.index([
            ("Code.swift", """
                @Reducer
                struct Code {
                  @ObservableState
                  struct State {
                    @Presents var alert: AlertState<Action.Alert>?
                    @Presents var sheet: Sheet.State?
                    var path = StackState<Path.State>()
                    var count = 0
                  }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .cleared:
                        state.alert = nil
                        state.path.removeLast()
                        state.count += 1
                        return .none
                      case .replaced:
                        state.sheet = nil
                        state.sheet = Sheet.State()
                        state.alert?.title = TextState("x")
                        return .none
                      }
                    }
                  }
                }
                """),
        ])
        guard let code = index.feature("Code") else { return XCTFail("no Code") }
        let clauses = code.logic[0].clauses
        XCTAssertEqual(clauses[0].code.writes, ["alert", "count", "path"])
        XCTAssertEqual(clauses[0].code.valueWrites, ["count"])
        XCTAssertEqual(clauses[1].code.valueWrites, ["alert", "sheet"])
    }

    // MARK: composition edges

    func testEdgesResolveTheirChildFromTheClosureOrTheStateType() {
        let index = Self.index([
            ("Parent.swift", """
                @Reducer
                struct Parent {
                  @ObservableState
                  struct State {
                    var child = Child.State()
                    @Presents var destination: Destination.State?
                    var rows: IdentifiedArrayOf<Row.State> = []
                    var path = StackState<Path.State>()
                  }
                  @Reducer enum Destination { case sheet(Child) }
                  @Reducer enum Path { case row(Row) }
                  var body: some ReducerOf<Self> {
                    Scope(state: \\.self, action: \\.self) { Logging() }
                    Scope(state: \\.child, action: \\.child) { Child() }
                    Reduce { state, action in .none }
                      .ifLet(\\.$destination, action: \\.destination)
                      .forEach(\\.rows, action: \\.rows) { Row() }
                      .forEach(\\.path, action: \\.path)
                  }
                }
                """),
            ("Children.swift", "@Reducer struct Child {}\n@Reducer struct Row {}\n@Reducer struct Logging {}"),
        ])
        guard let parent = index.feature("Parent") else { return XCTFail("no Parent") }
        let shown = parent.children.map { c in
            "\(c.edge.operation) \(c.edge.statePath) \(c.edge.actionPath) → \(c.child ?? "nil") (\(c.resolvedFrom ?? "-"))"
        }
        XCTAssertEqual(shown, [
            "Scope self self → nil (-)",
            "Scope child child → Child (closure)",
            "ifLet $destination destination → Parent.Destination (stateType)",
            "forEach rows rows → Row (closure)",
            "forEach path path → Parent.Path (stateType)",
        ])
        XCTAssertTrue(parent.children[0].edge.isIdentity)
        XCTAssertEqual(parent.children[3].stateField?.type, "IdentifiedArrayOf<Row.State>")
        XCTAssertEqual(parent.children[4].stateField?.type, "StackState<Path.State>")
        XCTAssertEqual(index.parents(of: "Row").map { $0.parent.qualifiedName }, ["Parent"])
        XCTAssertEqual(index.feature(named: "Destination", from: "Parent")?.qualifiedName, "Parent.Destination")
    }

    func testScopesNestedInAScopeAreRelativeToItsState() {
        let index = Self.index([("App.swift", """
            @Reducer struct App {
              var body: some ReducerOf<Self> {
                Scope(state: \\.root, action: \\.child) {
                  Scope(state: \\.main, action: \\.main) { Main() }
                }
              }
            }
            @Reducer struct Main {}
            """)])
        let children = index.feature("App")?.children ?? []
        XCTAssertEqual(children.map { $0.edge.scopedIn }, [nil, "root"])
        XCTAssertEqual(children.map { $0.child }, [nil, "Main"])
    }

    // MARK: logic

    func testLogicInBuildersPropertiesInitAndHelpers() {
        let index = Self.index([("Game.swift", """
            @Reducer struct Game {
              let extra: Reduce<State, Action>
              init() {
                self.extra = Reduce { state, action in
                  state.ticks += 1
                  return .none
                }
              }
              var body: some ReducerOf<Self> {
                self.core
                Reduce(self.helper)
              }
              @ReducerBuilder<State, Action>
              var core: some Reducer<State, Action> {
                Reduce { state, action in
                  switch action {
                  case .activeGames: return .none
                  case .cancel: break
                  case .tap: state.selected = []; return .none
                  }
                }
              }
              func helper(into state: inout State, action: Action) -> Effect<Action> { .none }
            }
            """)])
        let logic = index.feature("Game")?.logic ?? []
        XCTAssertEqual(logic.map { "\($0.kind.rawValue):\($0.owner)" },
                       ["reduceClosure:extra", "reduceClosure:core", "effectFunction:helper"])
        XCTAssertEqual(logic[0].everyAction?.writes, ["ticks"])
        XCTAssertEqual(logic[1].clauses.map { $0.code.isNoOp }, [true, true, false])
        XCTAssertEqual(logic[1].clauses[2].code.writes, ["selected"])
        XCTAssertNil(logic[1].everyAction)
    }

    func testHowActionsAreSent() {
        let index = Self.index([("S.swift", """
            @Reducer struct S {
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .a: return .send(.b)
                  case .b: return state.flag ? .send(.c) : .none
                  case .c: return .merge(.send(.a), .run { _ in })
                  case .d: return .run { send in await send(.internal(.loaded(1))) }
                  case .e:
                    var effects: [Effect<Action>] = []
                    effects.append(.send(.a))
                    return .concatenate(effects)
                  case .f: return .send(.a).debounce(id: 1, for: 1, scheduler: q)
                  case .g: return Effect.merge([.send(.b), .none])
                  case .h: return loadEffect().merge(with: .send(.c))
                  case .i: store.send(.a); return .none
                  case .internal(.loaded): return .none
                  }
                }
              }
            }
            """)])
        let clauses = index.feature("S")?.logic.first?.clauses ?? []
        let sends = clauses.map { c in c.code.sends.map { "\($0.path.joined(separator: ".")):\($0.how.rawValue)" } }
        XCTAssertEqual(sends, [
            ["b:returned"], ["c:ternary"], ["a:merged"], ["internal.loaded:run"], ["a:appended"], ["a:returned"],
            ["b:merged"], ["c:merged"], [], [],
        ])
        XCTAssertEqual(clauses[5].code.sends.first?.chained, ["debounce"])
        XCTAssertEqual(clauses[1].code.reads, ["flag"])
        XCTAssertEqual(clauses.last?.patterns, [["internal", "loaded"]])
        XCTAssertEqual(clauses[7].code.calls, ["loadEffect"])
    }

    /// A `body` whose one `Reduce` only hands its state and action to the type's `reduce(into:action:)` runs that method's
    /// logic, whichever of the two the store calls; a closure that does anything else, passes other values, or shares
    /// the body with another element does not.
    func testABodyThatOnlyRunsTheReduceMethod() {
        func feature(body: String) -> Feature? {
            Self.index([("F.swift", """
                struct F: Reducer {
                  struct State {}
                  enum Action { case a }
                  var body: some ReducerOf<Self> {
                \(body)
                  }
                  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
                }
                """)]).feature("F")
        }
        for forwarding in ["Reduce { state, action in self.reduce(into: &state, action: action) }",
                           "Reduce { state, action in\n  return reduce(into: &state, action: action)\n}",
                           "Reduce { s, a in self.reduce(into: &s, action: a) }",
                           "Reduce(self.reduce)"] {
            XCTAssertEqual(feature(body: forwarding)?.bodyOnlyRunsReduceMethod, true, forwarding)
        }
        for other in ["Reduce { state, action in self.reduce(into: &state, action: .a) }",
                      "Reduce { state, action in state = State(); return self.reduce(into: &state, action: action) }",
                      "Reduce { state, action in self.reduce(into: &state, action: action).merge(with: .none) }",
                      "Reduce { state, action in .none }",
                      "BindingReducer()\nReduce { state, action in self.reduce(into: &state, action: action) }",
                      "Reduce { state, action in self.reduce(into: &state, action: action) }._printChanges()"] {
            XCTAssertEqual(feature(body: other)?.bodyOnlyRunsReduceMethod, false, other)
        }
        let logic = feature(body: "Reduce { state, action in self.reduce(into: &state, action: action) }")?.logic ?? []
        XCTAssertEqual(logic.map(\.forwardsToReduceMethod), [true, false], "the closure forwards; the method itself does not")
    }

    /// On a child's action, logic listed before the child's composition runs first: a later `Scope`, or a `.forEach` on a
    /// later element (it wraps that element alone). Logic that the modifier wraps runs after the child.
    func testTheCompositionThatRunsAfterALogicUnit() throws {
        let index = Self.index([("Root.swift", """
            @Reducer
            struct Root {
              var body: some ReducerOf<Self> {
                Reduce(Self.early)
                Reduce(Self.wrapped)
                  .forEach(\\.path, action: \\.path)
                Reduce(Self.beforeScope)
                Scope(state: \\.settings, action: \\.settings) { Settings() }
              }
              static func early(state: inout State, action: Action) -> Effect<Action> { .none }
              static func wrapped(state: inout State, action: Action) -> Effect<Action> { .none }
              static func beforeScope(state: inout State, action: Action) -> Effect<Action> { .none }
              static func unlisted(state: inout State, action: Action) -> Effect<Action> { .none }
            }
            """)])
        let root = try XCTUnwrap(index.feature("Root"))
        func unit(_ name: String) throws -> LogicFacts { try XCTUnwrap(root.logic.first { $0.owner == name }, name) }
        let element = ["path", "element", "notes", "back"]
        XCTAssertEqual(root.composition(runningAfter: try unit("early"), onActionsMatching: element)?.operation, "forEach")
        XCTAssertNil(root.composition(runningAfter: try unit("wrapped"), onActionsMatching: element), "the child runs first")
        XCTAssertEqual(root.composition(runningAfter: try unit("early"), onActionsMatching: ["settings", "save"])?.operation, "Scope")
        XCTAssertEqual(root.composition(runningAfter: try unit("beforeScope"), onActionsMatching: ["settings"])?.operation, "Scope")
        XCTAssertNil(root.composition(runningAfter: try unit("beforeScope"), onActionsMatching: element), "the forEach is above it")
        XCTAssertNil(root.composition(runningAfter: try unit("early"), onActionsMatching: ["navigateBack"]))
        XCTAssertNil(root.composition(runningAfter: try unit("unlisted"), onActionsMatching: element), "no builder lists it")
    }

    // MARK: incremental and deterministic

    func testReplacingAndRemovingAFile() {
        let prelude = Self.facts("P.swift", "protocol Feature: Reducer {}")
        let app = Self.facts("A.swift", "struct App: Feature {}")
        let index = FeatureIndex(files: [prelude, app])
        XCTAssertEqual(index.features.map { $0.qualifiedName }, ["App"])
        let edited = index.replacing(Self.facts("P.swift", "protocol Feature {}"))
        XCTAssertEqual(edited.features.map { $0.qualifiedName }, [])
        XCTAssertEqual(index.features.map { $0.qualifiedName }, ["App"], "the original index is unchanged")
        XCTAssertEqual(index.removing(path: "P.swift").features.count, 0)
        XCTAssertEqual(edited.replacing(prelude).features.map { $0.qualifiedName }, ["App"])
    }

    func testTheModelDoesNotDependOnTheOrderFilesArriveIn() {
        let files = [
            Self.facts("b/Child.swift", "@Reducer struct Child {}\nextension Parent { func helper() -> Effect<Action> { .send(.x) } }"),
            Self.facts("a/Parent.swift", "@Reducer struct Parent { var body: some ReducerOf<Self> { Scope(state: \\.c, action: \\.c) { Child() } } }"),
            Self.facts("c/Other.swift", "extension Parent.State { var y: Int { 1 } }\nstruct Parent_State {}"),
        ]
        let forward = FeatureDump.json(FeatureIndex(files: files).features)
        let backward = FeatureDump.json(FeatureIndex(files: Array(files.reversed())).features)
        XCTAssertEqual(forward, backward)
        XCTAssertTrue(forward.contains("\"child\" : \"Child\""))
    }

    func testStateTypeNames() {
        XCTAssertEqual(FeatureMerger.reducerTypeName(fromStateType: "Destination.State?"), "Destination")
        XCTAssertEqual(FeatureMerger.reducerTypeName(fromStateType: "StackState<Path.State>"), "Path")
        XCTAssertEqual(FeatureMerger.reducerTypeName(fromStateType: "IdentifiedArray<UUID, Todo.State>"), "Todo")
        XCTAssertEqual(FeatureMerger.reducerTypeName(fromStateType: "App.Feature.State"), "App.Feature")
        XCTAssertNil(FeatureMerger.reducerTypeName(fromStateType: "StateMachine"))
        XCTAssertNil(FeatureMerger.reducerTypeName(fromStateType: "Foo.StateMachine"))
        XCTAssertNil(FeatureMerger.reducerTypeName(fromStateType: ".State"))
    }

    /// The folder distance that picks, of several declarations of one name, the one nearest to where it is
    /// written: whole components only (`Apps/A` and `Apps/AB` share one folder, not two).
    func testSharedFoldersCountsWholeLeadingComponents() {
        XCTAssertEqual(FeatureMerger.sharedFolders("a/b/c.swift", "a/b/d.swift"), 2)
        XCTAssertEqual(FeatureMerger.sharedFolders("Apps/A/F.swift", "Apps/AB/F.swift"), 1)
        XCTAssertEqual(FeatureMerger.sharedFolders("x/F.swift", "y/F.swift"), 0)
        XCTAssertEqual(FeatureMerger.sharedFolders("a/b", "a/b"), 2)
        XCTAssertEqual(FeatureMerger.sharedFolders("a/b", "a/b/c"), 2)
        XCTAssertEqual(FeatureMerger.nearest(["0277/Sources/App.swift", "0278/Sources/App.swift", "0278/Sources/Feature/App.swift"],
                                             to: "0278/Sources/Feature/View.swift"), "0278/Sources/Feature/App.swift")
        XCTAssertEqual(FeatureMerger.nearest(["b/App.swift", "a/App.swift"], to: "c/View.swift"), "b/App.swift", "a tie keeps the first")
    }

    /// A colliding name's key carries its file between `{` `}`: the dots of the path are not name components,
    /// and the name as written and the file come back out of it.
    func testMarkedKeysSplitIntoNameAndFile() {
        let key = "Settings{Apps/v1.2/Settings.swift}.State"
        XCTAssertEqual(FeatureMerger.written(key), "Settings.State")
        XCTAssertEqual(FeatureMerger.mark(key), "Apps/v1.2/Settings.swift")
        XCTAssertEqual(FeatureMerger.lastDot(key).map { String(key[$0...]) }, ".State")
        XCTAssertNil(FeatureMerger.lastDot("Settings{Apps/v1.2/Settings.swift}"))
        XCTAssertEqual(FeatureMerger.lastDot("App.Feature.State").map { String("App.Feature.State"[$0...]) }, ".State")
        XCTAssertEqual(FeatureMerger.written("App.Feature"), "App.Feature")
        XCTAssertNil(FeatureMerger.mark("App.Feature"))
        XCTAssertTrue(key.utf8.allSatisfy { $0 < 0x80 }, "an ASCII key keeps String hashing on its fast path")
    }

    /// A `private` reducer that no reducer composes and only a `#Preview` builds runs only in previews; one a parent
    /// composes, one a store outside previews runs, and one other files can name do not.
    func testAPrivateReducerOnlyAPreviewBuildsRunsOnlyInPreviews() {
        let index = Self.index([("Demo.swift", """
            @Reducer private struct PreviewOnly {}
            @Reducer fileprivate struct Composed {}
            @Reducer private struct Hosted {}
            @Reducer struct Internal {}
            @Reducer struct Parent {
              var body: some ReducerOf<Self> { Scope(state: \\.composed, action: \\.composed) { Composed() } }
            }
            final class Host {
              let store = Store(initialState: Hosted.State()) { Hosted() }
            }
            #Preview {
              DemoView(store: Store(initialState: PreviewOnly.State()) { PreviewOnly() })
            }
            #Preview {
              DemoView(store: Store(initialState: Internal.State()) { Internal() })
            }
            """)])
        func previewOnly(_ name: String) -> Bool? { index.feature(name).map(index.runsOnlyInPreviews) }
        XCTAssertEqual(previewOnly("PreviewOnly"), true)
        XCTAssertEqual(index.feature("PreviewOnly")?.isFilePrivate, true)
        XCTAssertEqual(index.feature("Composed")?.isFilePrivate, true)
        XCTAssertEqual(previewOnly("Composed"), false)
        XCTAssertEqual(previewOnly("Hosted"), false)
        XCTAssertEqual(previewOnly("Internal"), false)
        XCTAssertEqual(index.feature("Internal")?.isFilePrivate, false)
    }
}

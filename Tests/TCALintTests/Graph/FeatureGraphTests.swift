import XCTest
@testable import TCALint

/// `FeatureGraph`: the nodes, edges, labels and placed findings of a small app written here, each expectation
/// written from reading the app's code.
final class FeatureGraphTests: XCTestCase {
    static let app = """
    @Reducer
    struct AppFeature {
      @ObservableState
      struct State {
        var settings = Settings.State()
        var path = StackState<Path.State>()
        @Presents var destination: Destination.State?
        @Presents var alert: AlertState<Action.Alert>?
        var rows: IdentifiedArrayOf<Row.State> = []
      }
      enum Action {
        case settings(Settings.Action)
        case path(StackActionOf<Path>)
        case destination(PresentationAction<Destination.Action>)
        case alert(PresentationAction<Alert>)
        case rows(IdentifiedActionOf<Row>)
        enum Alert { case ok }
      }
      @Reducer
      enum Path {
        case detail(Detail)
      }
      @Reducer
      enum Destination {
        case editor(Editor)
        case confirm(AlertState<Never>)
      }
      var body: some ReducerOf<Self> {
        Scope(state: \\.settings, action: \\.settings) {
          Settings()
        }
        CombineReducers {
          Analytics()
        }
        Reduce { state, action in
          .none
        }
        .forEach(\\.path, action: \\.path)
        .ifLet(\\.$destination, action: \\.destination)
        .ifLet(\\.$alert, action: \\.alert)
        .forEach(\\.rows, action: \\.rows) {
          Row()
        }
      }
    }

    """
    static let others = """
    @Reducer
    struct Settings {
      struct State { var profile = Profile.State() }
      enum Action { case profile(Profile.Action) }
      var body: some ReducerOf<Self> {
        Scope(state: \\.profile, action: \\.profile) {
          Profile()
        }
      }
    }
    @Reducer
    struct Detail {
      struct State {}
      enum Action {}
    }
    @Reducer
    struct Editor {
      struct State {}
      enum Action { case task }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          .none
        }
        ._printChanges()
      }
    }
    @Reducer
    struct Row {
      struct State: Identifiable { let id: Int }
      enum Action {}
    }
    struct Analytics: Reducer {
      typealias State = AppFeature.State
      typealias Action = AppFeature.Action
      var body: some ReducerOf<Self> {
        EmptyReducer()
      }
    }
    @Reducer
    struct Orphan {
      struct State {}
      enum Action {}
    }

    """

    static func index() -> FeatureIndex {
        FeatureIndexTests.index([("Sources/App.swift", app), ("Sources/Others.swift", others)])
    }

    func graph(diagnostics: [Diagnostic] = []) -> FeatureGraph {
        FeatureGraph(index: Self.index(), diagnostics: diagnostics)
    }

    func node(_ g: FeatureGraph, _ name: String, file: StaticString = #filePath, line: UInt = #line) -> FeatureGraph.Node? {
        let found = g.nodes.filter { $0.name == name }
        XCTAssertEqual(found.count, 1, "one node named \(name)", file: file, line: line)
        return found.first
    }

    /// `from -how path-> to`, by names, sorted: what a reader of the code lists.
    func edgeList(_ g: FeatureGraph) -> [String] {
        g.edges.map { e in "\(g.node(e.from)!.name) -\(e.label)-> \(g.node(e.to)!.name)" }.sorted()
    }

    func testEveryFeatureIsANodeWithItsKind() throws {
        let g = graph()
        let features = g.nodes.filter { !$0.isUnresolved }
        XCTAssertEqual(features.map(\.name).sorted(), ["Analytics", "AppFeature", "AppFeature.Destination", "AppFeature.Path",
                                                       "Detail", "Editor", "Orphan", "Row", "Settings"])
        XCTAssertEqual(try XCTUnwrap(node(g, "Analytics")).kind, "Reducer struct")
        XCTAssertEqual(try XCTUnwrap(node(g, "AppFeature")).kind, "@Reducer struct")
        XCTAssertEqual(try XCTUnwrap(node(g, "AppFeature.Path")).kind, "@Reducer enum")
        XCTAssertEqual(try XCTUnwrap(node(g, "AppFeature")).location, "Sources/App.swift:2")
        XCTAssertEqual(try XCTUnwrap(node(g, "Editor")).location, "Sources/Others.swift:17")
    }

    func testEachCompositionIsAnEdgeLabelledWithHowItComposes() {
        XCTAssertEqual(edgeList(graph()), [
            "AppFeature -Scope \\.settings-> Settings",
            "AppFeature -forEach \\.rows-> Row",
            "AppFeature -forEach stack \\.path-> AppFeature.Path",
            "AppFeature -ifLet @Presents \\.$destination-> AppFeature.Destination",
            "AppFeature -inline-> Analytics",
            "AppFeature.Destination -case .editor-> Editor",
            "AppFeature.Path -case .detail-> Detail",
            "Settings -Scope \\.profile-> Profile",
        ])
    }

    func testReducersListedAtTheFeaturesOwnLevelAreInlineNotTheScopesChild() throws {
        let index = Self.index()
        let app = try XCTUnwrap(index.feature("AppFeature"))
        // `Analytics()` in CombineReducers runs on AppFeature's own state; `Settings()` in Scope's closure is a child.
        XCTAssertEqual(app.inlineReducers(in: index).map(\.feature.qualifiedName), ["Analytics"])
        XCTAssertEqual(try XCTUnwrap(index.feature("Editor")).inlineReducers(in: index).count, 0)
    }

    func testAnAlertIsNoChildFeature() {
        // `.ifLet(\.$alert, …)` over `AlertState` and `case confirm(AlertState<Never>)` present alerts, not reducers.
        let g = graph()
        XCTAssertFalse(g.edges.contains { $0.path.contains("alert") || $0.path == ".confirm" }, "\(edgeList(g))")
        XCTAssertFalse(g.nodes.contains { $0.name.contains("AlertState") })
    }

    func testAChildTheModelCannotResolveIsShownAsSuch() throws {
        let g = graph()
        let profile = try XCTUnwrap(node(g, "Profile"))
        XCTAssertTrue(profile.isUnresolved)
        XCTAssertEqual(profile.location, "")
        XCTAssertEqual(g.parents(of: profile.id).map { g.node($0.from)!.name }, ["Settings"])
    }

    func testFeaturesNoOneComposesAreMarkedNotDropped() throws {
        let g = graph()
        XCTAssertEqual(g.nodes.filter(\.hasNoParent).map(\.name).sorted(), ["AppFeature", "Orphan"])
        XCTAssertFalse(try XCTUnwrap(node(g, "Detail")).hasNoParent)
    }

    func testARealFindingIsPlacedOnTheFeatureThatHoldsIt() throws {
        let index = Self.index()
        let diagnostics = Linter(rules: [LeftoverPrintChangesRule.self])
            .lint(SourceFile(path: "Sources/Others.swift", bytes: Array(Self.others.utf8)), project: index)
        XCTAssertEqual(diagnostics.map(\.ruleID), ["leftover_print_changes"])
        let g = FeatureGraph(index: index, diagnostics: diagnostics)
        let editor = try XCTUnwrap(node(g, "Editor"))
        XCTAssertEqual(editor.findings.map(\.ruleID), ["leftover_print_changes"])
        XCTAssertEqual(editor.findings.first?.line, 24)
        XCTAssertEqual(editor.warningCount, 1)
        XCTAssertEqual(g.nodes.filter { !$0.findings.isEmpty }.map(\.name), ["Editor"])
        XCTAssertEqual(g.findingsOutsideFeatures, 0)
    }

    func testAFindingInANestedFeatureBelongsToItNotToItsParent() throws {
        // The offset of `case detail` lies inside `enum Path`, itself inside `struct AppFeature`.
        let offset = Self.app.utf8.count - Self.app[Self.app.range(of: "case detail")!.lowerBound...].utf8.count
        let inPath = Diagnostic(path: "Sources/App.swift", line: 21, column: 5, severity: .error, ruleID: "some_rule",
                                ruleName: "Some rule", message: "m", range: offset..<(offset + 4))
        let outside = Diagnostic(path: "Sources/View.swift", line: 1, column: 1, severity: .warning, ruleID: "other_rule",
                                 ruleName: "Other", message: "m", range: 0..<1)
        let g = graph(diagnostics: [inPath, outside])
        XCTAssertEqual(try XCTUnwrap(node(g, "AppFeature.Path")).findings.map(\.ruleID), ["some_rule"])
        XCTAssertEqual(try XCTUnwrap(node(g, "AppFeature.Path")).errorCount, 1)
        XCTAssertEqual(try XCTUnwrap(node(g, "AppFeature")).findings, [])
        XCTAssertEqual(g.findingsOutsideFeatures, 1)
    }

    // MARK: focus

    func testRootKeepsTheSubtree() throws {
        let g = try graph().focused(.init(root: "Settings"))
        XCTAssertEqual(g.nodes.map(\.name).sorted(), ["Profile", "Settings"])
        XCTAssertEqual(g.edges.count, 1)
    }

    func testDepthCountsCompositionsBelowTheRoot() throws {
        let g = try graph().focused(.init(root: "AppFeature", depth: 1))
        XCTAssertEqual(g.nodes.map(\.name).sorted(), ["Analytics", "AppFeature", "AppFeature.Destination", "AppFeature.Path", "Row",
                                                "Settings"])
        let zero = try graph().focused(.init(root: "AppFeature", depth: 0))
        XCTAssertEqual(zero.nodes.map(\.name), ["AppFeature"])
        XCTAssertEqual(zero.edges, [])
    }

    func testDepthWithoutRootStartsAtEveryFeatureNoOneComposes() throws {
        let g = try graph().focused(.init(depth: 0))
        XCTAssertEqual(g.nodes.map(\.name).sorted(), ["AppFeature", "Orphan"])
    }

    func testOnlyFindingsKeepsThePathToThem() throws {
        let offset = Self.others.utf8.count - Self.others[Self.others.range(of: "_printChanges")!.lowerBound...].utf8.count
        let inEditor = Diagnostic(path: "Sources/Others.swift", line: 24, column: 6, severity: .warning, ruleID: "r",
                                  ruleName: "R", message: "m", range: offset..<(offset + 1))
        let g = try graph(diagnostics: [inEditor]).focused(.init(onlyFindings: true))
        XCTAssertEqual(g.nodes.map(\.name).sorted(), ["AppFeature", "AppFeature.Destination", "Editor"])
        XCTAssertEqual(edgeList(g), ["AppFeature -ifLet @Presents \\.$destination-> AppFeature.Destination",
                                     "AppFeature.Destination -case .editor-> Editor"])
    }

    func testAnUnknownOrAmbiguousRootIsAnError() {
        XCTAssertThrowsError(try graph().focused(.init(root: "Setings"))) { error in
            XCTAssertEqual(error as? FeatureGraph.FocusError, .unknownRoot("Setings", suggestions: []))
        }
        XCTAssertThrowsError(try graph().focused(.init(root: "ettings"))) { error in
            XCTAssertEqual((error as? FeatureGraph.FocusError)?.description,
                           "no feature named 'ettings' in the project; did you mean Settings?")
        }
        let twice = FeatureIndexTests.index([("A.swift", "enum A {\n@Reducer struct Home {}\n}\nenum B {\n@Reducer struct Home {}\n}\n")])
        XCTAssertThrowsError(try FeatureGraph(index: twice).focused(.init(root: "Home"))) { error in
            XCTAssertEqual(error as? FeatureGraph.FocusError, .ambiguousRoot("Home", candidates: ["A.Home", "B.Home"]))
        }
        XCTAssertEqual(try FeatureGraph(index: twice).focused(.init(root: "B.Home")).nodes.map(\.name), ["B.Home"])
    }

    func testTheNameOfAReducerInAStateType() {
        XCTAssertEqual(Composition.reducerName(inStateType: "StackState<Stats.State>"), "Stats")
        XCTAssertEqual(Composition.reducerName(inStateType: "Sheet.State?"), "Sheet")
        XCTAssertEqual(Composition.reducerName(inStateType: "IdentifiedArray<Int, Row.State>"), "Row")
        XCTAssertNil(Composition.reducerName(inStateType: "String"))
        XCTAssertEqual(FeatureGraph.displayed("Settings{Sources/A/Settings.swift}.Destination"), "Settings.Destination")
    }
}

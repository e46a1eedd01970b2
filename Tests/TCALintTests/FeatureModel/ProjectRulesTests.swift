import Foundation
import XCTest
@testable import TCALint

/// Rules that read other files' features, run as a lint run does: a child declared in one file, its
/// parent in a second, the parent's logic in an extension in a third (zashi's `RootCoordinator.swift`).
final class ProjectRulesTests: XCTestCase {
    static let home = """
        import ComposableArchitecture

        @Reducer
        struct Home {
          @ObservableState
          struct State: Equatable {}

          enum Action {
            case menuTapped
            case settingsTapped
            case profileTapped
          }

          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .menuTapped:
                return .send(.settingsTapped)
              case .settingsTapped:
                return .none
              case .profileTapped:
                return .none
              }
            }
          }
        }

        """

    static let root = """
        import ComposableArchitecture

        @Reducer
        struct Root {
          @ObservableState
          struct State: Equatable {
            var home = Home.State()
            var showsSettings = false
          }

          enum Action {
            case home(Home.Action)
            case refresh
            case refreshTapped
          }

          var body: some ReducerOf<Self> {
            Scope(state: \\.home, action: \\.home) {
              Home()
            }
            coordinatorReduce()
          }
        }

        """

    static let coordinator = """
        import ComposableArchitecture

        extension Root {
          func coordinatorReduce() -> Reduce<Root.State, Root.Action> {
            Reduce { state, action in
              switch action {
              case .home(.settingsTapped):
                state.showsSettings = true
                return .none
              case .refreshTapped:
                return .send(.refresh)
              case .refresh:
                state.showsSettings = false
                return .none
              case .home(.profileTapped):
                state.showsSettings = false
                return .none
              case .home:
                return .none
              }
            }
          }
        }

        """

    func paths() throws -> (tree: ScratchTree, paths: [String]) {
        let tree = try ScratchTree()
        let paths = [
            try tree.write("Home/Home.swift", Self.home).path,
            try tree.write("Root/Root.swift", Self.root).path,
            try tree.write("Root/RootCoordinator.swift", Self.coordinator).path,
        ].sorted()
        return (tree, paths)
    }

    func lint(_ rules: [any Rule.Type], _ paths: [String], jobs: Int = 2) -> [Diagnostic] {
        LintRunner(linter: Linter(rules: rules), jobs: jobs).run(paths).diagnostics
    }

    func testParentMatchingAChildsOwnActionInAnotherFileIsReportedThere() throws {
        let (tree, paths) = try paths()
        let found = lint([ParentMatchesChildActionRule.self], paths)
        // `.home(.profileTapped)`, an action Home's view sends and Home ignores; not `.home(.settingsTapped)` (line 7),
        // which Home sends itself and ignores: `missing_delegate_action` reports that one in Home.
        XCTAssertEqual(found.map { "\(($0.path as NSString).lastPathComponent):\($0.line):\($0.column)" }, ["RootCoordinator.swift:15:12"])
        XCTAssertEqual(found.first?.message, ParentMatchesChildActionRule.message(parent: "Root", shown: ".home(.profileTapped)", child: "Home"))
        // The same on one worker and on many.
        XCTAssertEqual(lint([ParentMatchesChildActionRule.self], paths, jobs: 1), found)
        // Without the child's file, nothing says what Home's actions are.
        XCTAssertEqual(lint([ParentMatchesChildActionRule.self], paths.filter { !$0.hasSuffix("Home.swift") }), [])
        _ = tree
    }

    /// Not reported (judged false on wooda-ege/lovebird-ios): an action the child sends itself and no case of it names,
    /// so that it falls to `default: return .none`. Still reported: an action the child ignores but does not send, and
    /// the actions of a child whose reducer does nothing.
    func testParentMatchesNoActionTheChildSendsItselfAndIgnoresInDefault() {
        let source = """
            import ComposableArchitecture
            @Reducer struct Link {
              struct State {}
              enum Action { case confirm, succeeded, tapped }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .confirm: return .run { send in await send(.succeeded) }
                  default: return .none
                  }
                }
              }
            }
            @Reducer struct SceneDelegate {
              struct State {}
              enum Action { case shortcut(String) }
              var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
            }
            @Reducer struct Root {
              struct State { var link = Link.State(); var scene = SceneDelegate.State() }
              enum Action { case link(Link.Action), scene(SceneDelegate.Action) }
              var body: some ReducerOf<Self> {
                Scope(state: \\.link, action: \\.link) { Link() }
                Scope(state: \\.scene, action: \\.scene) { SceneDelegate() }
                Reduce { state, action in
                  switch action {
                  case .link(.succeeded): return .none
                  case .link(.tapped): return .none
                  case .scene(.shortcut): return .none
                  default: return .none
                  }
                }
              }
            }
            """
        let found = Linter(rules: [ParentMatchesChildActionRule.self]).lint(SourceFile(path: "Root.swift", bytes: Array(source.utf8)))
        XCTAssertEqual(found.map(\.line), [28, 29], found.map(\.message).joined(separator: "\n"))
        // The default that makes the difference: one that does something is not ignoring.
        let acting = source.replacingOccurrences(of: "default: return .none\n      }\n    }\n  }\n}\n@Reducer struct SceneDelegate",
                                                 with: "default: state = State(); return .none\n      }\n    }\n  }\n}\n@Reducer struct SceneDelegate")
        XCTAssertNotEqual(acting, source)
        XCTAssertEqual(Linter(rules: [ParentMatchesChildActionRule.self]).lint(SourceFile(path: "Root.swift", bytes: Array(acting.utf8))).map(\.line), [27, 28, 29])
        // A child that has a `delegate` case and tells its parent through another action (Saik0s/Whisperboard's
        // `.didFinishImportingFiles`, judged true): the parent bypasses the child's channel.
        let withDelegate = source.replacingOccurrences(of: "enum Action { case confirm, succeeded, tapped }",
                                                       with: "enum Action { case confirm, succeeded, tapped, delegate(Delegate); enum Delegate { case done } }")
        XCTAssertNotEqual(withDelegate, source)
        XCTAssertEqual(Linter(rules: [ParentMatchesChildActionRule.self]).lint(SourceFile(path: "Root.swift", bytes: Array(withDelegate.utf8))).map(\.line), [27, 28, 29])
        // A second delegate channel named for its enum, which the child sends itself (AdultOfNineteen/WINEY-iOS's
        // `case tabDelegate(TabNavigationDelegate)`), is a delegate: its match is not reported. Still reported: one the
        // child only receives (jorgealegre/DosMangos's `case sceneDelegate(SceneDelegate)`, UIKit's events), and a case
        // carrying another value.
        let tabDelegate = withDelegate.replacingOccurrences(of: "case confirm, succeeded, tapped, delegate(Delegate)",
                                                            with: "case confirm, succeeded, tapped(TapDelegate), delegate(Delegate); enum TapDelegate { case x }")
            .replacingOccurrences(of: "case .confirm: return .run { send in await send(.succeeded) }",
                                  with: "case .confirm: return .run { send in await send(.succeeded); await send(.tapped(.x)) }")
        XCTAssertNotEqual(tabDelegate, withDelegate)
        func lines(_ source: String) -> [Int] {
            Linter(rules: [ParentMatchesChildActionRule.self]).lint(SourceFile(path: "Root.swift", bytes: Array(source.utf8))).map(\.line)
        }
        XCTAssertEqual(lines(tabDelegate), [27, 29])
        let received = tabDelegate.replacingOccurrences(of: "; await send(.tapped(.x))", with: "")
        XCTAssertEqual(lines(received), [27, 28, 29])
        XCTAssertEqual(lines(tabDelegate.replacingOccurrences(of: "tapped(TapDelegate)", with: "tapped(TapDelegateKind)")), [27, 28, 29])
        // The send made in a helper the clause calls (LeeTaek/Carve's `handleSelectDrawing(state:drawing:)`): the helper
        // takes no action, so it is no logic the action reaches, and the action still falls to `default:`.
        let helper = source.replacingOccurrences(of: "case .confirm: return .run { send in await send(.succeeded) }",
                                                 with: "case .confirm: return confirm(state: &state)")
            .replacingOccurrences(of: "@Reducer struct SceneDelegate",
                                  with: "extension Link {\n  private func confirm(state: inout State) -> Effect<Action> {\n    state.count += 1\n    return .run { send in await send(.succeeded) }\n  }\n}\n@Reducer struct SceneDelegate")
        let lines = helper.split(separator: "\n", omittingEmptySubsequences: false)
        let expected = ["case .link(.tapped)", "case .scene(.shortcut)"].compactMap { p in lines.firstIndex { $0.contains(p) }.map { $0 + 1 } }
        XCTAssertEqual(Linter(rules: [ParentMatchesChildActionRule.self]).lint(SourceFile(path: "Root.swift", bytes: Array(helper.utf8))).map(\.line), expected)
        XCTAssertEqual(expected.count, 2)
        // A legacy `.task { … }` (TCA before 1.0) sends the action its closure gives back (kirillgit5/Diplom's
        // `return .task { .finishFlow }` beside `default: break` and a `return .none` after the switch, judged false
        // blind): as a single expression, after `await`, or from a `return` in a `catch`. Not a `.task` on a value.
        func legacy(_ effect: String) -> String {
            source.replacingOccurrences(of: "case .confirm: return .run { send in await send(.succeeded) }",
                                        with: "case .confirm: return \(effect)")
                .replacingOccurrences(of: "default: return .none\n      }\n    }\n  }\n}\n@Reducer struct SceneDelegate",
                                      with: "default: break\n      }\n      return .none\n    }\n  }\n}\n@Reducer struct SceneDelegate")
        }
        XCTAssertNotEqual(legacy(".task { .succeeded }"), source)
        func reported(_ source: String) -> [Int] {
            Linter(rules: [ParentMatchesChildActionRule.self]).lint(SourceFile(path: "Root.swift", bytes: Array(source.utf8))).map(\.line)
        }
        func linesOf(_ patterns: [String], in source: String) -> [Int] {
            let all = source.split(separator: "\n", omittingEmptySubsequences: false)
            return patterns.compactMap { p in all.firstIndex { $0.contains(p) }.map { $0 + 1 } }
        }
        let tappedAndShortcut = linesOf(["case .link(.tapped)", "case .scene(.shortcut)"], in: legacy(".task { .succeeded }"))
        XCTAssertEqual(tappedAndShortcut.count, 2)
        XCTAssertEqual(reported(legacy(".task { .succeeded }")), tappedAndShortcut)
        XCTAssertEqual(reported(legacy(".task(priority: .low) { await .succeeded }")), tappedAndShortcut)
        XCTAssertEqual(reported(legacy(".task { do { try await api(); return .tapped } catch { return .succeeded } }")),
                       Array(tappedAndShortcut.dropFirst()))
        XCTAssertEqual(reported(legacy("queue.task { .succeeded }")),
                       linesOf(["case .link(.succeeded)", "case .link(.tapped)", "case .scene(.shortcut)"], in: legacy("")))
    }

    /// Two TCA 1.0 shapes judged false blind: a button of an alert held by a `struct Destination: Reducer`
    /// (JarretHoving97/Habicolor: an alert has no reducer; its buttons' actions are the presenting feature's to match),
    /// and a collection's legacy case `/Action.book(id:action:)` (p-larson/TCA-Bible: the case carries the rows'
    /// actions, so `.book(id:action: .select)` is a row's action, not one of the directory's own; a collection's element
    /// is not judged, like `.element(id:action:)`, see the document's Limits). Still reported: the destination's child
    /// action, and the directory's own.
    func testParentMatchesNeitherAnAlertButtonNorALegacyCollectionCase() {
        let source = """
            import ComposableArchitecture
            struct Edit: Reducer {
              struct State: Equatable {}
              enum Action: Equatable { case saveTapped }
              var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
            }
            struct Section: Reducer {
              struct State: Equatable, Identifiable { let id: Int }
              enum Action: Equatable { case select(Int) }
              var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
            }
            struct Directory: Reducer {
              struct State: Equatable { var sections: IdentifiedArrayOf<Section.State> = [] }
              enum Action: Equatable { case book(id: Section.State.ID, action: Section.Action), task, router(IdentifiedRouterActionOf<Screen>) }
              var body: some ReducerOf<Self> {
                Reduce { _, _ in .none }
                  .forEach(\\.sections, action: /Action.book(id:action:)) { Section() }
              }
            }
            struct Habits: Reducer {
              struct State: Equatable {
                @PresentationState var destination: Destination.State?
                var directory = Directory.State()
              }
              enum Action: Equatable {
                case destination(PresentationAction<Destination.Action>)
                case directory(Directory.Action)
              }
              var body: some ReducerOf<Self> {
                Scope(state: \\.directory, action: /Action.directory) { Directory() }
                Reduce { state, action in
                  switch action {
                  case .destination(.presented(.alert(.confirmDelete))): return .none
                  case .destination(.presented(.edit(.saveTapped))): return .none
                  case .directory(.book(id: _, action: .select(let verse))): return .none
                  case .directory(.task): return .none
                  case .directory(.router(.routeAction(id: _, action: .login(.delegate(.main))))): return .none
                  case .directory(.router(.routeAction(id: _, action: .login(.tapped)))): return .none
                  default: return .none
                  }
                }
                .ifLet(\\.$destination, action: /Action.destination) { Destination() }
              }
              struct Destination: Reducer {
                enum State: Equatable {
                  case alert(AlertState<Action.Alert>)
                  case edit(Edit.State)
                }
                enum Action: Equatable {
                  case alert(Alert)
                  case edit(Edit.Action)
                  enum Alert: Equatable { case confirmDelete }
                }
                var body: some ReducerOf<Self> {
                  Scope(state: /State.edit, action: /Action.edit) { Edit() }
                }
              }
            }
            """
        let found = Linter(rules: [ParentMatchesChildActionRule.self]).lint(SourceFile(path: "Habits.swift", bytes: Array(source.utf8)))
        // Nor a screen of a TCACoordinators stack (yuminc03/focus-me's `.router(.routeAction(id: _, action: .login(.delegate(
        // .main))))`, judged false blind): its action reaches the screen as an element's does.
        // The legacy case's constructor names its case: the composition's action path is `book`, not the text as written.
        let edges = FeatureIndexTests.facts("Habits.swift", source).types.flatMap(\.builders).flatMap(\.edges)
        XCTAssertEqual(edges.map(\.actionPath), ["book", "directory", "destination", "edit"])
        XCTAssertEqual(found.map(\.line), [34, 36], found.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(found.map(\.message), [
            ParentMatchesChildActionRule.message(parent: "Habits", shown: ".destination(.presented(.edit(.saveTapped)))", child: "Edit", through: ["Destination"]),
            ParentMatchesChildActionRule.message(parent: "Habits", shown: ".directory(.task)", child: "Directory"),
        ])
    }

    func testMissingDelegateActionNamesTheParentThatActsOnIt() throws {
        let (tree, paths) = try paths()
        let found = lint([MissingDelegateActionRule.self], paths)
        XCTAssertEqual(found.map { "\(($0.path as NSString).lastPathComponent):\($0.line)" }, ["Home.swift:18"])
        XCTAssertEqual(found.first?.message,
                       MissingDelegateActionRule.message(type: "Home", shown: ".settingsTapped", parent: "Root", at: "RootCoordinator.swift:7"))
        XCTAssertTrue(found.first?.message.contains("as a message for Root, whose logic acts on it at RootCoordinator.swift:7;") ?? false)
        // The child linted alone shows no parent acting on the action: nothing says it is a message, no finding.
        let alone = Linter(rules: [MissingDelegateActionRule.self]).lint(SourceFile(path: "Home.swift", bytes: Array(Self.home.utf8)))
        XCTAssertEqual(alone.map(\.message), [])
        // Nor without the coordinator's file, where Root's logic is.
        XCTAssertEqual(lint([MissingDelegateActionRule.self], paths.filter { !$0.hasSuffix("RootCoordinator.swift") }), [])
        _ = tree
    }

    func testAnExtensionOfAReducerDeclaredInAnotherFileIsLintedAsThatReducer() throws {
        let (tree, paths) = try paths()
        // `.send(.refresh)` reuses logic the coordinator's own switch holds: reported in the extension's file.
        let found = lint([SendForLogicReuseRule.self], paths)
        XCTAssertEqual(found.map { "\(($0.path as NSString).lastPathComponent):\($0.line)" }, ["RootCoordinator.swift:11"])
        // Linted without its project, the file does not show that Root is a reducer, but a `Reduce { }` is
        // reducer logic wherever it is written (a `helper` feature): the same finding.
        let alone = Linter(rules: [SendForLogicReuseRule.self]).lint(SourceFile(path: "RootCoordinator.swift", bytes: Array(Self.coordinator.utf8)))
        XCTAssertEqual(alone.map(\.line), [11])
        XCTAssertEqual(alone.first?.message, found.first?.message)
        _ = tree
    }
}

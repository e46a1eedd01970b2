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

import XCTest
import TCALint

/// What a path says a file is for, and what the rules about app harm do with it.
final class SourceRoleTests: XCTestCase {
    func testRolesFromPathComponents() {
        XCTAssertEqual(SourceRole(path: "App/Features/Home/HomeFeature.swift", below: "/repo"), [])
        XCTAssertEqual(SourceRole(path: "Sources/TCA/Documentation.docc/Tutorials/01-code-0005.swift", below: "/repo"), .documentation)
        XCTAssertEqual(SourceRole(path: "Tests/AppTests/HomeTests.swift", below: "/repo"), .test)
        XCTAssertEqual(SourceRole(path: "App/HomeFeatureTests.swift", below: "/repo"), .test)
        XCTAssertEqual(SourceRole(path: "Examples/Integration/Integration/NavigationStackTestCase.swift", below: "/repo"), [.test, .demo])
        XCTAssertEqual(SourceRole(path: "Examples/Integration/Integration/iOS 17/ObservableBindingLocalTest.swift", below: "/repo"), [.test, .demo])
        XCTAssertEqual(SourceRole(path: "App/Features/SpeedTest/SpeedTest.swift", below: "/repo"), [])
        XCTAssertEqual(SourceRole(path: "PreviewApps/ContactPreview/App.swift", below: "/repo"), .demo)
        XCTAssertEqual(SourceRole(path: "sampleapps/SettingsSampleApp/App.swift", below: "/repo"), .demo)
        // The project's top `docs/` folder holds examples written for readers (`docs/Examples/…`), whatever its case; a
        // feature folder named so deeper down is app code.
        XCTAssertEqual(SourceRole(path: "docs/Examples/NavigationStackExample.swift", below: "/repo"), [.documentation, .demo])
        XCTAssertEqual(SourceRole(path: "Docs/Snippets/Reducer.swift", below: "/repo"), .documentation)
        XCTAssertEqual(SourceRole(path: "/repo/docs/Reducer.swift", below: "/repo"), .documentation)
        XCTAssertEqual(SourceRole(path: "./docs/Reducer.swift", below: "/repo"), .documentation)
        XCTAssertEqual(SourceRole(path: "App/Features/Docs/DocsFeature.swift", below: "/repo"), [])
        XCTAssertEqual(SourceRole(path: "docset/Feature.swift", below: "/repo"), [])
        // A file named like a role is not a folder of that role.
        XCTAssertEqual(SourceRole(path: "App/Preview.swift", below: "/repo"), [])
        XCTAssertEqual(SourceRole(path: "App/docs.swift", below: "/repo"), [])
    }

    /// Where the project itself lives does not count: only the components below the linted root do.
    func testAbsolutePathsAreReadBelowTheRoot() {
        XCTAssertEqual(SourceRole(path: "/Users/me/Examples/MyApp/Sources/Feature.swift", below: "/Users/me/Examples/MyApp"), [])
        XCTAssertEqual(SourceRole(path: "/Users/me/Examples/MyApp/Tests/FeatureTests.swift", below: "/Users/me/Examples/MyApp"), .test)
        XCTAssertEqual(SourceRole(path: "/elsewhere/Demo/Feature.swift", below: "/Users/me/App"), .demo)
    }

    /// A project that is itself a collection of samples (Point-Free's `episode-code-samples`) is demo code
    /// everywhere, whether its files are named relative to it or absolutely; a path outside it is not.
    func testAProjectNamedForSamplesIsDemoCode() {
        XCTAssertEqual(SourceRole(path: "0246-tca-tour-pt4/Standups/StandupsApp.swift", below: "/src/episode-code-samples"),
                       [.demo, .sampleProject])
        XCTAssertEqual(SourceRole(path: "/src/episode-code-samples/0246-tca-tour-pt4/Standups/StandupsApp.swift",
                                  below: "/src/episode-code-samples"), [.demo, .sampleProject])
        XCTAssertEqual(SourceRole(path: "../App/Feature.swift", below: "/src/episode-code-samples"), [])
        XCTAssertEqual(SourceRole(path: "0246-tca-tour-pt4/Standups/StandupsApp.swift", below: "/src/standups"), [])
    }

    func testAppHarmRulesSkipDocumentationSnippets() {
        let source = """
        @Reducer
        struct Contacts {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              state.contacts.append(Contact(id: UUID()))
              return .none
            }
          }
        }
        """
        let app = Linter().lint(SourceFile(path: "App/Contacts.swift", bytes: Array(source.utf8)))
        XCTAssertEqual(app.map(\.ruleID), ["uncontrolled_dependency"])
        let tutorial = Linter().lint(SourceFile(path: "App.docc/Tutorials/02-01-code-0005.swift", bytes: Array(source.utf8)))
        XCTAssertEqual(tutorial.map(\.ruleID), [])
    }

    /// babylon-wallet's split: `reduce(into:internalAction:)` handles `.internal(…)`, so a send of
    /// `.internal(.handleSuccess)` from it reuses its own logic.
    func testALabelledActionHelperHandlesItsWrappedCases() {
        let source = """
        @Reducer
        struct RenameLabel: FeatureReducer {
          struct State { var kind = 0 }
          enum InternalAction { case handleSuccess, handleUpdate(Int) }
          var body: some ReducerOf<Self> { Reduce(core) }
          func reduce(into state: inout State, internalAction: InternalAction) -> Effect<Action> {
            switch internalAction {
            case .handleSuccess:
              overlay.scheduleHUD()
              return .send(.delegate(.labelUpdated(state.kind)))
            case let .handleUpdate(kind):
              state.kind = kind
              return .send(.internal(.handleSuccess))
            }
          }
        }
        """
        let found = Linter().lint(SourceFile(path: "RenameLabel.swift", bytes: Array(source.utf8))).filter { $0.ruleID == "send_for_logic_reuse" }
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["13:14"])
        XCTAssertTrue(found.first?.message.hasPrefix("RenameLabel sends itself .internal(.handleSuccess)") ?? false, found.first?.message ?? "")
    }
}

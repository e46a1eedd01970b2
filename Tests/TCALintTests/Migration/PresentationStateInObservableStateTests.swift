import XCTest
@testable import TCALint

/// `presentation_state_in_observable_state`: the model's attribute tokens of a property (`PropertyFacts.attributeAnchors`),
/// the rule's question (a feature's `@ObservableState` State, from whichever file declares it) and its fix.
final class PresentationStateInObservableStateTests: XCTestCase {
    func testAPropertysAttributeTokensAreItsAttributesInOrder() throws {
        let source = "struct State {\n  @available(*, deprecated) @ComposableArchitecture.PresentationState public var a: A.State?\n}\n"
        let facts = FeatureIndexTests.facts("S.swift", source)
        let property = try XCTUnwrap(facts.types.first?.properties.first)
        XCTAssertEqual(property.attributes.count, property.attributeAnchors.count)
        let bytes = Array(source.utf8)
        let texts = property.attributeAnchors.map { String(decoding: bytes[$0.offset..<$0.end], as: UTF8.self) }
        XCTAssertEqual(Set(texts), ["available", "PresentationState"])
        XCTAssertEqual(zip(property.attributes, texts).filter { $0 != $1 }.count, 0, "each name with its own token")
    }

    func lint(_ files: [(String, String)]) throws -> [Diagnostic] {
        let tree = try ScratchTree()
        let paths = try files.map { try tree.write($0.0, $0.1).path }
        return withExtendedLifetime(tree) {
            LintRunner(linter: Linter(rules: [PresentationStateInObservableStateRule.self]), jobs: 1).run(paths).diagnostics
        }
    }

    static let feature = """
        @Reducer
        struct Inventory {
          enum Action { case destination(PresentationAction<Destination.Action>), alert(PresentationAction<Never>) }
          var body: some ReducerOf<Self> { EmptyReducer() }
        }

        """

    func testOnlyAnObservableStateOfAFeatureIsReportedWhereverItIsDeclared() throws {
        let observable = """
            extension Inventory {
              @ObservableState
              struct State {
                @PresentationState var destination: Destination.State?
                @ObservationStateIgnored @PresentationState var alert: AlertState<Never>?
              }
            }

            """
        let found = try lint([("Inventory.swift", Self.feature), ("Inventory+State.swift", observable)])
        XCTAssertEqual(found.map(\.line), [4])
        XCTAssertTrue(found.allSatisfy { $0.path.hasSuffix("Inventory+State.swift") })
        XCTAssertEqual(found.map(\.message), [PresentationStateInObservableStateRule.message("destination")])
        XCTAssertEqual(found.first?.message, "'@PresentationState' cannot be used in '@ObservableState' (TCA's macro error); write '@Presents', its observable twin, which keeps '\\.$destination' for .ifLet (--fix does)")
        let legacy = observable.replacingOccurrences(of: "  @ObservableState\n", with: "")
        XCTAssertNotEqual(legacy, observable)
        XCTAssertEqual(try lint([("Inventory.swift", Self.feature), ("Inventory+State.swift", legacy)]).count, 0)
        // A project with its own copy of TCA (an episode's code at a beta whose macro took `@PresentationState`).
        let copy = "@propertyWrapper public struct PresentationState<State> { public var wrappedValue: State? }\n"
        XCTAssertEqual(try lint([("Inventory.swift", Self.feature), ("Inventory+State.swift", observable), ("TCA.swift", copy)]).count, 0)
    }

    func testTheFixWritesPresentsAndKeepsTheRest() {
        let source = Self.feature.replacingOccurrences(of: "  enum Action", with: """
              @ObservableState
              struct State {
                @ComposableArchitecture.PresentationState public var destination: Destination.State?
              }
              enum Action
            """)
        let fixed = String(decoding: FixEngine(linter: Linter(rules: [PresentationStateInObservableStateRule.self]))
            .run(SourceFile(path: "F.swift", bytes: Array(source.utf8))).bytes, as: UTF8.self)
        XCTAssertEqual(fixed, source.replacingOccurrences(of: "Architecture.PresentationState", with: "Architecture.Presents"))
        XCTAssertNotEqual(fixed, source)
    }
}

import XCTest
@testable import TCALint

/// `legacy_case_path`: the case-path facts of a composition's arguments, the model's answer to "is this enum
/// @CasePathable", and the rule's fixes, gated by the TCA version.
final class LegacyCasePathTests: XCTestCase {
    static let feature = """
    @Reducer
    struct Inventory {
      enum State {
        case list(ItemList.State)
      }
      enum Action {
        case list(ItemList.Action)
        case rows(IdentifiedActionOf<Row>)
        case row(id: Row.State.ID, action: Row.Action)
        case path(StackAction<Path.State, Path.Action>)
      }
      var body: some ReducerOf<Self> {
        Scope(state: /State.list, action: /Inventory.Action.list) { ItemList() }
        Reduce { state, action in .none }
          .forEach(\\.rows, action: /Action.rows) { Row() }
          .forEach(\\.others, action: /Action.row(id:action:)) { Row() }
          .forEach(\\.path, action: /Action.path) { Path() }
          .ifLet(\\.child, action: /Action.child .. /Child.Action.x) { Child() }
          .ifLet(\\.$sheet, action: \\.sheet) { Sheet() }
      }
    }

    """

    func diagnostics(_ source: String, version: TCAVersion?) -> [Diagnostic] {
        var linter = Linter(rules: [LegacyCasePathRule.self])
        linter.tcaVersion = version
        return linter.lint(SourceFile(path: "Inventory.swift", bytes: Array(source.utf8)))
    }

    func testEachCompositionArgumentKeepsItsCasePath() throws {
        let facts = FeatureIndexTests.facts("Inventory.swift", Self.feature)
        let edges = try XCTUnwrap(facts.types.first { $0.name == "Inventory" }?.builders.first?.edges)
        XCTAssertEqual(edges.map { $0.actionCasePath?.text }, [
            "/Inventory.Action.list", "/Action.rows", "/Action.row(id:action:)", "/Action.path", "/Action.child .. /Child.Action.x", nil,
        ])
        XCTAssertEqual(edges.map { $0.actionCasePath?.root }, ["Inventory.Action", "Action", "Action", "Action", "Action", nil])
        // Only a path that is exactly `/Root.case` has a case.
        XCTAssertEqual(edges.map { $0.actionCasePath?.caseName }, ["list", "rows", nil, "path", nil, nil])
        XCTAssertEqual(edges[0].stateCasePath?.caseName, "list")
        XCTAssertEqual(edges[0].stateCasePath?.root, "State")
        XCTAssertNil(edges[1].stateCasePath, "a key path is no case path")
        // The range covers the whole argument, `/` to the last token.
        let bytes = Array(Self.feature.utf8)
        let list = try XCTUnwrap(edges[0].actionCasePath)
        XCTAssertEqual(String(decoding: bytes[list.anchor.offset..<list.end], as: UTF8.self), "/Inventory.Action.list")
    }

    func testTheModelKnowsWhichEnumsAreCasePathable() throws {
        let index = FeatureIndexTests.index([
            ("A.swift", "@Reducer\nstruct A {\n  enum State { case x(X.State) }\n  enum Action { case x(X.Action) }\n}\n"),
            ("B.swift", "struct B: Reducer {\n  enum State { case x(X.State) }\n  enum Action { case x(X.Action) }\n}\n"),
            ("C.swift", "struct C: Reducer {\n  @CasePathable\n  enum Action { case x(X.Action) }\n}\n"),
            // The macro only reaches members of the declaration it is attached to, not an extension's.
            ("D.swift", "@Reducer\nstruct D {}\nextension D {\n  enum Action { case x(X.Action) }\n}\n"),
            ("E.swift", "@CasePathable\nenum Shared<F> { case destination(Int) }\n@Reducer\nstruct E {\n  typealias Action = Shared<Self>\n}\n"),
        ])
        XCTAssertEqual(index.feature("A")?.action.enumNamed("Action")?.isCasePathable, true)
        XCTAssertEqual(index.feature("A")?.state?.isCasePathable, true)
        XCTAssertEqual(index.feature("B")?.action.enumNamed("Action")?.isCasePathable, false)
        XCTAssertEqual(index.feature("B")?.state?.isCasePathable, false)
        XCTAssertEqual(index.feature("C")?.action.enumNamed("Action")?.isCasePathable, true)
        XCTAssertEqual(index.feature("D")?.action.enumNamed("Action")?.isCasePathable, false)
        let aliased = try XCTUnwrap(index.feature("E")?.action.aliased)
        XCTAssertEqual(aliased.isCasePathable, true)
        XCTAssertEqual(aliased.cases.map(\.name), ["destination"])
        // Where `@Reducer` on the feature would reach: enums of its own body, not an extension's or an alias's.
        XCTAssertEqual(index.feature("B")?.action.enumNamed("Action")?.isInFeatureBody, true)
        XCTAssertEqual(index.feature("B")?.state?.isInFeatureBody, true)
        XCTAssertEqual(index.feature("D")?.action.enumNamed("Action")?.isInFeatureBody, false)
        XCTAssertEqual(aliased.isInFeatureBody, false)
    }

    /// `typealias Action = FeatureAction<Self>` in `extension Reducer where Self: FeatureReducer`: every conformer
    /// without an Action of its own has it, and the enum it names tells whether case key paths apply.
    func testAnActionAliasDeclaredInAProtocolExtensionReachesItsConformers() throws {
        let index = FeatureIndexTests.index([
            ("FeatureReducer.swift", """
                protocol FeatureReducer: Reducer {}
                extension Reducer where Self: FeatureReducer {
                  typealias Action = FeatureAction<Self>
                }
                @CasePathable
                enum FeatureAction<F: FeatureReducer> { case child(F.ChildAction); case destination(Int) }
                extension Reducer {
                  typealias Action = Unrelated
                }

                """),
            ("Home.swift", "struct Home: FeatureReducer {\n  enum ChildAction { case x }\n}\n"),
            ("Own.swift", "struct Own: FeatureReducer {\n  enum Action { case tap }\n}\n"),
            ("Plain.swift", "struct Plain: Reducer {\n  enum Action { case tap }\n}\n"),
        ])
        let home = try XCTUnwrap(index.feature("Home"))
        XCTAssertEqual(home.action.alias, "FeatureAction<Self>")
        XCTAssertEqual(home.action.aliased?.isCasePathable, true)
        XCTAssertEqual(home.action.aliased?.cases.map(\.name), ["child", "destination"])
        XCTAssertNil(index.feature("Own")?.action.alias, "an Action of its own wins")
        XCTAssertNil(index.feature("Plain")?.action.alias, "an unconstrained extension's alias is not read for a feature with its own Action")
    }

    /// Each remedy the message gives is one the code can take: `@Reducer` only for an enum of the feature's body,
    /// `@CasePathable` on the enum elsewhere, and nothing macro-based for a type local to a function.
    func testTheMessageNamesARemedyThatReachesTheEnum() throws {
        func message(_ source: String) throws -> String {
            try XCTUnwrap(diagnostics(source, version: TCAVersion(1, 10)).first).message
        }
        let scope = "  var body: some ReducerOf<Self> {\n    Scope(state: \\.x, action: /Action.x) { X() }\n  }\n"
        XCTAssertTrue(try message("struct B: Reducer {\n  enum Action { case x(X.Action) }\n\(scope)}\n")
            .contains("make 'Action' @CasePathable (annotating the feature with @Reducer does)"))
        let inExtension = try message("@Reducer\nstruct D {\n\(scope)}\nextension D {\n  enum Action { case x(X.Action) }\n}\n")
        XCTAssertTrue(inExtension.contains("mark the enum 'Action' @CasePathable where it is declared"), inExtension)
        XCTAssertFalse(inExtension.contains("annotating"), inExtension)
        let aliased = try message("enum Shared { case x(X.Action) }\n@Reducer\nstruct E {\n  typealias Action = Shared\n\(scope)}\n")
        XCTAssertTrue(aliased.contains("mark the enum 'Shared' @CasePathable"), aliased)
        let local = try message("func test() {\n  struct L: Reducer {\n    enum Action { case x(X.Action) }\n\(scope)  }\n}\n")
        XCTAssertTrue(local.hasSuffix("'Action' belongs to a type declared inside a function, where @CasePathable cannot be attached: move the feature out of the function to write a case key path"), local)
    }

    func testFixesWhereTheKeyPathOverloadTakesTheSameCase() {
        let found = diagnostics(Self.feature, version: TCAVersion(1, 10))
        XCTAssertEqual(found.map(\.line), [13, 13, 15, 16, 17, 18])
        XCTAssertEqual(found.map { $0.fix?.applicability }, [.safe, .safe, .safe, nil, .safe, nil])
        XCTAssertTrue(found[3].message.contains("takes a case holding an IdentifiedAction"), found[3].message)
        XCTAssertTrue(found[5].message.hasSuffix("write it as a case key path (\\.a.b for a path through nested @CasePathable enums)"))
    }

    func testAProjectOlderThanTCA14HearsNothing() {
        XCTAssertEqual(diagnostics(Self.feature, version: TCAVersion(1, 3)).count, 0)
        XCTAssertEqual(diagnostics(Self.feature, version: TCAVersion(1, 4)).count, 6)
        XCTAssertEqual(diagnostics(Self.feature, version: nil).count, 6)
    }

    /// A hand-written `@CasePathable` says nothing of the TCA version: safe only when the version is known.
    func testAHandWrittenCasePathableIsSafeOnlyOnAKnownVersion() {
        let source = "struct C: Reducer {\n  @CasePathable\n  enum Action { case x(X.Action) }\n  var body: some ReducerOf<Self> {\n    Scope(state: \\.x, action: /Action.x) { X() }\n  }\n}\n"
        XCTAssertEqual(diagnostics(source, version: nil).map { $0.fix?.applicability }, [.unsafe])
        XCTAssertEqual(diagnostics(source, version: TCAVersion(1, 5)).map { $0.fix?.applicability }, [.safe])
        // Without @CasePathable, no fix: `\.x` would not compile.
        let plain = source.replacingOccurrences(of: "@CasePathable\n", with: "")
        XCTAssertEqual(diagnostics(plain, version: TCAVersion(1, 5)).map { $0.fix?.applicability }, [nil])
    }

    func testTheFixWritesCaseKeyPathsAndIsIdempotent() {
        let engine = FixEngine(linter: {
            var l = Linter(rules: [LegacyCasePathRule.self])
            l.tcaVersion = TCAVersion(1, 10)
            return l
        }(), includeUnsafe: false)
        let once = engine.run(SourceFile(path: "Inventory.swift", bytes: Array(Self.feature.utf8))).bytes
        let text = String(decoding: once, as: UTF8.self)
        XCTAssertTrue(text.contains("Scope(state: \\.list, action: \\.list) { ItemList() }"), text)
        XCTAssertTrue(text.contains(".forEach(\\.rows, action: \\.rows) { Row() }"), text)
        XCTAssertTrue(text.contains(".forEach(\\.others, action: /Action.row(id:action:)) { Row() }"), text)
        XCTAssertTrue(text.contains(".forEach(\\.path, action: \\.path) { Path() }"), text)
        XCTAssertTrue(text.contains(".ifLet(\\.child, action: /Action.child .. /Child.Action.x) { Child() }"), text)
        let twice = engine.run(SourceFile(path: "Inventory.swift", bytes: once)).bytes
        XCTAssertEqual(twice, once)
    }

    /// The case key path starts from the type the composition's closure is scoped to: inside a `Scope`'s closure,
    /// `\.x` would not start from the feature's own `Action`, so nothing there is fixed.
    func testNothingInsideAnotherCompositionIsFixed() {
        let source = "@Reducer\nstruct P {\n  enum Action { case child(C.Action) }\n  var body: some ReducerOf<Self> {\n    Scope(state: \\.child, action: \\.child) {\n      C().ifLet(\\.x, action: /Action.child) { X() }\n    }\n  }\n}\n"
        let found = diagnostics(source, version: TCAVersion(1, 5))
        XCTAssertEqual(found.count, 1)
        XCTAssertNil(found.first?.fix)
    }

    /// The fix command names a target only when the project's own version lacks the rewrites' API.
    func testTheReportsFixCommandNamesATargetOnlyWhenTheProjectNeedsOne() {
        let index = FeatureIndexTests.index([("Inventory.swift", Self.feature)])
        let found = diagnostics(Self.feature, version: TCAVersion(1, 10))
        func command(detected version: TCAVersion?) -> String {
            let detected = version.map { DetectedTCAVersion(version: $0, source: "Package.resolved", kind: .resolved) }
            return MigrationReport(diagnostics: found, index: index, rules: [LegacyCasePathRule.self, LegacyViewStoreRule.self],
                                   detected: detected, configured: nil, target: nil).summaryLine
        }
        XCTAssertTrue(command(detected: TCAVersion(1, 23)).contains("fixed by `tca-lint --fix`,"), command(detected: TCAVersion(1, 23)))
        XCTAssertTrue(command(detected: nil).contains("fixed by `tca-lint --fix --target-tca 1.4.0`,"), command(detected: nil))
    }
}

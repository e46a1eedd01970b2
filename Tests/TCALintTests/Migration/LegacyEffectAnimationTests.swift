import XCTest
@testable import TCALint

/// `legacy_effect_animation`: which uses `DeprecatedAPIReader` takes for TCA's effect operators `animation(_:)` and
/// `transaction(_:)` and the static `Effect.send(_:animation:)`, and the messages the rule gives them.
final class LegacyEffectAnimationTests: XCTestCase {
    func uses(_ source: String) -> [String] {
        FeatureIndexTests.facts("Feature.swift", source).file.deprecatedUses.map(\.api.rawValue)
    }

    func testEffectOperatorsAreReadOnEffectsOnly() {
        XCTAssertEqual(uses("""
            func a() -> Effect<Action> { .send(.x).animation() }
            func b() -> Effect<Action> { .run { send in await send(.x) }.cancellable(id: ID.x).transaction(t) }
            func c() -> Effect<Action> { Effect.send(.x, animation: .default) }
            func d() -> Effect<Action> { .merge(.send(.a), .send(.b)).animation(.spring()) }
            """), ["Effect.animation", "Effect.transaction", "Effect.send(_:animation:)", "Effect.animation"])
    }

    func testViewsBindingsStoresAndButtonsAreNotEffects() {
        XCTAssertEqual(uses("""
            let v = Text("x").animation(.default, value: y)
            let b = $store.isOn.animation()
            store.send(.tapped, animation: .default)
            viewStore.send(.tapped, animation: .default)
            let run = Effect<Action>.run { send in await send(.x, animation: .default) }
            let button = ButtonState(action: .send(.confirm, animation: .default)) { TextState("OK") }
            let other = Toast.show().animation()
            """), [])
    }

    func lint(_ source: String) throws -> [(line: Int, message: String)] {
        let tree = try ScratchTree()
        let path = try tree.write("Feature.swift", source).path
        return withExtendedLifetime(tree) {
            LintRunner(linter: Linter(rules: [LegacyEffectAnimationRule.self]), jobs: 1).run([path]).diagnostics.map { ($0.line, $0.message) }
        }
    }

    func testEachAPIHasItsMessageAndAProjectsOwnEffectSilencesTheRule() throws {
        let reducer = """
            import ComposableArchitecture
            @Reducer
            struct Feature {
              enum Action { case a, b, c }
              var body: some ReducerOf<Self> {
                Reduce { _, action in
                  switch action {
                  case .a: return .send(.b).animation()
                  case .b: return .send(.c).transaction(Transaction())
                  case .c: return .send(.a, animation: .default)
                  }
                }
              }
            }

            """
        let found = try lint(reducer)
        XCTAssertEqual(found.map(\.line), [8, 9, 10])
        XCTAssertEqual(found.map(\.message), [LegacyEffectAnimationRule.animationMessage, LegacyEffectAnimationRule.transactionMessage,
                                              LegacyEffectAnimationRule.sendAnimationMessage + LegacyEffectAnimationRule.fixable])
        // Only the static send has a fix, unsafe: `.run` delivers the action later, from a task.
        let diagnostics = Linter(rules: [LegacyEffectAnimationRule.self]).lint(SourceFile(path: "F.swift", bytes: Array(reducer.utf8)))
        XCTAssertEqual(diagnostics.map { $0.fix?.applicability }, [nil, nil, .unsafe])
        var engine = FixEngine(linter: Linter(rules: [LegacyEffectAnimationRule.self]), includeUnsafe: true)
        engine.linter.tcaVersion = TCAVersion(1, 25)
        let fixed = String(decoding: engine.run(SourceFile(path: "F.swift", bytes: Array(reducer.utf8))).bytes, as: UTF8.self)
        XCTAssertTrue(fixed.contains("case .c: return .run { send in await send(.a, animation: .default) }\n"), fixed)
        XCTAssertTrue(fixed.contains("case .a: return .send(.b).animation()\n"), fixed)
        XCTAssertTrue(LegacyEffectAnimationRule.sendAnimationMessage.contains("await send(.action, animation: .default)"))
        XCTAssertEqual(try lint(reducer + "struct Effect<A> { func animation() -> Self { self } }\n").count, 0)
    }
}

import XCTest
@testable import TCALint

/// TCA 1.25's hard deprecations read by `DeprecatedAPIReader`: `Store.withState` (`legacy_with_state`) and the
/// Combine-scheduled `Effect.debounce(id:…)` / `Effect.throttle(id:…)` (`legacy_effect_scheduling`).
final class Legacy125Tests: XCTestCase {
    static let source = """
        let a = store.withState { $0.count }
        let b = store.withState(\\.count)
        let c = self.withState { $0 }
        let d = options.withState
        let e = Effect.send(1).debounce(id: "x", for: 1, scheduler: queue)
        let f = .send(.x)
          .throttle(id: ID.x, for: 1, scheduler: queue, latest: true)
        let g = publisher.debounce(for: 1, scheduler: queue)
        let h = publisher.throttle(for: 1, scheduler: queue, latest: true)
        // store.withState { $0 } .debounce(id: 1, for: 1, scheduler: q)
        let i = "store.withState { $0 }"

        """

    func testTheUsesAreTCAs() {
        let uses = FeatureIndexTests.facts("F.swift", Self.source).file.deprecatedUses
        let bytes = Array(Self.source.utf8)
        XCTAssertEqual(uses.map { use in "\(use.api.rawValue) \(bytes[..<use.anchor.offset].filter { $0 == UInt8(ascii: "\n") }.count + 1)" },
                       ["Store.withState 1", "Store.withState 2", "Effect.debounce 5", "Effect.throttle 7"])
    }

    func lint(_ rule: any Rule.Type, _ source: String, version: TCAVersion?) -> [Diagnostic] {
        var linter = Linter(rules: [rule])
        linter.tcaVersion = version
        return linter.lint(SourceFile(path: "F.swift", bytes: Array(source.utf8)))
    }

    func testTheVersionAndTheProjectsOwnDeclarationsSilenceThem() {
        XCTAssertEqual(lint(LegacyWithStateRule.self, Self.source, version: nil).map(\.line), [1, 2])
        XCTAssertEqual(lint(LegacyWithStateRule.self, Self.source, version: TCAVersion(1, 25)).count, 2)
        XCTAssertEqual(lint(LegacyWithStateRule.self, Self.source, version: TCAVersion(1, 24)).count, 0, "hard-deprecated in 1.25")
        XCTAssertEqual(lint(LegacyWithStateRule.self, Self.source + "extension Store { func withState<R>(_ f: (State) -> R) -> R { fatalError() } }\n",
                            version: nil).count, 0)
        XCTAssertEqual(lint(LegacyEffectSchedulingRule.self, Self.source, version: nil).map(\.message),
                       [LegacyEffectSchedulingRule.debounceMessage, LegacyEffectSchedulingRule.throttleMessage])
        XCTAssertEqual(lint(LegacyEffectSchedulingRule.self, Self.source, version: TCAVersion(1, 24)).count, 0)
        // A utility of the app's own named `debounce` does not shadow TCA's `Effect.debounce(id:…)`.
        XCTAssertEqual(lint(LegacyEffectSchedulingRule.self, Self.source + "func debounce(_ f: () -> Void) {}\n", version: nil).count, 2)
        XCTAssertEqual(lint(LegacyEffectSchedulingRule.self, Self.source + "struct Effect<A> {}\n", version: nil).count, 0)
    }
}

import XCTest
@testable import TCALint

/// The endpoints a dependency client's live implementation gives a closure that cannot throw (`LiveValueReader`,
/// `FeatureIndex.liveEndpointsThatNeverThrow`), which `unhandled_error_in_run` asks before it reports a `try` of one.
final class LiveEndpointsTests: XCTestCase {
    private func facts(_ path: String, _ source: String) -> FileFacts {
        ProjectIndexer.facts(path: path, bytes: Array(source.utf8))
    }

    private let client = """
        import ComposableArchitecture
        @DependencyClient
        struct SettingsClient {
          var load: @Sendable (String) async throws -> Data?
          var save: @Sendable (Data, String) async throws -> Void
          var reset: @Sendable () async throws -> Void
          var export: @Sendable () async throws -> URL
        }
        extension SettingsClient: DependencyKey {
          static let liveValue = SettingsClient(
            load: { key in UserDefaults.standard.data(forKey: key) },
            save: { data, key in try? FileManager.default.removeItem(atPath: key); UserDefaults.standard.set(data, forKey: key) },
            reset: { try await Storage.shared.clear() },
            export: Storage.export
          )
        }
        extension DependencyValues {
          var settings: SettingsClient {
            get { self[SettingsClient.self] }
            set { self[SettingsClient.self] = newValue }
          }
        }
        """

    /// A closure without `try` (a `try?` does not count) or `throw` cannot throw; one that tries can, and an endpoint
    /// given as a function reference is not known.
    func testTheLiveValuesClosuresThatCannotThrow() {
        XCTAssertEqual(facts("SettingsClient.swift", client).file.liveValues,
                       [LiveValueFacts(type: "SettingsClient", neverThrowing: ["load", "save"])])
        // `Self(…)` in a getter, built after other statements; a `throw` in a closure.
        let getter = """
            extension AudioClient: DependencyKey {
              static var liveValue: Self {
                let player = Player()
                return Self(play: { player.play() }, stop: { if player.isBroken { throw PlayerError.broken }; player.stop() })
              }
            }
            """
        XCTAssertEqual(facts("AudioClient.swift", getter).file.liveValues, [LiveValueFacts(type: "AudioClient", neverThrowing: ["play"])])
        // Built from another value (`.live`), or by two calls: nothing is known.
        XCTAssertEqual(facts("A.swift", "extension A: DependencyKey { static let liveValue = A.live }").file.liveValues, [])
        XCTAssertEqual(facts("B.swift", "extension B: DependencyKey { static let liveValue = flag ? B(x: { 1 }) : B(x: { 2 }) }").file.liveValues, [])
    }

    /// Through the feature's dependency, by key path or by type; a key's nested path (`\.settings.load`) or another
    /// client's name is not followed.
    func testTheProjectAnswersThroughTheDependencysKey() {
        let index = FeatureIndex(files: [facts("SettingsClient.swift", client)])
        let live = index.liveEndpointsThatNeverThrow
        let byKey = DependencyFacts(keyPath: "settings", keyType: nil, name: "settings", anchor: Anchor(offset: 0, end: 0, token: 0))
        let byType = DependencyFacts(keyPath: nil, keyType: "SettingsClient", name: "client", anchor: Anchor(offset: 0, end: 0, token: 0))
        XCTAssertTrue(live.neverThrows("load", of: byKey))
        XCTAssertTrue(live.neverThrows("save", of: byType))
        XCTAssertFalse(live.neverThrows("reset", of: byKey))
        XCTAssertFalse(live.neverThrows("export", of: byKey))
        XCTAssertFalse(live.neverThrows("load", of: DependencyFacts(keyPath: "settings.load", keyType: nil, name: "load",
                                                                      anchor: Anchor(offset: 0, end: 0, token: 0))))
        XCTAssertFalse(live.neverThrows("load", of: DependencyFacts(keyPath: "other", keyType: nil, name: "other",
                                                                      anchor: Anchor(offset: 0, end: 0, token: 0))))
    }

    /// The rule asks the project (p-larson/TCA-Bible's `defaults.get` on a client whose only live implementation cannot
    /// fail, judged debatable blind): the `try` of an endpoint that cannot throw is not reported, one that can is.
    func testTheRuleSkipsEndpointsThatCannotThrowLive() throws {
        let feature = """
            import ComposableArchitecture
            @Reducer
            struct Settings {
              @Dependency(\\.settings) var settings
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .load:
                    return .run { send in
                      let data = try await settings.load("theme")
                      await send(.loaded(data))
                    }
                  case .reset:
                    return .run { _ in try await self.settings.reset() }
                  case .watch:
                    return .run { send in
                      for try await data in try settings.load("stream") { await send(.loaded(data)) }
                    }
                  }
                }
              }
            }
            """
        func lines(_ files: [(String, String)]) -> [Int] {
            let index = FeatureIndex(files: files.map { facts($0.0, $0.1) })
            let file = files[0]
            return Linter(rules: [UnhandledErrorInRunRule.self]).lint(SourceFile(path: file.0, bytes: Array(file.1.utf8)), project: index).map(\.line)
        }
        // Iterating what it returns can still throw (DroidKaigi/conference-app-2024's `for try await timetables in try
        // timetableClient.streamTimetable()` over an `AsyncThrowingStream`).
        XCTAssertEqual(lines([("Settings.swift", feature), ("SettingsClient.swift", client)]), [14, 17])
        // Without the client's live implementation, nothing says `load` cannot throw.
        XCTAssertEqual(lines([("Settings.swift", feature)]), [10, 14, 17])
        // A run over the files reads the client's file although it holds no reducer logic (no `Reduce`, no `Effect`).
        let tree = try ScratchTree()
        let paths = [try tree.write("Settings.swift", feature).path, try tree.write("SettingsClient.swift", client).path]
        let found = LintRunner(linter: Linter(rules: [UnhandledErrorInRunRule.self]), jobs: 2).run(paths).diagnostics
        XCTAssertEqual(found.map(\.line), [14, 17])
        XCTAssertFalse(client.contains("Reduce") || client.contains("Effect"))
    }
}

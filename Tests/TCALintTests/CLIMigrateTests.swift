import Foundation
import XCTest

/// `tca-lint migrate` and `--target-tca` through the command line, on a project written here that pins TCA 0.55.
final class CLIMigrateTests: XCTestCase {
    static let source = """
    struct Counter: ReducerProtocol {
      func reduce(into state: inout Int, action: Void) -> EffectTask<Void> {
        .fireAndForget {
          await Log.write()
        }
      }
    }

    """
    static let resolved = """
    { "pins" : [ { "identity" : "swift-composable-architecture", "kind" : "remoteSourceControl",
      "location" : "https://github.com/pointfreeco/swift-composable-architecture", "state" : { "version" : "0.55.0" } } ],
      "version" : 2 }
    """

    func project() throws -> ScratchTree {
        let tree = try ScratchTree()
        try tree.write(".git/HEAD", "ref: refs/heads/main\n")
        try tree.write("Package.resolved", Self.resolved)
        try tree.write("Sources/Counter.swift", Self.source)
        return tree
    }

    func testLintJudgesAgainstTheProjectsVersionOrTheTarget() throws {
        let tree = try project()
        // 0.55: fireAndForget is deprecated (0.53), the renames are not yet (0.57).
        let own = try CLI.run(["lint", "Sources", "--reporter", "json"], in: tree.root)
        XCTAssertEqual(ruleIDs(own.stdout), ["fire_and_forget"])
        let target = try CLI.run(["lint", "Sources", "--target-tca", "1.0", "--reporter", "json"], in: tree.root)
        XCTAssertEqual(ruleIDs(target.stdout), ["fire_and_forget", "reducer_protocol_renamed", "reducer_protocol_renamed"])
        try tree.write(".tca-lint.yml", "tca_version: 0.50.0\n")
        let configured = try CLI.run(["lint", "Sources", "--reporter", "json"], in: tree.root)
        XCTAssertEqual(ruleIDs(configured.stdout), [])
        let bad = try CLI.run(["lint", "--target-tca", "next"], in: tree.root)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--target-tca needs a TCA version such as 1.7.2, not 'next'"), bad.stderr)
    }

    /// A bug of a range of releases (TCA 1.7.0 to 1.9.2 did not cache the store `.sheet(store:)` hands its content) is
    /// reported for a version the project resolves, not for the lowest one a manifest allows: `from: "1.9.2"` without a
    /// lock file resolves to a later release.
    func testARangeOfReleasesIsJudgedOnAResolvedVersionNotARequirementsLowerBound() throws {
        let views = UncachedStoresTests.sheetStoreViews + "\n"
        let tree = try ScratchTree()
        try tree.write(".git/HEAD", "ref: refs/heads/main\n")
        try tree.write("Package.swift", """
            let package = Package(name: "App", dependencies: [
              .package(url: "https://github.com/pointfreeco/swift-composable-architecture", from: "1.9.2"),
            ])

            """)
        try tree.write("Sources/Views.swift", views)
        func found(stdin: Bool) throws -> [String] {
            let arguments = stdin ? ["lint", "--use-stdin", "--stdin-path", "Sources/Views.swift", "--reporter", "json"]
                                  : ["lint", ".", "--reporter", "json"]
            let run = try CLI.run(arguments, in: tree.root, stdin: stdin ? views : nil)
            XCTAssertTrue(run.status == 0 || run.status == 1, run.stderr)
            return ruleIDs(run.stdout)
        }
        XCTAssertEqual(try found(stdin: false), [])
        XCTAssertEqual(try found(stdin: true), [])
        try tree.write("Package.resolved", Self.resolved.replacingOccurrences(of: "0.55.0", with: "1.9.2"))
        XCTAssertEqual(try found(stdin: false), ["uncached_store_scope"])
        XCTAssertEqual(try found(stdin: true), ["uncached_store_scope"])
    }

    func testFixWithATargetRewritesSafely() throws {
        let tree = try project()
        let fixed = try CLI.run(["lint", "Sources", "--target-tca", "1.0", "--fix", "--quiet"], in: tree.root)
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertEqual(try String(contentsOf: tree.root.appendingPathComponent("Sources/Counter.swift")), """
            struct Counter: Reducer {
              func reduce(into state: inout Int, action: Void) -> Effect<Void> {
                .run { _ in
                  await Log.write()
                }
              }
            }

            """)
    }

    func testMigrateReportsEveryDeprecationWithItsVersionAndFixes() throws {
        let tree = try project()
        let report = try CLI.run(["migrate"], in: tree.root)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertTrue(report.stdout.hasPrefix("# TCA migration report\n"), report.stdout)
        XCTAssertTrue(report.stdout.contains("- Project's TCA: 0.55.0 (resolved in "), report.stdout)
        XCTAssertTrue(report.stdout.contains("Not yet ready for the TCA releases tca-lint knows: 3 uses of deprecated APIs; 3 fixed by `tca-lint --fix --target-tca 0.57.0`"), report.stdout)
        XCTAssertTrue(report.stdout.contains("- Counter: 2\n"), report.stdout)
        let json = try CLI.run(["migrate", "--target-tca", "0.55", "--output", "report.json"], in: tree.root)
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertEqual(json.stderr, "Not yet ready for TCA 0.55.0: 1 use of deprecated APIs; 1 fixed by `tca-lint --fix --target-tca 0.55.0`, 0 more by `--fix --unsafe` (review them), 0 by hand.\n")
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: tree.root.appendingPathComponent("report.json"))) as? [String: Any])
        XCTAssertEqual((object["deprecations"] as? [[String: Any]])?.map { $0["rule"] as? String }, ["fire_and_forget"])
        XCTAssertEqual(object["projectVersion"] as? String, "0.55.0")
        let refused = try CLI.run(["migrate", "--output", "Sources/Counter.swift"], in: tree.root)
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(try String(contentsOf: tree.root.appendingPathComponent("Sources/Counter.swift")), Self.source)
        let missing = try CLI.run(["migrate", "Missing"], in: tree.root)
        XCTAssertEqual(missing.status, 2)
    }

    /// The unlabelled scopes exist only on TCA's main branch: `migrate` lists their rename only when asked for with
    /// `--target-tca 1.26`, and `lint` on a project of unknown version says nothing of it.
    func testTheRenameOnlyTCAsMainBranchHasIsListedOnlyWhenTargeted() throws {
        let tree = try ScratchTree()
        try tree.write(".git/HEAD", "ref: refs/heads/main\n")
        try tree.write("Sources/CounterView.swift", """
            struct CounterView: View {
              let store: StoreOf<Counter>
              var body: some View { TimerView(store: store.scope(state: \\.timer, action: \\.timer)) }
            }

            """)
        let plain = try CLI.run(["migrate", "--format", "json"], in: tree.root)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertFalse(plain.stdout.contains("legacy_scope_label"), plain.stdout)
        let targeted = try CLI.run(["migrate", "--target-tca", "1.26", "--format", "json"], in: tree.root)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(targeted.stdout.utf8)) as? [String: Any])
        let item = try XCTUnwrap((object["deprecations"] as? [[String: Any]])?.first { $0["rule"] as? String == "legacy_scope_label" })
        XCTAssertEqual(item["uses"] as? Int, 1)
        XCTAssertEqual(item["safeFixes"] as? Int, 1)
        XCTAssertEqual(ruleIDs(try CLI.run(["lint", "Sources", "--reporter", "json"], in: tree.root).stdout), [])
        XCTAssertEqual(ruleIDs(try CLI.run(["lint", "Sources", "--target-tca", "1.26", "--reporter", "json"], in: tree.root).stdout),
                       ["legacy_scope_label"])
    }

    func ruleIDs(_ json: String) -> [String] {
        let array = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [[String: Any]] ?? []
        return array.compactMap { $0["rule_id"] as? String }.sorted()
    }
}

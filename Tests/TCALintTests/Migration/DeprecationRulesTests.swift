import XCTest
@testable import TCALint

/// The deprecation rules judged against a TCA version, their facts and fixes' applicability, and the migration report.
final class DeprecationRulesTests: XCTestCase {
    static let legacy = """
    struct Counter: ReducerProtocol {
      func reduce(into state: inout Int, action: Void) -> EffectTask<Void> {
        .fireAndForget { [log] in
          await log.write()
        }
      }
    }

    """

    func diagnostics(_ source: String, version: TCAVersion?, path: String = "Counter.swift") -> [Diagnostic] {
        var linter = Linter(rules: [ReducerProtocolRenamedRule.self, FireAndForgetRule.self])
        linter.tcaVersion = version
        return linter.lint(SourceFile(path: path, bytes: Array(source.utf8)))
    }

    func testTheFactsOfEachUse() throws {
        let facts = FeatureIndexTests.facts("Counter.swift", Self.legacy)
        XCTAssertEqual(facts.file.deprecatedUses.map(\.api), [.reducerProtocol, .effectTask, .fireAndForget])
        let fire = try XCTUnwrap(facts.file.deprecatedUses.last)
        // Byte offsets of the closure's `{` and of the `in` after its capture list.
        let bytes = Array(Self.legacy.utf8)
        XCTAssertEqual(fire.closureOpen.map { bytes[$0] }, UInt8(ascii: "{"))
        XCTAssertEqual(fire.inOffset.map { String(decoding: bytes[$0..<($0 + 2)], as: UTF8.self) }, "in")
        XCTAssertFalse(fire.hasOwnParameters)
        XCTAssertFalse(fire.bodyThrows)
        let throwing = FeatureIndexTests.facts("S.swift", "let e = Effect<Never>.fireAndForget { try await save() }\n")
        XCTAssertEqual(throwing.file.deprecatedUses.first?.bodyThrows, true)
        XCTAssertEqual(fire.bodyAwaits, true)
        let synchronous = FeatureIndexTests.facts("S.swift", "let e = Effect<Never>.fireAndForget { UIPasteboard.general.string = x }\n")
        XCTAssertEqual(synchronous.file.deprecatedUses.first?.bodyAwaits, false)
        let withParameters = FeatureIndexTests.facts("S.swift", "let e = Effect<Never>.fireAndForget { () in await save() }\n")
        XCTAssertEqual(withParameters.file.deprecatedUses.first?.hasOwnParameters, true)
        // A member of a value is Combine's `Publisher.fireAndForget`, not TCA's static one.
        let publisher = FeatureIndexTests.facts("S.swift", "let e = publisher\n  .fireAndForget()\nlet f = x.fireAndForget()\n")
        XCTAssertEqual(publisher.file.deprecatedUses, [])
    }

    func testAProjectOnAnOlderTCAHearsNothing() {
        // 0.52: ReducerProtocol is TCA's name and fireAndForget is not deprecated yet.
        XCTAssertEqual(diagnostics(Self.legacy, version: TCAVersion(0, 52, 0)).map(\.ruleID), [])
        // 0.55: fireAndForget is deprecated (0.53), the renames are not (0.57).
        XCTAssertEqual(diagnostics(Self.legacy, version: TCAVersion(0, 55, 0)).map(\.ruleID), ["fire_and_forget"])
        XCTAssertEqual(diagnostics(Self.legacy, version: TCAVersion(0, 58, 0)).map(\.ruleID),
                       ["reducer_protocol_renamed", "reducer_protocol_renamed", "fire_and_forget"])
    }

    func testTheRenameIsSafeOnlyWhenTheVersionIsKnown() {
        let known = diagnostics(Self.legacy, version: TCAVersion(0, 58, 0)).filter { $0.ruleID == "reducer_protocol_renamed" }
        XCTAssertEqual(known.map { $0.fix?.applicability }, [.safe, .safe])
        XCTAssertTrue(known[0].message.hasSuffix("write 'Reducer' (--fix does)"), known[0].message)
        let unknown = diagnostics(Self.legacy, version: nil).filter { $0.ruleID == "reducer_protocol_renamed" }
        XCTAssertEqual(unknown.map { $0.fix?.applicability }, [.unsafe, .unsafe])
    }

    func testFixesRewriteTheCallsAndLeaveTheFileParsing() throws {
        let outcome = FixEngine(linter: {
            var l = Linter(rules: [ReducerProtocolRenamedRule.self, FireAndForgetRule.self])
            l.tcaVersion = TCAVersion(0, 58, 0)
            return l
        }(), includeUnsafe: false).run(SourceFile(path: "Counter.swift", bytes: Array(Self.legacy.utf8)))
        XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self), """
            struct Counter: Reducer {
              func reduce(into state: inout Int, action: Void) -> Effect<Void> {
                .run { [log] _ in
                  await log.write()
                }
              }
            }

            """)
    }

    /// A closure without `await` called TCA 0.x's synchronous overload: `.run` would change when and where it runs.
    func testASynchronousClosureGetsNoFix() throws {
        let source = "func copy(_ s: String) -> Effect<Never> {\n  .fireAndForget {\n    UIPasteboard.general.string = s\n  }\n}\n"
        let found = try XCTUnwrap(diagnostics(source, version: TCAVersion(0, 56, 0)).first)
        XCTAssertNil(found.fix)
        XCTAssertTrue(found.message.contains("runs synchronously inside 'send' on the main thread, while TCA 1.0's replacement"), found.message)
        // A function passed: its overload is not in sight, so the message claims no deprecation version.
        let passed = try XCTUnwrap(diagnostics("let e = Effect<Never>.fireAndForget(environment.dismiss)\n", version: TCAVersion(0, 56, 0)).first)
        XCTAssertNil(passed.fix)
        XCTAssertTrue(passed.message.hasPrefix("'Effect.fireAndForget' is removed in TCA 1.0; rewrite this call by hand"), passed.message)
    }

    func testTheProjectsOwnNamesAreItsOwn() {
        let shim = "typealias EffectTask = Effect\nfunc load() -> EffectTask<Int> { .none }\n"
        XCTAssertEqual(diagnostics(shim, version: nil).map(\.ruleID), [])
        let own = "extension Effect {\n  static func fireAndForget(work: @escaping () -> Void) -> Effect { .none }\n}\nlet e = Effect<Int>.fireAndForget { }\n"
        XCTAssertEqual(diagnostics(own, version: nil).map(\.ruleID), [])
    }

    func testTheMigrationReportCountsUsesFixesAndFeatures() throws {
        let index = FeatureIndexTests.index([("Counter.swift", Self.legacy)])
        var linter = Linter(rules: [ReducerProtocolRenamedRule.self, FireAndForgetRule.self])
        linter.tcaVersion = TCAVersion(1, 0, 0)
        let found = linter.lint(SourceFile(path: "Counter.swift", bytes: Array(Self.legacy.utf8)), project: index)
        let report = MigrationReport(diagnostics: found, index: index, rules: [ReducerProtocolRenamedRule.self, FireAndForgetRule.self],
                                     detected: nil, configured: nil, target: nil)
        XCTAssertEqual(report.items.map(\.ruleID), ["fire_and_forget", "reducer_protocol_renamed"], "oldest deprecation first")
        let renames = try XCTUnwrap(report.items.last)
        XCTAssertEqual([renames.uses, renames.files, renames.safe, renames.unsafe, renames.manual], [2, 1, 2, 0, 0])
        XCTAssertEqual(renames.features.map(\.name), ["Counter"])
        XCTAssertEqual(report.summaryLine, "Not yet ready for the TCA releases tca-lint knows: 3 uses of deprecated APIs; 3 fixed by `tca-lint --fix --target-tca 0.57.0`, 0 more by `--fix --unsafe` (review them), 0 by hand.")
        XCTAssertTrue(report.markdown().contains("| `reducer_protocol_renamed`: "), report.markdown())
        XCTAssertTrue(report.markdown().contains("[0.57.0 release notes](https://github.com/pointfreeco/swift-composable-architecture/releases/tag/0.57.0)"))
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        XCTAssertEqual((json["deprecations"] as? [[String: Any]])?.map { $0["uses"] as? Int }, [1, 2])
        // A target before a deprecation leaves it out.
        let early = MigrationReport(diagnostics: found, index: index, rules: [ReducerProtocolRenamedRule.self, FireAndForgetRule.self],
                                    detected: nil, configured: nil, target: TCAVersion(0, 55, 0))
        XCTAssertEqual(early.items.map(\.ruleID), ["fire_and_forget"])
        let clean = MigrationReport(diagnostics: [], index: index, rules: [FireAndForgetRule.self], detected: nil, configured: nil,
                                    target: TCAVersion(1, 0, 0))
        XCTAssertEqual(clean.summaryLine, "Ready for TCA 1.0.0: no use of a deprecated API found.")
    }
}

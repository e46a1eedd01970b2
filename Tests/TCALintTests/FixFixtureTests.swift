import XCTest
@testable import TCALint

/// `fixtures/fixes/<name>.swift` is a normal fixture (linted with its `// ^` markers by FixtureTests);
/// `<name>.swift.fixed` beside it is the text `--fix --unsafe` must produce, written by hand. Marker
/// lines are ordinary comments to the fixer: they stay where they are, or move with the element they are
/// attached above, so the `.fixed` files show them too.
final class FixFixtureTests: XCTestCase {
    static let fixesDirectory = PackagePaths.fixturesDirectory.appendingPathComponent("fixes")

    func fixFixtures() throws -> [(name: String, input: String, expected: String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixesDirectory.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { name in
            let input = try PackagePaths.read(Self.fixesDirectory.appendingPathComponent(name))
            let fixedURL = Self.fixesDirectory.appendingPathComponent(name + ".fixed")
            guard FileManager.default.fileExists(atPath: fixedURL.path) else {
                XCTFail("fixtures/fixes/\(name) has no \(name).fixed")
                return (name, input, input)
            }
            return (name, input, try PackagePaths.read(fixedURL))
        }
    }

    func testFixFixturesProduceTheExpectedText() throws {
        let fixtures = try fixFixtures()
        XCTAssertGreaterThanOrEqual(fixtures.count, 3)
        for (name, input, expected) in fixtures {
            let outcome = FixEngine(linter: .withOrderRules, includeUnsafe: true).run(SourceFile(path: name, bytes: Array(input.utf8)))
            let actual = String(decoding: outcome.bytes, as: UTF8.self)
            XCTAssertEqual(actual, expected, """
                fixtures/fixes/\(name): fixed text differs from \(name).fixed
                \(UnifiedDiff.make(old: Array(expected.utf8), new: outcome.bytes, path: name))
                """)
            XCTAssertEqual(outcome.messages, [], "fixtures/fixes/\(name)")
        }
    }

    func testAppliedCountsOfFixFixtures() throws {
        let expected: [String: [String: Int]] = [
            "PrintChangesFixes.swift": ["leftover_print_changes": 5],
            "BindingReducerFixes.swift": ["binding_reducer_not_first": 3],
            "ScopeFixes.swift": ["reduce_before_scope": 3],
            "EffectFixes.swift": ["force_try_in_effect": 1, "uncontrolled_dependency": 1],
        ]
        for (name, input, _) in try fixFixtures() {
            let outcome = FixEngine(linter: .withOrderRules, includeUnsafe: true).run(SourceFile(path: name, bytes: Array(input.utf8)))
            XCTAssertEqual(outcome.applied, expected[name] ?? [:], name)
        }
    }

    func testWithoutUnsafeTheScopeMovesAreOnlyListed() throws {
        let text = try PackagePaths.read(Self.fixesDirectory.appendingPathComponent("ScopeFixes.swift"))
        let outcome = FixEngine(linter: .withOrderRules, includeUnsafe: false).run(SourceFile(path: "ScopeFixes.swift", bytes: Array(text.utf8)))
        XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self), text)
        XCTAssertEqual(outcome.applied, [:])
        XCTAssertEqual(outcome.unsafeAvailable, ["reduce_before_scope": 3])
    }

    /// Fixes dropped in the fixtures, each said once and at its place in the fixed text: `try!` → `try` on a call
    /// that can fail would leave the error unhandled in a `.run` without `catch:` (a finding of
    /// unhandled_error_in_run), in a pass after the two `@Dependency` lines were added above it (line 88 → 90).
    static let expectedDrops: [String: [String]] = [
        "Effects/RecorderFeature.swift": [
            "Effects/RecorderFeature.swift:90:27: fix 'Replace try! with try' (force_try_in_effect) dropped: the result adds a finding of unhandled_error_in_run",
        ],
    ]

    /// Findings of fixable rules that no fix removes, across every fixture (read from the fixtures:
    /// elements sharing a line; `UUID()` in a `static` helper, which cannot read `self`'s dependency; the two
    /// `.fireAndForget` closures of LegacyRoot.swift, which do not await and so call the synchronous overload; the `/Action.x`
    /// case paths of the two legacy features, whose `Action` is not `@CasePathable`; the views of TCA before observation
    /// other than `ForEachStore`: `WithViewStore`, `SwitchStore`, `@BindingState`).
    func testFixingEveryFixtureLeavesOnlyTheKnownUnfixableFindings() throws {
        let fixable = Set(RuleRegistry.all.filter { $0.description.fixAvailability != .none }.map { $0.description.id })
        var left: [String] = []
        for (path, url) in PackagePaths.fixtureFiles() {
            let bytes = Array(try PackagePaths.read(url).utf8)
            let outcome = FixEngine(linter: .withOrderRules, includeUnsafe: true).run(SourceFile(path: path, bytes: bytes))
            XCTAssertEqual(outcome.messages, Self.expectedDrops[path] ?? [], path)
            left += outcome.remaining.filter { fixable.contains($0.ruleID) }.map { "\(path) \($0.ruleID)" }
        }
        XCTAssertEqual(left.sorted(), [
            "Effects/RecorderFeature.swift force_try_in_effect",
            "Effects/RecorderFeature.swift force_try_in_effect",
            "Effects/RecorderFeature.swift uncontrolled_dependency",
            "Legacy/LegacyRoot.swift fire_and_forget",
            "Legacy/LegacyRoot.swift fire_and_forget",
            "Legacy/LegacyRoot.swift legacy_case_path",
            "Legacy/LegacyRoot.swift legacy_case_path",
            "Legacy/LegacyRoot.swift legacy_case_path",
            "Legacy/LegacyRoot.swift legacy_store_scope",
            "Legacy/LegacyRoot.swift legacy_store_scope",
            "Legacy/LegacyRoot.swift legacy_view_store",
            "Legacy/TicketsRoot.swift legacy_view_store",
            "Lifetimes/LegacyTimerFeature.swift legacy_case_path",
            "Lifetimes/LegacyTimerFeature.swift legacy_view_store",
            "Lifetimes/LegacyTimerFeature.swift legacy_view_store",
            "SplitLogic/Onboarding.swift uncontrolled_dependency",
            "fixes/BindingReducerFixes.swift binding_reducer_not_first",
            "fixes/EffectFixes.swift force_try_in_effect",
        ])
    }

    func testFixingTwiceChangesNothingTheSecondTime() throws {
        for (path, url) in PackagePaths.fixtureFiles() {
            for unsafe in [false, true] {
                let engine = FixEngine(linter: .withOrderRules, includeUnsafe: unsafe)
                let once = engine.run(SourceFile(path: path, bytes: Array(try PackagePaths.read(url).utf8)))
                let twice = engine.run(SourceFile(path: path, bytes: once.bytes))
                XCTAssertEqual(twice.passes.count, 0, "\(path) (unsafe: \(unsafe)): second --fix applied edits")
                XCTAssertEqual(twice.bytes, once.bytes, "\(path) (unsafe: \(unsafe))")
            }
        }
    }

    /// Each pass changes only its edited ranges: the tokens outside them are the same, in the same order,
    /// before and after; the moved text re-tokenizes to the tokens it had.
    func testEveryFixtureTokenizesIdenticallyOutsideTheEditedRanges() throws {
        var passesChecked = 0
        for (path, url) in PackagePaths.fixtureFiles() {
            var bytes = Array(try PackagePaths.read(url).utf8)
            let outcome = FixEngine(linter: .withOrderRules, includeUnsafe: true).run(SourceFile(path: path, bytes: bytes))
            for fixes in outcome.passes {
                let next = TextEdit.apply(fixes.flatMap(\.edits), to: bytes)
                FixInvariants.assertTokensPreservedOutside(fixes, before: bytes, after: next, path)
                passesChecked += 1
                bytes = next
            }
            XCTAssertEqual(bytes, outcome.bytes, path)
        }
        XCTAssertGreaterThanOrEqual(passesChecked, 9, "the fixtures exercise fewer fix passes than they did")
    }
}

/// Checks shared by the fixture and property tests.
enum FixInvariants {
    struct Spelled: Equatable, CustomStringConvertible {
        var kind: TokenKind
        var text: String
        var description: String { "\(kind.name) \(text)" }
    }

    static func spelled(_ bytes: [UInt8], _ tokens: [Token]) -> [Spelled] {
        tokens.map { Spelled(kind: $0.kind, text: String(decoding: bytes[$0.startOffset..<$0.endOffset], as: UTF8.self)) }
    }

    /// Edited ranges in the result's coordinates.
    static func resultRanges(_ edits: [TextEdit]) -> [Range<Int>] {
        var delta = 0
        var ranges: [Range<Int>] = []
        for edit in edits.sorted(by: TextEdit.precedes) {
            let start = edit.range.lowerBound + delta
            ranges.append(start..<(start + edit.replacement.count))
            delta += edit.replacement.count - edit.range.count
        }
        return ranges
    }

    static func assertTokensPreservedOutside(_ fixes: [Fix], before: [UInt8], after: [UInt8], _ label: String,
                                             file: StaticString = #filePath, line: UInt = #line) {
        let edits = fixes.flatMap(\.edits)
        func outside(_ bytes: [UInt8], _ ranges: [Range<Int>]) -> [Spelled] {
            let tokens = Tokenizer.tokenize(bytes).filter { t in
                !ranges.contains { r in
                    r.isEmpty ? (t.startOffset < r.lowerBound && r.lowerBound < t.endOffset)
                        : (t.startOffset < r.upperBound && r.lowerBound < t.endOffset)
                }
            }
            return spelled(bytes, tokens)
        }
        let old = outside(before, edits.map(\.range))
        let new = outside(after, resultRanges(edits))
        XCTAssertEqual(old, new, "\(label): tokens outside the edited ranges changed", file: file, line: line)
        // Moved text: a move's inserted bytes tokenize to the same tokens as the bytes it deleted.
        for fix in fixes where fix.edits.contains(where: \.range.isEmpty) {
            assertMovePreservesTokens(fix.edits, before: before, label, file: file, line: line)
        }
    }

    static func assertMovePreservesTokens(_ edits: [TextEdit], before: [UInt8], _ label: String,
                                          file: StaticString, line: UInt) {
        let deleted = edits.filter { !$0.range.isEmpty && $0.replacement.isEmpty }.sorted(by: TextEdit.precedes)
            .flatMap { edit -> [Spelled] in let piece = Array(before[edit.range]); return spelled(piece, Tokenizer.tokenize(piece)) }
        let inserted = edits.filter { $0.range.isEmpty }
            .flatMap { spelled($0.replacement, Tokenizer.tokenize($0.replacement)) }
        // A fix that only inserts and replaces (uncontrolled_dependency adding a property) moves nothing.
        if !inserted.isEmpty && !deleted.isEmpty {
            XCTAssertEqual(inserted, deleted,
                           "\(label): moved text lost or gained tokens", file: file, line: line)
        }
    }
}

import Foundation
import XCTest
import TCALint

/// End-to-end tests that need the engine: the tokenizer, the reducer parser and the rules.
/// They fail (never skip) when a rule or the engine is missing, so a merge that loses one shows.
final class CLIRuleTests: XCTestCase {
    /// `._printChanges()` left in a reducer's body: one `leftover_print_changes` warning at line 6, column 18.
    static let printChanges = """
        import ComposableArchitecture

        @Reducer
        struct Root {
          var body: some ReducerOf<Self> {
            AppFeature()._printChanges()
          }
        }

        """

    /// `body` and `reduce(into:action:)` together: one `body_and_reduce` error at the `reduce` name (6:8).
    static let bodyAndReduce = """
        @Reducer
        struct Feature {
          var body: some ReducerOf<Self> {
            Reduce { state, action in .none }
          }
          func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
        }

        """

    static let allRuleIDs = RuleRegistry.all.map { $0.description.id }

    private func assertFinding(_ line: Substring?, _ location: String, _ severity: String, _ rule: String,
                               file: StaticString = #filePath, line testLine: UInt = #line) {
        let text = line.map(String.init) ?? "<no line>"
        XCTAssertTrue(text.hasPrefix("\(location): \(severity): "), text, file: file, line: testLine)
        XCTAssertTrue(text.hasSuffix(" (\(rule))"), text, file: file, line: testLine)
    }

    func testWarningExitsZeroAndOneWithStrict() throws {
        let tree = try ScratchTree()
        try tree.write("Sources/App.swift", Self.printChanges)
        let result = try CLI.run(["lint", "Sources"], in: tree.root)
        XCTAssertEqual(result.status, 0)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, result.stdout)
        assertFinding(lines.first, "Sources/App.swift:6:18", "warning", "leftover_print_changes")
        XCTAssertEqual(result.stderr, "Found 1 warning, 0 errors in 1 file\n")

        // As in SwiftLint, --strict reports the finding as an error, so Xcode and CI show what failed.
        let strict = try CLI.run(["lint", "--strict", "Sources"], in: tree.root)
        XCTAssertEqual(strict.status, 1)
        assertFinding(strict.stdout.split(separator: "\n").first, "Sources/App.swift:6:18", "error", "leftover_print_changes")
        XCTAssertEqual(strict.stderr, "Found 0 warnings, 1 error in 1 file\n")
    }

    func testErrorExitsOneAndOutputIsSortedByPathLineColumn() throws {
        let tree = try ScratchTree()
        try tree.write("b/Feature.swift", Self.bodyAndReduce)
        try tree.write("a/App.swift", Self.printChanges)
        try tree.write("a/Plain.swift", "struct Plain {}\n")
        let result = try CLI.run(["lint"], in: tree.root)
        XCTAssertEqual(result.status, 1)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, result.stdout)
        assertFinding(lines.first, "a/App.swift:6:18", "warning", "leftover_print_changes")
        assertFinding(lines.last, "b/Feature.swift:6:8", "error", "body_and_reduce")
        XCTAssertEqual(result.stderr, "Found 1 warning, 1 error in 3 files\n")
    }

    func testMissingPathWinsOverFindings() throws {
        let tree = try ScratchTree()
        try tree.write("Feature.swift", Self.bodyAndReduce)
        let result = try CLI.run(["lint", "Feature.swift", "gone"], in: tree.root)
        XCTAssertEqual(result.status, 2)
        assertFinding(result.stdout.split(separator: "\n").first, "Feature.swift:6:8", "error", "body_and_reduce")
    }

    func testSpacesAndNonASCIIPathsInFindings() throws {
        let tree = try ScratchTree()
        try tree.write("My App/Fëätüre Ω/Äpp Fïle.swift", Self.printChanges)
        let result = try CLI.run(["lint", "My App"], in: tree.root)
        assertFinding(result.stdout.split(separator: "\n").first, "My App/Fëätüre Ω/Äpp Fïle.swift:6:18",
                      "warning", "leftover_print_changes")
    }

    func testJobsOneAndTwoGiveIdenticalFindings() throws {
        let tree = try ScratchTree()
        for i in 0..<120 {
            let text = i % 2 == 0 ? Self.printChanges : i % 3 == 0 ? Self.bodyAndReduce : "let v\(i) = \(i)\n"
            try tree.write("D\(i % 5)/F\(i).swift", text)
        }
        let one = try CLI.run(["lint", "--jobs", "1"], in: tree.root)
        let two = try CLI.run(["lint", "--jobs", "2"], in: tree.root)
        XCTAssertEqual(one.stdout.split(separator: "\n").count, 60 + 20)
        XCTAssertEqual(one.stdout, two.stdout)
        XCTAssertEqual(one.stderr, two.stderr)
        XCTAssertEqual(one.stderr, "Found 60 warnings, 20 errors in 120 files\n")
    }

    func testOutputFileHoldsTheReport() throws {
        let tree = try ScratchTree()
        try tree.write("App.swift", Self.printChanges)
        let result = try CLI.run(["lint", "--output", "report.txt", "App.swift"], in: tree.root)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "")
        let report = try String(contentsOfFile: tree.path("report.txt"), encoding: .utf8)
        assertFinding(report.split(separator: "\n").first, "App.swift:6:18", "warning", "leftover_print_changes")
        XCTAssertTrue(report.hasSuffix("\n"))
    }

    func testRulesListsEveryRuleWithItsSeverity() throws {
        let result = try CLI.run(["rules"])
        XCTAssertEqual(result.status, 0)
        let rows = result.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        XCTAssertEqual(Set(rows.compactMap { $0.first.map(String.init) }), Set(Self.allRuleIDs))
        for row in rows where row.count >= 4 {
            guard let d = RuleRegistry.rule(withID: String(row[0]))?.description else { continue }
            XCTAssertEqual(String(row[1]), d.defaultSeverity.rawValue, "\(row)")
            XCTAssertEqual(String(row[2]), d.isOptIn ? "yes" : "no", "\(row)")
            XCTAssertEqual(String(row[3]), d.fixAvailability.rawValue, "\(row)")
        }
    }

    func testExplainPrintsTheDocumentAndSuggestsCloseIDs() throws {
        for id in Self.allRuleIDs {
            let result = try CLI.run(["explain", id])
            XCTAssertEqual(result.status, 0, id)
            XCTAssertEqual(result.stdout, RuleRegistry.rule(withID: id)?.description.explanation, id)
            XCTAssertGreaterThan(result.stdout.count, 500, "\(id): the rule document, not a stub")
        }
        let typo = try CLI.run(["explain", "leftover_print_change"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(typo.stderr, "tca-lint: error: unknown rule 'leftover_print_change'; did you mean leftover_print_changes?\n")
        let other = try CLI.run(["explain", "reduce-before-scope"])
        XCTAssertTrue(other.stderr.hasSuffix("did you mean reduce_before_scope?\n"), other.stderr)
    }

    func testDumpTokensUsesTheOracleFormat() throws {
        let tree = try ScratchTree()
        try tree.write("T.swift", "let x = \"é\" // c\n@Reducer")
        let result = try CLI.run(["dump", "tokens", "T.swift"], in: tree.root)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, """
            0 3 keyword
            4 5 identifier
            6 7 operator
            8 12 string
            13 17 comment
            18 19 punct
            19 26 identifier

            """)
    }

    func testDumpReducersUsesTheOracleFormat() throws {
        let tree = try ScratchTree()
        try tree.write("F.swift", """
            import ComposableArchitecture

            @Reducer
            struct Feature {
              var body: some ReducerOf<Self> {
                BindingReducer()
                Scope(state: \\.child, action: \\.child) {
                  Child()
                }
                Reduce { state, action in
                  .none
                }
                .ifLet(\\.$destination, action: \\.destination)
              }
            }
            struct Other: ComposableArchitecture.Reducer {
              func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
            }

            """)
        try tree.write("G.swift", "struct V: View { var body: some View { Text(\"\") } }\n")
        let result = try CLI.run(["dump", "reducers", "F.swift", "G.swift"], in: tree.root)
        XCTAssertEqual(result.status, 0)
        let feature = [
            ##"{"file":"F.swift","type":"Feature","qualifiedName":"Feature","kind":"struct","line":4,"##,
            ##""reducerAttribute":true,"inherits":[],"hasBody":true,"bodyLine":5,"hasReduce":false,"reduceLine":null,"##,
            ##""body":[{"name":"BindingReducer","line":6,"modifiers":[]},"##,
            ##"{"name":"Scope","line":7,"modifiers":[],"children":[{"name":"Child","line":8,"modifiers":[]}]},"##,
            ##"{"name":"Reduce","line":10,"modifiers":[{"name":".ifLet","line":13}]}]}"##,
        ].joined()
        let other = [
            ##"{"file":"F.swift","type":"Other","qualifiedName":"Other","kind":"struct","line":16,"##,
            ##""reducerAttribute":false,"inherits":["ComposableArchitecture.Reducer"],"hasBody":false,"bodyLine":null,"##,
            ##""hasReduce":true,"reduceLine":17,"body":null}"##,
        ].joined()
        XCTAssertEqual(result.stdout, feature + "\n" + other + "\n")
    }
}

import Foundation
import XCTest

/// The adoption features end to end through the binary: configuration lookup and errors,
/// `--print-config`, `--use-stdin`, baselines, inline disables.
final class CLIAdoptionTests: XCTestCase {
    static let leftover = "@Reducer struct A {\n  var body: some ReducerOf<Self> {\n    Reduce { _, _ in .none }._printChanges()\n  }\n}\n"

    func testNearestConfigurationInAParentFolderApplies() throws {
        let tree = try ScratchTree()
        try tree.write(".tca-lint.yml", "leftover_print_changes:\n  severity: error\n  excluded:\n    - \"**/Previews/**\"\n")
        try tree.write("App/Sources/A.swift", Self.leftover)
        try tree.write("App/Sources/Previews/P.swift", Self.leftover)
        let result = try CLI.run(["lint", "--quiet"], in: tree.root.appendingPathComponent("App"))
        XCTAssertEqual(result.stdout, "Sources/A.swift:3:30: error: Remove ._printChanges() before merging; it is a debugging aid (underscored, unversioned API) that prints every action and state diff (leftover_print_changes)\n")
        XCTAssertEqual(result.status, 1)
    }

    func testDisabledRulesAndStrictFromConfiguration() throws {
        let tree = try ScratchTree()
        try tree.write("A.swift", Self.leftover)
        try tree.write("quiet.yml", "disabled_rules:\n  - leftover_print_changes\n")
        XCTAssertEqual(try CLI.run(["lint", "--config", "quiet.yml", "--quiet"], in: tree.root).stdout, "")
        try tree.write("strict.yml", "strict: true\n")
        XCTAssertEqual(try CLI.run(["lint", "--config", "strict.yml", "--quiet"], in: tree.root).status, 1)
        XCTAssertEqual(try CLI.run(["lint", "--quiet"], in: tree.root).status, 0)
    }

    func testBrokenConfigurationExitsTwoWithPositionAndSuggestion() throws {
        let tree = try ScratchTree()
        try tree.write("A.swift", "let a = 1\n")
        try tree.write(".tca-lint.yml", "body_and_reduce:\n  severity: eror\n")
        let result = try CLI.run(["lint"], in: tree.root)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains(".tca-lint.yml:2:13: error: the severity of 'body_and_reduce' must be warning or error; did you mean 'error'?"),
                      result.stderr)
        // An unknown key (a newer version's, or a typo) warns with the closest key and the run goes on.
        try tree.write(".tca-lint.yml", "disabled_rule:\n  - leftover_print_changes\n")
        let unknown = try CLI.run(["lint"], in: tree.root)
        XCTAssertEqual(unknown.status, 0)
        XCTAssertTrue(unknown.stderr.contains("/.tca-lint.yml:1:1: warning: unknown key 'disabled_rule' ignored; did you mean 'disabled_rules'?\n"),
                      unknown.stderr)
        let missing = try CLI.run(["lint", "--config", "nope.yml"], in: tree.root)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("nope.yml"), missing.stderr)
    }

    func testPrintConfigShowsTheEffectiveSeverity() throws {
        let tree = try ScratchTree()
        try tree.write(".tca-lint.yml", "expensive_body:\n  severity: error\n")
        let result = try CLI.run(["lint", "--print-config"], in: tree.root)
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("expensive_body:\n  severity: error\n"), result.stdout)
    }

    func testStdinIsLintedAsTheGivenPathWithItsConfiguration() throws {
        let tree = try ScratchTree()
        try tree.write(".tca-lint.yml", "excluded:\n  - \"Generated/**\"\n")
        let linted = try CLI.run(["lint", "--use-stdin", "--stdin-path", "Sources/A.swift", "--quiet"], in: tree.root, stdin: Self.leftover)
        XCTAssertEqual(linted.stdout, "Sources/A.swift:3:30: warning: Remove ._printChanges() before merging; it is a debugging aid (underscored, unversioned API) that prints every action and state diff (leftover_print_changes)\n")
        let excluded = try CLI.run(["lint", "--use-stdin", "--stdin-path", "Generated/A.swift", "--quiet"], in: tree.root, stdin: Self.leftover)
        XCTAssertEqual(excluded.stdout, "")
        XCTAssertEqual(excluded.status, 0)
    }

    func testBaselineSurvivesLinesInsertedAboveAndReportsOnlyNewFindings() throws {
        let tree = try ScratchTree()
        try tree.write("A.swift", Self.leftover)
        let write = try CLI.run(["lint", "--write-baseline", "baseline.json", "--quiet"], in: tree.root)
        XCTAssertEqual(write.status, 0)
        // Five lines inserted above the old finding, and one new finding appended.
        try tree.write("A.swift", "// one\n// two\n// three\n// four\n// five\n" + Self.leftover
                       + "let s = CombineReducers { A()._printChanges() }\n")
        let result = try CLI.run(["lint", "--baseline", "baseline.json", "--quiet"], in: tree.root)
        XCTAssertEqual(result.stdout, "A.swift:11:31: warning: Remove ._printChanges() before merging; it is a debugging aid (underscored, unversioned API) that prints every action and state diff (leftover_print_changes)\n")
        let broken = try tree.write("broken.json", "{ not json")
        let bad = try CLI.run(["lint", "--baseline", broken.path], in: tree.root)
        XCTAssertEqual(bad.status, 2)
    }

    func testInlineDisableAndSuperfluousDisable() throws {
        let tree = try ScratchTree()
        try tree.write("A.swift", """
            // tca-lint:disable:next leftover_print_changes
            let a = CombineReducers { A()._printChanges() }
            // tca-lint:disable:next leftover_print_changes
            let b = 1

            """)
        let result = try CLI.run(["lint", "--quiet"], in: tree.root)
        XCTAssertEqual(result.stdout, "A.swift:3:1: warning: tca-lint rule 'leftover_print_changes' did not trigger a finding in the disabled region; remove it from the disable command (superfluous_disable)\n")
    }

    func testUseStdinRefusesOperands() throws {
        let result = try CLI.run(["lint", "--use-stdin", "A.swift"], stdin: "")
        XCTAssertEqual(result.status, 2)
    }
}

/// `--fix`, `--unsafe` and `--diff` through the binary.
final class CLIFixTests: XCTestCase {
    static let source = """
        @Reducer struct Form {
          var body: some ReducerOf<Self> {
            Reduce { state, action in switch action { case .binding: .send(.validate); case .child(.tapped): .send(.tapped(state.child.count)); default: .none } }
            BindingReducer()
            Scope(state: \\.child, action: \\.child) { Child() }
          }
        }
        @Reducer struct Child {
          var body: some ReducerOf<Self> {
            Reduce { state, action in switch action { case .tapped: state.count += 1; return .none } }
          }
        }

        """

    /// A project whose configuration turns on `binding_reducer_not_first` (opt-in), whose fix is the safe one here.
    private func project() throws -> (tree: ScratchTree, file: URL) {
        let tree = try ScratchTree()
        try tree.write(".tca-lint.yml", "opt_in_rules: [binding_reducer_not_first]\n")
        return (tree, try tree.write("Form.swift", Self.source))
    }

    func testDiffShowsTheSafeFixAndWritesNothing() throws {
        let (tree, file) = try project()
        let result = try CLI.run(["lint", "--diff", "--quiet"], in: tree.root)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, """
            --- a/Form.swift
            +++ b/Form.swift
            @@ -1,7 +1,7 @@
             @Reducer struct Form {
               var body: some ReducerOf<Self> {
            -    Reduce { state, action in switch action { case .binding: .send(.validate); case .child(.tapped): .send(.tapped(state.child.count)); default: .none } }
                 BindingReducer()
            +    Reduce { state, action in switch action { case .binding: .send(.validate); case .child(.tapped): .send(.tapped(state.child.count)); default: .none } }
                 Scope(state: \\.child, action: \\.child) { Child() }
               }
             }

            """)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), Self.source)
    }

    /// `--diff` output applies with GNU `patch -p1` and `git apply` when names hold spaces (a tab ends
    /// such a header name, as `git diff` writes it) or a character that must be quoted.
    func testDiffAppliesWithPatchAndGitApplyWhateverTheNames() throws {
        let names = ["My Dir/A B.swift", "Plain.swift", "Q\"uote é.swift", "Sp ace/R\u{202E}tl.swift"]
        let tree = try ScratchTree()
        for name in names { try tree.write("before/" + name, CLIAdoptionTests.leftover) }
        let result = try CLI.run(["lint", "--diff", "--quiet", "."], in: tree.root.appendingPathComponent("before"))
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stdout.contains("--- a/My Dir/A B.swift\t\n+++ b/My Dir/A B.swift\t\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("--- a/Plain.swift\n"), result.stdout)
        try tree.write("patch.diff", result.stdout)
        let fixed = CLIAdoptionTests.leftover.replacingOccurrences(of: "._printChanges()", with: "")
        var applied = 0
        for (tool, arguments) in [("patch", ["patch", "-p1", "-s", "-i"]), ("git", ["git", "apply", "-p1"])] {
            let copy = "with-" + tool
            for name in names { try tree.write(copy + "/" + name, CLIAdoptionTests.leftover) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments + [tree.path("patch.diff")]
            process.currentDirectoryURL = tree.root.appendingPathComponent(copy)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus == 127 { continue }  // not installed
            XCTAssertEqual(process.terminationStatus, 0, tool)
            for name in names {
                XCTAssertEqual(try String(contentsOfFile: tree.path(copy + "/" + name), encoding: .utf8), fixed, "\(tool): \(name)")
            }
            applied += 1
        }
        if applied == 0 { throw XCTSkip("neither patch nor git is installed") }
    }

    func testFixAppliesSafeFixesAndUnsafeOnlyWhenAsked() throws {
        let (tree, file) = try project()
        let safe = try CLI.run(["lint", "--fix"], in: tree.root)
        XCTAssertTrue(safe.stderr.contains("Applied 1 fix (binding_reducer_not_first: 1); 1 more with --unsafe (reduce_before_scope: 1)"), safe.stderr)
        XCTAssertTrue(safe.stdout.contains("(reduce_before_scope)"), safe.stdout)
        let unsafe = try CLI.run(["lint", "--fix", "--unsafe", "--quiet"], in: tree.root)
        XCTAssertEqual(unsafe.stdout, "")
        XCTAssertEqual(unsafe.status, 0)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), """
            @Reducer struct Form {
              var body: some ReducerOf<Self> {
                BindingReducer()
                Scope(state: \\.child, action: \\.child) { Child() }
                Reduce { state, action in switch action { case .binding: .send(.validate); case .child(.tapped): .send(.tapped(state.child.count)); default: .none } }
              }
            }
            @Reducer struct Child {
              var body: some ReducerOf<Self> {
                Reduce { state, action in switch action { case .tapped: state.count += 1; return .none } }
              }
            }

            """)
        let again = try CLI.run(["lint", "--diff", "--unsafe", "--quiet"], in: tree.root)
        XCTAssertEqual(again.stdout, "")
        XCTAssertEqual(again.status, 0)
    }

    func testUnsafeAloneIsAUsageError() throws {
        XCTAssertEqual(try CLI.run(["lint", "--unsafe"]).status, 2)
    }
}

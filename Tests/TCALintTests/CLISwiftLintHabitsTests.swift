import Foundation
import XCTest

/// What SwiftLint users type in CI scripts, fastlane lanes, Xcode Run Scripts and editors,
/// end to end through the built binary.
final class CLISwiftLintHabitsTests: XCTestCase {
    static let leftover = CLIAdoptionTests.leftover
    static let leftoverLine = "A.swift:3:30: warning: Remove ._printChanges() before merging; it is a debugging aid "
        + "(underscored, unversioned API) that prints every action and state diff (leftover_print_changes)\n"

    // MARK: - Commands and options

    func testLintIsTheDefaultCommand() throws {
        let tree = try ScratchTree()
        try tree.write("Sources/A.swift", Self.leftover)
        let bare = try CLI.run([], in: tree.root)
        XCTAssertEqual(bare.status, 0)
        XCTAssertEqual(bare.stdout, "Sources/" + Self.leftoverLine)
        let withPath = try CLI.run(["Sources", "--quiet"], in: tree.root)
        XCTAssertEqual(withPath.stdout, "Sources/" + Self.leftoverLine)
        let withOption = try CLI.run(["--strict", "--quiet"], in: tree.root)
        XCTAssertEqual(withOption.status, 1)
        XCTAssertTrue(withOption.stdout.contains(": error: Remove ._printChanges()"), withOption.stdout)
    }

    func testSwiftLintOptionSpellingsAreAccepted() throws {
        let tree = try ScratchTree()
        try tree.write("Sources/A.swift", Self.leftover)
        try tree.write("Other/B.swift", Self.leftover)
        let path = try CLI.run(["lint", "--path", "Sources", "--force-exclude", "--quiet"], in: tree.root)
        XCTAssertEqual(path.status, 0)
        XCTAssertEqual(path.stdout, "Sources/" + Self.leftoverLine)

        let cache = try CLI.run(["lint", "--no-cache", "--cache-path", "/tmp/x", "--path=Sources", "--quiet"], in: tree.root)
        XCTAssertEqual(cache.status, 0)
        XCTAssertEqual(cache.stderr, """
            tca-lint: note: --no-cache has no effect: tca-lint keeps no cache (it reads every file on each run)
            tca-lint: note: --cache-path has no effect: tca-lint keeps no cache (it reads every file on each run)

            """)

        let logging = try CLI.run(["lint", "--reporter", "github-actions-logging", "Sources", "--quiet"], in: tree.root)
        XCTAssertEqual(logging.status, 0)
        XCTAssertTrue(logging.stdout.hasPrefix("::warning file=Sources/A.swift,line=3,col=30,"), logging.stdout)

        // --autocorrect is --fix: the leftover `._printChanges()` is removed in place.
        let fix = try CLI.run(["lint", "--autocorrect", "Sources", "--quiet"], in: tree.root)
        XCTAssertEqual(fix.status, 0, fix.stderr)
        XCTAssertFalse(try String(contentsOf: tree.root.appendingPathComponent("Sources/A.swift")).contains("_printChanges"))
        XCTAssertTrue(try String(contentsOf: tree.root.appendingPathComponent("Other/B.swift")).contains("_printChanges"))
    }

    func testRulesWithAnIdPrintsTheRuleAndLspAcceptsStdio() throws {
        let rule = try CLI.run(["rules", "leftover_print_changes"])
        XCTAssertEqual(rule.status, 0)
        XCTAssertTrue(rule.stdout.hasPrefix("# leftover_print_changes"), rule.stdout)
        XCTAssertEqual(rule.stdout, try CLI.run(["explain", "leftover_print_changes"]).stdout)
        let typo = try CLI.run(["rules", "leftover_print_change"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(typo.stderr, "tca-lint: error: unknown rule 'leftover_print_change'; did you mean leftover_print_changes?\n")

        // `lsp --stdio` starts the server: it answers `initialize` and stops on `exit`.
        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
        let exit = #"{"jsonrpc":"2.0","method":"exit"}"#
        let input = [initialize, exit].map { "Content-Length: \($0.utf8.count)\r\n\r\n\($0)" }.joined()
        let lsp = try CLI.run(["lsp", "--stdio"], stdin: input)
        XCTAssertTrue(lsp.stdout.contains(#""id":1"#) && lsp.stdout.contains("capabilities"), lsp.stdout + lsp.stderr)
    }

    // MARK: - Strict and lenient

    func testLenientReportsErrorsAsWarningsAndExitsZero() throws {
        let tree = try ScratchTree()
        try tree.write(".tca-lint.yml", "leftover_print_changes: error\n")
        try tree.write("A.swift", Self.leftover)
        let plain = try CLI.run(["lint", "--quiet"], in: tree.root)
        XCTAssertEqual(plain.status, 1)
        XCTAssertTrue(plain.stdout.contains(": error: "), plain.stdout)
        let lenient = try CLI.run(["lint", "--lenient"], in: tree.root)
        XCTAssertEqual(lenient.status, 0)
        XCTAssertEqual(lenient.stdout, Self.leftoverLine)
        XCTAssertEqual(lenient.stderr, "Found 1 warning, 0 errors in 1 file\n")
        // `strict: true` in the configuration upgrades the report as --strict does.
        try tree.write(".tca-lint.yml", "strict: true\n")
        let strict = try CLI.run(["lint", "--quiet", "--reporter", "json"], in: tree.root)
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stdout.contains(#""severity" : "Error""#), strict.stdout)
    }

    // MARK: - Configuration

    func testSeveralConfigFilesMergeAndConfigKeysForReporterBaselineAndZeroFiles() throws {
        let tree = try ScratchTree()
        try tree.write("A.swift", Self.leftover)
        try tree.write("base.yml", "disabled_rules: [leftover_print_changes]\nreporter: json\n")
        try tree.write("ci.yml", "opt_in_rules: []\nleftover_print_changes: error\ndisabled_rules: []\n")
        let base = try CLI.run(["lint", "--config", "base.yml", "--quiet"], in: tree.root)
        XCTAssertEqual(base.status, 0)
        XCTAssertTrue(base.stdout.hasPrefix("["), "reporter from the configuration: \(base.stdout)")
        // ci.yml does not re-enable the rule (disabled_rules lists only remove), so still nothing;
        // listed the other way round, base.yml's disabling wins too.
        let merged = try CLI.run(["lint", "--config", "base.yml", "--config", "ci.yml", "--reporter", "xcode", "--quiet"],
                                 in: tree.root)
        XCTAssertEqual(merged.stdout, "")
        try tree.write("ci.yml", "only_rules: [leftover_print_changes]\nleftover_print_changes: error\n")
        let overridden = try CLI.run(["lint", "--config", "base.yml", "--config", "ci.yml", "--reporter", "xcode", "--quiet"],
                                     in: tree.root)
        XCTAssertEqual(overridden.status, 1, "the later file's only_rules enables the rule as an error")
        XCTAssertEqual(overridden.stdout, Self.leftoverLine.replacingOccurrences(of: "warning:", with: "error:"))
        let printed = try CLI.run(["lint", "--config", "base.yml", "--config", "ci.yml", "--print-config"], in: tree.root)
        XCTAssertTrue(printed.stdout.contains("# Read from: base.yml, ci.yml\n"), printed.stdout)
        XCTAssertTrue(printed.stdout.contains("reporter: \"json\"\n"), printed.stdout)
        XCTAssertFalse(printed.stdout.contains("only_rules"), printed.stdout)
    }

    /// One mechanism for the terminal and the editor: a nested `.tca-lint.yml` refines its subtree
    /// in `tca-lint lint` exactly as in the language server.
    func testNestedConfigurationAppliesToItsSubtreeInTheCLI() throws {
        let tree = try ScratchTree()
        try tree.write(".tca-lint.yml", "leftover_print_changes: error\n")
        try tree.write("Sources/A.swift", Self.leftover)
        try tree.write("Debug/.tca-lint.yml", "disabled_rules: [leftover_print_changes]\nexcluded: [Generated]\n")
        try tree.write("Debug/A.swift", Self.leftover)
        try tree.write("Debug/Generated/B.swift", "let x = \"\u{1}\" // tca-lint:disable\n")
        try tree.write("Tools/.tca-lint.yml", "leftover_print_changes: warning\n")
        try tree.write("Tools/A.swift", Self.leftover)
        let result = try CLI.run(["lint"], in: tree.root)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout.split(separator: "\n").map { String($0.prefix(while: { $0 != " " })) + " " + ($0.contains(": error:") ? "error" : "warning") },
                       ["Sources/A.swift:3:30: error", "Tools/A.swift:3:30: warning"])
        XCTAssertEqual(result.stderr, "Found 1 warning, 1 error in 3 files\n", "Debug/Generated is pruned by the nested exclude")
        // Run from the subfolder: the parent configuration still applies, refined by the nested one.
        let fromTools = try CLI.run(["lint", "--quiet"], in: tree.root.appendingPathComponent("Tools"))
        XCTAssertEqual(fromTools.status, 0)
        XCTAssertEqual(fromTools.stdout, Self.leftoverLine)
        // The same file in the language server's view: the same configuration files, in the same order.
        let paths = try CLI.run(["lint", "--print-config"], in: tree.root.appendingPathComponent("Debug"))
        XCTAssertTrue(paths.stdout.contains("# Read from: \(tree.path(".tca-lint.yml")), \(tree.path("Debug/.tca-lint.yml"))\n"),
                      paths.stdout)
    }

    // MARK: - Baseline

    static let scopeAfterReduce = """
        @Reducer struct Parent {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .child(.tapped): state.taps = state.child.count; return .none
              default: return .none
              }
            }
            Scope(state: \\.child, action: \\.child) { Child() }
          }
        }
        @Reducer struct Child {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .tapped: state.count += 1; return .none
              case .appeared: state.isVisible = true; return .none
              }
            }
          }
        }

        """

    func testBaselineMatchesFromASubfolderAndIgnoresVolatileMessageDetails() throws {
        let tree = try ScratchTree()
        try tree.write("App/Sources/Parent.swift", Self.scopeAfterReduce)
        try tree.write("App/.tca-lint.yml", "# the default rules\n")
        try tree.mkdir("App/ci")
        let write = try CLI.run(["lint", "--write-baseline", "ci/baseline.json"], in: tree.root.appendingPathComponent("App"))
        XCTAssertEqual(write.status, 0)
        XCTAssertTrue(write.stderr.contains("tca-lint: wrote 1 finding to the baseline ci/baseline.json\n"), write.stderr)
        let stored = try String(contentsOf: tree.root.appendingPathComponent("App/ci/baseline.json"))
        XCTAssertTrue(stored.contains(#""path": "../Sources/Parent.swift""#), "relative to the baseline's folder: \(stored)")

        // Another case handled in the same Reduce changes the message, not the finding.
        try tree.write("App/Sources/Parent.swift", Self.scopeAfterReduce.replacingOccurrences(
            of: "      case .child(.tapped): state.taps = state.child.count; return .none\n",
            with: "      case .child(.appeared): state.seen = state.child.isVisible; return .none\n      case .child(.tapped): state.taps = state.child.count; return .none\n"))
        let plain = try CLI.run(["lint", "--quiet"], in: tree.root.appendingPathComponent("App"))
        XCTAssertEqual(plain.stdout.split(separator: "\n").count, 1, "the finding is still there: \(plain.stdout)")
        XCTAssertTrue(plain.stdout.contains("on .child(.appeared)") && stored.contains("on .child(.tapped)"),
                      "the message changed: \(plain.stdout)")
        for (directory, baseline) in [("App", "ci/baseline.json"), ("App/Sources", "../ci/baseline.json"), ("", "App/ci/baseline.json")] {
            let run = try CLI.run(["lint", "--baseline", baseline, "--quiet", directory.isEmpty ? "App" : "."],
                                  in: tree.root.appendingPathComponent(directory))
            XCTAssertEqual(run.status, 0, directory)
            XCTAssertEqual(run.stdout, "", "run from '\(directory)'")
        }
        // The `baseline:` key, relative to its configuration file.
        try tree.write("App/.tca-lint.yml", "baseline: ci/baseline.json\n")
        XCTAssertEqual(try CLI.run(["lint", "--quiet"], in: tree.root.appendingPathComponent("App/Sources")).stdout, "")
    }

    // MARK: - Reporters and fixes

    func testSummaryReporterIsNotFollowedBySecondSummaryLine() throws {
        let tree = try ScratchTree()
        try tree.write("A.swift", Self.leftover)
        let result = try CLI.run(["lint", "--reporter", "summary"], in: tree.root)
        XCTAssertEqual(result.stdout.components(separatedBy: "Found 1 warning, 0 errors in 1 file").count, 2, result.stdout)
        XCTAssertEqual(result.stderr, "")
        // Written to a file, the report has its line and the terminal gets its own.
        let toFile = try CLI.run(["lint", "--reporter", "summary", "--output", "report.txt"], in: tree.root)
        XCTAssertEqual(toFile.stderr, "Found 1 warning, 0 errors in 1 file\n")
    }

    func testDiffSaysWhenNothingWouldChange() throws {
        let tree = try ScratchTree()
        try tree.write("A.swift", "let a = 1\n")
        let result = try CLI.run(["lint", "--diff"], in: tree.root)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "No changes: --fix would change nothing\n")
    }

    func testStdinFixPrintsTheFixedBuffer() throws {
        let tree = try ScratchTree()
        let result = try CLI.run(["lint", "--use-stdin", "--stdin-path", "Sources/A.swift", "--fix"], in: tree.root,
                                 stdin: Self.leftover)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, Self.leftover.replacingOccurrences(of: "._printChanges()", with: ""))
        XCTAssertFalse(FileManager.default.fileExists(atPath: tree.path("Sources/A.swift")), "nothing written")
        // A buffer the configuration excludes comes back unchanged.
        try tree.write(".tca-lint.yml", "excluded: [Sources]\n")
        let excluded = try CLI.run(["lint", "--use-stdin", "--stdin-path", "Sources/A.swift", "--fix"], in: tree.root,
                                   stdin: Self.leftover)
        XCTAssertEqual(excluded.stdout, Self.leftover)
    }

    // MARK: - Xcode Run Script inputs

    func testScriptInputFileListsAreLinted() throws {
        let tree = try ScratchTree()
        try tree.write("Sources/A.swift", Self.leftover)
        try tree.write("Sources/Not Listed.swift", Self.leftover)
        try tree.write("Sources/Über B.swift", Self.leftover)
        try tree.write("inputs.xcfilelist", "\(tree.path("Sources/A.swift"))\n\n\(tree.path("Sources/Über B.swift"))\n")
        let environment = ["SCRIPT_INPUT_FILE_LIST_COUNT": "1", "SCRIPT_INPUT_FILE_LIST_0": tree.path("inputs.xcfilelist")]
        let result = try CLI.run(["lint", "--use-script-input-file-lists", "--quiet"], in: tree.root, environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").map { $0.split(separator: ":").first.map(String.init) ?? "" },
                       [tree.path("Sources/A.swift"), tree.path("Sources/Über B.swift")])
        let files = try CLI.run(["lint", "--use-script-input-files", "--quiet"], in: tree.root,
                                environment: ["SCRIPT_INPUT_FILE_COUNT": "1", "SCRIPT_INPUT_FILE_0": "Sources/Not Listed.swift"])
        XCTAssertEqual(files.stdout.split(separator: "\n").count, 1, files.stdout)
        let missing = try CLI.run(["lint", "--use-script-input-file-lists"], in: tree.root,
                                  environment: ["SCRIPT_INPUT_FILE_LIST_COUNT": "2", "SCRIPT_INPUT_FILE_LIST_0": tree.path("inputs.xcfilelist")])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "tca-lint: error: SCRIPT_INPUT_FILE_LIST_COUNT is 2 but SCRIPT_INPUT_FILE_LIST_1 is not set\n")
        let none = try CLI.run(["lint", "--use-script-input-file-lists"], in: tree.root,
                               environment: ["SCRIPT_INPUT_FILE_LIST_COUNT": "0"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("no lintable files found at the script's inputs"), none.stderr)
    }
}

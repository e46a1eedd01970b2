import Foundation
import XCTest
import TCALint

/// What a team adopting tca-lint next to SwiftLint relies on (issue 24): `--read-only` (the command plugins'
/// promise never to write), `--exit-codes swiftlint`, `rules` against the effective configuration, `dump
/// features` on the current folder, and the help text that lists it all.
final class CLIAdoptionTaxTests: XCTestCase {
    /// A fixable warning (`leftover_print_changes`) and an error (`body_and_reduce`).
    static let warning = "let s = CombineReducers { F()._printChanges() }\n"
    static let error = CLIRuleTests.bodyAndReduce

    // MARK: - --read-only

    /// Every way of asking for a write is refused before anything is read or written: the file, its folder
    /// and the would-be outputs stay as they were, and the run fails with a usage error naming the option.
    func testReadOnlyRefusesEveryWritingOptionWhateverItsSpelling() throws {
        let tree = try ScratchTree()
        try tree.write("A.swift", Self.warning)
        let refused: [([String], String)] = [
            (["--fix"], "--fix rewrites files"),
            (["--autocorrect"], "--autocorrect rewrites files"),
            (["--fix", "--unsafe"], "--fix rewrites files"),
            (["--autocorrect", "--use-stdin", "--stdin-path", "A.swift"], "--autocorrect rewrites files"),
            (["--output", "report.txt"], "--output writes the report to a file"),
            (["--output=report.txt"], "--output writes the report to a file"),
            (["--write-baseline", "baseline.json"], "--write-baseline writes a baseline file"),
            (["--write-baseline=baseline.json"], "--write-baseline writes a baseline file"),
        ]
        for (options, message) in refused {
            // With --use-stdin the buffer is the input: no path operand.
            let operand = options.contains("--use-stdin") ? [] : ["A.swift"]
            for arguments in [["lint", "--read-only"] + options + operand, ["lint"] + options + ["--read-only"] + operand] {
                let result = try CLI.run(arguments, in: tree.root, stdin: Self.warning)
                XCTAssertEqual(result.status, 2, "\(arguments)")
                XCTAssertTrue(result.stderr.contains("tca-lint: error: \(message), which --read-only forbids"), "\(arguments): \(result.stderr)")
                XCTAssertEqual(result.stdout, "", "\(arguments)")
            }
        }
        // Spellings the parser does not take at all fail as usage errors too (nothing is abbreviated).
        for spelling in ["--fix=yes", "--autocorrect=1", "--fi", "--autocorr", "--write-base", "--FIX"] {
            let result = try CLI.run(["lint", "--read-only", spelling, "A.swift"], in: tree.root)
            XCTAssertEqual(result.status, 2, spelling)
        }
        XCTAssertEqual(try String(contentsOf: tree.root.appendingPathComponent("A.swift"), encoding: .utf8), Self.warning)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tree.root.path).sorted(), ["A.swift"])
    }

    func testReadOnlyStillLintsDiffsAndPrintsTheConfiguration() throws {
        let tree = try ScratchTree()
        try tree.write("A.swift", Self.warning)
        let lint = try CLI.run(["lint", "--read-only", "--reporter", "json", "A.swift"], in: tree.root)
        XCTAssertEqual(lint.status, 0, lint.stderr)
        XCTAssertTrue(lint.stdout.contains("leftover_print_changes"), lint.stdout)
        let diff = try CLI.run(["lint", "--read-only", "--diff", "A.swift"], in: tree.root)
        XCTAssertEqual(diff.status, 1, diff.stderr)
        XCTAssertTrue(diff.stdout.contains("-let s = CombineReducers { F()._printChanges() }"), diff.stdout)
        XCTAssertEqual(try CLI.run(["lint", "--read-only", "--print-config"], in: tree.root).status, 0)
        XCTAssertEqual(try String(contentsOf: tree.root.appendingPathComponent("A.swift"), encoding: .utf8), Self.warning)
    }

    // MARK: - --exit-codes swiftlint

    func testSwiftLintExitCodes() throws {
        let tree = try ScratchTree()
        try tree.write("Warning.swift", Self.warning)
        try tree.write("Error.swift", Self.error)
        try tree.write("Clean.swift", "let a = 1\n")
        let cases: [([String], tcaLint: Int32, swiftLint: Int32)] = [
            (["Clean.swift"], 0, 0),
            (["Warning.swift"], 0, 0),
            (["Error.swift"], 1, 2),
            (["--strict", "Warning.swift"], 1, 2),
            (["--lenient", "Error.swift"], 0, 0),
            (["--diff", "Warning.swift"], 1, 2),          // a patch fails the run, as findings do
            (["Missing.swift"], 2, 1),                    // could not lint: SwiftLint's own failure
            (["--reporter", "nope", "Clean.swift"], 2, 1), // a usage error
            (["--bogus", "Clean.swift"], 2, 1),            // rejected before the parser reached the style
        ]
        for (arguments, tcaLint, swiftLint) in cases {
            XCTAssertEqual(try CLI.run(["lint"] + arguments, in: tree.root).status, tcaLint, "\(arguments)")
            XCTAssertEqual(try CLI.run(["lint", "--exit-codes", "swiftlint"] + arguments, in: tree.root).status, swiftLint, "\(arguments)")
            XCTAssertEqual(try CLI.run(["lint"] + arguments + ["--exit-codes=swiftlint"], in: tree.root).status, swiftLint, "\(arguments)")
            XCTAssertEqual(try CLI.run(["lint", "--exit-codes", "tca-lint"] + arguments, in: tree.root).status, tcaLint, "\(arguments)")
        }
        // `lint` is the default command: the style applies without naming it too.
        XCTAssertEqual(try CLI.run(["--exit-codes", "swiftlint", "Error.swift"], in: tree.root).status, 2)
        // After `--`, `--exit-codes=swiftlint` is a path, not a style.
        let operand = try CLI.run(["lint", "Error.swift", "--", "--exit-codes=swiftlint"], in: tree.root)
        XCTAssertEqual(operand.status, 2, operand.stderr)
        XCTAssertTrue(operand.stderr.contains("--exit-codes=swiftlint: no such file or directory"), operand.stderr)
    }

    func testUnknownExitCodeStyleIsAUsageErrorWithASuggestion() throws {
        let result = try CLI.run(["lint", "--exit-codes", "swiftlnt", "."])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--exit-codes takes tca-lint or swiftlint, not 'swiftlnt'; did you mean swiftlint?"), result.stderr)
    }

    // MARK: - rules and the effective configuration

    /// The `enabled` column of each row, by rule id.
    func enabledColumn(_ stdout: String) -> [String: String] {
        var result: [String: String] = [:]
        let lines = stdout.split(separator: "\n")
        guard let header = lines.first, let column = header.range(of: "enabled") else { return [:] }
        let offset = header.distance(from: header.startIndex, to: column.lowerBound)
        for line in lines.dropFirst() {
            let id = String(line.prefix { $0 != " " })
            let start = line.index(line.startIndex, offsetBy: offset)
            result[id] = String(line[start...].prefix { $0 != " " })
        }
        return result
    }

    func testRulesShowWhatTheEffectiveConfigurationEnables() throws {
        let tree = try ScratchTree()
        let ids = RuleRegistry.all.map { $0.description.id }
        let optIn = try XCTUnwrap(RuleRegistry.all.first { $0.description.isOptIn }?.description.id)
        let onByDefault = try XCTUnwrap(RuleRegistry.all.first { !$0.description.isOptIn }?.description.id)

        // No configuration: exactly the rules that are not opt-in.
        let plain = try CLI.run(["rules"], in: tree.root)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stdout.hasPrefix("id  "), plain.stdout)
        let defaults = enabledColumn(plain.stdout)
        XCTAssertEqual(Set(defaults.keys), Set(ids))
        for rule in RuleRegistry.all {
            XCTAssertEqual(defaults[rule.description.id], rule.description.isOptIn ? "no" : "yes", rule.description.id)
        }

        // The current folder's .tca-lint.yml applies, as it would to `lint`.
        try tree.write(".tca-lint.yml", "opt_in_rules:\n  - \(optIn)\ndisabled_rules:\n  - \(onByDefault)\n\(onByDefault):\n  severity: error\n")
        let nested = enabledColumn(try CLI.run(["rules"], in: tree.root).stdout)
        XCTAssertEqual(nested[optIn], "yes")
        XCTAssertEqual(nested[onByDefault], "no")

        // --config replaces the nested files (and repeats to merge).
        try tree.write("only.yml", "only_rules:\n  - \(optIn)\n")
        let only = try CLI.run(["rules", "--config", "only.yml"], in: tree.root)
        XCTAssertEqual(only.status, 0, only.stderr)
        XCTAssertEqual(enabledColumn(only.stdout).filter { $0.value == "yes" }.map(\.key), [optIn])
        try tree.write("more.yml", "opt_in_rules:\n  - all\n")
        let merged = enabledColumn(try CLI.run(["rules", "--config", "only.yml", "--config=more.yml"], in: tree.root).stdout)
        XCTAssertEqual(merged.filter { $0.value == "yes" }.count, ids.count)

        // The severity column is the configured one.
        let severity = try CLI.run(["rules", "--config", ".tca-lint.yml"], in: tree.root).stdout
        let row = try XCTUnwrap(severity.split(separator: "\n").first { $0.hasPrefix(onByDefault + " ") })
        XCTAssertEqual(row.split(separator: " ", omittingEmptySubsequences: true)[1], "error")

        // --enabled / --disabled keep those rows only.
        let enabledRows = try CLI.run(["rules", "--enabled"], in: tree.root).stdout.split(separator: "\n").dropFirst()
        XCTAssertEqual(Set(enabledRows.map { String($0.prefix { $0 != " " }) }), Set(nested.filter { $0.value == "yes" }.keys))
        let disabledRows = try CLI.run(["rules", "--disabled"], in: tree.root).stdout.split(separator: "\n").dropFirst()
        XCTAssertEqual(Set(disabledRows.map { String($0.prefix { $0 != " " }) }), Set(nested.filter { $0.value == "no" }.keys))
    }

    func testRulesReportsABrokenOrMissingConfiguration() throws {
        let tree = try ScratchTree()
        let missing = try CLI.run(["rules", "--config", "missing.yml"], in: tree.root)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("missing.yml"), missing.stderr)
        try tree.write("broken.yml", "disabled_rules: [\n")
        let broken = try CLI.run(["rules", "--config", "broken.yml"], in: tree.root)
        XCTAssertEqual(broken.status, 2)
        XCTAssertTrue(broken.stderr.contains("invalid configuration"), broken.stderr)
        let both = try CLI.run(["rules", "--enabled", "--disabled"], in: tree.root)
        XCTAssertEqual(both.status, 2)
        let option = try CLI.run(["rules", "--strict"], in: tree.root)
        XCTAssertEqual(option.status, 2)
        XCTAssertTrue(option.stderr.contains("unknown option '--strict' for rules"), option.stderr)
    }

    // MARK: - dump features, help

    func testDumpFeaturesDefaultsToTheCurrentFolder() throws {
        let tree = try ScratchTree()
        try tree.write("Sources/Feature.swift", Self.error)
        let implicit = try CLI.run(["dump", "features"], in: tree.root)
        XCTAssertEqual(implicit.status, 0, implicit.stderr)
        XCTAssertTrue(implicit.stdout.contains("\"Feature\""), implicit.stdout)
        XCTAssertEqual(implicit.stdout, try CLI.run(["dump", "features", "."], in: tree.root).stdout)
    }

    func testHelpListsEveryCommand() throws {
        let help = try CLI.run(["help"]).stdout
        for command in ["lint", "rules", "explain", "dump tokens", "dump reducers", "dump features [PATH...]",
                        "completions bash|zsh|fish", "lsp", "version", "help", "--read-only", "--exit-codes STYLE"] {
            XCTAssertTrue(help.contains(command), command)
        }
    }
}

import Foundation
import XCTest
import TCALint

/// `tca-lint completions bash|zsh|fish`: each script parses in its shell, and offers what the command line
/// accepts, read from the registries: every reporter (and alias), every rule id, every command, every option
/// `tca-lint help` lists. Bash and fish are driven for real (their completion functions are called); zsh is
/// checked for syntax and for registering itself. A shell that is not installed skips its test, saying so
/// (.ci/run installs zsh and fish from Debian).
final class CompletionsTests: XCTestCase {
    static let reporters = ReporterRegistry.all.map { $0.identifier } + ReporterRegistry.aliases.keys.sorted()
    static let ruleIDs = RuleRegistry.all.map { $0.description.id }
    static let commands = ["lint", "rules", "explain", "dump", "graph", "migrate", "completions", "lsp", "version", "help"]

    func script(_ shell: String) throws -> URL {
        let result = try CLI.run(["completions", shell])
        XCTAssertEqual(result.status, 0, result.stderr)
        let tree = try ScratchTree()
        trees.append(tree)
        return try tree.write("completion.\(shell)", result.stdout)
    }
    private var trees: [ScratchTree] = []

    /// Runs `shell arguments…` and returns its standard output (fails the test on a non-zero status).
    func run(_ shell: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        // `CLI.run`'s launcher puts tca-lint's path before the arguments: dropped here.
        let result = try CLI.run(arguments, launcher: ["/bin/sh", "-c", "shell=$1; shift 2; exec \"$shell\" \"$@\"", "sh", shell])
        XCTAssertEqual(result.status, 0, "\(shell) \(arguments): \(result.stderr)", file: file, line: line)
        return result.stdout
    }

    func skipUnlessInstalled(_ shell: String) throws {
        let found = try CLI.run([], launcher: ["/bin/sh", "-c", "command -v \(shell)"]).status == 0
        try XCTSkipUnless(found, "\(shell) is not installed (apt-get install \(shell)); its completion script is not checked here")
    }

    /// Every long option `tca-lint help` shows, so the completions cannot miss one the help documents.
    func helpOptions() throws -> Set<String> {
        let help = try CLI.run(["help"]).stdout
        let regex = try NSRegularExpression(pattern: "--[a-z][a-z-]*[a-z]")
        let range = NSRange(help.startIndex..., in: help)
        return Set(regex.matches(in: help, range: range).compactMap { Range($0.range, in: help).map { String(help[$0]) } })
    }

    // MARK: - bash

    /// `_tca_lint` called with the words typed so far: what it offers.
    func bashComplete(_ script: URL, _ words: [String]) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program = "source '\(script.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _tca_lint; printf '%s\\n' \"${COMPREPLY[@]}\""
        return try run("bash", ["--norc", "-c", program]).split(separator: "\n").map(String.init)
    }

    func testBashScriptParsesAndCompletesFromTheRegistries() throws {
        try skipUnlessInstalled("bash")
        let script = try script("bash")
        _ = try run("bash", ["-n", script.path])
        XCTAssertEqual(try bashComplete(script, ["tca-lint", ""]), Self.commands)
        XCTAssertEqual(Set(try bashComplete(script, ["tca-lint", "--reporter", ""])), Set(Self.reporters))
        XCTAssertEqual(Set(try bashComplete(script, ["tca-lint", "lint", "--strict", "--reporter", ""])), Set(Self.reporters))
        XCTAssertEqual(try bashComplete(script, ["tca-lint", "lint", "--exit-codes", ""]), ["tca-lint", "swiftlint"])
        XCTAssertEqual(try bashComplete(script, ["tca-lint", "explain", ""]), Self.ruleIDs)
        // An option's value is not the command: after `--reporter json`, commands are offered again.
        XCTAssertEqual(try bashComplete(script, ["tca-lint", "--reporter", "json", ""]), Self.commands)
        XCTAssertEqual(Set(try bashComplete(script, ["tca-lint", "rules", ""])), Set(Self.ruleIDs + ["--config", "--enabled", "--disabled", "--help"]))
        XCTAssertEqual(try bashComplete(script, ["tca-lint", "dump", ""]), ["tokens", "reducers", "features"])
        XCTAssertEqual(try bashComplete(script, ["tca-lint", "graph", "--format", ""]), ["mermaid", "dot", "svg", "html", "json"])
        XCTAssertEqual(try bashComplete(script, ["tca-lint", "migrate", "--format", ""]), ["markdown", "json"])
        XCTAssertEqual(Set(try bashComplete(script, ["tca-lint", "graph", "Sources", "--"])),
                       ["--format", "--output", "--root", "--depth", "--config", "--jobs", "--only-findings", "--no-findings", "--help"])
        XCTAssertEqual(try bashComplete(script, ["tca-lint", "completions", ""]), ["bash", "zsh", "fish"])
        let lintOptions = Set(try bashComplete(script, ["tca-lint", "lint", "--"]))
        // `rules`' own options (--enabled, --disabled) are offered after `rules`, above.
        let documented = try helpOptions().subtracting(["--help", "--stdio", "--version", "--enabled", "--disabled"])
        XCTAssertTrue(documented.isSubset(of: lintOptions), "not completed: \(documented.subtracting(lintOptions).sorted())")
        XCTAssertTrue(lintOptions.isSuperset(of: ["--reporter", "--read-only", "--exit-codes", "--autocorrect", "--fix"]))
    }

    // MARK: - zsh

    func testZshScriptParsesRegistersItselfAndNamesEverything() throws {
        try skipUnlessInstalled("zsh")
        let script = try script("zsh")
        _ = try run("zsh", ["-n", script.path])
        // Sourced after compinit (the README's second way), it registers its function for tca-lint.
        let registered = try run("zsh", ["-f", "-c", "autoload -Uz compinit && compinit -u -D && source '\(script.path)' && print -r -- $_comps[tca-lint]"])
        XCTAssertEqual(registered, "_tca_lint\n")
        let text = try String(contentsOf: script, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("#compdef tca-lint\n"))
        for word in Self.reporters + Self.ruleIDs + Array(try helpOptions().subtracting(["--help", "--stdio"])) {
            XCTAssertTrue(text.contains(word), word)
        }
    }

    // MARK: - fish

    /// `complete -C 'line'`: fish's own completion of the command line, candidates without descriptions.
    func fishComplete(_ script: URL, _ line: String) throws -> [String] {
        try run("fish", ["--no-config", "-c", "source '\(script.path)'; complete -C '\(line)'"])
            .split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }

    func testFishScriptParsesAndCompletesFromTheRegistries() throws {
        try skipUnlessInstalled("fish")
        let script = try script("fish")
        _ = try run("fish", ["--no-execute", script.path])
        XCTAssertEqual(Set(try fishComplete(script, "tca-lint --reporter ")), Set(Self.reporters))
        XCTAssertEqual(Set(try fishComplete(script, "tca-lint explain ")), Set(Self.ruleIDs))
        XCTAssertEqual(Set(try fishComplete(script, "tca-lint dump ")), ["tokens", "reducers", "features"])
        XCTAssertEqual(Set(try fishComplete(script, "tca-lint graph --format ")), ["mermaid", "dot", "svg", "html", "json"])
        XCTAssertTrue(Set(try fishComplete(script, "tca-lint graph --")).isSuperset(of: ["--format", "--root", "--depth", "--only-findings"]))
        XCTAssertEqual(Set(try fishComplete(script, "tca-lint --exit-codes ")), ["tca-lint", "swiftlint"])
        XCTAssertTrue(Set(try fishComplete(script, "tca-lint ")).isSuperset(of: Self.commands))
        let options = Set(try fishComplete(script, "tca-lint lint --"))
        let documented = try helpOptions().subtracting(["--help", "--stdio", "--enabled", "--disabled"])
        XCTAssertTrue(documented.isSubset(of: options), "not completed: \(documented.subtracting(options).sorted())")
        XCTAssertEqual(Set(try fishComplete(script, "tca-lint rules --")), ["--config", "--enabled", "--disabled"])
        // A rule's summary (backticks, quotes) arrives intact as its description.
        let described = try run("fish", ["--no-config", "-c", "source '\(script.path)'; complete -C 'tca-lint explain body_and'"])
        let summary = try XCTUnwrap(RuleRegistry.rule(withID: "body_and_reduce")?.description.summary)
        XCTAssertEqual(described, "body_and_reduce\t\(summary)\n")
    }

    // MARK: - the command

    func testCompletionsNeedsAKnownShell() throws {
        let none = try CLI.run(["completions"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("completions needs one shell: bash, zsh, fish"), none.stderr)
        let typo = try CLI.run(["completions", "zhs"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("unknown shell 'zhs'; expected bash, zsh, fish (did you mean zsh?)"), typo.stderr)
        XCTAssertEqual(try CLI.run(["completions", "--help"]).status, 0)
    }
}

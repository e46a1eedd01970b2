import Foundation
import XCTest

/// End-to-end tests of the `tca-lint` binary that do not depend on any rule being registered.
final class CLITests: XCTestCase {
    static let invalidUTF8: [UInt8] = Array("let a = 1\n".utf8) + [0xC3, 0x28] + Array("\n".utf8)

    func testBinaryIsFound() {
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: CLI.executable.path), CLI.executable.path)
    }

    func testSummaryIsSingularOrPluralAndOnStandardError() throws {
        let tree = try ScratchTree()
        try tree.write("A.swift", "let a = 1\n")
        let one = try CLI.run(["lint"], in: tree.root)
        XCTAssertEqual(one.status, 0)
        XCTAssertEqual(one.stdout, "")
        XCTAssertEqual(one.stderr, "Found 0 warnings, 0 errors in 1 file\n")
        try tree.write("B.swift", "let b = 2\n")
        let two = try CLI.run(["lint", "."], in: tree.root)
        XCTAssertEqual(two.stderr, "Found 0 warnings, 0 errors in 2 files\n")
    }

    func testQuietDropsTheSummary() throws {
        let tree = try ScratchTree()
        try tree.write("A.swift", "let a = 1\n")
        let result = try CLI.run(["lint", "--quiet"], in: tree.root)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "")
    }

    func testMissingPathExitsTwoAfterLintingTheRest() throws {
        let tree = try ScratchTree()
        try tree.write("A.swift", "let a = 1\n")
        let result = try CLI.run(["lint", "nope", "A.swift"], in: tree.root)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, """
            tca-lint: error: nope: no such file or directory
            Found 0 warnings, 0 errors in 1 file

            """)
    }

    func testInvalidUTF8AndBinaryFilesAreReportedWithTheirPathAndOthersStillLinted() throws {
        let tree = try ScratchTree()
        try tree.write("Sources/A.swift", "let a = 1\n")
        try tree.write("Sources/Bad.swift", bytes: Self.invalidUTF8)
        try tree.write("Sources/Binary.swift", bytes: Array("let x = 1 // padding....\n".utf8) + [0, 1, 2])
        try tree.write("Sources/Z.swift", "let z = 1\n")
        let result = try CLI.run(["lint", "Sources"], in: tree.root)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, """
            Sources/Bad.swift: error: not valid UTF-8, skipped
            Sources/Binary.swift: error: contains NUL bytes (binary file), skipped
            Found 0 warnings, 0 errors in 2 files

            """)
    }

    func testUnreadableFileIsAPerFileProblem() throws {
        guard getuid() != 0 else { throw XCTSkip("root reads every file") }
        let tree = try ScratchTree()
        try tree.write("A.swift", "let a = 1\n")
        let locked = try tree.write("Locked.swift", "let b = 1\n")
        XCTAssertEqual(chmod(locked.path, 0), 0)
        let result = try CLI.run(["lint"], in: tree.root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("Locked.swift: error: cannot open (Permission denied)\n"), result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("in 1 file\n"), result.stderr)
    }

    func testSpacesAndNonASCIIPathsArePrintedFaithfully() throws {
        let tree = try ScratchTree()
        try tree.write("My App/Fëätüre Ω/Bäd Fïle.swift", bytes: Self.invalidUTF8)
        try tree.write("My App/日本語.swift", "let a = 1\n")
        let result = try CLI.run(["lint", "My App"], in: tree.root)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, """
            My App/Fëätüre Ω/Bäd Fïle.swift: error: not valid UTF-8, skipped
            Found 0 warnings, 0 errors in 1 file

            """)
    }

    func testJobsOneAndTwoGiveIdenticalOutput() throws {
        let tree = try ScratchTree()
        for i in 0..<150 {
            let body = i % 3 == 0
                ? "@Reducer struct F\(i) { var body: some ReducerOf<Self> { Reduce { _, _ in .none }._printChanges() } }\n"
                : "let value\(i) = \(i)\n"
            try tree.write("Dir\(i % 7)/File\(i).swift", body)
            if i % 37 == 0 { try tree.write("Dir\(i % 7)/Broken\(i).swift", bytes: Self.invalidUTF8) }
        }
        let one = try CLI.run(["lint", "--jobs", "1", "."], in: tree.root)
        let two = try CLI.run(["lint", "--jobs=2", "."], in: tree.root)
        let many = try CLI.run(["lint", "-j", "7", "."], in: tree.root)
        XCTAssertEqual(one.status, 2)
        XCTAssertEqual(one.stdout, two.stdout)
        XCTAssertEqual(one.stderr, two.stderr)
        XCTAssertEqual(one.stdout, many.stdout)
        XCTAssertEqual(one.stderr, many.stderr)
        XCTAssertTrue(one.stderr.hasPrefix("Dir0/Broken0.swift: error: not valid UTF-8, skipped\n"), one.stderr)
        XCTAssertTrue(one.stderr.hasSuffix(" in 150 files\n"), one.stderr)
    }

    func testOutputFileIsWrittenAndNothingIsLeftBehind() throws {
        let tree = try ScratchTree()
        try tree.write("Src/A.swift", "let a = 1\n")
        try tree.mkdir("reports")
        try tree.write("reports/old.txt", "stale\n")
        let result = try CLI.run(["lint", "--output", "reports/old.txt", "Src"], in: tree.root)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(try String(contentsOfFile: tree.path("reports/old.txt"), encoding: .utf8), "")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tree.path("reports")), ["old.txt"])
        let attributes = try FileManager.default.attributesOfItem(atPath: tree.path("reports/old.txt"))
        let mode = (attributes[.posixPermissions] as? Int) ?? 0
        XCTAssertNotEqual(mode & 0o044, 0, "a report is readable like any file the user creates")
    }

    func testOutputIntoMissingDirectoryIsAnError() throws {
        let tree = try ScratchTree()
        try tree.write("A.swift", "let a = 1\n")
        let result = try CLI.run(["lint", "--output", "no/such/dir/report.txt"], in: tree.root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("tca-lint: error: cannot write the report to 'no/such/dir/report.txt': "),
                      result.stderr)
    }

    func testUsageErrorsExitTwoWithOneErrorLine() throws {
        let cases: [([String], String)] = [
            ([], "tca-lint: error: no lintable files found at paths: '.'"),
            (["frobnicate"], "tca-lint: error: unknown command 'frobnicate' (and no file or folder of that name to lint)\n"),
            (["lnit"], "tca-lint: error: unknown command 'lnit' (and no file or folder of that name to lint); did you mean lint?\n"),
            (["lint", "--reporter", "nope"], "tca-lint: error: unknown reporter 'nope'; valid reporters: xcode"),
            (["lint", "--reporter", "jsno"], "tca-lint: error: unknown reporter 'jsno'; did you mean json?"),
            (["lint", "--reporter"], "tca-lint: error: option --reporter needs a value\n"),
            (["lint", "--jobs", "0"], "tca-lint: error: --jobs needs a whole number from 1 to 1024, not '0'\n"),
            (["lint", "--jobs=abc"], "tca-lint: error: --jobs needs a whole number from 1 to 1024, not 'abc'\n"),
            (["lint", "--strict=yes"], "tca-lint: error: option --strict takes no value\n"),
            (["lint", "--frob"], "tca-lint: error: unknown option '--frob' for lint\n"),
            (["lint", "--stirct"], "tca-lint: error: unknown option '--stirct' for lint; did you mean --strict?\n"),
            (["lint", "--allow-zero-lintable-file"], "tca-lint: error: unknown option '--allow-zero-lintable-file' for lint; did you mean --allow-zero-lintable-files?\n"),
            (["--strict", "--lenient"], "tca-lint: error: --strict and --lenient cannot be used together\n"),
            (["lsp", "--tcp"], "tca-lint: error: lsp takes no arguments but --stdio"),
            (["lint", "--output="], "tca-lint: error: --output needs a file name\n"),
            (["explain"], "tca-lint: error: explain needs exactly one rule id"),
            (["explain", "no_such_rule_at_all"], "tca-lint: error: unknown rule 'no_such_rule_at_all'"),
            (["dump"], "tca-lint: error: dump needs what to dump"),
            (["dump", "ast", "x.swift"], "tca-lint: error: unknown dump 'ast'; expected tokens, reducers or features\n"),
            (["dump", "tokens"], "tca-lint: error: dump tokens needs exactly one FILE\n"),
            (["dump", "tokens", "missing.swift"], "tca-lint: error: missing.swift: cannot open (No such file or directory)\n"),
            (["rules", "extra"], "tca-lint: error: unknown rule 'extra' (see 'tca-lint rules')\n"),
        ]
        let tree = try ScratchTree()
        for (arguments, expectedStart) in cases {
            let result = try CLI.run(arguments, in: tree.root)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix(expectedStart), "\(arguments): \(result.stderr)")
        }
    }

    func testHelpAndVersion() throws {
        for arguments in [["help"], ["--help"], ["-h"], ["lint", "--help"]] {
            let result = try CLI.run(arguments)
            XCTAssertEqual(result.status, 0)
            XCTAssertTrue(result.stdout.contains("tca-lint [lint] [options] [paths...]"), "\(arguments)")
            XCTAssertTrue(result.stdout.contains("--reporter NAME"))
        }
        let version = try CLI.run(["version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdout, "0.1.0\n")
    }

    func testRulesPrintsATableWithAHeader() throws {
        let result = try CLI.run(["rules"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.hasPrefix("id"), result.stdout)
        XCTAssertTrue(result.stdout.split(separator: "\n").first?.contains("severity  opt-in  fix        enabled  summary") ?? false)
    }

    func testDoubleDashMakesOptionLookingNamesPaths() throws {
        let tree = try ScratchTree()
        try tree.write("--strict.swift", bytes: Self.invalidUTF8)
        let result = try CLI.run(["lint", "--", "--strict.swift"], in: tree.root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("--strict.swift: error: not valid UTF-8, skipped\n"), result.stderr)
    }

    /// A typo in a path or in `included:` must not pass CI silently (SwiftLint: "No lintable files
    /// found"). Exit 2, not 1: the linter could not do its job, which CI scripts tell apart from findings.
    func testZeroLintableFilesIsAnErrorUnlessAllowed() throws {
        let tree = try ScratchTree()
        try tree.write("Sources/A.swift", "let a = 1\n")
        let empty = try CLI.run(["lint", "Empty"], in: tree.root)
        XCTAssertEqual(empty.status, 2)   // a missing path: reported as missing, not twice
        XCTAssertEqual(empty.stderr, "tca-lint: error: Empty: no such file or directory\nFound 0 warnings, 0 errors in 0 files\n")
        try tree.write("Empty/README.md", "")
        let result = try CLI.run(["lint", "Empty"], in: tree.root)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("tca-lint: error: no lintable files found at paths: 'Empty' "), result.stderr)
        XCTAssertTrue(result.stderr.contains("--allow-zero-lintable-files"), result.stderr)
        let allowed = try CLI.run(["lint", "--allow-zero-lintable-files", "Empty"], in: tree.root)
        XCTAssertEqual(allowed.status, 0)
        XCTAssertEqual(allowed.stderr, "Found 0 warnings, 0 errors in 0 files\n")

        try tree.write(".tca-lint.yml", "included: [Source]\n")   // the typo SwiftLint users make
        let typo = try CLI.run([], in: tree.root)
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("no lintable files found at paths: '.'"), typo.stderr)
        try tree.write(".tca-lint.yml", "included: [Source]\nallow_zero_lintable_files: true\n")
        XCTAssertEqual(try CLI.run([], in: tree.root).status, 0)
    }
}

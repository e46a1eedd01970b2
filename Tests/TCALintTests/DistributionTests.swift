import Foundation
import XCTest
@testable import TCALint

/// The files that install and distribute tca-lint (Homebrew formula, README, release script,
/// pre-commit hooks) agree with the code: one version, in `TCALintVersion.current`, and commands
/// the CLI accepts.
final class DistributionTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func read(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    func testHomebrewFormulaBuildsTheCurrentVersionsTag() throws {
        let formula = try read("Formula/tca-lint.rb")
        XCTAssertTrue(formula.contains("url \"\(TCALintVersion.informationURI).git\", tag: \"\(TCALintVersion.current)\""),
                      formula)
    }

    func testReadmeDependsOnMainUntilTheCurrentVersionIsTagged() throws {
        let readme = try read("README.md")
        XCTAssertTrue(readme.contains(".package(url: \"\(TCALintVersion.informationURI)\", branch: \"main\")"))
        XCTAssertTrue(readme.contains("from: \"\(TCALintVersion.current)\""))
    }

    /// The code-scanning workflow in README.md grants what `upload-sarif` needs in a private repository too:
    /// `contents: read` (checkout), `actions: read` (the run's details) and `security-events: write` (GitHub's
    /// "Uploading a SARIF file to GitHub"); a `permissions:` block withholds everything it does not list.
    /// (.ci/run also runs actionlint on the block.)
    func testReadmeCodeScanningWorkflowGrantsWhatUploadSARIFNeeds() throws {
        let readme = try read("README.md")
        let start = try XCTUnwrap(readme.range(of: "```yaml\nname: tca-lint\n"))
        let end = try XCTUnwrap(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let workflow = readme[start.upperBound..<end.lowerBound]
        XCTAssertTrue(workflow.contains("upload-sarif"))
        let lines = workflow.split(separator: "\n")
        let block = try XCTUnwrap(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "permissions:" })
        let granted = lines[(block + 1)...].prefix { $0.hasPrefix("      ") }
            .map { $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(Set(granted), ["contents: read", "actions: read", "security-events: write"])
    }

    func testReleaseScriptReadsTheVersionFromTheCode() throws {
        let process = Process()
        process.executableURL = Self.root.appendingPathComponent("scripts/release")
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(output, TCALintVersion.current + "\n")
    }

    /// Each hook's `entry:` runs on a file with a fixable warning: no usage error (status 2), and
    /// `--strict` fails on the warning while `--fix` removes it.
    func testPreCommitHookEntriesAreCommandsTheCLIAccepts() throws {
        let entries = try read(".pre-commit-hooks.yaml").split(separator: "\n")
            .compactMap { line -> [String]? in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("entry: ") else { return nil }
                return trimmed.dropFirst("entry: ".count).split(separator: " ").map(String.init)
            }
        XCTAssertEqual(entries.count, 2)
        for entry in entries {
            XCTAssertEqual(entry.first, "tca-lint", "\(entry)")
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tca-lint-hook-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let source = "struct Feature: Reducer {\n  var body: some ReducerOf<Self> {\n    Reduce { _, _ in .none }._printChanges()\n  }\n}\n"
            try Data(source.utf8).write(to: directory.appendingPathComponent("Feature.swift"))
            let result = try CLI.run(Array(entry.dropFirst()) + ["Feature.swift"], in: directory)
            let fixed = try String(contentsOf: directory.appendingPathComponent("Feature.swift"), encoding: .utf8)
            if entry.contains("--fix") {
                XCTAssertEqual(result.status, 0, "\(entry): \(result.stderr)")
                XCTAssertFalse(fixed.contains("_printChanges"), "\(entry)")
            } else {
                XCTAssertEqual(result.status, 1, "\(entry): \(result.stderr)")
                XCTAssertTrue(result.stdout.contains("(leftover_print_changes)"), "\(entry): \(result.stdout)")
                XCTAssertEqual(fixed, source)
            }
        }
    }
}

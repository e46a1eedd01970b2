import Foundation
import XCTest

/// README examples run as written.
final class READMEExamplesTests: XCTestCase {
    /// The ```sh block that follows `marker` in README.md.
    static func block(after marker: String) throws -> String {
        let readme = try String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: marker), "README has no \(marker)")
        let fence = try XCTUnwrap(readme.range(of: "```sh\n", range: start.upperBound..<readme.endIndex))
        let end = try XCTUnwrap(readme.range(of: "\n```", range: fence.upperBound..<readme.endIndex))
        return String(readme[fence.upperBound..<end.lowerBound]) + "\n"
    }

    private func run(_ executable: String, _ arguments: [String], in directory: URL,
                     environment: [String: String] = [:]) throws -> CLI.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Small outputs only (a few findings): reading after exit cannot fill the pipes.
        process.waitUntilExit()
        return CLI.Result(status: process.terminationStatus,
                          stdout: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                          stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    private func git(_ arguments: [String], in repo: URL) throws {
        let result = try run("/usr/bin/env", ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments, in: repo)
        XCTAssertEqual(result.status, 0, "git \(arguments): \(result.stderr)")
    }

    /// The hook lints the staged blob, not the working tree, and survives names with spaces,
    /// non-ASCII characters, a leading dash and a colon.
    func testPreCommitHookLintsStagedContentOfAnyFileName() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/git")
                || FileManager.default.isExecutableFile(atPath: "/opt/homebrew/bin/git") else {
            throw XCTSkip("git is not installed")
        }
        let tree = try ScratchTree()
        let repo = tree.root
        try git(["init", "-q"], in: repo)
        let hook = try tree.write("hook.sh", Self.block(after: "<!-- pre-commit-hook -->"))
        let clean = "let a = 1\n"
        let bad = CLIAdoptionTests.leftover
        let names = ["Sources/My Feature ü.swift", "Sources/-dash:colon 日本.swift"]
        let environment = ["TCA_LINT": CLI.executable.path]
        func hookRun() throws -> CLI.Result { try run("/usr/bin/env", ["bash", hook.path], in: repo, environment: environment) }

        // Staged: bad. Working tree: clean. The hook must see the staged text.
        for name in names {
            try tree.write(name, bad)
            try git(["add", "--", name], in: repo)
            try tree.write(name, clean)
        }
        let blocked = try hookRun()
        XCTAssertEqual(blocked.status, 1, blocked.stderr)
        let reported = blocked.stdout.split(separator: "\n").map { String($0) }
        XCTAssertEqual(reported.count, 2, blocked.stdout + blocked.stderr)
        for name in names {
            XCTAssertTrue(reported.contains { $0.hasPrefix(name + ":3:30: error: ") }, "\(name) in \(blocked.stdout)")
        }

        // Staged: clean. Working tree: bad. Nothing to block.
        for name in names {
            try git(["add", "--", name], in: repo)
            try tree.write(name, bad)
        }
        let passed = try hookRun()
        XCTAssertEqual(passed.status, 0, passed.stdout + passed.stderr)
        XCTAssertEqual(passed.stdout, "")

        // No staged Swift file: nothing to do.
        try git(["commit", "-q", "-m", "clean", "--no-verify"], in: repo)
        XCTAssertEqual(try hookRun().status, 0)
    }
}

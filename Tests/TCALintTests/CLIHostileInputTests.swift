import Foundation
import XCTest
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Issue 25 through the command line: inputs `lint` refuses, links leading out of the linted tree, endless
/// and non-regular inputs, configuration chains, leftovers of earlier runs.
final class CLIHostileInputTests: XCTestCase {
    static let finding = "let s = Store(initialState: F.State()) { F()._printChanges() }\n"

    /// What `lint` refuses (NUL bytes, invalid UTF-8), `--fix` and `--diff` refuse too, with the same
    /// message and exit 2; the files stay as they were and the other files are still fixed.
    func testFixAndDiffRefuseWhatLintRefuses() throws {
        let tree = try ScratchTree()
        let nul = Array(Self.finding.utf8) + Array("// \0 nul\n".utf8)
        let invalid = Array(Self.finding.utf8) + [0x2F, 0x2F, 0x20, 0xFF, 0x0A]
        try tree.write("Nul.swift", bytes: nul)
        try tree.write("Bad.swift", bytes: invalid)
        try tree.write("Good.swift", Self.finding)
        let lint = try CLI.run(["lint", "--quiet", "."], in: tree.root)
        XCTAssertEqual(lint.status, 2)
        for arguments in [["lint", "--diff", "."], ["lint", "--fix", "."], ["lint", "--fix", "--unsafe", "Nul.swift", "Bad.swift", "Good.swift"]] {
            let result = try CLI.run(arguments + ["--quiet"], in: tree.root)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("Nul.swift: error: contains NUL bytes (binary file), skipped"), result.stderr)
            XCTAssertTrue(result.stderr.contains("Bad.swift: error: not valid UTF-8, skipped"), result.stderr)
            XCTAssertFalse(result.stdout.contains("Nul.swift") || result.stdout.contains("Bad.swift"), result.stdout)
            XCTAssertEqual(try Data(contentsOf: tree.root.appendingPathComponent("Nul.swift")), Data(nul))
            XCTAssertEqual(try Data(contentsOf: tree.root.appendingPathComponent("Bad.swift")), Data(invalid))
        }
        XCTAssertEqual(try String(contentsOf: tree.root.appendingPathComponent("Good.swift"), encoding: .utf8),
                       "let s = Store(initialState: F.State()) { F() }\n")
    }
}

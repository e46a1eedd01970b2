import Foundation
import XCTest
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Issue 14, faults injected under the command line: a full disk, a read-only folder, an `--output`
/// whose value went missing, hard links, hostile file names on standard error and in patches.
final class CLIFaultInjectionTests: XCTestCase {
    static let finding = CLIWriteSafetyTests.finding

    /// Runs tca-lint under a file size limit: a write past it fails with EFBIG ("File too large") as a write
    /// to a full disk fails with ENOSPC, and no small file system is needed. SIGXFSZ is ignored so the write
    /// fails instead of killing the process (an ignored signal stays ignored across `exec`).
    static let fileSizeLimit = ["/bin/sh", "-c", "trap '' XFSZ; ulimit -f 8 && exec \"$0\" \"$@\""]

    /// How to run tca-lint as a user without privileges: directly when not root; through `setpriv` as
    /// `nobody` when root (root writes into any folder). Nil when neither works here.
    static func unprivileged(in tree: ScratchTree) throws -> [String]? {
        guard getuid() == 0 else { return [] }
        let setpriv = "/usr/bin/setpriv"
        guard FileManager.default.isExecutableFile(atPath: setpriv) else { return nil }
        let launcher = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
        chmod(tree.root.path, 0o755)
        // `nobody` must be able to reach the binary (not so when the clone is under root's home).
        return try CLI.run(["version"], in: tree.root, launcher: launcher).status == 0 ? launcher : nil
    }

    func names(in tree: ScratchTree, _ folder: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: tree.path(folder)).sorted()
    }

    func testAFixOrReportHittingAFullDiskExitsTwoNamingThePathAndKeepsTheFile() throws {
        let tree = try ScratchTree()
        let big = String(repeating: "let x = 1\n", count: 2_000) + Self.finding  // 20 KB, past the 4 KB limit
        try tree.write("Big.swift", big)
        let fix = try CLI.run(["lint", "--fix", "Big.swift"], in: tree.root, launcher: Self.fileSizeLimit)
        XCTAssertEqual(fix.status, 2, fix.stderr)
        XCTAssertTrue(fix.stderr.contains("Big.swift: error: write failed: File too large"), fix.stderr)
        XCTAssertTrue(fix.stderr.contains("tca-lint: error: 1 file not fixed: Big.swift"), fix.stderr)
        XCTAssertTrue(fix.stdout.contains("Big.swift:2001:31: warning:"), "the finding is still reported: \(fix.stdout)")
        XCTAssertEqual(try String(contentsOf: tree.root.appendingPathComponent("Big.swift")), big)

        // 200 findings: a report and a baseline far larger than the limit.
        try tree.write("Many.swift", String(repeating: Self.finding, count: 200))
        for (flag, what) in [("--output", "report"), ("--write-baseline", "baseline")] {
            let result = try CLI.run(["lint", flag, "out.txt", "Many.swift"], in: tree.root, launcher: Self.fileSizeLimit)
            XCTAssertEqual(result.status, 2, "\(flag): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("tca-lint: error: cannot write the \(what) to 'out.txt': write failed: File too large"),
                          result.stderr)
        }
        XCTAssertEqual(try names(in: tree), ["Big.swift", "Many.swift"], "no report, no temporary file left")
    }

    func testAFixOrReportInAReadOnlyFolderExitsTwoNamingThePathAndReason() throws {
        let tree = try ScratchTree()
        guard let launcher = try Self.unprivileged(in: tree) else {
            throw XCTSkip("running as root (which writes into any folder) without a way to drop privileges")
        }
        try tree.write("locked/A.swift", Self.finding)
        chmod(tree.path("locked/A.swift"), 0o666)  // the file is writable, its folder is not
        chmod(tree.path("locked"), 0o555)
        defer { chmod(tree.path("locked"), 0o755) }
        let fix = try CLI.run(["lint", "--fix", "locked/A.swift"], in: tree.root, launcher: launcher)
        XCTAssertEqual(fix.status, 2, fix.stderr)
        XCTAssertTrue(fix.stderr.contains("locked/A.swift: error: cannot create a temporary file in locked: Permission denied"), fix.stderr)
        XCTAssertTrue(fix.stderr.contains("tca-lint: error: 1 file not fixed: locked/A.swift"), fix.stderr)
        XCTAssertEqual(try String(contentsOf: tree.root.appendingPathComponent("locked/A.swift")), Self.finding)
        for (flag, what) in [("--output", "report"), ("--write-baseline", "baseline")] {
            let result = try CLI.run(["lint", flag, "locked/out.txt", "locked/A.swift"], in: tree.root, launcher: launcher)
            XCTAssertEqual(result.status, 2, flag)
            XCTAssertTrue(result.stderr.contains(
                "tca-lint: error: cannot write the \(what) to 'locked/out.txt': cannot create a temporary file in locked: Permission denied"),
                result.stderr)
        }
        XCTAssertEqual(try names(in: tree, "locked"), ["A.swift"])
    }

    /// `tca-lint lint --output $EMPTY a.swift`: the shell drops the empty word, `a.swift` becomes the
    /// output and the run lints the current folder, which holds `a.swift`.
    func testAnOutputWhoseValueIsMissingDoesNotReplaceTheOneInput() throws {
        let tree = try ScratchTree()
        try tree.write("a.swift", Self.finding)
        for flag in ["--output", "--write-baseline"] {
            let result = try CLI.run(["lint", flag, "a.swift"], in: tree.root)
            XCTAssertEqual(result.status, 2, flag)
            XCTAssertTrue(result.stderr.contains("refusing to write \(flag) onto 'a.swift': it names a Swift source file"), result.stderr)
            XCTAssertEqual(try String(contentsOf: tree.root.appendingPathComponent("a.swift")), Self.finding)
        }
        XCTAssertEqual(try names(in: tree), ["a.swift"])
    }

    /// A hard-linked file is one file: fixing through either name is refused, the finding stays reported
    /// under the name given, and naming both reports it once.
    func testAHardLinkedFileIsNeitherFixedNorReportedCleanThroughEitherName() throws {
        let tree = try ScratchTree()
        try tree.write("A.swift", Self.finding)
        XCTAssertEqual(link(tree.path("A.swift"), tree.path("B.swift")), 0)
        for name in ["A.swift", "B.swift"] {
            let result = try CLI.run(["lint", "--fix", name], in: tree.root)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("\(name): error: the file has 2 hard links"), result.stderr)
            XCTAssertTrue(result.stdout.hasPrefix("\(name):1:31: warning:"), result.stdout)
        }
        let both = try CLI.run(["lint", "--fix", "A.swift", "B.swift"], in: tree.root)
        XCTAssertEqual(both.status, 2)
        XCTAssertEqual(both.stdout.components(separatedBy: "leftover_print_changes").count - 1, 1, both.stdout)
        for name in ["A.swift", "B.swift"] {
            XCTAssertEqual(try String(contentsOf: tree.root.appendingPathComponent(name)), Self.finding)
        }
    }

    /// Messages on standard error and the headers of a patch name files too: their control characters are
    /// escaped (as in the terminal reporters) or C-quoted as git does, never written raw.
    func testControlBytesInFileNamesReachNeitherStandardErrorNorPatchHeadersRaw() throws {
        let tree = try ScratchTree()
        let name = "e\u{1B}[31m\u{07}.swift"
        try tree.write(name, Self.finding)
        let diff = try CLI.run(["lint", "--diff", name], in: tree.root)
        XCTAssertEqual(diff.status, 1)
        XCTAssertTrue(diff.stdout.hasPrefix("--- \"a/e\\033[31m\\a.swift\"\n+++ \"b/e\\033[31m\\a.swift\"\n@@ -1 +1 @@\n"), diff.stdout)
        chmod(tree.path(name), 0o444)
        let fix = try CLI.run(["lint", "--fix", name, "missing\u{1B}.swift"], in: tree.root)
        XCTAssertEqual(fix.status, 2)
        XCTAssertTrue(fix.stderr.contains("e\\u{1B}[31m\\u{07}.swift: error: the file is read-only (mode 444); not fixed"), fix.stderr)
        XCTAssertTrue(fix.stderr.contains("missing\\u{1B}.swift"), fix.stderr)
        for output in [diff.stdout, diff.stderr, fix.stdout, fix.stderr] {
            XCTAssertFalse(output.contains("\u{1B}") || output.contains("\u{07}"), output)
        }
    }
}

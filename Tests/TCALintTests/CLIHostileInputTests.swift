import Foundation
import XCTest
@testable import TCALint
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
    static let finding = "let s = CombineReducers { F()._printChanges() }\n"

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
                       "let s = CombineReducers { F() }\n")
    }

    // MARK: - Links out of the linted tree

    /// A linked file or folder inside the tree that leads outside it is linted, never rewritten (nor shown by
    /// `--diff`), and named on standard error; the run exits 2. A link that stays inside the tree is followed.
    func testFixNeverWritesOutsideTheLintedTreeThroughLinks() throws {
        let tree = try ScratchTree()
        try tree.write("other/Target.swift", Self.finding)
        try tree.write("other/d/InDir.swift", Self.finding)
        try tree.write("tree/Sources/Own.swift", Self.finding)
        try tree.write("tree/Shared/Real.swift", Self.finding)
        try tree.symlink("tree/Sources/Link.swift", to: "../../other/Target.swift")
        try tree.symlink("tree/Sources/LinkDir", to: "../../other/d")
        try tree.symlink("tree/Sources/Inside.swift", to: "../Shared/Real.swift")
        let fixed = "let s = CombineReducers { F() }\n"
        func text(_ path: String) throws -> String { try String(contentsOfFile: tree.path(path), encoding: .utf8) }

        let diff = try CLI.run(["lint", "--diff", "tree"], in: tree.root)
        XCTAssertEqual(diff.status, 2, diff.stderr)
        XCTAssertFalse(diff.stdout.contains("Link"), diff.stdout)
        XCTAssertTrue(diff.stdout.contains("+++ b/tree/Sources/Own.swift"), diff.stdout)

        let result = try CLI.run(["lint", "--fix", "tree"], in: tree.root)
        XCTAssertEqual(result.status, 2, result.stderr)
        let real = URL(fileURLWithPath: tree.root.path).resolvingSymlinksInPath().path
        for (link, target) in [("tree/Sources/Link.swift", "other/Target.swift"), ("tree/Sources/LinkDir/InDir.swift", "other/d/InDir.swift")] {
            XCTAssertTrue(result.stderr.contains("\(link): error: it is reached through a symbolic link and its real path, \(real)/\(target), is outside the linted folder \(real)/tree; linted, not fixed"),
                          result.stderr)
            XCTAssertTrue(result.stdout.contains("\(link):1:31: warning:"), "still linted: \(result.stdout)")
            XCTAssertEqual(try text(target), Self.finding, target)
        }
        XCTAssertTrue(result.stderr.contains("tca-lint: error: 2 files not fixed: tree/Sources/Link.swift, tree/Sources/LinkDir/InDir.swift"), result.stderr)
        XCTAssertEqual(try text("tree/Sources/Own.swift"), fixed)
        XCTAssertEqual(try text("tree/Shared/Real.swift"), fixed, "a link inside the tree is followed")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: tree.path("tree/Sources/Inside.swift")), "../Shared/Real.swift")

        // A link named on the command line is judged by the folder it sits in.
        let named = try CLI.run(["lint", "--fix", "tree/Sources/Link.swift"], in: tree.root)
        XCTAssertEqual(named.status, 2, named.stderr)
        XCTAssertEqual(try text("other/Target.swift"), Self.finding)
        // Linting the folder the target lives in fixes it.
        XCTAssertEqual(try CLI.run(["lint", "--fix", "--quiet", "other"], in: tree.root).status, 0)
        XCTAssertEqual(try text("other/Target.swift"), fixed)
    }

    // MARK: - A writer that keeps its file open

    /// A process keeps a fixed file open (`exec 3>>F.swift`) and appends after the replacement, while tca-lint is
    /// still running: its last check, right before it exits, finds the write, puts the old content back with it,
    /// names the file and exits 2. Made certain by holding tca-lint on a full standard output (a report of
    /// 2,000 findings) while the append happens: the report is written after the fixes have settled.
    func testAnAppendByAWriterThatKeepsTheFileOpenIsReportedNotLost() throws {
        let tree = try ScratchTree()
        let fixedFile = try tree.write("F.swift", Self.finding)
        var many = ""
        for i in 0..<2000 {
            many += "@Reducer struct R\(i) {\n  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }\n"
                + "  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }\n}\n"
        }
        try tree.write("Many.swift", many)
        let holder = open(fixedFile.path, O_WRONLY | O_APPEND)
        XCTAssertGreaterThanOrEqual(holder, 0)
        defer { close(holder) }
        var before = stat()
        XCTAssertEqual(stat(fixedFile.path, &before), 0)

        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["lint", "--fix", "."]
        process.currentDirectoryURL = tree.root
        let report = Pipe(), errors = Pipe()
        process.standardOutput = report
        process.standardError = errors
        try process.run()
        // Wait for the replacement (a new inode at the path), then for tca-lint to block on its full output.
        let deadline = Date().addingTimeInterval(60)
        var now = stat()
        while Date() < deadline && !(stat(fixedFile.path, &now) == 0 && now.st_ino != before.st_ino) { usleep(2000) }
        XCTAssertNotEqual(now.st_ino, before.st_ino, "the file was not replaced")
        // The report starts arriving once every fix has settled; it fills the pipe and tca-lint waits.
        var ready = pollfd(fd: report.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&ready, 1, 60_000), 1, "no report")
        usleep(200_000)
        XCTAssertTrue(process.isRunning, "tca-lint should be waiting for its report to be read")
        _ = "// logged while tca-lint runs\n".withCString { write(holder, $0, strlen($0)) }
        let output = report.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertGreaterThan(output.count, 1 << 16)
        XCTAssertEqual(process.terminationStatus, 2, stderr)
        XCTAssertTrue(stderr.contains("F.swift: error: another process keeps the file open and wrote to it after it was replaced"), stderr)
        XCTAssertTrue(stderr.contains("tca-lint: error: 1 file written by another process after the fix, not fixed: F.swift"), stderr)
        XCTAssertEqual(try String(contentsOf: fixedFile, encoding: .utf8), Self.finding + "// logged while tca-lint runs\n")
    }

    // MARK: - Temporary files left by earlier runs

    /// A pid no process can have (above Linux's pid_max and macOS's 99,999).
    static let deadPID = "2147483646"

    /// Leftovers of an interrupted run beside the files to fix are named; `--fix` removes those provably
    /// tca-lint's (exact name, no such process, a regular file of the user's holding Swift text) and keeps
    /// the others with the reason; `--diff` removes nothing. Linting alone does not look.
    func testLeftoverTemporaryFilesAreNamedAndRemovedWhenProvablyOurs() throws {
        let tree = try ScratchTree()
        try tree.write("Sources/A.swift", Self.finding)
        let dead = ".A.swift.tmp-\(Self.deadPID)-0"
        let live = ".A.swift.tmp-\(getpid())-1"
        let binary = ".B.swift.tmp-\(Self.deadPID)-2"
        let unrelated = [".A.swift.tmp-\(Self.deadPID)-100", ".A.swift.tmp-0\(Self.deadPID)-0", ".A.tmp-\(Self.deadPID)-0", ".swift.tmp-1-0"]
        try tree.write("Sources/" + dead, "let s = CombineReducers { F() }\n")
        try tree.write("Sources/" + live, "let a = 1\n")
        try tree.write("Sources/" + binary, bytes: [0, 1, 2])
        for name in unrelated { try tree.write("Sources/" + name, "x\n") }
        try tree.symlink("Sources/.C.swift.tmp-\(Self.deadPID)-3", to: "A.swift")
        func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: tree.path("Sources")).sorted() }
        let all = try names()

        XCTAssertEqual(try CLI.run(["lint", "--quiet", "Sources"], in: tree.root).stderr, "", "lint does not look")
        let diff = try CLI.run(["lint", "--diff", "--quiet", "Sources"], in: tree.root)
        XCTAssertTrue(diff.stderr.contains("Sources/\(dead): warning: temporary file of an interrupted tca-lint run (process \(Self.deadPID)); not removed: nothing was to be removed (--diff)"),
                      diff.stderr)
        XCTAssertEqual(try names(), all, "--diff removes nothing")

        let fix = try CLI.run(["lint", "--fix", "--quiet", "Sources"], in: tree.root)
        XCTAssertEqual(fix.status, 0, fix.stderr)
        let lines = fix.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, [
            "Sources/\(binary): warning: temporary file of an interrupted tca-lint run (process \(Self.deadPID)); not removed: it holds more than Swift text",
            "Sources/\(dead): warning: temporary file of an interrupted tca-lint run (process \(Self.deadPID)); removed",
            "Sources/\(live): warning: temporary file of an interrupted tca-lint run (process \(getpid())); not removed: process \(getpid()) is running",
            "Sources/.C.swift.tmp-\(Self.deadPID)-3: warning: temporary file of an interrupted tca-lint run (process \(Self.deadPID)); not removed: it is not a regular file with one link owned by you",
        ].sorted { $0.split(separator: ":")[0] < $1.split(separator: ":")[0] })
        XCTAssertEqual(try names(), all.filter { $0 != dead })
    }

    /// After SIGKILL (no handler runs), the temporary file of the write in progress stays; the next `--fix`
    /// names it and removes it.
    func testTheTemporaryFileOfAKilledRunIsRemovedByTheNextFix() throws {
        let tree = try ScratchTree()
        let body = String(repeating: "let x = 1\n", count: 20_000) + Self.finding
        for i in 0..<100 { try tree.write("F\(i).swift", body) }
        try tree.write("Small.swift", Self.finding)
        let (process, killed, _) = try CLI.duringWrite(["lint", "--fix", "--quiet", "."], in: tree.root) {
            kill($0.processIdentifier, SIGKILL)
        }
        try XCTSkipUnless(killed, "the run ended before a write could be killed")
        let left = try FileManager.default.contentsOfDirectory(atPath: tree.root.path).filter { $0.contains(".tmp-") }
        try XCTSkipIf(left.isEmpty, "killed between two writes")
        // The sweep looks in the folders of the files fixed: one small file is enough.
        let next = try CLI.run(["lint", "--fix", "--quiet", "Small.swift"], in: tree.root)
        for name in left {
            XCTAssertTrue(next.stderr.contains("\(name): warning: temporary file of an interrupted tca-lint run (process \(process.processIdentifier)); removed"),
                          next.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tree.root.path).filter { $0.hasPrefix(".") }, [])
    }

    /// A folder that becomes unwritable while `--fix` writes into it: the replacement fails, and a temporary
    /// file that cannot be removed any more is named with the failure, never left silently.
    func testATemporaryFileThatCannotBeRemovedIsNamed() throws {
        let tree = try ScratchTree()
        guard let launcher = try CLIFaultInjectionTests.unprivileged(in: tree) else {
            throw XCTSkip("running as root (which writes into any folder) without a way to drop privileges")
        }
        let body = String(repeating: "let x = 1\n", count: 20_000) + Self.finding
        for i in 0..<6 { try tree.write("locked/F\(i).swift", body) }
        try tree.write("locked/Small.swift", Self.finding)
        chmod(tree.path("locked"), 0o777)
        for i in 0..<6 { chmod(tree.path("locked/F\(i).swift"), 0o666) }
        chmod(tree.path("locked/Small.swift"), 0o666)
        defer { chmod(tree.path("locked"), 0o755) }
        let (process, locked, stderr) = try CLI.duringWrite(["lint", "--fix", "--quiet", "locked"], in: tree.root,
                                                            watching: tree.root.appendingPathComponent("locked"), launcher: launcher) { _ in
            chmod(tree.path("locked"), 0o555)
        }
        try XCTSkipUnless(locked, "the run ended before the folder could be locked")
        let left = try FileManager.default.contentsOfDirectory(atPath: tree.path("locked")).filter { $0.contains(".tmp-") }
        // Seen, then renamed before the folder was locked: when that was the last file's, the run ends well (0), so
        // the exit status is asserted only once a temporary file is known to have been caught.
        try XCTSkipIf(left.isEmpty, "the folder was locked once the temporary file was already renamed or removed")
        XCTAssertEqual(process.terminationStatus, 2, stderr)
        for name in left {
            XCTAssertTrue(stderr.contains("its temporary file locked/\(name) could not be removed (Permission denied): remove it by hand"), stderr)
        }
        // Writable again: the next run removes what is left.
        chmod(tree.path("locked"), 0o777)
        let next = try CLI.run(["lint", "--fix", "--quiet", "locked/Small.swift"], in: tree.root, launcher: launcher)
        for name in left { XCTAssertTrue(next.stderr.contains("locked/\(name): warning: temporary file of an interrupted tca-lint run"), next.stderr) }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tree.path("locked")).filter { $0.contains(".tmp-") }, [])
    }

    // MARK: - Unbounded reads

    /// Runs tca-lint with at most 1.5 GB of address space: an input read without a cap kills it (the
    /// regression these tests guard against) instead of filling the machine's memory.
    static let memoryLimit = ["/bin/sh", "-c", "ulimit -v 1500000 && exec \"$0\" \"$@\""]

    static func endlessFile() throws -> String {
        guard FileManager.default.fileExists(atPath: "/proc/self/pagemap") else {
            throw XCTSkip("no /proc/self/pagemap (not Linux): no file here announces size 0 and never ends")
        }
        return "/proc/self/pagemap"
    }

    /// A `*.swift` link to a file that announces size 0 and never ends is refused at the cap, named, exit 2;
    /// the other files are linted (and fixed).
    func testAnEndlessSwiftFileIsRefusedAtTheCap() throws {
        let endless = try Self.endlessFile()
        let tree = try ScratchTree()
        try tree.symlink("P.swift", to: endless)
        try tree.write("A.swift", Self.finding)
        for arguments in [["lint", "."], ["lint", "P.swift", "A.swift"], ["lint", "--diff", "."], ["lint", "--fix", "."]] {
            let result = try CLI.run(arguments, in: tree.root, launcher: Self.memoryLimit)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("P.swift: error: file too large (more than 134217728 bytes; the limit is 134217728)"),
                          "\(arguments): \(result.stderr)")
        }
        // The project model leaves out what it cannot read (as an unreadable file), and survives.
        let dump = try CLI.run(["dump", "features", "."], in: tree.root, launcher: Self.memoryLimit)
        XCTAssertEqual(dump.status, 0, dump.stderr)
        XCTAssertEqual(try String(contentsOf: tree.root.appendingPathComponent("A.swift"), encoding: .utf8),
                       "let s = CombineReducers { F() }\n")
    }

    /// `--use-stdin` fed forever (a device that never ends) is refused at the cap, with or without `--fix`.
    func testStandardInputFedForeverIsRefusedAtTheCap() throws {
        let tree = try ScratchTree()
        for fix in [[], ["--fix"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -v 1500000 && exec \"$0\" \"$@\" < /dev/zero", CLI.executable.path,
                                 "lint", "--use-stdin", "--stdin-path", "A.swift"] + fix
            process.currentDirectoryURL = tree.root
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 2, "\(fix): \(stderr)")
            XCTAssertEqual(stderr, "tca-lint: error: A.swift (standard input): file too large (more than 134217728 bytes; the limit is 134217728)\n")
        }
    }

    /// `--config`, `parent_config` and `--baseline` naming an endless file, a device or a FIFO: a clear
    /// error (exit 2) before anything is linted; nothing is read without a cap.
    func testConfigurationAndBaselineRefuseEndlessAndNonRegularFiles() throws {
        let tree = try ScratchTree()
        try tree.write("A.swift", Self.finding)
        XCTAssertEqual(mkfifo(tree.path("fifo.yml"), 0o600), 0)
        var cases: [(arguments: [String], message: String)] = [
            (["--config", "/dev/zero"], "/dev/zero: error: configuration file is not a regular file (a device, FIFO or socket)"),
            (["--config", "fifo.yml"], "fifo.yml: error: configuration file is not a regular file (a device, FIFO or socket)"),
            (["--baseline", "/dev/zero"], "/dev/zero: error: cannot read the baseline file: not a regular file"),
        ]
        if let endless = try? Self.endlessFile() {
            try tree.write("parent.yml", "parent_config: \(endless)\n")
            cases += [
                (["--config", endless], "\(endless): error: configuration file is larger than 1048576 bytes; is this the right file?"),
                (["--config", "parent.yml"], "\(endless): error: configuration file is larger than 1048576 bytes; is this the right file?"),
                (["--baseline", endless], "cannot read the baseline file: file too large (more than 268435456 bytes; the limit is 268435456)"),
            ]
        }
        for (arguments, message) in cases {
            let result = try CLI.run(["lint"] + arguments + ["A.swift"], in: tree.root, launcher: Self.memoryLimit)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
        }
    }

    /// The language server survives a workspace holding such a link: its project scan refuses the file at the
    /// cap and it goes on linting the open document.
    func testTheLanguageServerSurvivesAnEndlessFileInItsWorkspace() throws {
        let endless = try Self.endlessFile()
        let tree = try ScratchTree()
        try tree.mkdir(".git")
        try tree.symlink("P.swift", to: endless)
        try tree.write("A.swift", Self.finding)
        let root = FileURI.uri(ofPath: tree.root.path)
        let (started, reason) = try LSPTestClient.process(
            initializeMessage: #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root)","capabilities":{}}}"#,
            launcher: Self.memoryLimit)
        guard let client = started else { throw XCTSkip(reason ?? "tca-lint lsp unavailable") }
        _ = try client.receive()
        client.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        let text = Self.finding.replacingOccurrences(of: "\n", with: "\\n")
        client.send(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(root)/A.swift","languageId":"swift","version":1,"text":"\#(text)"}}}"#)
        let published = try client.receive(timeout: 30)
        XCTAssertTrue(published.contains(#""code":"leftover_print_changes""#), published)
        client.send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
        XCTAssertTrue(try client.receive().contains(#""id":2"#))
        client.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        XCTAssertEqual(client.exitStatus(), 0)
    }
}

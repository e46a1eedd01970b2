import Foundation
import XCTest

/// Runs the built `tca-lint` binary and creates scratch directories for end-to-end tests.
enum CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The `tca-lint` executable next to the test bundle in the build products directory
    /// (the test target depends on it, so `swift test` builds it first).
    static let executable: URL = {
        var candidates: [URL] = []
        let bundle = Bundle.main.bundleURL
        candidates.append(bundle.appendingPathComponent("tca-lint"))
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("tca-lint"))
        if let exe = Bundle.main.executableURL {
            candidates.append(exe.deletingLastPathComponent().appendingPathComponent("tca-lint"))
        }
        for b in Bundle.allBundles where b.bundlePath.hasSuffix(".xctest") {
            candidates.append(b.bundleURL.deletingLastPathComponent().appendingPathComponent("tca-lint"))
        }
        // Tests/TCALintTests/<file> → package root → .build/debug/tca-lint
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/tca-lint"))
        for url in candidates where FileManager.default.isExecutableFile(atPath: url.path) {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return url
            }
        }
        return candidates.last!
    }()

    /// Runs `tca-lint arguments…` in `directory` and waits for it. `launcher` runs it through another
    /// program first (`launcher… tca-lint arguments…`: a shell setting limits, a tool dropping privileges).
    static func run(_ arguments: [String], in directory: URL? = nil, stdin: String? = nil,
                    environment: [String: String] = [:], launcher: [String] = []) throws -> Result {
        let process = Process()
        process.executableURL = launcher.first.map { URL(fileURLWithPath: $0) } ?? executable
        process.arguments = launcher.isEmpty ? arguments : launcher.dropFirst() + [executable.path] + arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let directory { process.currentDirectoryURL = directory }
        // Files, not pipes: a pipe not drained while the process runs can fill up and deadlock.
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("tca-lint-io-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("stdout"), err = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: out), errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        if let stdin {
            let input = scratch.appendingPathComponent("stdin")
            try Data(stdin.utf8).write(to: input)
            process.standardInput = try FileHandle(forReadingFrom: input)
        }
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }
}

extension CLI {
    /// Runs `tca-lint arguments…` in `directory` (through `launcher`, as `run` does) and calls `action` once, as
    /// soon as a temporary file (`.NAME.tmp-PID-N`) appears in `watched` (default: `directory`), i.e. in the
    /// middle of a write. Returns the process once it ended, whether `action` ran, and its standard error.
    static func duringWrite(_ arguments: [String], in directory: URL, watching watched: URL? = nil, launcher: [String] = [],
                            action: (Process) -> Void) throws -> (process: Process, acted: Bool, stderr: String) {
        let process = Process()
        process.executableURL = launcher.first.map { URL(fileURLWithPath: $0) } ?? executable
        process.arguments = launcher.isEmpty ? arguments : launcher.dropFirst() + [executable.path] + arguments
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let folder = (watched ?? directory).path
        var acted = false
        while process.isRunning && !acted {
            if ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains(where: { $0.contains(".tmp-") }) {
                action(process)
                acted = true
            }
        }
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process, acted, stderr)
    }
}

/// A temporary directory tree, removed when the test ends.
final class ScratchTree {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("tca-lint-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Writes a file (creating directories) at a path relative to the root.
    @discardableResult
    func write(_ relativePath: String, _ text: String) throws -> URL {
        try write(relativePath, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ relativePath: String, bytes: [UInt8]) throws -> URL {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url
    }

    func mkdir(_ relativePath: String) throws {
        try FileManager.default.createDirectory(at: root.appendingPathComponent(relativePath),
                                                withIntermediateDirectories: true)
    }

    /// A symbolic link at `relativePath` whose target text is `target` (relative to the link's folder).
    func symlink(_ relativePath: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent(relativePath).path,
                                                   withDestinationPath: target)
    }

    func path(_ relativePath: String) -> String { root.appendingPathComponent(relativePath).path }
}

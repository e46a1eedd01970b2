import Foundation
import XCTest
@testable import TCALint

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The client end of a language-server session in tests: writes framed messages to the server
/// and reads framed messages back, with a timeout so a silent server fails the test instead of
/// hanging it. Works the same against an in-process `LanguageServer` and a `tca-lint lsp` process.
final class LSPTestClient {
    private let toServer: FileHandle
    private let fromServer: FileHandle
    private var framer = MessageFramer()
    private var received: [[UInt8]] = []
    private let waitForExit: (TimeInterval) -> Int32?
    private let cleanup: () -> Void

    private init(toServer: FileHandle, fromServer: FileHandle, waitForExit: @escaping (TimeInterval) -> Int32?,
                 cleanup: @escaping () -> Void = {}) {
        self.toServer = toServer
        self.fromServer = fromServer
        self.waitForExit = waitForExit
        self.cleanup = cleanup
    }

    deinit { cleanup() }

    /// A `LanguageServer` running on a background thread, connected through pipes.
    static func inProcess(fixProvider: CodeActionFixProvider? = nil) -> (LSPTestClient, LanguageServer) {
        let clientToServer = Pipe(), serverToClient = Pipe()
        let server = LanguageServer(inputDescriptor: clientToServer.fileHandleForReading.fileDescriptor,
                                    outputDescriptor: serverToClient.fileHandleForWriting.fileDescriptor, fixProvider: fixProvider)
        let finished = DispatchSemaphore(value: 0)
        let status = StatusBox()
        let thread = Thread {
            // The pipes' handles close their descriptors when freed: kept until the server returns.
            withExtendedLifetime((clientToServer, serverToClient)) { status.value = server.run() }
            finished.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        let client = LSPTestClient(
            toServer: clientToServer.fileHandleForWriting, fromServer: serverToClient.fileHandleForReading,
            waitForExit: { timeout in
                guard finished.wait(timeout: .now() + timeout) == .success else { return nil }
                finished.signal()  // later waits (cleanup) return at once
                return status.value
            },
            cleanup: {
                // Ends the server (end of input) if a failed test left it running.
                try? clientToServer.fileHandleForWriting.close()
                _ = finished.wait(timeout: .now() + 5)
            })
        return (client, server)
    }

    /// `tca-lint lsp` from the build products, or nil (with the reason) when it is not there
    /// or does not answer `initialize` (a CLI without the `lsp` command).
    /// `launcher` runs it through another program first (`launcher… tca-lint lsp`: a shell setting limits).
    static func process(initializeMessage: String, launcher: [String] = []) throws -> (client: LSPTestClient?, reason: String?) {
        guard let executable = TCALintExecutable.url else {
            return (nil, "no tca-lint executable found in the build products")
        }
        let process = Process()
        process.executableURL = launcher.first.map { URL(fileURLWithPath: $0) } ?? executable
        process.arguments = launcher.isEmpty ? ["lsp"] : launcher.dropFirst() + [executable.path, "lsp"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let client = LSPTestClient(
            toServer: stdin.fileHandleForWriting, fromServer: stdout.fileHandleForReading,
            waitForExit: { timeout in
                let deadline = Date().addingTimeInterval(timeout)
                while process.isRunning && Date() < deadline { usleep(10_000) }
                return process.isRunning ? nil : process.terminationStatus
            },
            cleanup: {
                try? stdin.fileHandleForWriting.close()
                if process.isRunning { process.terminate() }
            })
        client.send(initializeMessage)
        do {
            try client.peek(timeout: 10)
        } catch {
            let status = client.exitStatus(timeout: 2).map { "exited with status \($0)" } ?? "is still running"
            return (nil, "\(executable.path) lsp did not answer initialize (\(error); \(status)): no `lsp` command yet?")
        }
        return (client, nil)
    }

    // MARK: - Sending

    /// Sends one message (JSON text) with its Content-Length header.
    func send(_ json: String) {
        let body = Array(json.utf8)
        sendRaw(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// Raw bytes, for framing tests. A server that is gone makes this a no-op (no SIGPIPE, no trap).
    func sendRaw(_ bytes: [UInt8]) {
        signal(SIGPIPE, SIG_IGN)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(toServer.fileDescriptor, $0.baseAddress! + offset, $0.count - offset) }
            if n <= 0 { return }
            offset += n
        }
    }

    func closeInput() {
        try? toServer.close()
    }

    // MARK: - Receiving

    enum ReceiveError: Error, CustomStringConvertible {
        case timedOut
        case endOfStream
        case framing(String)
        var description: String {
            switch self {
            case .timedOut: return "no message from the server in time"
            case .endOfStream: return "the server closed its output"
            case .framing(let problem): return "server sent a badly framed message: \(problem)"
            }
        }
    }

    /// The next message's body as text.
    func receive(timeout: TimeInterval = 10) throws -> String {
        _ = try peek(timeout: timeout)
        return String(decoding: received.removeFirst(), as: UTF8.self)
    }

    /// Waits until a message is available without consuming it.
    @discardableResult
    func peek(timeout: TimeInterval) throws -> [UInt8] {
        let deadline = Date().addingTimeInterval(timeout)
        while received.isEmpty {
            if let event = framer.next() {
                switch event {
                case .message(let body): received.append(body)
                case .framingError(let problem): throw ReceiveError.framing(problem)
                }
                continue
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw ReceiveError.timedOut }
            var descriptor = pollfd(fd: fromServer.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(remaining * 1000) + 1)
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(fromServer.fileDescriptor, $0.baseAddress, $0.count) }
            if n <= 0 { throw ReceiveError.endOfStream }
            framer.append(chunk[0..<n])
        }
        return received[0]
    }

    /// Asserts that the next message equals `expected` (JSON text; compared after parsing, so
    /// key order and spacing in the expectation do not matter, every key and value does).
    func expect(_ expected: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) {
        do {
            let actual = try receive(timeout: timeout)
            XCTAssertEqual(Self.canonical(actual), Self.canonical(expected), file: file, line: line)
        } catch {
            XCTFail("expected \(expected), but \(error)", file: file, line: line)
        }
    }

    /// Asserts that the server sends nothing for a while.
    func expectSilence(for seconds: TimeInterval = 0.2, file: StaticString = #filePath, line: UInt = #line) {
        if let body = try? peek(timeout: seconds) {
            XCTFail("unexpected message: \(String(decoding: body, as: UTF8.self))", file: file, line: line)
        }
    }

    func exitStatus(timeout: TimeInterval = 10) -> Int32? { waitForExit(timeout) }

    /// Sorted keys, no spaces: two texts of the same JSON value are equal.
    static func canonical(_ json: String) -> String {
        guard let value = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]),
              let data = try? JSONSerialization.data(withJSONObject: value,
                                                     options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        else { return "not JSON: " + json }
        return String(decoding: data, as: UTF8.self)
    }
}

private final class StatusBox: @unchecked Sendable {
    var value: Int32 = -1
}

/// The `tca-lint` executable next to the test bundle (the test target depends on it).
enum TCALintExecutable {
    static let url: URL? = {
        var candidates: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("tca-lint"))
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("tca-lint"))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("tca-lint"))
        candidates.append(PackagePaths.root.appendingPathComponent(".build/debug/tca-lint"))
        return candidates.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && FileManager.default.isExecutableFile(atPath: url.path)
        }
    }()
}

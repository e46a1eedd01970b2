import Dispatch

/// tca-lint's language server: LSP 3.17 over a pair of streams (stdin/stdout for `tca-lint lsp`).
///
/// One thread does everything: it waits for input with a timeout (`poll`), handles each
/// message as it is framed, and lints documents whose debounce delay has passed. Nothing is
/// shared between threads, so there is no locking, and message order is exactly input order.
/// Malformed input gets a JSON-RPC error and never stops the server; only `exit` or the end of
/// the input do.
public final class LanguageServer {
    enum State {
        case uninitialized
        case running
        case shutDown
    }

    let channel: FileDescriptorChannel
    let fixProvider: CodeActionFixProvider?

    private var framer = MessageFramer()
    var state = State.uninitialized
    var features = ClientFeatures()
    var documents = DocumentStore()
    let configuration = WorkspaceConfiguration()
    /// The workspace's feature model: read from disk on the first lint, then updated from each linted buffer.
    let workspace = WorkspaceIndex()
    var workspaceLoaded = false
    /// The latest lint of each open document.
    var results: [String: LintResult] = [:]
    /// Documents waiting to be linted, with the uptime (ns) at which their debounce ends.
    var pendingLints: [String: UInt64] = [:]
    var resultCounter = 0
    var nextRequestNumber = 1
    /// Configuration errors already shown, so a broken file is reported once, not per keystroke.
    var shownConfigurationErrors = Set<String>()
    var exitCode: Int32?
    private var outputFailed = false


    /// A server reading requests from one file descriptor and writing responses and notifications to another (both
    /// must stay open until `run()` returns).
    /// - Parameter fixProvider: turns engine fixes into quick fixes (see `CodeActionFixProvider`).
    public init(inputDescriptor: Int32, outputDescriptor: Int32, fixProvider: CodeActionFixProvider? = nil) {
        self.channel = FileDescriptorChannel(input: inputDescriptor, output: outputDescriptor)
        self.fixProvider = fixProvider
    }

    /// Serves until `exit` or the end of the input. Returns the process exit status LSP asks
    /// for: 0 when `shutdown` came first, 1 otherwise (also when the client vanished).
    public func run() -> Int32 {
        FileDescriptorChannel.ignoreBrokenPipeSignal()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while exitCode == nil && !outputFailed {
            switch channel.read(into: &chunk, timeoutMilliseconds: pollTimeout()) {
            case .bytes(let n):
                framer.append(chunk[0..<n])
                while exitCode == nil, !outputFailed, let event = framer.next() {
                    switch event {
                    case .message(let body): handleMessage(body)
                    case .framingError(let problem): sendError(id: nil, .parseError(problem))
                    }
                }
            case .timedOut:
                break
            case .endOfInput:
                exitCode = state == .shutDown ? 0 : 1
            }
            if exitCode == nil { lintDueDocuments() }
        }
        return exitCode ?? 1
    }

    // MARK: - Debounced linting

    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Milliseconds until the earliest debounce ends (-1: wait for input only).
    private func pollTimeout() -> Int32 {
        guard let earliest = pendingLints.values.min() else { return -1 }
        let now = Self.now()
        guard earliest > now else { return 0 }
        return Int32(min((earliest - now + 999_999) / 1_000_000, 60_000))
    }

    func scheduleLint(_ uri: String, immediately: Bool = false) {
        let delay = immediately ? 0 : UInt64(features.debounceMilliseconds) * 1_000_000
        pendingLints[uri] = Self.now() + delay
    }

    private func lintDueDocuments() {
        guard !pendingLints.isEmpty else { return }
        reloadConfigurationIfChangedOnDisk()
        let now = Self.now()
        for (uri, deadline) in pendingLints.sorted(by: { $0.key < $1.key }) where deadline <= now {
            pendingLints[uri] = nil
            lintAndPublish(uri)
        }
    }

    /// The lint of the document's current text: a pending one is done now (and published, so
    /// the editor sees the diagnostics a code action refers to before the action itself).
    func currentResult(_ uri: String) -> LintResult? {
        guard let document = documents[uri] else { return nil }
        reloadConfigurationIfChangedOnDisk()
        if pendingLints.removeValue(forKey: uri) != nil {
            lintAndPublish(uri)
        } else if let result = results[uri], result.version == document.version {
            return result
        } else {
            lintAndPublish(uri)
        }
        return results[uri]
    }

    /// Configuration files are checked (a few `stat`s) before linting, so edits made outside the
    /// editor apply even when the client does not report file changes.
    private func reloadConfigurationIfChangedOnDisk() {
        if configuration.changedOnDisk { reloadConfiguration() }
    }

    private func lintAndPublish(_ uri: String) {
        guard let document = documents[uri] else { return }
        resultCounter += 1
        if !workspaceLoaded, let root = configuration.rootPath {
            workspaceLoaded = true
            workspace.load(root: root, jobs: LintRunner.defaultJobs)
        }
        let result = DocumentLinter.lint(document, configuration: configuration, resultID: String(resultCounter),
                                         workspace: workspace)
        results[uri] = result
        if let error = result.configurationError { showConfigurationError(error) }
        if !result.configurationWarnings.isEmpty { showConfigurationWarnings(result.configurationWarnings) }
        if features.logTimings {
            let ms = Self.milliseconds(result.nanoseconds)
            sendNotification("window/logMessage", [
                "type": 4,
                "message": "tca-lint: linted \(uri) version \(result.version) in \(ms) ms, \(result.diagnostics.count) diagnostics",
            ])
        }
        // A client that pulls diagnostics would show pushed ones twice.
        guard !features.pullDiagnostics else { return }
        sendNotification("textDocument/publishDiagnostics",
                         DiagnosticsPublisher.publishParams(uri: uri, version: result.version,
                                                            diagnostics: result.diagnostics))
    }

    private func showConfigurationError(_ error: ConfigurationError) {
        guard shownConfigurationErrors.insert(error.description).inserted else { return }
        sendNotification("window/showMessage", [
            "type": 1,
            "message": "tca-lint: the configuration cannot be used; the default rules apply until it is fixed.\n"
                + error.description,
        ])
    }

    private func showConfigurationWarnings(_ warnings: [ConfigurationError.Problem]) {
        let text = warnings.map(\.description).joined(separator: "\n")
        guard shownConfigurationErrors.insert(text).inserted else { return }
        sendNotification("window/showMessage", ["type": 2, "message": "tca-lint: the configuration has problems it ignored.\n" + text])
    }

    // MARK: - Output

    func sendResponse(id: Any, result: Any) {
        send(["jsonrpc": "2.0", "id": id, "result": result])
    }

    /// `id` nil: the request's id could not be read (JSON-RPC then answers with `null`).
    func sendError(id: Any?, _ error: JSONRPCError) {
        send(["jsonrpc": "2.0", "id": id ?? JSONNull(), "error": error.json])
    }

    func sendNotification(_ method: String, _ params: LSPObject) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    func sendRequest(_ method: String, _ params: LSPObject) {
        let id = "tca-lint-\(nextRequestNumber)"
        nextRequestNumber += 1
        send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
    }

    private func send(_ message: LSPObject) {
        guard !outputFailed else { return }
        let body = LSPJSON.serialize(message)
        var framed = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        framed.append(contentsOf: body)
        // The client is gone: nothing more can be said, so the loop ends (status 1 unless shut down).
        if !channel.write(framed) { outputFailed = true }
    }

    /// `1234567` ns → `1.23` (two decimals, rounded), for the timing log.
    static func milliseconds(_ nanoseconds: UInt64) -> String {
        let hundredths = (nanoseconds + 5_000) / 10_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

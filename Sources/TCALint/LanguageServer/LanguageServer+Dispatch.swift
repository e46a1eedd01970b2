
/// Reading one framed message and routing it: requests get exactly one response, notifications
/// none; anything malformed gets the JSON-RPC error that says what was wrong.
extension LanguageServer {
    func handleMessage(_ body: [UInt8]) {
        let parsed: Any
        do {
            parsed = try LSPJSON.parse(body)
        } catch {
            sendError(id: nil, .parseError("the body is not valid JSON"))
            return
        }
        if parsed is [Any] {
            sendError(id: nil, .invalidRequest("batch messages are not part of LSP"))
            return
        }
        guard let message = parsed as? LSPObject else {
            sendError(id: nil, .invalidRequest("a message must be a JSON object"))
            return
        }
        let id = message["id"]
        if let id, !(id is String || LSPJSON.isNumber(id)) {
            sendError(id: nil, .invalidRequest("`id` must be a string or a number"))
            return
        }
        guard let methodValue = message["method"] else {
            // A response to one of our requests (registerCapability, diagnostic refresh): nothing to do.
            if id != nil && (message["result"] != nil || message["error"] != nil) { return }
            sendError(id: id, .invalidRequest("a message needs a `method`"))
            return
        }
        guard let method = methodValue as? String else {
            sendError(id: id, .invalidRequest("`method` must be a string"))
            return
        }
        if let paramsValue = message["params"], !(paramsValue is LSPObject || paramsValue is [Any] || paramsValue is JSONNull) {
            if let id { sendError(id: id, .invalidRequest("`params` must be an object or an array")) }
            return
        }
        let params = message["params"] as? LSPObject ?? [:]
        if let id {
            handleRequest(id: id, method: method, params: params)
        } else {
            handleNotification(method: method, params: params)
        }
    }

    private func handleRequest(id: Any, method: String, params: LSPObject) {
        switch state {
        case .uninitialized:
            guard method == "initialize" else {
                sendError(id: id, .serverNotInitialized)
                return
            }
        case .shutDown:
            sendError(id: id, .invalidRequest("the server is shut down; only `exit` is accepted"))
            return
        case .running:
            break
        }
        do {
            let result: Any
            switch method {
            case "initialize":
                guard state == .uninitialized else { throw JSONRPCError.invalidRequest("`initialize` was already received") }
                result = initialize(params)
            case "shutdown":
                state = .shutDown
                pendingLints = [:]
                result = JSONNull()
            case "textDocument/codeAction":
                result = try codeActions(params)
            case "textDocument/diagnostic":
                result = try pullDiagnostics(params)
            default:
                throw JSONRPCError.methodNotFound(method)
            }
            sendResponse(id: id, result: result)
        } catch let error as JSONRPCError {
            sendError(id: id, error)
        } catch {
            sendError(id: id, .internalError("\(error)"))
        }
    }

    private func handleNotification(method: String, params: LSPObject) {
        if method == "exit" {
            exitCode = state == .shutDown ? 0 : 1
            return
        }
        // Before `initialize` and after `shutdown`, notifications other than `exit` are dropped (LSP).
        guard state == .running else { return }
        do {
            switch method {
            case "initialized": initialized()
            case "textDocument/didOpen": try didOpen(params)
            case "textDocument/didChange": try didChange(params)
            case "textDocument/didSave": try didSave(params)
            case "textDocument/didClose": try didClose(params)
            case "workspace/didChangeWatchedFiles": didChangeWatchedFiles(params)
            default: break  // `$/cancelRequest`, `$/setTrace`, and whatever else: ignored, as LSP allows
            }
        } catch let error as JSONRPCError {
            // Notifications have no response; the log is the only place to say what went wrong.
            sendNotification("window/logMessage", ["type": 1, "message": "tca-lint: \(method): \(error.message)"])
        } catch {
            sendNotification("window/logMessage", ["type": 1, "message": "tca-lint: \(method): \(error)"])
        }
    }
}

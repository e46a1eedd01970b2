
/// The LSP methods the server implements.
extension LanguageServer {
    // MARK: - Lifecycle

    func initialize(_ params: LSPObject) -> LSPObject {
        features = ClientFeatures(initializeParams: params)
        configuration.rootPath = ClientFeatures.rootPath(initializeParams: params)
        state = .running
        var capabilities: LSPObject = [
            "positionEncoding": "utf-16",
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "codeActionProvider": ["codeActionKinds": [CodeActions.quickFixKind], "resolveProvider": false],
        ]
        if features.pullDiagnostics {
            capabilities["diagnosticProvider"] = [
                "identifier": DiagnosticsPublisher.source, "interFileDependencies": false, "workspaceDiagnostics": false,
            ]
        }
        return ["capabilities": capabilities, "serverInfo": ["name": "tca-lint", "version": TCALintVersion.current]]
    }

    func initialized() {
        guard features.watchedFilesRegistration else { return }
        sendRequest("client/registerCapability", [
            "registrations": [[
                "id": "tca-lint-configuration-watcher",
                "method": "workspace/didChangeWatchedFiles",
                "registerOptions": ["watchers": WorkspaceConfiguration.watchedGlobs.map { ["globPattern": $0] }],
            ]],
        ])
    }

    // MARK: - Document synchronisation

    func didOpen(_ params: LSPObject) throws {
        guard let item = params.object("textDocument"), let uri = item.string("uri"), let text = item.string("text") else {
            throw JSONRPCError.invalidParams("`textDocument` needs `uri` and `text`")
        }
        documents.open(uri: uri, languageID: item.string("languageId") ?? "", version: item.int("version") ?? 0, text: text)
        results[uri] = nil
        if !features.pullDiagnostics { scheduleLint(uri, immediately: true) }
    }

    func didChange(_ params: LSPObject) throws {
        guard let identifier = params.object("textDocument"), let uri = identifier.string("uri"),
              let changes = params.array("contentChanges") else {
            throw JSONRPCError.invalidParams("`textDocument.uri` and `contentChanges` are required")
        }
        do {
            try documents.change(uri: uri, version: identifier.int("version"), changes: changes)
        } catch DocumentStore.ChangeError.notOpen(let uri) {
            throw JSONRPCError.invalidParams("\(uri) is not open")
        } catch DocumentStore.ChangeError.invalidChange(let detail) {
            throw JSONRPCError.invalidParams(detail)
        }
        if !features.pullDiagnostics { scheduleLint(uri) }
    }

    func didSave(_ params: LSPObject) throws {
        guard let uri = params.object("textDocument")?.string("uri") else {
            throw JSONRPCError.invalidParams("`textDocument.uri` is required")
        }
        // Clients that do not watch files still tell us when the configuration or a build description is saved in the editor.
        if WorkspaceConfiguration.changesSettings(uri: uri) { reloadConfiguration() }
    }

    func didClose(_ params: LSPObject) throws {
        guard let uri = params.object("textDocument")?.string("uri") else {
            throw JSONRPCError.invalidParams("`textDocument.uri` is required")
        }
        let wasOpen = documents.close(uri: uri)
        // The file on disk stands for it again in the workspace model.
        if let path = FileURI.path(of: uri), path.hasSuffix(".swift") { workspace.reload(path: path) }
        pendingLints[uri] = nil
        results[uri] = nil
        // A closed document's diagnostics are no longer maintained, so they are cleared.
        if wasOpen && !features.pullDiagnostics {
            sendNotification("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": [Any]()])
        }
    }

    func didChangeWatchedFiles(_ params: LSPObject) {
        let changes = params.array("changes") ?? []
        let touchesConfiguration = changes.contains { change in
            (change as? LSPObject)?.string("uri").map(WorkspaceConfiguration.changesSettings(uri:)) ?? false
        }
        if touchesConfiguration { reloadConfiguration() }
        // Swift files changed on disk (when the client reports them) and not open here: read them again.
        for case let change as LSPObject in changes {
            guard let uri = change.string("uri"), documents[uri] == nil, let path = FileURI.path(of: uri),
                  path.hasSuffix(".swift") else { continue }
            workspace.reload(path: path)
        }
    }

    /// Reads the configuration again and re-lints every open document with it.
    func reloadConfiguration() {
        configuration.reload()
        shownConfigurationErrors = []
        results = [:]
        if features.pullDiagnostics {
            if features.diagnosticRefresh { sendRequest("workspace/diagnostic/refresh", [:]) }
        } else {
            for uri in documents.uris { scheduleLint(uri, immediately: true) }
        }
    }

    // MARK: - Requests

    func codeActions(_ params: LSPObject) throws -> [LSPObject] {
        guard let uri = params.object("textDocument")?.string("uri"), let range = LSPRange(json: params.object("range")) else {
            throw JSONRPCError.invalidParams("`textDocument.uri` and `range` are required")
        }
        let only = params.object("context")?.array("only")?.compactMap { $0 as? String }
        guard CodeActions.admitsQuickFixes(only), let result = currentResult(uri) else { return [] }
        return CodeActions(result: result, fixProvider: fixProvider, useDocumentChanges: features.documentChanges)
            .actions(forLines: range)
    }

    func pullDiagnostics(_ params: LSPObject) throws -> LSPObject {
        guard let uri = params.object("textDocument")?.string("uri") else {
            throw JSONRPCError.invalidParams("`textDocument.uri` is required")
        }
        guard let result = currentResult(uri) else { return ["kind": "full", "items": [Any]()] }
        if params.string("previousResultId") == result.resultID {
            return ["kind": "unchanged", "resultId": result.resultID]
        }
        return ["kind": "full", "resultId": result.resultID, "items": result.diagnostics.map(\.json)]
    }
}

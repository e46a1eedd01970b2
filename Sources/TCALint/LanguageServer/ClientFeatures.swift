/// What the client said it supports in `initialize`, and the server's own options from
/// `initializationOptions`; only the few fields that change the server's behaviour.
struct ClientFeatures {
    /// `textDocument.diagnostic`: the client pulls diagnostics, so none are pushed.
    var pullDiagnostics = false
    /// `workspace.diagnostics.refreshSupport`: the server may ask for a new pull (after a config change).
    var diagnosticRefresh = false
    /// `workspace.didChangeWatchedFiles.dynamicRegistration`: the server asks to watch `.tca-lint.yml` and the build
    /// descriptions (`WorkspaceConfiguration.watchedGlobs`).
    var watchedFilesRegistration = false
    /// `workspace.workspaceEdit.documentChanges`: versioned edits in code actions.
    var documentChanges = false

    /// `initializationOptions.debounceMilliseconds`: quiet time after a change before linting.
    var debounceMilliseconds = 50
    /// `initializationOptions.logTimings`: a `window/logMessage` with our own time per lint.
    var logTimings = false

    init() {}

    init(initializeParams params: LSPObject) {
        let capabilities = params.object("capabilities") ?? [:]
        pullDiagnostics = capabilities.object(path: "textDocument", "diagnostic") != nil
        diagnosticRefresh = capabilities.object(path: "workspace", "diagnostics")?.bool("refreshSupport") ?? false
        watchedFilesRegistration = capabilities.object(path: "workspace", "didChangeWatchedFiles")?
            .bool("dynamicRegistration") ?? false
        documentChanges = capabilities.object(path: "workspace", "workspaceEdit")?.bool("documentChanges") ?? false
        let options = params.object("initializationOptions") ?? [:]
        if let debounce = options.int("debounceMilliseconds") { debounceMilliseconds = max(0, min(debounce, 10_000)) }
        logTimings = options.bool("logTimings") ?? false
    }

    /// The workspace folder: `workspaceFolders[0]`, else `rootUri`, else the deprecated `rootPath`.
    static func rootPath(initializeParams params: LSPObject) -> String? {
        if let folder = params.array("workspaceFolders")?.first as? LSPObject, let uri = folder.string("uri"),
           let path = FileURI.path(of: uri) {
            return path
        }
        if let uri = params.string("rootUri"), let path = FileURI.path(of: uri) { return path }
        if let path = params.string("rootPath"), path.hasPrefix("/") { return path }
        return nil
    }
}

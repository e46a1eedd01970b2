import Dispatch

/// The outcome of linting one version of one open document.
struct LintResult {
    let uri: String
    let version: Int
    /// Changes whenever the diagnostics may have changed (pull diagnostics' `resultId`).
    let resultID: String
    /// The analysed file, kept for code actions (nil when the configuration excludes the file).
    let file: AnalyzedFile?
    let index: LineIndex
    let diagnostics: [PublishedDiagnostic]
    let configurationError: ConfigurationError?
    /// What the configuration ignored (unknown keys, rule ids…), shown to the user once.
    let configurationWarnings: [ConfigurationError.Problem]
    /// Our own time: analysis, rules and conversion to LSP ranges.
    let nanoseconds: UInt64
}

/// Lints an open document's current text with the configuration that applies to it.
enum DocumentLinter {
    /// Documents that are not Swift (a `.tca-lint.yml` opened in the editor, say) get no diagnostics.
    static func isSwift(_ document: TextDocument) -> Bool {
        document.languageID == "swift" || document.uri.hasSuffix(".swift")
    }

    /// With a `workspace`, the document is linted with the project's model and its facts then replace the file's there.
    static func lint(_ document: TextDocument, configuration: WorkspaceConfiguration, resultID: String,
                     workspace: WorkspaceIndex? = nil) -> LintResult {
        let started = DispatchTime.now().uptimeNanoseconds
        let path = FileURI.path(of: document.uri)
        let settings = configuration.settings(forDocumentPath: path)
        let source = SourceFile(path: path ?? document.uri, bytes: document.bytes)
        let index = LineIndex(bytes: document.bytes, lineStarts: source.lineStarts)
        var file: AnalyzedFile?
        var published: [PublishedDiagnostic] = []
        let included = path.map { settings.configuration.isIncluded($0) } ?? true
        if isSwift(document) && included {
            let analyzed = AnalyzedFile(source: source, project: workspace?.snapshot)
            let diagnostics = settings.linter.diagnostics(for: analyzed, source: source)
            if path != nil { workspace?.replace(with: analyzed) }
            published = DiagnosticsPublisher.diagnostics(diagnostics, index: index)
            file = analyzed
        }
        return LintResult(uri: document.uri, version: document.version, resultID: resultID, file: file, index: index,
                          diagnostics: published, configurationError: settings.error,
                          configurationWarnings: settings.configuration.warnings,
                          nanoseconds: DispatchTime.now().uptimeNanoseconds - started)
    }
}

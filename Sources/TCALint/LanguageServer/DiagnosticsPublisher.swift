/// A diagnostic as the server publishes it: the engine's `Diagnostic` (with its byte range) and its
/// LSP form (kept together so code actions can answer with the very object published).
struct PublishedDiagnostic {
    let diagnostic: Diagnostic
    let range: LSPRange
    let json: LSPObject
}

/// Turns the engine's diagnostics into LSP `Diagnostic`s and `publishDiagnostics` notifications.
enum DiagnosticsPublisher {
    static let source = "tca-lint"

    /// LSP `DiagnosticSeverity`: 1 error, 2 warning.
    static func lspSeverity(_ severity: Severity) -> Int { severity == .error ? 1 : 2 }

    static func documentURL(ruleID: String) -> String {
        "\(TCALintVersion.rulesDocumentBase)/\(ruleID).md"
    }

    /// The range is the diagnostic's own (the reported token), so the editor underlines `_printChanges`
    /// rather than one character.
    static func diagnostics(_ diagnostics: [Diagnostic], index: LineIndex) -> [PublishedDiagnostic] {
        diagnostics.map { d in
            let range = LSPRange(start: index.position(ofByte: d.range.lowerBound), end: index.position(ofByte: d.range.upperBound))
            let json: LSPObject = [
                "range": range.json,
                "severity": lspSeverity(d.severity),
                "code": d.ruleID,
                "codeDescription": ["href": documentURL(ruleID: d.ruleID)],
                "source": source,
                "message": d.message,
            ]
            return PublishedDiagnostic(diagnostic: d, range: range, json: json)
        }
    }

    /// `textDocument/publishDiagnostics` parameters.
    static func publishParams(uri: String, version: Int?, diagnostics: [PublishedDiagnostic]) -> LSPObject {
        var params: LSPObject = ["uri": uri, "diagnostics": diagnostics.map(\.json)]
        if let version { params["version"] = version }
        return params
    }
}

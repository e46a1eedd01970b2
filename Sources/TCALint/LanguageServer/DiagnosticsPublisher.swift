/// A diagnostic as the server publishes it: the engine's `Diagnostic`, where it is in bytes,
/// and its LSP form (kept together so code actions can answer with the very object published).
struct PublishedDiagnostic {
    let diagnostic: Diagnostic
    let byteRange: Range<Int>
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

    /// The range covers the token the finding points at (a rule reports the start of one token),
    /// so the editor underlines `_printChanges` rather than one character.
    static func diagnostics(_ diagnostics: [Diagnostic], tokens: [Token], index: LineIndex) -> [PublishedDiagnostic] {
        diagnostics.map { d in
            let start = index.byteOffset(line: d.line, characterColumn: d.column)
            let end = tokenEnd(startingAt: start, in: tokens) ?? start
            let range = LSPRange(start: index.position(ofByte: start), end: index.position(ofByte: end))
            let json: LSPObject = [
                "range": range.json,
                "severity": lspSeverity(d.severity),
                "code": d.ruleID,
                "codeDescription": ["href": documentURL(ruleID: d.ruleID)],
                "source": source,
                "message": d.message,
            ]
            return PublishedDiagnostic(diagnostic: d, byteRange: start..<end, range: range, json: json)
        }
    }

    /// The end of the token that starts exactly at `offset` (tokens are sorted by start).
    static func tokenEnd(startingAt offset: Int, in tokens: [Token]) -> Int? {
        var lo = 0, hi = tokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(tokens[mid].start) < offset { lo = mid + 1 } else { hi = mid }
        }
        guard lo < tokens.count, Int(tokens[lo].start) == offset, tokens[lo].end > tokens[lo].start else { return nil }
        return Int(tokens[lo].end)
    }

    /// `textDocument/publishDiagnostics` parameters.
    static func publishParams(uri: String, version: Int?, diagnostics: [PublishedDiagnostic]) -> LSPObject {
        var params: LSPObject = ["uri": uri, "diagnostics": diagnostics.map(\.json)]
        if let version { params["version"] = version }
        return params
    }
}

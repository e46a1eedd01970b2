/// `textDocument/codeAction`: for each of our diagnostics on the requested lines, the fixes
/// the fix provider knows, then "Disable <rule_id> for this line".
struct CodeActions {
    static let quickFixKind = "quickfix"
    static let disableNextPrefix = "// \(DisableCommand.prefix)disable:next "

    let result: LintResult
    let fixProvider: CodeActionFixProvider?
    /// Versioned `documentChanges` edits (the client rejects them if the text changed meanwhile)
    /// when the client supports them, plain `changes` otherwise.
    let useDocumentChanges: Bool

    /// Whether a `context.only` filter admits quick fixes (kinds are hierarchical: `a.b` is under `a`).
    static func admitsQuickFixes(_ only: [String]?) -> Bool {
        guard let only else { return true }
        return only.contains { $0.isEmpty || $0 == quickFixKind || quickFixKind.hasPrefix($0 + ".") }
    }

    func actions(forLines range: LSPRange) -> [LSPObject] {
        var actions: [LSPObject] = []
        var disabled = Set<String>()
        for published in result.diagnostics
        where published.range.start.line <= range.end.line && published.range.end.line >= range.start.line {
            if let fixProvider, let file = result.file {
                for fix in fixProvider.fixes(for: published.diagnostic, in: file) {
                    let edits = fix.edits.map { edit in
                        textEdit(LSPRange(start: result.index.position(ofByte: edit.byteRange.lowerBound),
                                          end: result.index.position(ofByte: edit.byteRange.upperBound)),
                                 edit.replacement)
                    }
                    var action = action(title: fix.title, diagnostic: published, edits: edits)
                    if fix.isPreferred { action["isPreferred"] = true }
                    actions.append(action)
                }
            }
            let ruleID = published.diagnostic.ruleID
            // Silencing `superfluous_disable` with one more disable comment would only add clutter.
            guard ruleID != SuperfluousDisableRule.description.id else { continue }
            let line = published.range.start.line
            guard disabled.insert("\(line) \(ruleID)").inserted else { continue }
            actions.append(action(title: "Disable \(ruleID) for this line", diagnostic: published,
                                  edits: [disableEdit(ruleID: ruleID, line: line)]))
        }
        return actions
    }

    private func action(title: String, diagnostic: PublishedDiagnostic, edits: [LSPObject]) -> LSPObject {
        let edit: LSPObject
        if useDocumentChanges {
            edit = ["documentChanges": [["textDocument": ["uri": result.uri, "version": result.version], "edits": edits]]]
        } else {
            edit = ["changes": [result.uri: edits]]
        }
        return ["title": title, "kind": Self.quickFixKind, "diagnostics": [diagnostic.json], "edit": edit]
    }

    private func textEdit(_ range: LSPRange, _ newText: String) -> LSPObject {
        ["range": range.json, "newText": newText]
    }

    /// Inserts `// tca-lint:disable:next <rule_id>` above `line` with that line's indentation and
    /// line break; when the line above already is such a comment (without a reason), adds the id to it.
    func disableEdit(ruleID: String, line: Int) -> LSPObject {
        let index = result.index
        let bytes = index.bytes
        let start = index.lineStarts[line]
        let contentEnd = index.contentEnd(ofLine: line)
        var indentEnd = start
        while indentEnd < contentEnd && (bytes[indentEnd] == 0x20 || bytes[indentEnd] == 0x09) { indentEnd += 1 }
        let indentation = String(decoding: bytes[start..<indentEnd], as: UTF8.self)

        if line > 0 {
            let previousStart = index.lineStarts[line - 1], previousEnd = index.contentEnd(ofLine: line - 1)
            let previous = String(decoding: bytes[previousStart..<previousEnd], as: UTF8.self)
            let trimmed = previous.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.hasPrefix(Self.disableNextPrefix) && !trimmed.contains(" - ") && !trimmed.contains("/*") {
                let end = index.position(ofByte: previousEnd)
                let separator = previous.hasSuffix(" ") ? "" : " "
                return textEdit(LSPRange(start: end, end: end), separator + ruleID)
            }
        }
        let insertion = LSPPosition(line: line, character: 0)
        return textEdit(LSPRange(start: insertion, end: insertion),
                        indentation + Self.disableNextPrefix + ruleID + lineBreak(after: line))
    }

    /// The line's own break, else the text's first one, else `\n` (so CRLF files stay CRLF).
    private func lineBreak(after line: Int) -> String {
        let index = result.index
        let contentEnd = index.contentEnd(ofLine: line)
        let next = line + 1 < index.lineStarts.count ? index.lineStarts[line + 1] : index.bytes.count
        if next > contentEnd { return String(decoding: index.bytes[contentEnd..<next], as: UTF8.self) }
        if index.lineStarts.count > 1 {
            let firstEnd = index.contentEnd(ofLine: 0)
            return String(decoding: index.bytes[firstEnd..<index.lineStarts[1]], as: UTF8.self)
        }
        return "\n"
    }
}

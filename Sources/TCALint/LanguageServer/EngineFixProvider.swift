/// Quick fixes for the language server from the fix engine (Sources/TCALint/Fixes): the fixes of the
/// diagnostic's rule that resolve exactly that finding, each checked by re-linting. Safe fixes are
/// preferred (one-keystroke auto fix); unsafe ones are offered but never preferred.
public struct EngineFixProvider: CodeActionFixProvider {
    let linter: Linter

    public init(linter: Linter = Linter()) { self.linter = linter }

    public func fixes(for diagnostic: Diagnostic, in file: AnalyzedFile) -> [CodeActionFix] {
        guard diagnostic.fix != nil else { return [] }
        guard let source = file.syntax?.source else { return [] }
        // The document's project (the workspace index), so that a fix adding a member sees other files' members.
        let engine = FixEngine(linter: linter, includeUnsafe: true, project: file.project)
        // Only this finding's fixes are checked (a re-lint each), not every fix of the document.
        return engine.checkedFixes(for: source, including: { fix in
                fix.ruleID == diagnostic.ruleID && fix.findingOffsets.contains(diagnostic.range.lowerBound)
            })
            .map { fix in
                CodeActionFix(
                    title: fix.applicability == .unsafe ? fix.title + " (unsafe: review the change)" : fix.title,
                    edits: fix.edits.map { CodeActionEdit(byteRange: $0.range, replacement: String(decoding: $0.replacement, as: UTF8.self)) },
                    isPreferred: fix.applicability == .safe)
            }
    }
}

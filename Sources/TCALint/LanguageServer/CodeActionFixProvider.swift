/// The hook through which automatic fixes become editor quick fixes.
///
/// The fix engine (Sources/TCALint/Fixes) describes a fix as byte
/// edits of the analysed file; the server turns them into a `quickfix` code action with LSP
/// ranges, listed before "Disable … for this line" and marked preferred. Pass a provider to
/// `LanguageServer(input:output:fixProvider:)`; without one only the disable action is offered.
public protocol CodeActionFixProvider {
    /// Fixes for one diagnostic of `file` (empty when the rule has none for this finding).
    func fixes(for diagnostic: Diagnostic, in file: AnalyzedFile) -> [CodeActionFix]
}

/// One fix, as a code action shows it.
public struct CodeActionFix: Equatable, Sendable {
    /// Shown in the editor's light-bulb menu, e.g. "Remove ._printChanges()".
    public var title: String
    /// Non-overlapping edits of the file's bytes, all applied together.
    public var edits: [CodeActionEdit]
    /// The editor may apply a preferred fix with one keystroke ("auto fix").
    public var isPreferred: Bool

    public init(title: String, edits: [CodeActionEdit], isPreferred: Bool = true) {
        self.title = title
        self.edits = edits
        self.isPreferred = isPreferred
    }
}

/// Replace the UTF-8 bytes in `byteRange` of the analysed file with `replacement`.
public struct CodeActionEdit: Equatable, Sendable {
    public var byteRange: Range<Int>
    public var replacement: String

    public init(byteRange: Range<Int>, replacement: String) {
        self.byteRange = byteRange
        self.replacement = replacement
    }
}

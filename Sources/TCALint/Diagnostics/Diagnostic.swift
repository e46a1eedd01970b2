/// A finding as a rule describes it: where (UTF-8 byte offsets in the file), what, and how to fix it
/// when the rule knows (ruff's model: the rule attaches the fix where it detects the problem).
/// Rules produce these and nothing else; locating, suppressing and formatting happen later.
public struct Finding: Equatable, Sendable {
    public var ruleID: String
    /// The reported bytes. An empty range is widened by the linter to the token starting there.
    public var range: Range<Int>
    public var message: String
    /// The rule's correction, if it has one for this finding (the fix engine still checks it).
    public var fix: Fix?

    /// Start of the reported token.
    public var offset: Int { range.lowerBound }

    public init(ruleID: String, range: Range<Int>, message: String, fix: Fix? = nil) {
        self.ruleID = ruleID
        self.range = range
        self.message = message
        self.fix = fix
    }

    /// A finding on the token that starts at `offset`.
    public init(ruleID: String, offset: Int, message: String, fix: Fix? = nil) {
        self.init(ruleID: ruleID, range: offset..<offset, message: message, fix: fix)
    }
}

/// A located finding, ready for reporters: everything a reporter prints is in here.
public struct Diagnostic: Equatable, Sendable {
    /// The path as the user gave it (relative stays relative).
    public var path: String
    /// 1-based.
    public var line: Int
    /// 1-based, in characters of the line (see `SourceFile.location(of:)`).
    public var column: Int
    public var severity: Severity
    public var ruleID: String
    /// The rule's human-readable name (SwiftLint's `type` field).
    public var ruleName: String
    public var message: String
    /// The text of the source line, without its line break (used by baselines and fingerprints).
    public var lineText: String
    /// The reported bytes (UTF-8 offsets; `line`/`column` are its start): what editors underline and what
    /// the fix engine matches fixes against. Empty for diagnostics not made from a file's text.
    public var range: Range<Int>
    /// The finding's fix, if its rule offered one.
    public var fix: Fix?

    public init(path: String, line: Int, column: Int, severity: Severity, ruleID: String,
                ruleName: String, message: String, lineText: String = "", range: Range<Int> = 0..<0, fix: Fix? = nil) {
        self.path = path
        self.line = line
        self.column = column
        self.severity = severity
        self.ruleID = ruleID
        self.ruleName = ruleName
        self.message = message
        self.lineText = lineText
        self.range = range
        self.fix = fix
    }

    /// Report order: path, line, column, then rule id and message so that ties are deterministic.
    public static func reportOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.path != b.path { return a.path < b.path }
        if a.line != b.line { return a.line < b.line }
        if a.column != b.column { return a.column < b.column }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        return a.message < b.message
    }
}

/// A finding as a rule describes it: where (a byte offset in the file) and what.
/// Rules produce these and nothing else; locating and formatting happen later.
public struct Finding: Equatable, Sendable {
    public var ruleID: String
    /// UTF-8 byte offset of the reported token.
    public var offset: Int
    public var message: String

    public init(ruleID: String, offset: Int, message: String) {
        self.ruleID = ruleID
        self.offset = offset
        self.message = message
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

    public init(path: String, line: Int, column: Int, severity: Severity, ruleID: String,
                ruleName: String, message: String, lineText: String = "") {
        self.path = path
        self.line = line
        self.column = column
        self.severity = severity
        self.ruleID = ruleID
        self.ruleName = ruleName
        self.message = message
        self.lineText = lineText
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

/// What a rule is, independent of any file: the data `tca-lint rules`, `explain`,
/// the reporters (SARIF `rules[]`) and the configuration need.
public struct RuleDescription: Sendable {
    /// Stable identifier users write in configs and disable comments, e.g. `reduce_before_scope`.
    public let id: String
    /// Human-readable name (SwiftLint's `type` in json output), e.g. "Reduce Before Scope".
    public let name: String
    /// One line: what is wrong.
    public let summary: String
    public let defaultSeverity: Severity
    /// Off unless listed in `opt_in_rules`.
    public let isOptIn: Bool
    /// Whether `--fix` can correct its findings (see `Sources/TCALint/Fixes`).
    public let fixability: Fixability

    public init(id: String, name: String, summary: String, defaultSeverity: Severity, isOptIn: Bool = false,
                fixability: Fixability = .none) {
        self.id = id
        self.name = name
        self.summary = summary
        self.defaultSeverity = defaultSeverity
        self.isOptIn = isOptIn
        self.fixability = fixability
    }

    /// The rule's document, `rules/<id>.md`, embedded in the binary (see `RuleDocs`).
    public var document: String? { RuleDocs.documents[id] }
}

/// Whether a rule's findings can be fixed automatically (ruff's model).
public enum Fixability: String, Sendable, CaseIterable {
    /// No automatic fix.
    case none
    /// `--fix` applies it: the fix cannot change behaviour the user did not ask to change.
    case safe
    /// Applied only with `--fix --unsafe`: the fix changes behaviour (which is its point) and deserves a review.
    case unsafe

    /// The spelling of the rule documents' header (`fixable: …`) and of `tca-lint rules`.
    public var label: String {
        switch self {
        case .none: return "no"
        case .safe: return "yes"
        case .unsafe: return "with --unsafe"
        }
    }
}

/// A rule reads one analysed file (tokens and reducer model) and describes its findings.
/// It never formats, locates or filters them: that is done by the diagnostics layer.
/// One rule per file in `Sources/TCALint/Rules/`, registered in `RuleRegistry.all`.
public protocol Rule {
    static var description: RuleDescription { get }
    init()
    func check(_ file: AnalyzedFile) -> [Finding]
}

extension Rule {
    /// A finding of this rule at a byte offset.
    public func finding(at offset: Int, _ message: String) -> Finding {
        Finding(ruleID: Self.description.id, offset: offset, message: message)
    }
}

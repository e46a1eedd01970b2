/// What a rule is, independent of any file: the one place its metadata lives. `tca-lint rules`,
/// `explain`, the reporters (SARIF `rules[]`), the configuration, the prefilter and the README tables
/// (checked by a test) all read it from here; `rules/<id>.md` holds only prose and examples.
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
    /// Whether its findings come with a fix (each fix says whether it is safe or unsafe).
    public let fixAvailability: FixAvailability
    /// Byte strings of which a file must contain at least one for this rule to fire in it: files with
    /// no needle of any rule are skipped unread (see `Prefilter`). A test fails when a rule fires
    /// in a file without its needle.
    public let prefilterNeedles: [String]
    public init(id: String, name: String, summary: String, defaultSeverity: Severity, isOptIn: Bool = false,
                fixAvailability: FixAvailability = .none, prefilterNeedles: [String] = []) {
        self.id = id
        self.name = name
        self.summary = summary
        self.defaultSeverity = defaultSeverity
        self.isOptIn = isOptIn
        self.fixAvailability = fixAvailability
        self.prefilterNeedles = prefilterNeedles
    }

    /// The rule's document, `rules/<id>.md`, compiled in from `Generated/RuleDocs.swift` (`scripts/generate-rule-docs`).
    public var document: String? { RuleDocs.documents[id] }

    /// What `tca-lint explain` prints: a header made from this description, then the document.
    public var explanation: String {
        var header = "**\(name)** · default severity: \(defaultSeverity.rawValue) · fix: \(fixAvailability.rawValue)"
        if isOptIn { header += " · opt-in" }
        var text = "# \(id)\n\n\(header)\n\n\(summary)\n"
        if let document { text += "\n" + document }
        return text.hasSuffix("\n") ? text : text + "\n"
    }
}

/// Whether a rule's findings come with a fix (ruff's `FixAvailability`). Whether `--fix` applies a
/// given fix alone or only with `--unsafe` is the fix's own `FixApplicability`.
public enum FixAvailability: String, Sendable, CaseIterable {
    /// No finding has a fix.
    case none
    /// Some findings have one (the rule offers none where it cannot fix without risk).
    case sometimes
    /// Every finding has one.
    case always
}

/// A rule is a question to the model: it reads one analysed file's facts and the project's features, and
/// describes its findings, each with its fix when the rule knows one (built from the file's tokens, which
/// are there when fixes are wanted). It never formats, locates or filters them: that is done by the
/// diagnostics layer. One rule per file in `Sources/TCALint/Rules/`, registered in `RuleRegistry.all`.
public protocol Rule {
    static var description: RuleDescription { get }
    init()
    func check(_ file: AnalyzedFile) -> [Finding]
}

extension Rule {
    /// A finding of this rule on the token at `anchor`.
    public func finding(at anchor: Anchor, _ message: String, fix: Fix? = nil) -> Finding {
        Finding(ruleID: Self.description.id, range: anchor.offset..<anchor.end, message: message, fix: fix)
    }

    /// A fix of this rule: `edits` resolve the findings at `findingOffsets` together.
    public func fix(_ title: String, _ applicability: FixApplicability, edits: [TextEdit], findingOffsets: [Int]) -> Fix {
        Fix(ruleID: Self.description.id, title: title, applicability: applicability, edits: edits, findingOffsets: findingOffsets)
    }
}

/// A rule about an API that a TCA release deprecated: silent for a project on an older TCA (the API is not
/// deprecated there, and its replacement may not exist yet), unless `--target-tca` asks about a newer one.
public protocol DeprecationRule: Rule {
    /// The first TCA release whose API carries the deprecation (soft or hard: Xcode strikes a soft-deprecated
    /// API through, the compiler warns about a hard one).
    static var deprecatedIn: TCAVersion { get }
    /// Where TCA explains the change, for `tca-lint migrate`: its migration guide's section, or the release notes
    /// of the release that made it (TCA has migration guides from 1.4 on).
    static var reference: String { get }
    /// In which order `tca-lint migrate` lists the features that use the API.
    static var migrationOrder: MigrationOrder { get }
}

/// How `tca-lint migrate` orders the features of one deprecation.
public enum MigrationOrder: String, Sendable {
    /// The features with the most uses first.
    case mostUsesFirst
    /// The root features first, then their children (TCA's advice for observation: a modern parent of legacy
    /// children behaves better than the opposite).
    case outsideIn
}

extension DeprecationRule {
    public static var migrationOrder: MigrationOrder { .mostUsesFirst }

    /// A finding at each use of these APIs in the file (`DeprecatedAPIReader`'s facts), with the API's message; the
    /// whole file is silent when the project declares `Effect` itself (TCA, a course's copy), whose own operators
    /// are then meant.
    func findingsAtEffectOperators(_ messages: [DeprecatedUseFacts.API: String], in file: AnalyzedFile,
                                   fix: (DeprecatedUseFacts) -> Fix? = { _ in nil }) -> [Finding] {
        guard !file.project.declaresOwn("Effect") else { return [] }
        return file.facts.file.deprecatedUses.compactMap { use in messages[use.api].map { finding(at: use.anchor, $0, fix: fix(use)) } }
    }
}

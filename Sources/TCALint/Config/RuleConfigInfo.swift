/// What the configuration needs to know about a rule: its id, default severity and whether it
/// is opt-in. Taken as a parameter (instead of reading `RuleRegistry.all` directly) so tests can
/// validate against a fixed list.
public struct RuleConfigInfo: Sendable {
    public let id: String
    public let defaultSeverity: Severity
    public let isOptIn: Bool

    public init(id: String, defaultSeverity: Severity, isOptIn: Bool = false) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.isOptIn = isOptIn
    }

    public init(_ ruleType: any Rule.Type) {
        let d = ruleType.description
        self.init(id: d.id, defaultSeverity: d.defaultSeverity, isOptIn: d.isOptIn)
    }

    /// Every registered rule, in registry order.
    public static var registered: [RuleConfigInfo] { RuleRegistry.all.map(RuleConfigInfo.init) }

    /// The keys every rule section accepts.
    public static let sectionKeys = ["severity", "excluded"]
}

/// One rule's effective settings.
public struct RuleSettings: Sendable, Equatable {
    public var severity: Severity
    /// Absolute globs of files this rule does not check (written relative to their configuration file).
    public var excluded: [String]

    public init(severity: Severity, excluded: [String] = []) {
        self.severity = severity
        self.excluded = excluded
    }
}

/// An option a rule accepts in its configuration section, besides the `severity` and
/// `excluded` every rule has. A rule declares its options by conforming to `ConfigurableRule`;
/// the configuration validates values against the declared kind and hands them back in
/// `RuleSettings.options`.
public struct RuleOptionSpec: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case bool
        case integer
        case string
        case stringList
    }

    public let name: String
    public let kind: Kind
    public let defaultValue: RuleOptionValue

    public init(name: String, kind: Kind, defaultValue: RuleOptionValue) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
    }
}

public enum RuleOptionValue: Sendable, Equatable {
    case bool(Bool)
    case integer(Int)
    case string(String)
    case stringList([String])
}

/// Rules with options of their own list them here; others need nothing.
public protocol ConfigurableRule: Rule {
    static var options: [RuleOptionSpec] { get }
}

/// What the configuration needs to know about a rule: its id, default severity, whether
/// it is opt-in, and the options it accepts. Taken as a parameter (instead of reading
/// `RuleRegistry.all` directly) so tests can validate against a fixed list.
public struct RuleConfigInfo: Sendable {
    public let id: String
    public let defaultSeverity: Severity
    public let isOptIn: Bool
    public let options: [RuleOptionSpec]

    public init(id: String, defaultSeverity: Severity, isOptIn: Bool = false, options: [RuleOptionSpec] = []) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.isOptIn = isOptIn
        self.options = options
    }

    public init(_ ruleType: any Rule.Type) {
        let d = ruleType.description
        self.init(id: d.id, defaultSeverity: d.defaultSeverity, isOptIn: d.isOptIn,
                  options: (ruleType as? any ConfigurableRule.Type)?.options ?? [])
    }

    /// Every registered rule, in registry order.
    public static var registered: [RuleConfigInfo] { RuleRegistry.all.map(RuleConfigInfo.init) }

    /// Option names every rule section accepts.
    public static let commonOptionNames = ["severity", "excluded"]
}

/// One rule's effective settings.
public struct RuleSettings: Sendable, Equatable {
    public var severity: Severity
    /// Globs (as written, relative to the configuration file) of files this rule does not check.
    public var excluded: [String]
    /// Every declared option, with its default when the configuration does not set it.
    public var options: [String: RuleOptionValue]

    public init(severity: Severity, excluded: [String] = [], options: [String: RuleOptionValue] = [:]) {
        self.severity = severity
        self.excluded = excluded
        self.options = options
    }
}

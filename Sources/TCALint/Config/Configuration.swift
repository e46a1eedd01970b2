/// The effective configuration: which rules run, at which severity, on which files.
///
/// Keys use SwiftLint's spelling: `included`, `excluded` (paths and globs relative to the
/// configuration file's directory), `disabled_rules`, `opt_in_rules`, `only_rules`, `strict`,
/// and one section per rule id with `severity: warning|error`, `excluded` globs and the
/// rule's declared options (`RuleOptionSpec`). `rule_id: error` is short for `severity: error`.
public struct Configuration: Sendable {
    public static let topLevelKeys = ["included", "excluded", "disabled_rules", "opt_in_rules", "only_rules", "strict"]

    /// The file it was read from (as given), nil for the defaults.
    public let configFilePath: String?
    /// Absolute directory that `included`/`excluded` patterns are relative to.
    public let baseDirectory: String
    /// Absolute directory that relative paths passed to `isIncluded` & co. are relative to.
    public let workingDirectory: String

    public let included: [String]
    public let excluded: [String]
    public let disabledRules: [String]
    public let optInRules: [String]
    public let onlyRules: [String]
    public let strict: Bool

    /// The rules the configuration was validated against, in their order.
    public let knownRules: [RuleConfigInfo]
    /// The rules that run, in `knownRules` order.
    public let enabledRuleIDs: [String]
    /// Settings of every known rule (enabled or not).
    public let ruleSettings: [String: RuleSettings]

    private let includedFilter: PathFilter
    private let excludedFilter: PathFilter
    private let ruleExcludedFilters: [String: PathFilter]

    /// The configuration used when there is no configuration file.
    public init(knownRules: [RuleConfigInfo], workingDirectory: String) {
        try! self.init(yaml: nil, path: nil, knownRules: knownRules, workingDirectory: workingDirectory)
    }

    /// Parses and validates a configuration file's bytes. `path` is where it was read from
    /// (its directory is the base of relative patterns); it is printed in errors as given.
    public init(parsing bytes: [UInt8], path: String, knownRules: [RuleConfigInfo],
                workingDirectory: String) throws {
        let yaml = try YAMLSubsetParser.parse(bytes, path: path)
        try self.init(yaml: yaml, path: path, knownRules: knownRules, workingDirectory: workingDirectory)
    }

    /// Validates a parsed document. All problems are collected and thrown together.
    public init(yaml: YAMLValue?, path: String?, knownRules: [RuleConfigInfo], workingDirectory: String) throws {
        let workingDirectory = Paths.normalize(workingDirectory)
        var v = Validator(path: path ?? "<defaults>", knownRules: knownRules)
        let entries: [YAMLMappingEntry]
        switch yaml {
        case nil:
            entries = []
        case .mapping(let e, _):
            entries = e
        case .scalar(let s) where s.isNull:
            entries = []
        case let other?:
            v.fail(other.position, "the configuration must be a mapping of `key: value` lines, not \(other.kindName)")
            entries = []
        }

        var included: [String] = [], excluded: [String] = []
        var disabled: [String] = [], optIn: [String] = [], only: [String] = []
        var onlyKey: YAMLScalar?
        var strict = false
        var settings: [String: RuleSettings] = [:]
        for rule in knownRules {
            var options: [String: RuleOptionValue] = [:]
            for option in rule.options { options[option.name] = option.defaultValue }
            settings[rule.id] = RuleSettings(severity: rule.defaultSeverity, options: options)
        }
        let ruleIDs = knownRules.map(\.id)

        for entry in entries {
            let key = entry.key.text
            switch key {
            case "included": included = v.strings(entry.value, key: key)
            case "excluded": excluded = v.strings(entry.value, key: key)
            case "disabled_rules": disabled = v.ruleIDs(entry.value, key: key, allowAll: false)
            case "opt_in_rules": optIn = v.ruleIDs(entry.value, key: key, allowAll: true)
            case "only_rules":
                only = v.ruleIDs(entry.value, key: key, allowAll: false)
                onlyKey = entry.key
            case "strict": strict = v.bool(entry.value, key: key) ?? false
            default:
                if let rule = knownRules.first(where: { $0.id == key }) {
                    v.ruleSection(entry.value, rule: rule, into: &settings[rule.id]!)
                } else {
                    v.fail(entry.key.position, "unknown key '\(key)'" + EditDistance.suggestion(for: key, in: Self.topLevelKeys + ruleIDs))
                }
            }
        }
        // SwiftLint refuses the same combination: `only_rules` says exactly which rules run.
        if let onlyKey, !only.isEmpty, !disabled.isEmpty || !optIn.isEmpty {
            v.fail(onlyKey.position,
                   "'disabled_rules' or 'opt_in_rules' cannot be used in combination with 'only_rules'; keep only 'only_rules'")
        }
        if !v.problems.isEmpty {
            throw ConfigurationError(problems: v.problems)
        }

        let onlySet = Set(only), optInSet = Set(optIn), disabledSet = Set(disabled)
        self.enabledRuleIDs = knownRules.filter { rule in
            if !only.isEmpty { return onlySet.contains(rule.id) }
            let on = !rule.isOptIn || optInSet.contains(rule.id) || optInSet.contains("all")
            return on && !disabledSet.contains(rule.id)
        }.map(\.id)

        let absolutePath = path.map { Paths.absolute($0, base: workingDirectory) }
        let base = absolutePath.map(Paths.directory(of:)) ?? workingDirectory
        self.configFilePath = path
        self.baseDirectory = base
        self.workingDirectory = workingDirectory
        self.included = included
        self.excluded = excluded
        self.disabledRules = disabled
        self.optInRules = optIn
        self.onlyRules = only
        self.strict = strict
        self.knownRules = knownRules
        self.ruleSettings = settings
        self.includedFilter = PathFilter(patterns: included, baseDirectory: base)
        self.excludedFilter = PathFilter(patterns: excluded, baseDirectory: base)
        var ruleFilters: [String: PathFilter] = [:]
        for (id, s) in settings where !s.excluded.isEmpty {
            ruleFilters[id] = PathFilter(patterns: s.excluded, baseDirectory: base)
        }
        self.ruleExcludedFilters = ruleFilters
    }

    // MARK: - Queries

    public func isEnabled(_ ruleID: String) -> Bool { enabledRuleIDs.contains(ruleID) }

    /// The configured severity of a rule (its default when not configured; nil for an unknown id).
    public func severity(for ruleID: String) -> Severity? { ruleSettings[ruleID]?.severity }

    /// Severity overrides for `Linter(rules:severities:)`.
    public var severities: [String: Severity] { ruleSettings.mapValues(\.severity) }

    /// Whether a file is linted: inside `included` (when given) and not inside `excluded`.
    /// Relative paths are taken relative to `workingDirectory`.
    public func isIncluded(_ path: String) -> Bool {
        let absolute = Paths.absolute(path, base: workingDirectory)
        if !includedFilter.isEmpty && !includedFilter.matches(absolutePath: absolute) { return false }
        return !excludedFilter.matches(absolutePath: absolute)
    }

    /// Whether a directory walk should enter `path` at all (false when `excluded` covers it).
    public func shouldDescend(intoDirectory path: String) -> Bool {
        !excludedFilter.matches(absolutePath: Paths.absolute(path, base: workingDirectory))
    }

    /// Whether `ruleID`'s own `excluded` globs cover the file.
    public func isExcluded(_ path: String, forRule ruleID: String) -> Bool {
        guard let filter = ruleExcludedFilters[ruleID] else { return false }
        return filter.matches(absolutePath: Paths.absolute(path, base: workingDirectory))
    }
}

/// Collects every problem of a configuration instead of stopping at the first.
private struct Validator {
    let path: String
    let knownRules: [RuleConfigInfo]
    var problems: [ConfigurationError.Problem] = []

    mutating func fail(_ p: YAMLPosition, _ message: String) {
        problems.append(.init(path: path, line: p.line, column: p.column, message: message))
    }

    /// A list of strings; a single string is accepted as a list of one (as SwiftLint does).
    mutating func strings(_ value: YAMLValue, key: String) -> [String] {
        located(value, key: key).map(\.text)
    }

    private mutating func located(_ value: YAMLValue, key: String) -> [YAMLScalar] {
        switch value {
        case .scalar(let s):
            return s.isNull ? [] : [s]
        case .sequence(let items, _):
            var result: [YAMLScalar] = []
            for item in items {
                guard case .scalar(let s) = item else {
                    fail(item.position, "'\(key)' expects a list of strings, but this item is \(item.kindName)")
                    continue
                }
                if s.isNull {
                    fail(s.position, "empty item in '\(key)'; remove it or write a value")
                    continue
                }
                result.append(s)
            }
            return result
        case .mapping(_, let p):
            fail(p, "'\(key)' expects a list of strings, not a mapping")
            return []
        }
    }

    mutating func ruleIDs(_ value: YAMLValue, key: String, allowAll: Bool) -> [String] {
        let known = knownRules.map(\.id)
        var result: [String] = []
        for s in located(value, key: key) {
            if known.contains(s.text) || (allowAll && s.text == "all") {
                result.append(s.text)
                continue
            }
            fail(s.position, "unknown rule '\(s.text)' in '\(key)'" + EditDistance.suggestion(for: s.text, in: known))
        }
        return result
    }

    mutating func bool(_ value: YAMLValue, key: String) -> Bool? {
        if case .scalar(let s) = value, let b = s.bool { return b }
        fail(value.position, "'\(key)' expects true or false")
        return nil
    }

    mutating func severity(_ value: YAMLValue, rule: String) -> Severity? {
        if case .scalar(let s) = value, let severity = Severity(rawValue: s.text) { return severity }
        var message = "the severity of '\(rule)' must be warning or error"
        if case .scalar(let s) = value, !s.isNull,
           let guess = EditDistance.closest(to: s.text.lowercased(), in: ["warning", "error"]) {
            message += "; did you mean '\(guess)'?"
        }
        fail(value.position, message)
        return nil
    }

    mutating func ruleSection(_ value: YAMLValue, rule: RuleConfigInfo, into settings: inout RuleSettings) {
        switch value {
        case .scalar(let s):
            if s.isNull { return }
            if let severity = severity(value, rule: rule.id) { settings.severity = severity }
        case .sequence(_, let p):
            fail(p, "the section of '\(rule.id)' must be a mapping (e.g. `severity: error`), not a sequence")
        case .mapping(let entries, _):
            for entry in entries {
                let key = entry.key.text
                if key == "severity" {
                    if let severity = severity(entry.value, rule: rule.id) { settings.severity = severity }
                } else if key == "excluded" {
                    settings.excluded = strings(entry.value, key: "\(rule.id).excluded")
                } else if let spec = rule.options.first(where: { $0.name == key }) {
                    if let option = optionValue(entry.value, spec: spec, rule: rule.id) { settings.options[key] = option }
                } else {
                    let names = RuleConfigInfo.commonOptionNames + rule.options.map(\.name)
                    fail(entry.key.position, "unknown option '\(key)' for rule '\(rule.id)'"
                         + EditDistance.suggestion(for: key, in: names))
                }
            }
        }
    }

    mutating func optionValue(_ value: YAMLValue, spec: RuleOptionSpec, rule: String) -> RuleOptionValue? {
        let name = "\(rule).\(spec.name)"
        switch spec.kind {
        case .bool:
            return bool(value, key: name).map(RuleOptionValue.bool)
        case .integer:
            if case .scalar(let s) = value, let n = s.integer { return .integer(n) }
            fail(value.position, "'\(name)' expects an integer")
        case .string:
            if case .scalar(let s) = value, !s.isNull { return .string(s.text) }
            fail(value.position, "'\(name)' expects a string")
        case .stringList:
            return .stringList(strings(value, key: name))
        }
        return nil
    }
}

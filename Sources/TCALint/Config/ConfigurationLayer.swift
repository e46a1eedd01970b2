/// One configuration file, validated: only what it sets, with every path made absolute against
/// the file's folder. A `Configuration` is the fold of one or more layers: a file's
/// `parent_config` before the file, several `--config` files in the order given, and nested
/// `.tca-lint.yml` files from the outermost folder inwards (see `ConfigurationResolver`).
public struct ConfigurationLayer: Sendable {
    public static let topLevelKeys = ["included", "excluded", "disabled_rules", "opt_in_rules", "only_rules", "strict",
                                      "reporter", "baseline", "allow_zero_lintable_files", "parent_config", "tca_version"]

    /// The file it was read from, as given; nil for an in-memory document.
    public let path: String?
    /// The absolute folder its relative paths are relative to.
    public let directory: String

    /// Absolute paths and globs.
    public internal(set) var included: [String] = []
    public internal(set) var excluded: [String] = []
    public internal(set) var disabledRules: [String] = []
    public internal(set) var optInRules: [String] = []
    /// nil when the file does not say; an empty list counts as not saying (as in SwiftLint).
    public internal(set) var onlyRules: [String]?
    public internal(set) var strict: Bool?
    public internal(set) var allowZeroLintableFiles: Bool?
    public internal(set) var reporter: String?
    /// Absolute.
    public internal(set) var baseline: String?
    /// `tca_version: 1.7.2`: the TCA version the rules judge against, instead of the one the project's files name.
    public internal(set) var tcaVersion: TCAVersion?
    /// Absolute, with where it was written (for errors about the parent).
    public internal(set) var parentConfig: (path: String, position: YAMLPosition)?
    public internal(set) var severities: [String: Severity] = [:]
    /// Absolute globs per rule id.
    public internal(set) var ruleExcluded: [String: [String]] = [:]
    /// Problems that do not stop a run: unknown keys and rule ids, opt-in names for default rules.
    public internal(set) var warnings: [ConfigurationError.Problem] = []

    /// Validates a parsed document. All errors are collected and thrown together.
    /// - Parameter workingDirectory: absolute; a relative `path` is taken relative to it.
    public init(yaml: YAMLValue?, path: String?, knownRules: [RuleConfigInfo], workingDirectory: String) throws {
        let workingDirectory = Paths.normalize(workingDirectory)
        self.path = path
        self.directory = path.map { Paths.directory(of: Paths.absolute($0, base: workingDirectory)) } ?? workingDirectory
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
        let ruleIDs = knownRules.map(\.id)
        var onlyKey: YAMLScalar?
        for entry in entries {
            let key = entry.key.text
            switch key {
            case "included": included = v.strings(entry.value, key: key).map(absolute)
            case "excluded": excluded = v.strings(entry.value, key: key).map(absolute)
            case "disabled_rules": disabledRules = v.ruleIDs(entry.value, key: key, allowAll: false)
            case "opt_in_rules":
                optInRules = v.ruleIDs(entry.value, key: key, allowAll: true)
                v.warnAboutDefaultRules(entry.value)
            case "only_rules":
                let only = v.ruleIDs(entry.value, key: key, allowAll: false)
                onlyRules = only.isEmpty ? nil : only
                onlyKey = entry.key
            case "strict": strict = v.bool(entry.value, key: key)
            case "allow_zero_lintable_files": allowZeroLintableFiles = v.bool(entry.value, key: key)
            case "reporter": reporter = v.reporter(entry.value)
            case "baseline": baseline = v.string(entry.value, key: key).map(absolute)
            case "tca_version": tcaVersion = v.version(entry.value, key: key)
            case "parent_config":
                if let parent = v.string(entry.value, key: key) {
                    if parent.hasPrefix("http://") || parent.hasPrefix("https://") {
                        v.fail(entry.value.position, "'parent_config' must be a local file; remote configurations are not supported")
                    } else {
                        parentConfig = (absolute(parent), entry.value.position)
                    }
                }
            default:
                if let rule = knownRules.first(where: { $0.id == key }) {
                    var severity: Severity?, excluded: [String]?
                    v.ruleSection(entry.value, rule: rule, severity: &severity, excluded: &excluded)
                    if let severity { severities[rule.id] = severity }
                    if let excluded { ruleExcluded[rule.id] = excluded.map(absolute) }
                } else {
                    v.warn(entry.key.position, "unknown key '\(key)' ignored"
                           + EditDistance.suggestion(for: key, in: Self.topLevelKeys + ruleIDs))
                }
            }
        }
        // SwiftLint refuses the same combination: `only_rules` says exactly which rules run.
        if let onlyKey, onlyRules != nil, !disabledRules.isEmpty || !optInRules.isEmpty {
            v.fail(onlyKey.position,
                   "'disabled_rules' or 'opt_in_rules' cannot be used in combination with 'only_rules'; keep only 'only_rules'")
        }
        let errors = v.problems.filter { !$0.isWarning }
        if !errors.isEmpty { throw ConfigurationError(problems: errors) }
        warnings = v.problems
    }

    private func absolute(_ pattern: String) -> String { Paths.absolute(pattern, base: directory) }
}

/// Collects every problem of a configuration instead of stopping at the first.
private struct Validator {
    let path: String
    let knownRules: [RuleConfigInfo]
    var problems: [ConfigurationError.Problem] = []

    mutating func fail(_ p: YAMLPosition, _ message: String) {
        problems.append(.init(path: path, line: p.line, column: p.column, message: message))
    }

    mutating func warn(_ p: YAMLPosition, _ message: String) {
        problems.append(.init(path: path, line: p.line, column: p.column, message: message, isWarning: true))
    }

    /// A list of strings; a single string is accepted as a list of one (as SwiftLint does).
    mutating func strings(_ value: YAMLValue, key: String) -> [String] {
        located(value, key: key).map(\.text)
    }

    mutating func version(_ value: YAMLValue, key: String) -> TCAVersion? {
        if case .scalar(let s) = value, let version = TCAVersion(s.text) { return version }
        fail(value.position, "'\(key)' expects a TCA version such as 1.7.2")
        return nil
    }

    mutating func string(_ value: YAMLValue, key: String) -> String? {
        if case .scalar(let s) = value, !s.isNull, !s.text.isEmpty { return s.text }
        fail(value.position, "'\(key)' expects a file name")
        return nil
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

    /// Known ids; unknown ones are warnings (a rule of a newer tca-lint must not break an older one).
    mutating func ruleIDs(_ value: YAMLValue, key: String, allowAll: Bool) -> [String] {
        let known = knownRules.map(\.id)
        var result: [String] = []
        for s in located(value, key: key) {
            if known.contains(s.text) || (allowAll && s.text == "all") {
                result.append(s.text)
                continue
            }
            warn(s.position, "unknown rule '\(s.text)' in '\(key)' ignored" + EditDistance.suggestion(for: s.text, in: known))
        }
        return result
    }

    /// `opt_in_rules` naming a rule that runs anyway: probably meant for another key.
    mutating func warnAboutDefaultRules(_ value: YAMLValue) {
        let defaults = Set(knownRules.filter { !$0.isOptIn }.map(\.id))
        let scalars: [YAMLScalar]
        switch value {   // shapes already reported by `ruleIDs` are skipped silently
        case .scalar(let s): scalars = [s]
        case .sequence(let items, _): scalars = items.compactMap { if case .scalar(let s) = $0 { return s } else { return nil } }
        case .mapping: scalars = []
        }
        for s in scalars where defaults.contains(s.text) {
            warn(s.position, "'\(s.text)' is not an opt-in rule: it runs by default, so listing it in 'opt_in_rules' does nothing")
        }
    }

    mutating func bool(_ value: YAMLValue, key: String) -> Bool? {
        if case .scalar(let s) = value, let b = s.bool { return b }
        fail(value.position, "'\(key)' expects true or false")
        return nil
    }

    mutating func reporter(_ value: YAMLValue) -> String? {
        let names = ReporterRegistry.all.map { $0.identifier }
        if case .scalar(let s) = value, !s.isNull {
            if ReporterRegistry.reporter(named: s.text) != nil { return s.text }
            fail(value.position, "unknown reporter '\(s.text)'" + EditDistance.suggestion(for: s.text, in: names))
        } else {
            fail(value.position, "'reporter' expects a reporter name: " + names.joined(separator: ", "))
        }
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

    mutating func ruleSection(_ value: YAMLValue, rule: RuleConfigInfo, severity: inout Severity?, excluded: inout [String]?) {
        switch value {
        case .scalar(let s):
            if s.isNull { return }
            severity = self.severity(value, rule: rule.id)
        case .sequence(_, let p):
            fail(p, "the section of '\(rule.id)' must be a mapping (e.g. `severity: error`), not a sequence")
        case .mapping(let entries, _):
            for entry in entries {
                switch entry.key.text {
                case "severity": severity = self.severity(entry.value, rule: rule.id)
                case "excluded": excluded = strings(entry.value, key: "\(rule.id).excluded")
                case let key:
                    warn(entry.key.position, "unknown option '\(key)' for rule '\(rule.id)' ignored"
                         + EditDistance.suggestion(for: key, in: RuleConfigInfo.sectionKeys))
                }
            }
        }
    }
}

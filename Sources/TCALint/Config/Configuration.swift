/// The effective configuration: which rules run, at which severity, on which files.
///
/// Keys use SwiftLint's spelling: `included`, `excluded` (paths and globs relative to the
/// configuration file's directory), `disabled_rules`, `opt_in_rules`, `only_rules`, `strict`,
/// `reporter`, `baseline`, `allow_zero_lintable_files`, `parent_config`, and one section per
/// rule id with `severity: warning|error` and `excluded` globs. `rule_id: error` is short for
/// `severity: error`.
///
/// A configuration is the fold of its layers (`ConfigurationLayer`), earliest first, with
/// SwiftLint's merge rules: a later layer's `only_rules` replaces the rule choice, its
/// `opt_in_rules` and `disabled_rules` adjust it; scalar keys and rule sections override;
/// `included`/`excluded` accumulate, a later layer's entry removing the same path from the other list.
public struct Configuration: Sendable {
    /// The files it was read from (as given), earliest first; empty for the defaults.
    public var configFilePaths: [String] { fold.paths?.array ?? [] }
    /// Absolute directory of the first layer: what `--print-config` writes paths relative to.
    public let baseDirectory: String
    /// Absolute directory that relative paths passed to `isIncluded` & co. are relative to.
    public let workingDirectory: String

    /// Absolute paths and globs.
    public let included: [String]
    public let excluded: [String]
    public let strict: Bool
    public let allowZeroLintableFiles: Bool
    /// The reporter to use when `--reporter` is not given.
    public let reporter: String?
    /// Absolute path of the baseline to use when `--baseline` is not given.
    public let baseline: String?
    /// `tca_version:`, the TCA version the rules judge against (nil: the version the project's files name).
    public let tcaVersion: TCAVersion?
    /// Problems that did not stop loading (unknown keys and rule ids), in file order.
    public let warnings: [ConfigurationError.Problem]

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
        self.init(layers: [], knownRules: knownRules, workingDirectory: workingDirectory)
    }

    /// Parses and validates one configuration file's bytes (its `parent_config` is not followed:
    /// `ConfigurationLoader` does that). `path` is printed in errors as given.
    public init(parsing bytes: [UInt8], path: String, knownRules: [RuleConfigInfo],
                workingDirectory: String) throws {
        let yaml = try YAMLSubsetParser.parse(bytes, path: path)
        let layer = try ConfigurationLayer(yaml: yaml, path: path, knownRules: knownRules, workingDirectory: workingDirectory)
        self.init(layers: [layer], knownRules: knownRules, workingDirectory: workingDirectory)
    }

    /// The fold of `layers`, earliest first.
    public init(layers: [ConfigurationLayer], knownRules: [RuleConfigInfo], workingDirectory: String) {
        var fold = Fold(knownRules: knownRules)
        for layer in layers { fold.apply(layer, knownRules: knownRules) }
        self.init(fold: fold, knownRules: knownRules, workingDirectory: Paths.normalize(workingDirectory))
    }

    /// `parent` with `layers` folded on top: the same as the fold of the parent's layers and then these, at
    /// the cost of these alone (a nested configuration in each of n nested folders folded n² layers).
    public init(extending parent: Configuration, with layers: [ConfigurationLayer]) {
        var fold = parent.fold
        for layer in layers { fold.apply(layer, knownRules: parent.knownRules) }
        self.init(fold: fold, knownRules: parent.knownRules, workingDirectory: parent.workingDirectory)
    }

    /// The state of the fold of layers (SwiftLint's merge rules, see the type's documentation).
    struct Fold: Sendable {
        var enabled: Set<String>
        var included: [String] = [], excluded: [String] = []
        var strict = false, allowZero = false
        var reporter: String?, baseline: String?
        var tcaVersion: TCAVersion?
        var settings: [String: RuleSettings] = [:]
        /// The configuration files folded, the last first: a chain that a folder's configuration shares with
        /// its parent's (an array copied at each of n nested folders cost n²).
        var paths: PathChain? = nil
        var firstDirectory: String?
        var warnings: [ConfigurationError.Problem] = []

        init(knownRules: [RuleConfigInfo]) {
            enabled = Set(knownRules.filter { !$0.isOptIn }.map(\.id))
            for rule in knownRules { settings[rule.id] = RuleSettings(severity: rule.defaultSeverity) }
        }

        mutating func apply(_ layer: ConfigurationLayer, knownRules: [RuleConfigInfo]) {
            if let only = layer.onlyRules {
                enabled = Set(only)
            } else {
                enabled.formUnion(layer.optInRules.contains("all") ? knownRules.map(\.id) : layer.optInRules)
                enabled.subtract(layer.disabledRules)
            }
            // SwiftLint's `mergedIncludedAndExcluded`: the later layer wins for a path in both lists.
            if !layer.excluded.isEmpty { included = included.filter { !layer.excluded.contains($0) } }
            included += layer.included
            if !layer.included.isEmpty { excluded = excluded.filter { !layer.included.contains($0) } }
            excluded += layer.excluded
            strict = layer.strict ?? strict
            allowZero = layer.allowZeroLintableFiles ?? allowZero
            reporter = layer.reporter ?? reporter
            baseline = layer.baseline ?? baseline
            tcaVersion = layer.tcaVersion ?? tcaVersion
            for (id, severity) in layer.severities { settings[id]?.severity = severity }
            for (id, globs) in layer.ruleExcluded { settings[id]?.excluded = globs }
            if let path = layer.path { paths = PathChain(path, previous: paths) }
            if firstDirectory == nil { firstDirectory = layer.directory }
            warnings += layer.warnings
        }
    }

    private let fold: Fold

    /// An immutable list extended at its end by sharing what comes before.
    final class PathChain: Sendable {
        let last: String
        let previous: PathChain?

        init(_ last: String, previous: PathChain?) {
            self.last = last
            self.previous = previous
        }

        /// Earliest first. Built anew on each call, in time linear in the chain's length: callers that need
        /// the list (`print-config`; the files `--fix` must never write onto) ask once per run, never per linted file.
        var array: [String] {
            var result: [String] = []
            var node: PathChain? = self
            while let n = node { result.append(n.last); node = n.previous }
            return result.reversed()
        }
    }

    private init(fold: Fold, knownRules: [RuleConfigInfo], workingDirectory: String) {
        self.fold = fold
        self.baseDirectory = fold.firstDirectory ?? workingDirectory
        self.workingDirectory = workingDirectory
        self.included = fold.included
        self.excluded = fold.excluded
        self.strict = fold.strict
        self.allowZeroLintableFiles = fold.allowZero
        self.reporter = fold.reporter
        self.baseline = fold.baseline
        self.tcaVersion = fold.tcaVersion
        self.warnings = fold.warnings
        self.knownRules = knownRules
        self.enabledRuleIDs = knownRules.map(\.id).filter(fold.enabled.contains)
        self.ruleSettings = fold.settings
        self.includedFilter = PathFilter(patterns: fold.included, baseDirectory: "/")
        self.excludedFilter = PathFilter(patterns: fold.excluded, baseDirectory: "/")
        var ruleFilters: [String: PathFilter] = [:]
        for (id, s) in fold.settings where !s.excluded.isEmpty {
            ruleFilters[id] = PathFilter(patterns: s.excluded, baseDirectory: "/")
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
        // Without patterns there is nothing to resolve (this runs once per walked file).
        if includedFilter.isEmpty && excludedFilter.isEmpty { return true }
        let absolute = Paths.absolute(path, base: workingDirectory)
        if !includedFilter.isEmpty && !includedFilter.matches(absolutePath: absolute) { return false }
        return !excludedFilter.matches(absolutePath: absolute)
    }

    /// Whether a directory walk should enter `path` at all (false when `excluded` covers it).
    public func shouldDescend(intoDirectory path: String) -> Bool {
        excludedFilter.isEmpty || !excludedFilter.matches(absolutePath: Paths.absolute(path, base: workingDirectory))
    }

    /// Whether `ruleID`'s own `excluded` globs cover the file.
    public func isExcluded(_ path: String, forRule ruleID: String) -> Bool {
        guard let filter = ruleExcludedFilters[ruleID] else { return false }
        return filter.matches(absolutePath: Paths.absolute(path, base: workingDirectory))
    }
}

extension Linter {
    /// The linter a configuration describes: its enabled rules, severities and per-rule exclusions.
    /// The one place a configuration becomes a linter (CLI and language server alike).
    public init(configuration: Configuration) {
        let enabled = Set(configuration.enabledRuleIDs)
        self.init(rules: RuleRegistry.all.filter { enabled.contains($0.description.id) },
                  severities: configuration.severities,
                  isRuleExcluded: { path, ruleID in configuration.isExcluded(path, forRule: ruleID) })
        self.tcaVersion = configuration.tcaVersion
    }
}

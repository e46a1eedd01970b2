/// Lints one file with a set of rules: run each rule on the file's facts, locate the findings, apply the
/// file's disable comments.
public struct Linter {
    public var rules: [any Rule.Type]
    /// Severity overrides by rule id (from configuration).
    public var severities: [String: Severity]

    /// Per-path rule exclusions from configuration (`<rule_id>: { excluded: [...] }`): (path, ruleID) → skip.
    public var isRuleExcluded: (String, String) -> Bool

    /// The TCA version findings are judged against: `--target-tca`, else the configuration's `tca_version`, else the
    /// version the project's `Package.resolved` or manifest names (`TCAVersionDetector`); nil when unknown. A
    /// deprecation rule whose API was deprecated in a later version stays silent.
    public var tcaVersion: TCAVersion?
    /// `tcaVersion` is only the lowest version a manifest's requirement allows (`from: "1.9.2"`, no lock file in
    /// sight): the project may build with any later one. A rule about a bug of a range of versions stays silent then.
    public var tcaVersionIsLowerBound = false

    /// Judges against the TCA version found in the project's files (`TCAVersionDetector`): a resolved pin, or only the
    /// lowest version a manifest's requirement allows; nil, none found.
    public mutating func judgeTCA(detected: DetectedTCAVersion?) {
        tcaVersion = detected?.version
        tcaVersionIsLowerBound = detected?.kind == .requirement
        tcaVersionFromCode = detected?.kind == .revision
    }
    /// Whether a rule of this linter judges by the TCA version (a deprecation rule): only then is the version looked for.
    public var judgesByTCAVersion: Bool { rules.contains { $0 is any DeprecationRule.Type } }

    /// TCA is pinned to a revision without a version (`branch: "main"`): a fixed snapshot whose number is unknown. The
    /// rules judge against the lowest version the project's code needs (`FeatureIndex.tcaVersionTheCodeNeeds`), a
    /// lower bound: a deprecation from a later release may not be in that snapshot.
    public var tcaVersionFromCode = false
    /// A deployment target every file is built for, instead of the one its nearest build description names.
    public var deploymentTarget: DeploymentTarget?
    /// Whether a file without `deploymentTarget` has its own read from the build descriptions above it (false: none).
    public var detectsDeploymentTarget = true

    public init(rules: [any Rule.Type] = RuleRegistry.defaultEnabled, severities: [String: Severity] = [:],
                isRuleExcluded: @escaping (String, String) -> Bool = { _, _ in false }) {
        self.rules = rules
        self.severities = severities
        self.isRuleExcluded = isRuleExcluded
    }

    static let knownRuleIDs = Set(RuleRegistry.all.map { $0.description.id })

    /// The deprecation rules' versions, found once (a dynamic cast per rule and file cost more than the check).
    static let deprecatedIn: [ObjectIdentifier: TCAVersion] = {
        var result: [ObjectIdentifier: TCAVersion] = [:]
        for rule in RuleRegistry.all {
            if let deprecation = rule as? any DeprecationRule.Type { result[ObjectIdentifier(rule)] = deprecation.deprecatedIn }
        }
        return result
    }()

    /// The file's diagnostics in report order (line, column, rule): the file is tokenized here, its facts put into
    /// `project` (or a project of its own), and its fixes built.
    public func lint(_ source: SourceFile, project: FeatureIndex? = nil) -> [Diagnostic] {
        diagnostics(for: AnalyzedFile(source: source, project: project), source: source)
    }

    /// The rules' findings for the file, before disable comments apply, and the rules that ran (a list: only a file with
    /// findings or disable comments asks it as a set, and most files have neither).
    public func findings(for file: AnalyzedFile) -> (findings: [Finding], enabled: [String]) {
        var result: [Finding] = []
        var enabled: [String] = []
        enabled.reserveCapacity(rules.count)
        let codeNeeds = tcaVersion == nil && tcaVersionFromCode ? file.project.tcaVersionTheCodeNeeds : nil
        let tcaVersion = self.tcaVersion ?? codeNeeds
        file.tcaVersion = tcaVersion
        file.tcaVersionIsLowerBound = tcaVersionIsLowerBound || codeNeeds != nil
        if let deploymentTarget { file.deploymentTarget = deploymentTarget } else if !detectsDeploymentTarget { file.deploymentTarget = nil }
        for ruleType in rules {
            let id = ruleType.description.id
            if isRuleExcluded(file.path, id) { continue }
            if let version = tcaVersion, let since = Self.deprecatedIn[ObjectIdentifier(ruleType)], version < since { continue }
            enabled.append(id)
            result += ruleType.init().check(file)
        }
        return (result, enabled)
    }

    /// The file's diagnostics in report order, located in `source` (the bytes the facts were read from).
    public func diagnostics(for file: AnalyzedFile, source: SourceFile) -> [Diagnostic] {
        let (findings, enabled) = findings(for: file)
        return diagnostics(findings, enabled: enabled, commands: file.facts.file, source: source)
    }

    /// Located, suppressed and deduplicated diagnostics of `findings`.
    func diagnostics(_ findings: [Finding], enabled: [String], commands: FileWideFacts, source: SourceFile) -> [Diagnostic] {
        var result = findings.map { diagnostic(for: $0, in: source) }
        // Inline `tca-lint:disable` comments; the comments that suppress nothing are findings of
        // `superfluous_disable`, located and given their severity like any other rule's.
        result = Suppressions.apply(result, commands: commands.disableCommands, invalid: commands.invalidCommands,
                                    knownRuleIDs: Self.knownRuleIDs, enabledRuleIDs: Set(enabled),
                                    locate: { diagnostic(for: $0, in: source) })
        result.sort(by: Diagnostic.reportOrder)
        // Two rules (or two paths of one rule) may describe the same thing at the same place once only.
        var unique: [Diagnostic] = []
        for d in result where unique.last != d { unique.append(d) }
        return unique
    }

    /// A rule's finding, located, with its rule's name and configured severity.
    public func diagnostic(for finding: Finding, in source: SourceFile) -> Diagnostic {
        let rule = RuleRegistry.rule(withID: finding.ruleID)?.description
        let loc = source.location(of: finding.offset)
        return Diagnostic(path: source.path, line: loc.line, column: loc.column,
                          severity: severities[finding.ruleID] ?? rule?.defaultSeverity ?? .warning,
                          ruleID: finding.ruleID, ruleName: rule?.name ?? finding.ruleID,
                          message: finding.message, lineText: source.lineText(loc.line),
                          range: finding.range, fix: finding.fix)
    }
}

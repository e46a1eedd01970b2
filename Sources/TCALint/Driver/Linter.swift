/// Lints one file with a set of rules: analyse, run each rule, locate the findings.
public struct Linter {
    public var rules: [any Rule.Type]
    /// Severity overrides by rule id (from configuration).
    public var severities: [String: Severity]

    /// Per-path rule exclusions from configuration (`<rule_id>: { excluded: [...] }`): (path, ruleID) → skip.
    public var isRuleExcluded: (String, String) -> Bool

    public init(rules: [any Rule.Type] = RuleRegistry.defaultEnabled, severities: [String: Severity] = [:],
                isRuleExcluded: @escaping (String, String) -> Bool = { _, _ in false }) {
        self.rules = rules
        self.severities = severities
        self.isRuleExcluded = isRuleExcluded
    }

    static let knownRuleIDs = Set(RuleRegistry.all.map { $0.description.id })

    /// The file's diagnostics in report order (line, column, rule).
    public func lint(_ source: SourceFile) -> [Diagnostic] {
        let file = AnalyzedFile(source: source)
        return diagnostics(for: file)
    }

    public func diagnostics(for file: AnalyzedFile) -> [Diagnostic] {
        var result: [Diagnostic] = []
        var enabled = Set<String>()
        for ruleType in rules {
            let d = ruleType.description
            if isRuleExcluded(file.source.path, d.id) { continue }
            enabled.insert(d.id)
            let severity = severities[d.id] ?? d.defaultSeverity
            for finding in ruleType.init().check(file) {
                let loc = file.source.location(of: finding.offset)
                result.append(Diagnostic(path: file.source.path, line: loc.line, column: loc.column,
                                         severity: severity, ruleID: d.id, ruleName: d.name,
                                         message: finding.message, lineText: file.source.lineText(loc.line)))
            }
        }
        // Inline `tca-lint:disable` comments, and `superfluous_disable` for those that suppress nothing.
        result = Suppressions.apply(result, in: file, knownRuleIDs: Self.knownRuleIDs, enabledRuleIDs: enabled,
                                    superfluousSeverity: severities[SuperfluousDisableRule.description.id]
                                        ?? SuperfluousDisableRule.description.defaultSeverity)
        result.sort(by: Diagnostic.reportOrder)
        // Two rules (or two paths of one rule) may describe the same thing at the same place once only.
        var unique: [Diagnostic] = []
        for d in result where unique.last != d { unique.append(d) }
        return unique
    }
}

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

    /// Whether an enabled rule reads other files' features: the run must then index the project fully
    /// (`indexScope`) and lint every file with that index.
    public var readsProjectFeatures: Bool { rules.contains { $0.description.readsProjectFeatures } }

    /// How far a run indexes the project before it lints with this linter.
    public var indexScope: ProjectIndexer.Scope { readsProjectFeatures ? .features : .reducerProtocols }

    /// The file's diagnostics in report order (line, column, rule).
    public func lint(_ source: SourceFile, project: FeatureIndex? = nil) -> [Diagnostic] {
        var project = project
        if project == nil && readsProjectFeatures {
            // A file linted without its project is its own project: what it declares is all there is to read.
            project = FeatureIndex(files: [FileFactsExtractor.extract(AnalyzedFile(source: source))])
        }
        let file = AnalyzedFile(source: source, project: project)
        return diagnostics(for: file)
    }

    public func diagnostics(for file: AnalyzedFile) -> [Diagnostic] {
        var result: [Diagnostic] = []
        var enabled = Set<String>()
        for ruleType in rules {
            let id = ruleType.description.id
            if isRuleExcluded(file.source.path, id) { continue }
            enabled.insert(id)
            for finding in ruleType.init().check(file) { result.append(diagnostic(for: finding, in: file)) }
        }
        // Inline `tca-lint:disable` comments; the comments that suppress nothing are findings of
        // `superfluous_disable`, located and given their severity like any other rule's.
        result = Suppressions.apply(result, in: file, knownRuleIDs: Self.knownRuleIDs, enabledRuleIDs: enabled,
                                    locate: { diagnostic(for: $0, in: file) })
        result.sort(by: Diagnostic.reportOrder)
        // Two rules (or two paths of one rule) may describe the same thing at the same place once only.
        var unique: [Diagnostic] = []
        for d in result where unique.last != d { unique.append(d) }
        return unique
    }

    /// A rule's finding, located, with its rule's name and configured severity. An empty range is the
    /// start of a token and becomes that whole token (what editors underline).
    public func diagnostic(for finding: Finding, in file: AnalyzedFile) -> Diagnostic {
        let rule = RuleRegistry.rule(withID: finding.ruleID)?.description
        let loc = file.source.location(of: finding.offset)
        var range = finding.range
        if range.isEmpty, let token = file.tokens.token(startingAt: range.lowerBound) {
            range = range.lowerBound..<token.endOffset
        }
        return Diagnostic(path: file.source.path, line: loc.line, column: loc.column,
                          severity: severities[finding.ruleID] ?? rule?.defaultSeverity ?? .warning,
                          ruleID: finding.ruleID, ruleName: rule?.name ?? finding.ruleID,
                          message: finding.message, lineText: file.source.lineText(loc.line),
                          range: range, fix: finding.fix)
    }
}

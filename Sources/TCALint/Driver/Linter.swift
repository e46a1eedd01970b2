/// Lints one file with a set of rules: analyse, run each rule, locate the findings.
public struct Linter {
    public var rules: [any Rule.Type]
    /// Severity overrides by rule id (from configuration).
    public var severities: [String: Severity]

    public init(rules: [any Rule.Type] = RuleRegistry.defaultEnabled, severities: [String: Severity] = [:]) {
        self.rules = rules
        self.severities = severities
    }

    /// The file's diagnostics in report order (line, column, rule).
    public func lint(_ source: SourceFile) -> [Diagnostic] {
        let file = AnalyzedFile(source: source)
        return diagnostics(for: file)
    }

    public func diagnostics(for file: AnalyzedFile) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for ruleType in rules {
            let d = ruleType.description
            let severity = severities[d.id] ?? d.defaultSeverity
            for finding in ruleType.init().check(file) {
                let loc = file.source.location(of: finding.offset)
                result.append(Diagnostic(path: file.source.path, line: loc.line, column: loc.column,
                                         severity: severity, ruleID: d.id, ruleName: d.name,
                                         message: finding.message, lineText: file.source.lineText(loc.line)))
            }
        }
        result.sort(by: Diagnostic.reportOrder)
        // Two rules (or two paths of one rule) may describe the same thing at the same place once only.
        var unique: [Diagnostic] = []
        for d in result where unique.last != d { unique.append(d) }
        return unique
    }
}

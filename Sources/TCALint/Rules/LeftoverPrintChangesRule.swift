/// `._printChanges()` left in code. Reads tokens only: comments, strings and regex literals are
/// single tokens, so text inside them can never match.
public struct LeftoverPrintChangesRule: Rule {
    public static let description = RuleDescription(
        id: "leftover_print_changes",
        name: "Leftover Print Changes",
        summary: "`._printChanges()` is a debugging aid (underscored, unversioned API); remove it before merging",
        defaultSeverity: .warning,
        fixability: .safe
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        let code = file.code
        var findings: [Finding] = []
        for i in 0..<code.count where code.tokens[i].kind == .identifier && code.is(i, "_printChanges") {
            // A declaration of someone's own `_printChanges` is not a leftover call.
            if code.is(i - 1, "func") || code.is(i - 1, "var") || code.is(i - 1, "let") { continue }
            // Only calls: `x._printChanges()`, `._printChanges(.actionLabels)`, also across a postfix `#if`.
            var a = i + 1
            if let g = code.skipGenericArguments(a, limit: code.count) { a = g }
            guard code.isPunct(a, .lparen) else { continue }
            // TCA's takes no argument or a printer; a string-literal argument is some other API.
            if a + 1 < code.count && code.tokens[a + 1].kind == .string { continue }
            findings.append(finding(at: code.tokens[i].startOffset,
                                    "Remove ._printChanges() before merging; it is a debugging aid (underscored, unversioned API) that prints every action and state diff"))
        }
        return findings
    }
}

import XCTest
import TCALint

/// The rule tables of README.md and rules/README.md, as the registry's descriptions render them.
enum RuleTable {
    static func markdown(linkPrefix: String) -> String {
        var rows = ["| id | severity | fix | summary |", "|---|---|---|---|"]
        for rule in RuleRegistry.all {
            let d = rule.description
            let fix = d.fixAvailability == .none ? "" : d.fixAvailability.rawValue
            let optIn = d.isOptIn ? " (opt-in)" : ""
            rows.append("| [`\(d.id)`](\(linkPrefix)\(d.id).md)\(optIn) | \(d.defaultSeverity.rawValue) | \(fix) | \(d.summary) |")
        }
        return rows.joined(separator: "\n") + "\n"
    }
}

/// Lints as the driver does, through `Prefilter`, and fails the calling test when a rule fires in a file
/// containing none of its `prefilterNeedles` (the driver would have skipped that file and lost the finding).
enum PrefilteredLint {
    static func diagnostics(_ source: SourceFile, linter: Linter,
                            file: StaticString = #filePath, line: UInt = #line) -> [Diagnostic] {
        let all = linter.lint(source)
        let text = String(decoding: source.bytes, as: UTF8.self)
        for d in all {
            let needles = RuleRegistry.rule(withID: d.ruleID)?.description.prefilterNeedles ?? []
            if !needles.contains(where: { text.contains($0) }) {
                XCTFail("\(source.path):\(d.line):\(d.column): \(d.ruleID) fired in a file without any of its prefilter needles \(needles)",
                        file: file, line: line)
            }
        }
        return Prefilter.mayContainFinding(source.bytes) ? all : []
    }
}

extension Linter {
    /// The default rules plus the given opt-in ones, as `opt_in_rules:` adds them.
    static func enabling(_ optIn: [any Rule.Type]) -> Linter {
        Linter(rules: RuleRegistry.defaultEnabled + optIn.filter { $0.description.isOptIn })
    }

    /// The defaults plus the body-order rules that ship opt-in (`binding_reducer_not_first`, which the fixtures'
    /// `.tca-lint.yml` enables too): what the tests of the fixes that move `BindingReducer` and `Scope` lint with.
    static var withOrderRules: Linter { enabling([ReduceBeforeScopeRule.self, BindingReducerNotFirstRule.self]) }
}

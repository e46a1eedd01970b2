extension Configuration {
    /// The effective configuration as YAML (`tca-lint lint --print-config`). Loading the output
    /// again (with the same rules known) gives the same effective configuration. The rule choice is
    /// written as SwiftLint users write it, `disabled_rules` and `opt_in_rules` relative to the
    /// defaults, so a rule added by a newer tca-lint is not silently left out.
    public func printEffective() -> String {
        var out: [String] = ["# Effective tca-lint configuration."]
        if configFilePaths.isEmpty {
            out.append("# No configuration file: these are the defaults.")
        } else {
            out.append("# Read from: " + configFilePaths.joined(separator: ", "))
        }
        out.append("# Paths are relative to: \(baseDirectory)")
        out += Self.list("included", included.map(relative))
        out += Self.list("excluded", excluded.map(relative))
        out += Self.list("disabled_rules", knownRules.filter { !$0.isOptIn && !isEnabled($0.id) }.map(\.id), quoted: false)
        out += Self.list("opt_in_rules", knownRules.filter { $0.isOptIn && isEnabled($0.id) }.map(\.id), quoted: false)
        out.append("strict: \(strict)")
        out.append("allow_zero_lintable_files: \(allowZeroLintableFiles)")
        if let reporter { out.append("reporter: \(Self.quoted(reporter))") }
        if let baseline { out.append("baseline: \(Self.quoted(relative(baseline)))") }
        if let tcaVersion { out.append("tca_version: \(Self.quoted(tcaVersion.description))") }
        for rule in knownRules {
            guard let settings = ruleSettings[rule.id] else { continue }
            out.append("\(rule.id):" + (isEnabled(rule.id) ? "" : "  # not enabled"))
            out.append("  severity: \(settings.severity.rawValue)")
            out += Self.list("excluded", settings.excluded.map(relative)).map { "  " + $0 }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// An absolute path or glob as written relative to `baseDirectory` (unchanged when outside it).
    private func relative(_ absolute: String) -> String { Paths.relative(absolute, to: baseDirectory) }

    private static func list(_ key: String, _ values: [String], quoted: Bool = true) -> [String] {
        if values.isEmpty { return ["\(key): []"] }
        return ["\(key):"] + values.map { "  - " + (quoted ? Self.quoted($0) : $0) }
    }

    /// A YAML double-quoted scalar that `YAMLSubsetParser` reads back to the same text.
    static func quoted(_ s: String) -> String {
        let body = TextEscaping.replacingScalars(s) { scalar in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case "\n": return "\\n"
            case "\r": return "\\r"
            case "\t": return "\\t"
            case _ where scalar.value < 0x20 || [0x7F, 0x85, 0x2028, 0x2029].contains(scalar.value):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: return nil
            }
        }
        return "\"" + body + "\""
    }
}

extension Configuration {
    /// The effective configuration as YAML (`tca-lint lint --print-config`). Loading the output
    /// again (with the same rules known) gives the same effective configuration: the resolved rule
    /// choice is written as `only_rules`, and every rule's section is spelled out.
    public func printEffective() -> String {
        var out: [String] = ["# Effective tca-lint configuration."]
        if let configFilePath {
            out.append("# Read from: \(configFilePath)")
        } else {
            out.append("# No configuration file: these are the defaults.")
        }
        out.append("# Paths are relative to: \(baseDirectory)")
        out += Self.list("included", included)
        out += Self.list("excluded", excluded)
        if enabledRuleIDs.isEmpty {
            // An empty `only_rules` would mean "the defaults", so say it with `disabled_rules`.
            out += Self.list("disabled_rules", knownRules.filter { !$0.isOptIn }.map(\.id), quoted: false)
            out.append("only_rules: []")
        } else {
            out.append("disabled_rules: []")
            out.append("opt_in_rules: []")
            out += Self.list("only_rules", enabledRuleIDs, quoted: false)
        }
        out.append("strict: \(strict)")
        for rule in knownRules {
            guard let settings = ruleSettings[rule.id] else { continue }
            out.append("\(rule.id):" + (isEnabled(rule.id) ? "" : "  # not enabled"))
            out.append("  severity: \(settings.severity.rawValue)")
            out += Self.list("excluded", settings.excluded).map { "  " + $0 }
            for option in rule.options {
                guard let value = settings.options[option.name] else { continue }
                switch value {
                case .bool(let b): out.append("  \(option.name): \(b)")
                case .integer(let n): out.append("  \(option.name): \(n)")
                case .string(let s): out.append("  \(option.name): \(Self.quoted(s))")
                case .stringList(let l): out += Self.list(option.name, l).map { "  " + $0 }
                }
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    private static func list(_ key: String, _ values: [String], quoted: Bool = true) -> [String] {
        if values.isEmpty { return ["\(key): []"] }
        return ["\(key):"] + values.map { "  - " + (quoted ? Self.quoted($0) : $0) }
    }

    /// A YAML double-quoted scalar that `YAMLSubsetParser` reads back to the same text.
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

import TCALint

/// `tca-lint rules`, `tca-lint rules <rule_id>` (SwiftLint's spelling) and `tca-lint explain <rule_id>`.
enum InfoCommands {
    static func rules(_ arguments: ArraySlice<String>) throws -> Int32 {
        let (ids, help) = try operands(of: arguments, command: "rules")
        if help {
            try Output.stdout("usage: tca-lint rules [<rule_id>]\n")
            return ExitStatus.clean
        }
        if !ids.isEmpty { return try explain(arguments) }
        let header = ["id", "severity", "opt-in", "fix", "summary"]
        let rows = RuleRegistry.all.map { rule -> [String] in
            let d = rule.description
            return [d.id, d.defaultSeverity.rawValue, d.isOptIn ? "yes" : "no", d.fixAvailability.rawValue, d.summary]
        }
        try Output.stdout(table([header] + rows))
        return ExitStatus.clean
    }

    /// Left-aligned columns separated by two spaces; the last column is not padded.
    static func table(_ rows: [[String]]) -> String {
        guard let columns = rows.first?.count else { return "" }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (i, cell) in row.enumerated() where i < columns - 1 { widths[i] = max(widths[i], cell.count) }
        }
        var out = ""
        for row in rows {
            for (i, cell) in row.enumerated() {
                out += cell
                if i < columns - 1 { out += String(repeating: " ", count: widths[i] - cell.count + 2) }
            }
            out += "\n"
        }
        return out
    }

    static func explain(_ arguments: ArraySlice<String>) throws -> Int32 {
        let (ids, help) = try operands(of: arguments, command: "explain")
        if help {
            try Output.stdout("usage: tca-lint explain <rule_id>\n")
            return ExitStatus.clean
        }
        guard ids.count == 1, let id = ids.first else {
            throw CommandError.usage("explain needs exactly one rule id (see 'tca-lint rules')")
        }
        guard let rule = RuleRegistry.rule(withID: id) else {
            let known = RuleRegistry.all.map { $0.description.id }
            if let closest = EditDistance.likelyTypo(of: id, in: known) {
                throw CommandError.failure("unknown rule '\(id)'; did you mean \(closest)?")
            }
            throw CommandError.failure("unknown rule '\(id)' (see 'tca-lint rules')")
        }
        try Output.stdout(rule.description.explanation)
        return ExitStatus.clean
    }
}

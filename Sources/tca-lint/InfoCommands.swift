import TCALint

/// `tca-lint rules`, `tca-lint rules <rule_id>` (SwiftLint's spelling) and `tca-lint explain <rule_id>`.
enum InfoCommands {
    /// `tca-lint rules [--config FILE]... [--enabled | --disabled]`: every rule with what the effective
    /// configuration makes of it (`enabled`, and its severity there), as SwiftLint's `rules` shows an
    /// "enabled in your config" column. The configuration is the one `lint` would use here: the `--config`
    /// files, else every `.tca-lint.yml` from the outermost folder down to the current one.
    static func rules(_ arguments: ArraySlice<String>) throws -> Int32 {
        var reader = Arguments(arguments)
        var ids: [String] = [], configPaths: [String] = []
        var help = false, onlyEnabled = false, onlyDisabled = false
        while let item = reader.next() {
            switch item {
            case .operand(let id): ids.append(id)
            case .option("--config", let inline):
                let path = try reader.value(for: "--config", inline: inline)
                guard !path.isEmpty else { throw CommandError.usage("--config needs a file name") }
                configPaths.append(path)
            case .option("--enabled", nil): onlyEnabled = true
            case .option("--disabled", nil): onlyDisabled = true
            case .option("--help", _), .option("-h", _): help = true
            case .option(let name, _):
                throw CommandError.usage("unknown option '\(name)' for rules (rules takes --config FILE, --enabled, --disabled)")
            }
        }
        if help {
            try Output.stdout("usage: tca-lint rules [--config FILE]... [--enabled | --disabled]\n       tca-lint rules <rule_id>\n")
            return ExitStatus.clean
        }
        if !ids.isEmpty {
            guard configPaths.isEmpty && !onlyEnabled && !onlyDisabled else {
                throw CommandError.usage("rules <rule_id> prints the rule's document and takes no option")
            }
            return try explain(arguments)
        }
        if onlyEnabled && onlyDisabled { throw CommandError.usage("--enabled and --disabled cannot be used together") }
        let resolver = ConfigurationResolver(explicitPaths: configPaths, workingDirectory: Paths.currentDirectory())
        let configuration = try LintCommand.configurationError { try resolver.configuration(forDirectory: ".") }
        for warning in configuration.warnings { Output.stderr(warning.description + "\n") }
        let header = ["id", "severity", "opt-in", "fix", "enabled", "summary"]
        let rows = RuleRegistry.all.compactMap { rule -> [String]? in
            let d = rule.description
            let enabled = configuration.isEnabled(d.id)
            if (onlyEnabled && !enabled) || (onlyDisabled && enabled) { return nil }
            let severity = configuration.severity(for: d.id) ?? d.defaultSeverity
            return [d.id, severity.rawValue, d.isOptIn ? "yes" : "no", d.fixAvailability.rawValue, enabled ? "yes" : "no", d.summary]
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

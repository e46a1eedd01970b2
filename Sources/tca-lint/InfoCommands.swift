import TCALint

/// `tca-lint rules` and `tca-lint explain <rule_id>`.
enum InfoCommands {
    static func rules(_ arguments: ArraySlice<String>) throws -> Int32 {
        let (extra, _) = try operands(of: arguments, command: "rules")
        guard extra.isEmpty else { throw CommandError.usage("rules takes no arguments") }
        let header = ["id", "severity", "opt-in", "fixable", "summary"]
        let rows = RuleRegistry.all.map { rule -> [String] in
            let d = rule.description
            let fixable: String
            switch d.fixability {
            case .none: fixable = "no"
            case .safe: fixable = "yes"
            case .unsafe: fixable = "unsafe"
            }
            return [d.id, d.defaultSeverity.rawValue, d.isOptIn ? "yes" : "no", fixable, d.summary]
        }
        Output.stdout(table([header] + rows))
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
            Output.stdout("usage: tca-lint explain <rule_id>\n")
            return ExitStatus.clean
        }
        guard ids.count == 1, let id = ids.first else {
            throw CommandError.usage("explain needs exactly one rule id (see 'tca-lint rules')")
        }
        guard let rule = RuleRegistry.rule(withID: id) else {
            let known = RuleRegistry.all.map { $0.description.id }
            if let closest = Suggestion.closest(to: id, in: known) {
                throw CommandError.failure("unknown rule '\(id)'; did you mean \(closest)?")
            }
            throw CommandError.failure("unknown rule '\(id)' (see 'tca-lint rules')")
        }
        let d = rule.description
        var document = d.document ?? "# \(d.name)\n\n\(d.summary)\n"
        if !document.hasSuffix("\n") { document += "\n" }
        Output.stdout(document)
        return ExitStatus.clean
    }
}

/// "Did you mean …?" for mistyped names.
enum Suggestion {
    /// The candidate with the smallest edit distance, if it is close enough to be a plausible typo.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { (candidate: $0, distance: editDistance(word, $0)) }
        guard let best = scored.min(by: { ($0.distance, $0.candidate) < ($1.distance, $1.candidate) }) else {
            return nil
        }
        // Beyond half the length the suggestion is noise (`foo` → `body_and_reduce`).
        return best.distance <= max(2, best.candidate.count / 2) ? best.candidate : nil
    }

    /// Levenshtein distance over Unicode scalars, two rows of memory.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

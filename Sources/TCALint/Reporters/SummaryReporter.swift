/// Counts per rule and per file, as two aligned tables, for a quick overview of a large run.
/// Rules are ordered by count (most first), then id; files by path.
public struct SummaryReporter: Reporter {
    public static let identifier = "summary"
    public static let summary = "counts per rule and per file, as tables"
    public init() {}

    public func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let total = FindingCounts(diagnostics)
        var out = ""
        if !diagnostics.isEmpty {
            var perRule: [String: FindingCounts] = [:]
            for d in diagnostics { perRule[d.ruleID, default: FindingCounts()].add(d.severity) }
            let rules = perRule.sorted { a, b in
                a.value.total != b.value.total ? a.value.total > b.value.total : a.key < b.key
            }
            out += Self.table(header: "Rule", rows: rules.map { ($0.key, $0.value) }, total: total)
            out += "\n"
            let files = Grouping.byPath(diagnostics).map { ($0.path, FindingCounts($0.diagnostics)) }
            out += Self.table(header: "File", rows: files, total: total)
            out += "\n"
        }
        out += total.summaryLine(filesLinted: context.filesLinted) + "\n"
        return out
    }

    /// Name column left-aligned, count columns right-aligned, a total row; widths in Characters.
    static func table(header: String, rows: [(String, FindingCounts)], total: FindingCounts) -> String {
        let names = rows.map { TextEscaping.singleLine($0.0) }
        let body: [[String]] = zip(names, rows).map { name, row in
            [name, String(row.1.warnings), String(row.1.errors), String(row.1.total)]
        }
        let all = [[header, "Warnings", "Errors", "Total"]] + body
            + [["Total", String(total.warnings), String(total.errors), String(total.total)]]
        var widths = [0, 0, 0, 0]
        for row in all {
            for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) }
        }
        func pad(_ s: String, _ width: Int, left: Bool) -> String {
            let fill = String(repeating: " ", count: width - s.count)
            return left ? s + fill : fill + s
        }
        func line(_ row: [String]) -> String {
            row.enumerated().map { i, cell in pad(cell, widths[i], left: i == 0) }.joined(separator: "  ") + "\n"
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
        var out = line(all[0]) + rule
        for row in all.dropFirst().dropLast() { out += line(row) }
        out += rule + line(all[all.count - 1])
        return out
    }
}

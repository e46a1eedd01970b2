/// Diagnostics grouped by path, groups in order of first appearance (report order sorts by path,
/// so this is path order), diagnostics within a group in their given order.
enum Grouping {
    static func byPath(_ diagnostics: [Diagnostic]) -> [(path: String, diagnostics: [Diagnostic])] {
        var order: [String] = []
        var groups: [String: [Diagnostic]] = [:]
        for d in diagnostics {
            if groups[d.path] == nil { order.append(d.path) }
            groups[d.path, default: []].append(d)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }
}

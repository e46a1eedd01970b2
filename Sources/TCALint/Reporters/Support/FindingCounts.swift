/// Warning and error counts, and the one-line summary `Found 3 warnings, 1 error in 212 files`.
public struct FindingCounts: Equatable, Sendable {
    public var warnings = 0
    public var errors = 0
    public var total: Int { warnings + errors }

    public init(_ diagnostics: [Diagnostic] = []) {
        for d in diagnostics { add(d.severity) }
    }

    public mutating func add(_ severity: Severity) {
        switch severity {
        case .warning: warnings += 1
        case .error: errors += 1
        }
    }

    public func summaryLine(filesLinted: Int) -> String {
        "Found \(Self.plural(warnings, "warning")), \(Self.plural(errors, "error")) in \(Self.plural(filesLinted, "file"))"
    }

    static func plural(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }
}

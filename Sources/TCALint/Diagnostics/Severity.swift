/// How bad a finding is. `error` findings make `tca-lint lint` exit 1; `warning`s do with `--strict`.
public enum Severity: String, Comparable, Sendable, CaseIterable {
    case warning
    case error

    /// SwiftLint's capitalised spelling, used by the json reporter ("Warning" / "Error").
    public var capitalized: String { self == .warning ? "Warning" : "Error" }

    public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
}

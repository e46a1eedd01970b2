/// GitLab Code Quality JSON (a subset of the Code Climate spec): an array of issues with
/// `description`, `check_name` (the rule id), `fingerprint` (stable across line moves, see
/// `Fingerprint`), `severity` (`minor` for warnings, `major` for errors) and `location` with a
/// path relative to the current directory (GitLab resolves it against the repository root).
public struct CodeClimateReporter: Reporter {
    public static let identifier = "codeclimate"
    public static let summary = "GitLab Code Quality (Code Climate) JSON"
    public init() {}

    public func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var paths = RelativePath.Cache(base: context.currentDirectory)
        let fingerprints = Fingerprint.stableFingerprints(for: diagnostics, relativeTo: context.currentDirectory)
        let items: [JSONValue] = zip(diagnostics, fingerprints).map { d, fingerprint in
            .object([
                "type": .string("issue"),
                "engine_name": .string("tca-lint"),
                "check_name": .string(d.ruleID),
                "description": .string(d.message),
                "categories": .array([.string("Bug Risk")]),
                "fingerprint": .string(fingerprint),
                "severity": .string(d.severity == .error ? "major" : "minor"),
                "location": .object([
                    "path": .string(paths.relative(d.path)),
                    "lines": .object(["begin": .int(d.line)]),
                ]),
            ])
        }
        return JSONWriter.prettyPrinted(.array(items)) + "\n"
    }
}

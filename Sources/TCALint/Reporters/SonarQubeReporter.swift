/// SwiftLint's `sonarqube` reporter: SonarQube's Generic Issue Import format (`sonar.externalIssuesReportPaths`),
/// `{"issues": [...]}` with `engineId`, `ruleId`, `type` `CODE_SMELL`, `severity` `MAJOR` for errors and `MINOR`
/// for warnings, and a `primaryLocation` with the message, the path relative to the current directory (the
/// project's base directory, as SonarQube resolves it) and the start line. Written as every JSON reporter
/// here (`JSONWriter`: sorted keys, SwiftLint's layout), so the escaping is JSON's.
public struct SonarQubeReporter: Reporter {
    public static let identifier = "sonarqube"
    public static let summary = "SonarQube generic issue import JSON"
    public init() {}

    public func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var paths = RelativePath.Cache(base: context.currentDirectory)
        let issues: [JSONValue] = diagnostics.map { d in
            .object([
                "engineId": .string("tca-lint"),
                "ruleId": .string(d.ruleID),
                "primaryLocation": .object([
                    "message": .string(d.message),
                    "filePath": .string(paths.relative(d.path)),
                    "textRange": .object(["startLine": .int(d.line)]),
                ]),
                "type": .string("CODE_SMELL"),
                "severity": .string(d.severity == .error ? "MAJOR" : "MINOR"),
            ])
        }
        return JSONWriter.prettyPrinted(.object(["issues": .array(issues)])) + "\n"
    }
}

/// SARIF 2.1.0, as GitHub code scanning accepts it (`github/codeql-action/upload-sarif`).
///
/// - `tool.driver.rules` lists every known rule (and any rule a diagnostic names that is not
///   known, so that each result's `ruleIndex` points into the array), sorted by id.
/// - Artifact URIs are relative to `%SRCROOT%`, which `originalUriBaseIds` maps to the current
///   directory; GitHub matches them against the repository's files.
/// - `region.startColumn` is in UTF-16 code units, SARIF's default `columnKind`, converted from
///   our character columns using the line's text (they differ only on non-ASCII lines).
/// - `partialFingerprints["tcaLint/v1"]` survives lines moving (see `Fingerprint`); GitHub uses
///   it to keep an alert the same alert across commits.
public struct SARIFReporter: Reporter {
    public static let identifier = "sarif"
    public static let summary = "SARIF 2.1.0 for GitHub code scanning"
    public static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    public static let fingerprintKey = "tcaLint/v1"
    static let srcRoot = "%SRCROOT%"
    public init() {}

    public func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let rules = Self.rules(context.rules, plusThoseNamedIn: diagnostics)
        var ruleIndex: [String: Int] = [:]
        for (i, rule) in rules.enumerated() { ruleIndex[rule.id] = i }
        let fingerprints = Fingerprint.stableFingerprints(for: diagnostics, relativeTo: context.currentDirectory)

        var uris: [String: String] = [:]
        var paths = RelativePath.Cache(base: context.currentDirectory)
        let results: [JSONValue] = zip(diagnostics, fingerprints).map { d, fingerprint in
            let uri = uris[d.path] ?? TextEscaping.uriPath(paths.relative(d.path))
            uris[d.path] = uri
            return .object([
                "ruleId": .string(d.ruleID),
                "ruleIndex": .int(ruleIndex[d.ruleID] ?? 0),
                "level": .string(d.severity.rawValue),
                "message": .object(["text": .string(d.message)]),
                "locations": .array([.object([
                    "physicalLocation": .object([
                        "artifactLocation": .object([
                            "uri": .string(uri),
                            "uriBaseId": .string(Self.srcRoot),
                        ]),
                        "region": .object([
                            "startLine": .int(max(1, d.line)),
                            "startColumn": .int(Self.utf16Column(d)),
                        ]),
                    ]),
                ])]),
                "partialFingerprints": .object([Self.fingerprintKey: .string(fingerprint)]),
            ])
        }

        let driver: JSONValue = .object([
            "name": .string("tca-lint"),
            "version": .string(TCALintVersion.current),
            "semanticVersion": .string(TCALintVersion.current),
            "informationUri": .string(TCALintVersion.informationURI),
            "rules": .array(rules.map(Self.descriptor)),
        ])
        let run: JSONValue = .object([
            "tool": .object(["driver": driver]),
            "originalUriBaseIds": .object([
                Self.srcRoot: .object(["uri": .string(RelativePath.fileURI(ofDirectory: context.currentDirectory))]),
            ]),
            "columnKind": .string("utf16CodeUnits"),
            "results": .array(results),
        ])
        let log: JSONValue = .object([
            "$schema": .string(Self.schemaURI),
            "version": .string("2.1.0"),
            "runs": .array([run]),
        ])
        return JSONWriter.prettyPrinted(log) + "\n"
    }

    /// A `reportingDescriptor` for one rule.
    static func descriptor(_ rule: RuleDescription) -> JSONValue {
        let description: JSONValue = .object(["text": .string(rule.summary.isEmpty ? rule.name : rule.summary)])
        return .object([
            "id": .string(rule.id),
            "name": .string(identifierName(rule.name)),
            "shortDescription": description,
            "fullDescription": description,
            "helpUri": .string("\(TCALintVersion.rulesDocumentBase)/\(TextEscaping.uriPath(rule.id)).md"),
            "defaultConfiguration": .object(["level": .string(rule.defaultSeverity.rawValue)]),
        ])
    }

    /// SARIF wants `name` to be an identifier readable by people ("ReduceBeforeScope"), not a
    /// title with spaces: words of letters and digits, each capitalised, joined.
    static func identifierName(_ name: String) -> String {
        let words = name.split { !($0.isLetter || $0.isNumber) }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// Known rules, plus a minimal description for any rule id a diagnostic uses that is not
    /// among them; sorted by id, one entry per id.
    static func rules(_ known: [RuleDescription], plusThoseNamedIn diagnostics: [Diagnostic]) -> [RuleDescription] {
        var byID: [String: RuleDescription] = [:]
        for rule in known where byID[rule.id] == nil { byID[rule.id] = rule }
        for d in diagnostics where byID[d.ruleID] == nil {
            byID[d.ruleID] = RuleDescription(id: d.ruleID, name: d.ruleName, summary: d.ruleName,
                                             defaultSeverity: d.severity)
        }
        return byID.values.sorted { $0.id < $1.id }
    }

    /// The diagnostic's character column as a 1-based UTF-16 column. Falls back to the character
    /// column when the line text is unknown or shorter than the column.
    static func utf16Column(_ d: Diagnostic) -> Int {
        let charactersBefore = d.column - 1
        guard charactersBefore > 0, !d.lineText.isEmpty, d.lineText.count >= charactersBefore else {
            return max(1, d.column)
        }
        return d.lineText.prefix(charactersBefore).utf16.count + 1
    }
}

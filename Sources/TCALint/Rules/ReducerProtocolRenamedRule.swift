/// `EffectTask`, `ReducerProtocol` and `ReducerProtocolOf`: TCA 0.57 renamed them `Effect`, `Reducer` and `ReducerOf`
/// (keeping the old names as deprecated aliases) and 1.0 made the old names unavailable. The fix renames the token.
public struct ReducerProtocolRenamedRule: DeprecationRule {
    public static let description = RuleDescription(
        id: "reducer_protocol_renamed",
        name: "Reducer Protocol Renamed",
        summary: "`EffectTask`, `ReducerProtocol` and `ReducerProtocolOf` were renamed `Effect`, `Reducer` and `ReducerOf` in TCA 0.57 and are unavailable from 1.0",
        defaultSeverity: .warning,
        fixAvailability: .always,
        prefilterNeedles: ["EffectTask", "ReducerProtocol"]
    )
    public static let deprecatedIn = TCAVersion(0, 57)
    public static let reference = "https://github.com/pointfreeco/swift-composable-architecture/releases/tag/0.57.0"

    public init() {}

    /// The new name of each old one.
    static let replacement: [DeprecatedUseFacts.API: String] = [
        .effectTask: "Effect", .reducerProtocol: "Reducer", .reducerProtocolOf: "ReducerOf",
    ]

    public func check(_ file: AnalyzedFile) -> [Finding] {
        var findings: [Finding] = []
        for use in file.facts.file.deprecatedUses {
            guard let new = Self.replacement[use.api], !file.project.declaresOwn(use.api.rawValue) else { continue }
            // Safe when the project is known to be on TCA 0.57 or later, where the new name is TCA's; on an unknown
            // version the old `Reducer` struct (before 0.57) may be what the new name would then mean.
            let applicability: FixApplicability = file.tcaVersion.map { $0 >= Self.deprecatedIn } == true ? .safe : .unsafe
            let edit = TextEdit(range: use.anchor.offset..<use.anchor.end, replacement: Array(new.utf8))
            findings.append(finding(at: use.anchor, Self.message(old: use.api.rawValue, new: new, applicability: applicability),
                                    fix: fix("Rename \(use.api.rawValue) to \(new)", applicability, edits: [edit],
                                             findingOffsets: [use.anchor.offset])))
        }
        return findings
    }

    static func message(old: String, new: String, applicability: FixApplicability) -> String {
        "'\(old)' was renamed '\(new)' in TCA 0.57 and is unavailable from TCA 1.0; write '\(new)'"
            + (applicability == .safe ? " (--fix does)" : " (--fix --unsafe does; safe once the project's TCA version is known)")
    }
}

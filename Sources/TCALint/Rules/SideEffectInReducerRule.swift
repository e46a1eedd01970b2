/// Side-effecting work in the synchronous part of a reducer — outside any effect: it runs on the main
/// actor while the store handles the action, a `TestStore` cannot see or control it, and nothing can
/// cancel it. What is recognised is listed in `SideEffectCalls`.
public struct SideEffectInReducerRule: Rule {
    public static let description = RuleDescription(
        id: "side_effect_in_reducer",
        name: "Side Effect In Reducer",
        summary: "Side-effecting work (`UserDefaults`, `NotificationCenter.post`, `DispatchQueue.async`, `Task { }`, a database write…) runs in the reducer itself instead of in an effect",
        defaultSeverity: .warning,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode else { return [] }
        let code = file.code
        var findings: [Finding] = []
        for part in file.reducerCode {
            // A store reached through a `@Dependency` property (`database.save(…)`) is a client tests can
            // already replace: moving the call into `.run` is style, not the untestable work this rule is about.
            let dependencies = Set(DependencyProperties(declarations: part.logic.declarations, code: code).names.values)
            for range in part.synchronous {
                var j = range.lowerBound
                while j < range.upperBound {
                    guard let match = SideEffectCalls.match(at: j, limit: range.upperBound, code: code) else { j += 1; continue }
                    if match.isNamedStore && dependencies.contains(code.text(match.start)) { j = match.end + 1; continue }
                    findings.append(finding(at: code.tokens[match.start].startOffset,
                                            Self.message(match, typeName: part.logic.typeName)))
                    j = match.end + 1
                }
            }
        }
        return findings
    }

    /// Work done on the spot happens while the store handles the action; scheduled work (`Task { }`,
    /// `DispatchQueue.main.asyncAfter`) runs later, but outside the store as well.
    static func message(_ match: SideEffectCalls.Match, typeName: String) -> String {
        if match.schedulesWork {
            let delay = match.shown.contains(".asyncAfter") ? " (a @Dependency clock's sleep for the delay)" : ""
            return "\(match.shown) in \(typeName)'s reducer itself schedules work outside the store: it runs later, outside any effect, so the store cannot cancel it, a TestStore cannot see or wait for it, and what it does escapes the effect system; do the work in a .run effect instead\(delay)"
        }
        return "\(match.shown) runs in \(typeName)'s reducer itself, outside any effect: it happens synchronously on every such action, a TestStore cannot observe or control it, and it cannot be cancelled; call a @Dependency client inside .run instead"
    }
}

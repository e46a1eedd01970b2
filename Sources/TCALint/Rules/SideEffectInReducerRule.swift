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
        var findings: [Finding] = []
        for (feature, logic) in file.logic {
            // A store reached through a `@Dependency` property (`database.save(…)`, also `@Dependency(Client.self)`),
            // declared in any file of the feature or as a local of the logic, is a client tests can already replace:
            // moving the call into `.run` is style, not the untestable work this rule is about.
            let dependencies = Set(feature.dependencies.map(\.name))
            for effect in logic.sideEffects
            where !(effect.isNamedStore && (effect.receiverIsLocalDependency || dependencies.contains(effect.receiver))) {
                findings.append(finding(at: effect.anchor, Self.message(effect, typeName: feature.name)))
            }
        }
        return findings
    }

    /// Work done on the spot happens while the store handles the action; scheduled work (`Task { }`,
    /// `DispatchQueue.main.asyncAfter`) runs later, but outside the store as well.
    static func message(_ match: SideEffectFacts, typeName: String) -> String {
        if match.schedulesWork {
            let delay = ASCIISearch.contains(match.shown, ".asyncAfter") ? " (a @Dependency clock's sleep for the delay)" : ""
            return "\(match.shown) in \(typeName)'s reducer itself schedules work outside the store: it runs later, outside any effect, so the store cannot cancel it, a TestStore cannot see or wait for it, and what it does escapes the effect system; do the work in a .run effect instead\(delay)"
        }
        return "\(match.shown) runs in \(typeName)'s reducer itself, outside any effect: it happens synchronously on every such action, a TestStore cannot observe or control it, and it cannot be cancelled; call a @Dependency client inside .run instead"
    }
}

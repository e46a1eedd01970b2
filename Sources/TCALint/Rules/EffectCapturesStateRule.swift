/// `.run { [state] send in … }`: the capture list copies the whole `State` into the effect's closure,
/// which lives as long as the effect does. Capturing the fields the effect reads keeps the copy small and
/// says what the effect depends on. A closure that hands the copy on whole (`saveGame(state)`) needs it
/// and is not reported (see `EffectFacts.stateCaptures`).
public struct EffectCapturesStateRule: Rule {
    public static let description = RuleDescription(
        id: "effect_captures_state",
        name: "Effect Captures State",
        summary: "An effect's capture list copies the whole `state` into a long-lived closure; capture the fields it uses",
        defaultSeverity: .warning,
        isOptIn: true,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode else { return [] }
        var findings: [Finding] = []
        for (_, logic) in file.logic {
            for effect in logic.effects {
                for capture in effect.stateCaptures {
                    findings.append(finding(at: capture.anchor, Self.message(effect: effect.name, capture: capture)))
                }
            }
        }
        return findings
    }

    static func message(effect: String, capture: StateCaptureFacts) -> String {
        var shown = capture.fields.prefix(3).map { "\($0) = \(capture.value).\($0)" }.joined(separator: ", ")
        if capture.fields.count > 3 { shown += ", …" }
        let advice = capture.fields.isEmpty ? "capture only what it needs" : "capture the fields it reads ([\(shown)])"
        return "This .\(effect) captures the whole state (\(capture.value)) but reads only some of its fields, copying all of them into a closure that lives as long as the effect; \(advice)"
    }
}

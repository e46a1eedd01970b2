/// A `send` that runs after `await dismiss()` in the same effect: dismissal sends the presenting parent an action
/// that clears the feature's state, so an action sent afterwards reaches a feature that is gone. TCA's
/// navigation articles say it is never valid ("Because dismissal is handled by sending an action, it is not valid
/// to ever send an action after invoking `dismiss()`"): Xcode shows a run-time warning and a test fails. Read from
/// the effect facts (`EffectFacts.awaitedCalls`): the first send that can run after the call returns, never one
/// in a sibling branch, and the feature's `@Dependency(\.dismiss)` names.
public struct SendAfterDismissRule: Rule {
    public static let description = RuleDescription(
        id: "send_after_dismiss",
        name: "Send After Dismiss",
        summary: "An effect sends an action after `await dismiss()`; the feature is gone by then, and TCA warns at run time",
        defaultSeverity: .warning,
        prefilterNeedles: ["dismiss"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        var findings: [Finding] = []
        for feature in file.features {
            let names = Set(feature.dependencies.filter { $0.keyPath == "dismiss" }.map(\.name))
            guard !names.isEmpty else { continue }
            for unit in feature.logic where unit.location.path == file.path {
                for effect in unit.effects {
                    guard let send = effect.sendName else { continue }
                    for call in effect.awaitedCalls where names.contains(call.name) {
                        guard let after = call.sendAfter else { continue }
                        findings.append(finding(at: after, Self.message(send: send, dismiss: call.name, feature: feature.name)))
                        break
                    }
                }
            }
        }
        return findings
    }

    static func message(send: String, dismiss: String, feature: String) -> String {
        "\(send)(…) runs after await \(dismiss)(): dismissing \(feature) clears its state in the parent, so this action reaches a feature that is gone; TCA warns at run time and a test fails (\"it is not valid to ever send an action after invoking dismiss()\") — send before dismissing, or let the parent react to the dismissal"
    }
}

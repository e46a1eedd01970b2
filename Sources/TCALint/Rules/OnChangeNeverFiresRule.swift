/// `.onChange(of: X)` attached to a reducer that cannot change `X`: `EmptyReducer()`, a `BindingReducer()`
/// when `X` is not bindable (computed from child state, presentation state, `let`, or not `@BindingState`
/// with legacy bindings), or a `Reduce` whose closure never touches `X`. TCA's `onChange` compares the
/// value before and after the reducer it is attached to only, so its closure never runs.
/// The mirror of `on_change_misses_binding`, which reports the changes such an onChange misses.
public struct OnChangeNeverFiresRule: Rule {
    public static let description = RuleDescription(
        id: "on_change_never_fires",
        name: "On Change Never Fires",
        summary: "`.onChange(of:)` is attached to a reducer that never changes the observed value, so its closure never runs",
        defaultSeverity: .warning,
        // 2 of 3 findings judged true on 21 public apps: a view can bind a child's field through the
        // parent's store (`$store.child.field`), which the model cannot show.
        isOptIn: true,
        prefilterNeedles: ["onChange"]
    )

    /// Modifiers that may stand between the reducer and the onChange without changing state themselves.
    static let inertModifiers: Set<String> = ["_printChanges", "signpost", "dependency", "transformDependency"]

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        var findings: [Finding] = []
        for (feature, builder) in file.builders where builder.name == "body" && builder.kind == .property {
            let placed = PlacedElements(builder: builder)
            let childStates = builder.childStateFields
            for candidate in placed.onChanges {
                let element = candidate.element
                guard element.kind == .expression, element.qualified == nil || element.qualified == "ComposableArchitecture.\(element.name)"
                else { continue }
                // The first modifier that may change state: an onChange after it is not judged.
                let limit = element.modifiers.first { !Self.inertModifiers.contains($0.name) }?.anchor.token ?? Int.max
                guard candidate.modifier.anchor.token <= limit else { continue }
                let observed = candidate.modifier.observed ?? ObservedValue()
                let shown = observed.text.map { "onChange(of: \($0))" } ?? "onChange"
                if element.name == "EmptyReducer" {
                    findings.append(finding(at: candidate.modifier.anchor,
                                            Self.message(shown: shown, owner: "EmptyReducer()", why: "EmptyReducer never changes state")))
                    continue
                }
                // The rest needs the builder's own State (not a child's, inside a Scope or ifLet closure).
                guard candidate.domain == 0, let names = observed.firstComponents, let state = feature.state,
                      element.name == "BindingReducer" || element.name == "Reduce" else { continue }
                var fields = Set<String>()
                for name in names {
                    guard let behind = state.storedFields(behind: name) else { fields = []; break }
                    fields.formUnion(behind)
                }
                guard !fields.isEmpty else { continue }
                let why: String
                if element.name == "BindingReducer" {
                    guard let reason = Self.bindingCannotWrite(fields, state: state, childStates: childStates) else { continue }
                    why = reason
                } else {
                    guard let touched = Self.stateUse(inReduce: element, of: feature, in: file.path), touched.isDisjoint(with: fields)
                    else { continue }
                    // A sibling BindingReducer that can write the value: on_change_misses_binding reports that.
                    let bindings = placed.bindingReducers.filter { $0.domain == 0 && !$0.isExclusive(with: candidate.placed) }
                    if !bindings.isEmpty && Self.bindingCannotWrite(fields, state: state, childStates: childStates) == nil { continue }
                    why = "this Reduce never writes " + Self.list(fields)
                }
                let computed = names.contains { state.field($0)?.isReadOnlyComputed == true }
                findings.append(finding(at: candidate.modifier.anchor,
                                        Self.message(shown: shown, owner: element.shown,
                                                     why: computed ? why + " (the value is computed from " + Self.list(fields) + ")" : why)))
            }
        }
        return findings
    }

    static func message(shown: String, owner: String, why: String) -> String {
        "\(shown) is attached to \(owner), but \(why), so its closure never runs (onChange only compares the value before and after the reducer it is attached to); attach it to the reducer that changes the value, or wrap the reducers in CombineReducers { … }.onChange(of:)"
    }

    /// Why a `BindingAction` can write none of `fields`, or nil when it may write one.
    static func bindingCannotWrite(_ fields: Set<String>, state: StateModel, childStates: Set<String>) -> String? {
        var reasons: [String] = []
        for field in fields.sorted() {
            if childStates.contains(field) {
                reasons.append("\(field) is a child's state, changed by the child's reducer")
            } else if let p = state.field(field), !state.mayBeWrittenByBinding(field) {
                // Presentation state is written by presentation actions (`.alert(.dismiss)`), not bindings.
                let isPresentation = p.isPresented
                reasons.append(isPresentation ? "\(field) is presentation state, changed by presentation actions, not by bindings"
                                              : "\(field) is not bindable")
            } else {
                return nil
            }
        }
        return "a binding never changes " + list(fields) + ": " + reasons.joined(separator: "; ")
    }

    /// The state fields a `Reduce { state, action in … }` closure mentions, or nil when it may change state in
    /// ways not visible by name (`LogicFacts.mentionedFields`), or is not a closure (`Reduce(self.core)`).
    static func stateUse(inReduce element: ElementFacts, of feature: Feature, in path: String) -> Set<String>? {
        guard !element.hasArguments, element.hasTrailingClosure,
              let unit = feature.parentLogic(of: element, in: path)?.first, unit.kind == .reduceClosure else { return nil }
        return unit.mentionedFields
    }

    static func list(_ fields: Set<String>) -> String {
        fields.sorted().joined(separator: ", ")
    }
}

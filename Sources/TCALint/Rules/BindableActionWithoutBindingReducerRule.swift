/// A feature whose action conforms to `BindableAction` while its reducer has no `BindingReducer()`: the
/// binding actions its views send change nothing, and TCA reports "A binding action sent from a store was not
/// handled" at run time (Sources/ComposableArchitecture/Observation/Binding+Observation.swift). The body is
/// read in every file and through helper builders; a reducer partly out of sight is not reported, nor a feature
/// none of whose views writes a binding (`$store.isOn`): the conformance is then unused, not harmful.
public struct BindableActionWithoutBindingReducerRule: Rule {
    public static let description = RuleDescription(
        id: "bindable_action_without_binding_reducer",
        name: "Bindable Action Without Binding Reducer",
        summary: "An action conforms to `BindableAction` and a view writes its bindings, but the reducer has no `BindingReducer()`: the bindings change nothing",
        defaultSeverity: .warning,
        prefilterNeedles: ["BindableAction"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        // A tutorial's step files show a feature before its `BindingReducer()` is added, on purpose.
        guard !file.role.contains(.documentation) else { return [] }
        var findings: [Finding] = []
        for feature in file.features where !feature.isProtocol && !feature.isHelper {
            let bindable = feature.bindableActionEnums
            guard !bindable.isEmpty, feature.appliesBindingActions == false,
                  let write = file.project.bindingWrites(to: feature).first else { continue }
            for actionEnum in bindable {
                // Reported at the declaration that writes the conformance, in the file that holds it.
                for type in file.facts.types where type.inherits.contains("BindableAction") && actionEnum.declarations.contains(type.location) {
                    findings.append(finding(at: type.anchor, Self.message(feature: feature, action: actionEnum.name, write: write)))
                }
            }
        }
        return findings
    }

    static func message(feature: Feature, action: String, write: BindingWriteFacts) -> String {
        "\(feature.name).\(action) conforms to BindableAction but \(feature.name)'s body has no BindingReducer: the binding actions \(write.view) sends (\(write.written)) change no state, and TCA reports \"A binding action sent from a store was not handled\" — add \(Self.bindingReducer(for: action, in: feature)) to body"
    }

    /// `BindingReducer()` for `Action`; for a nested enum, with the case of `Action` that carries it
    /// (`case view(View)` → `BindingReducer(action: \.view)`), or `…` when no case does.
    static func bindingReducer(for action: String, in feature: Feature) -> String {
        guard action != "Action" else { return "BindingReducer()" }
        let last = String(action.lastDotComponent ?? "")
        let carrier = feature.action.enumNamed("Action")?.cases.first { c in
            let payload = c.payload.withoutSpaces()
            return payload == action || payload == last || payload == "Action." + last
        }
        return "BindingReducer(action: \\.\(carrier?.name ?? "…"))"
    }
}

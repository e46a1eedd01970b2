/// A feature whose store drives a navigation stack in a view (`NavigationStack(path: $store.scope(state: \.path,
/// action: \.path))`, `NavigationStackStore(store.scope(…))`) while its reducer has no `.forEach(\.path, action:
/// \.path)`: pushes and pops arrive as `StackAction`s that nothing applies, so links push nothing, and TCA reports
/// "A navigation stack binding at … was written to with a path that has the same number of elements…"
/// (Sources/ComposableArchitecture/Observation/NavigationStack+Observation.swift). Asked of the project model: the
/// views that drive a feature's stack (`stackBindings(of:)`), and whether all of its reducer is in sight.
public struct StackWithoutForEachRule: Rule {
    public static let description = RuleDescription(
        id: "stack_without_for_each",
        name: "Stack Without For Each",
        summary: "A view drives a `NavigationStack` from a feature's `StackState`, but the feature's body has no `.forEach` over it: pushes and pops change nothing",
        defaultSeverity: .warning,
        prefilterNeedles: ["StackState"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode else { return [] }
        var findings: [Finding] = []
        for feature in file.features where !feature.isProtocol && !feature.isHelper {
            guard let state = feature.state else { continue }
            var reported = Set<String>()
            for binding in file.project.stackBindings(of: feature) where reported.insert(binding.statePath).inserted {
                guard let field = state.fields.first(where: { $0.name == binding.statePath && !$0.isStatic && !$0.isComputed }),
                      field.isStack, field.location.path == file.path,
                      // The view holds this feature's store only, so `$store` is it.
                      file.project.files[binding.location.path]?.file.storesByType[binding.view]?.count == 1,
                      feature.isReducerInSight, !feature.implementsReduceItself,
                      // Something pushes onto it; a stack nothing fills is dead code, whatever runs it.
                      feature.logic.contains(where: { Self.pushes(onto: field.name, in: $0) }),
                      !feature.integratesStack(binding.statePath),
                      !file.project.integratesStackFromOutside(binding.statePath) else { continue }
                findings.append(finding(at: field.anchor, Self.message(feature: feature.name, field: field.name, binding: binding)))
            }
        }
        return findings
    }

    /// The logic gives the field a value (`state.path.append(…)`, `state.path = StackState([…])`) outside the stack's
    /// own actions: a push in `case .path(.element(…))` needs an element already on the stack, and without `.forEach`
    /// only such pushes could put one there.
    private static func pushes(onto field: String, in logic: LogicFacts) -> Bool {
        if logic.everyAction?.valueWrites.contains(field) == true { return true }
        return logic.clauses.contains { c in
            c.code.valueWrites.contains(field) && (c.isDefault || !c.patterns.allSatisfy { $0.first == field })
        }
    }

    static func message(feature: String, field: String, binding: StackBindingFacts) -> String {
        let at = "\(binding.location.path.split(separator: "/").last ?? ""):\(binding.location.line)"
        let driver = binding.isObservation ? "NavigationStack(path:)" : "NavigationStackStore"
        let warning = binding.isObservation
            ? " (TCA reports \"A navigation stack binding … was written to with a path that has the same number of elements that already exist in the store\")" : ""
        return "\(binding.view) drives a \(driver) from \(feature)'s \(field) (\(at)), but \(feature)'s body has no .forEach(\\.\(field), action: \\.\(field)): the screens pushed onto it never run their reducers, and the view's pushes and pops change no state\(warning) — add .forEach(\\.\(field), action: \\.\(field)) to body"
    }
}

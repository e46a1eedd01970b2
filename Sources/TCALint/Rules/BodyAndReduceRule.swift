/// A reducer type that defines both `body` and `reduce(into:action:)`: the store calls only one
/// of them, so the other is silently dead (TCA's `@Reducer` macro deprecates `reduce(into:action:)`).
/// Only the protocol's requirement counts — a `reduce(into:action:)` whose action is the feature's own
/// `Action`, in any of its declarations — not overloads by action type (`reduce(into:action: ViewAction)`)
/// or splits such as `reduce(into:viewAction:)`. A `body` that only runs that method (`Reduce { state, action in
/// self.reduce(into: &state, action: action) }`) loses nothing whichever the store calls, and is left alone.
public struct BodyAndReduceRule: Rule {
    public static let description = RuleDescription(
        id: "body_and_reduce",
        name: "Body And Reduce",
        summary: "A reducer defines both `body` and `reduce(into:action:)`; one of them is silently dead",
        defaultSeverity: .error,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        var findings: [Finding] = []
        for feature in file.features where !feature.isProtocol {
            guard feature.builders.contains(where: { $0.name == "body" && $0.kind == .property && !$0.isStatic }),
                  !feature.bodyOnlyRunsReduceMethod else { continue }
            for logic in feature.logic where logic.location.path == file.path && logic.kind == .reduceMethod
                && logic.labels == ["into", "action"] && FeatureMerger.receivesWholeAction(logic, feature: feature) {
                findings.append(finding(at: logic.anchor, Self.message(type: feature.name)))
            }
        }
        return findings
    }

    static func message(type: String) -> String {
        "\(type) defines both body and reduce(into:action:); only one of them runs, the other is dead code — move this logic into a Reduce in body"
    }
}

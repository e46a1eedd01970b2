/// `@PresentationState var destination: Destination.State?` in an `@ObservableState` State: TCA's macro rejects it
/// ("'@PresentationState' cannot be used in '@ObservableState'") and offers `@Presents`, the observable twin, which
/// the fix writes. It is the step of TCA 1.7's migration to observation that every presenting feature meets when its
/// State becomes `@ObservableState`; fixing it across a project takes one run instead of one build per file.
public struct PresentationStateInObservableStateRule: Rule {
    public static let description = RuleDescription(
        id: "presentation_state_in_observable_state",
        name: "Presentation State In Observable State",
        summary: "`@PresentationState` does not compile in an `@ObservableState` State; write `@Presents`",
        defaultSeverity: .error,
        fixAvailability: .always,
        prefilterNeedles: ["PresentationState"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        // TCA itself, or a copy of it at another version (Point-Free's episode code), whose own macro decides.
        guard !file.project.declaresTopLevelType("PresentationState") else { return [] }
        var findings: [Finding] = []
        for feature in file.features {
            guard let state = feature.state, state.isObservable else { continue }
            for field in state.fields where field.location.path == file.path {
                // TCA's macro leaves alone what `@ObservationStateIgnored` / `@ObservationStateTracked` already marks.
                guard !field.attributes.contains("ObservationStateIgnored"), !field.attributes.contains("ObservationStateTracked"),
                      let i = field.attributes.firstIndex(of: "PresentationState"), i < field.attributeAnchors.count else { continue }
                let attribute = field.attributeAnchors[i]
                let edit = TextEdit(range: attribute.offset..<attribute.end, replacement: Array("Presents".utf8))
                findings.append(finding(at: attribute, Self.message(field.name),
                                        fix: fix("Write @Presents", .safe, edits: [edit], findingOffsets: [attribute.offset])))
            }
        }
        return findings
    }

    static func message(_ field: String) -> String {
        "'@PresentationState' cannot be used in '@ObservableState' (TCA's macro error); write '@Presents', its observable "
            + "twin, which keeps '\\.$\(field)' for .ifLet (--fix does)"
    }
}

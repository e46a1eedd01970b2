/// `Scope(state: \.child!, …)` or `Scope(state: \.$child.wrappedValue!, …)`: the key path force-unwraps
/// optional child state, so a child action that arrives while the state is nil crashes the app.
/// `.ifLet` runs the child only while its state exists and cancels its effects when it goes away.
public struct ForceUnwrappedScopeRule: Rule {
    public static let description = RuleDescription(
        id: "force_unwrapped_scope",
        name: "Force Unwrapped Scope",
        summary: "`Scope(state:)` force-unwraps optional child state with `!`; it crashes when the state is nil, where `.ifLet` would not run the child",
        defaultSeverity: .warning,
        // Opt-in: every finding on the public apps read was an optional that is never nil (a box for
        // recursive state), a latent crash rather than a reachable one; see the document.
        isOptIn: true,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        var findings: [Finding] = []
        var seen = Set<Int>()
        for (_, builder) in file.builders where builder.name == "body" && builder.kind == .property {
            for element in builder.allElements where element.isScope && seen.insert(element.anchor.token).inserted {
                guard let index = element.composition, let keyPath = builder.edges[index].stateKeyPath, keyPath.forceUnwraps,
                      let field = keyPath.rootField,
                      // Only state the feature can set to nil can crash: an optional that merely boxes a value
                      // (`Heap<Child.State?>` assigned only `.init(…)`) never is.
                      file.facts.file.namesSetToNil.contains(field) else { continue }
                findings.append(finding(at: keyPath.anchor, Self.message(keyPath: keyPath, field: field)))
            }
        }
        return findings
    }

    /// `\.detail!` unwraps the child state itself; `\.document!.metadata` unwraps `document` on the way to it.
    static func message(keyPath: KeyPathFacts, field: String) -> String {
        let what = keyPath.unwrapsChild ? "optional child state (\(field))" : "the optional \(field) on the way to the child state"
        return "Scope(state: \(keyPath.text)) force-unwraps \(what): a child action that arrives while \(field) is nil (an in-flight effect after dismissal) crashes the app; use .ifLet on the optional state, which skips such actions and cancels the child's effects when the state goes away"
    }
}

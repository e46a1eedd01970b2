/// A reducer type that defines both `body` and `reduce(into:action:)`: the store calls only one
/// of them, so the other is silently dead (TCA's `@Reducer` macro deprecates `reduce(into:action:)`).
/// Extensions of the type in the same file count; overloads such as `reduce(into:viewAction:)` do not.
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
        var reported = Set<Int>()
        for reducer in file.model.reducers {
            let decls = file.model.declarations(of: reducer)
            guard decls.contains(where: { $0.bodies.contains { !$0.isStatic } }) else { continue }
            for decl in decls {
                for token in decl.reduceMethods where reported.insert(token).inserted {
                    findings.append(finding(
                        at: file.code.tokens[token].startOffset,
                        "\(reducer.simpleName) defines both body and reduce(into:action:); only one of them runs, the other is dead code — move this logic into a Reduce in body"))
                }
            }
        }
        return findings
    }
}

/// Work done while `body` is built. `body` is a computed property: TCA rebuilds the reducer tree on
/// every action, so anything it evaluates outside per-action closures (`Reduce { }`, `.run { }`,
/// `onChange`) runs on every action — statements such as `let`/`var`/`print`/loops, and constructions
/// of known-expensive values such as formatters, decoders and sorted collections (`BodyWorkReader`).
public struct ExpensiveBodyRule: Rule {
    public static let description = RuleDescription(
        id: "expensive_body",
        name: "Expensive Body",
        summary: "Work inside a reducer `body` getter runs every time the body is rebuilt, i.e. on every action",
        defaultSeverity: .warning,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        file.builders.filter { $0.builder.name == "body" && $0.builder.kind == .property }.flatMap { part in
            // Naming a reducer to compose it twice (`let proof = ProofPhoto()`) builds what body builds anyway.
            part.builder.work.filter { w in !(w.constructedType.map(file.project.reducerTypeNames.contains) ?? false) }
                .map { finding(at: $0.anchor, Self.message($0)) }
        }
    }

    static func message(_ work: BodyWorkFacts) -> String {
        switch work.kind {
        case .statement:
            return "'\(work.text)' runs every time body is built, i.e. on every action; move it out of body (a stored property, a dependency, or into a Reduce)"
        case .collectionOperation:
            return "'.\(work.text)' runs every time body is built, i.e. on every action; compute it in a Reduce or store the result in state"
        case .construction:
            return "\(work.text) is constructed every time body is built, i.e. on every action; create it once outside body (a stored property or a dependency)"
        case .read:
            return "\(work.text)(contentsOf:) reads every time body is built, i.e. on every action; load it once outside body (a dependency)"
        case .fileManager:
            return "FileManager is used every time body is built, i.e. on every action; do file work in an effect or a dependency"
        }
    }
}

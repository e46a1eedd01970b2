/// Another feature's reducer run directly (`Child().reduce(into: &state.child, action: .refresh)`), which TCA 1.25
/// deprecates ("Don't invoke a reducer directly. Reducers are processed by the store."): the child's effects come
/// back outside the composition that would scope them (an `ifLet`/`forEach` no longer cancels them when the child
/// goes away, swift-composable-architecture #3373), and TCA 2.0 removes the call. Before 1.25 TCA's performance
/// article recommended the call for a `Scope`d child, so the rule is a deprecation rule: silent for older projects
/// unless `--target-tca` asks. A call on `self` (the type's own overloads), one on a reducer the project does
/// not declare (a generic `base` of a reducer operator), and one on a child that writes `reduce(into:action:)`
/// itself (the call runs that method, which TCA does not deprecate) are not reported.
public struct ReducerCalledDirectlyRule: DeprecationRule {
    public static let description = RuleDescription(
        id: "reducer_called_directly",
        name: "Reducer Called Directly",
        summary: "A reducer runs another feature's `reduce(into:action:)` directly, deprecated since TCA 1.25; send the child its action or share a helper",
        defaultSeverity: .warning,
        prefilterNeedles: [".reduce("]
    )
    public static let deprecatedIn = TCAVersion(1, 25)
    public static let reference = "https://github.com/pointfreeco/swift-composable-architecture/blob/main/Sources/ComposableArchitecture/Documentation.docc/Articles/MigrationGuides/MigratingTo1.25.md#reducerreduce"

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        let project = file.project
        // A project that declares the reducer protocol itself (TCA, a copy of it in a course) builds its operators
        // by calling `reduce(into:action:)` of the reducers they wrap.
        guard file.isAppCode, !file.facts.file.reduceCalls.isEmpty,
              !project.declaresOwn("Reducer"), !project.declaresOwn("ReducerProtocol") else { return [] }
        var findings: [Finding] = []
        for call in file.facts.file.reduceCalls {
            let caller = project.feature(owning: call.anchor.offset, in: file.path)
            let context = caller?.qualifiedName ?? ""
            let typeName: String?
            switch call.receiver {
            case .initializer(let name):
                typeName = name
            case .property(let name):
                // A stored property of the caller whose declared type is a feature (`let child: Child`).
                typeName = caller?.properties.first { $0.name == name && !$0.isComputed }
                    .map { String($0.type.filter { $0 != " " && $0 != "?" && $0 != "!" }) }
            }
            // A generic parameter of an enclosing type (`let base: Base` of a reducer operator) is no feature of the
            // project, whatever a feature of that name exists.
            let generic = file.facts.types.contains { t in
                t.anchor.offset <= call.anchor.offset && call.anchor.offset <= t.membersClose.end
                    && t.genericParameters.contains(typeName ?? "")
            }
            guard let typeName, !typeName.isEmpty, !generic,
                  let child = project.feature(named: typeName, from: context, near: file.path),
                  !child.isProtocol, !child.isHelper, child !== caller,
                  !child.implementsReduceItself else { continue }
            let cancelling = caller?.children.first { c in
                c.child == child.qualifiedName && (c.edge.operation == "ifLet" || c.edge.operation == "forEach")
            }
            findings.append(finding(at: call.anchor, Self.message(call: call.shown, child: child.name,
                                                                 composedBy: cancelling.map { "." + $0.edge.operation })))
        }
        return findings
    }

    /// `composedBy`: the operator through which the caller also composes the child, when it is one that cancels the
    /// child's effects (`.ifLet`, `.forEach`).
    static func message(call: String, child: String, composedBy: String?) -> String {
        let escape = composedBy.map { ", and the effects it returns escape the \($0) that cancels \(child)'s effects when \(child) goes away" } ?? ""
        return "\(call) runs the \(child) reducer directly, deprecated since TCA 1.25 (\"Don't invoke a reducer directly. Reducers are processed by the store.\")\(escape) — send the child its action (.send(…)), or extract a helper both reducers call"
    }
}

/// A composition's state or action argument written as a `CasePath` with the `/` prefix operator
/// (`.ifLet(\.child, action: /Action.child)`): TCA 1.4 soft-deprecated these overloads for case key paths
/// (`\.child`), and 1.24 made the deprecation a compiler warning. The fix writes the case key path where the model
/// shows the enum is `@CasePathable` and the case holds what the key-path overload expects.
public struct LegacyCasePathRule: DeprecationRule {
    public static let description = RuleDescription(
        id: "legacy_case_path",
        name: "Legacy Case Path",
        summary: "A `Scope`, `ifLet`, `forEach` or `ifCaseLet` takes a `/Action.case` case path, deprecated since TCA 1.4 for the case key path `\\.case`",
        defaultSeverity: .warning,
        fixAvailability: .sometimes,
        // Not `:/` nor `(/`: URLs in comments and regex literals (`.replacing(/[a-z]+/, …)`) would make most files
        // worth tokenizing. A case path argument is `state: /…`, `action: /…` or `ifCaseLet(/…`.
        prefilterNeedles: [": /", "state:/", "action:/", "Let(/"]
    )
    public static let deprecatedIn = TCAVersion(1, 4)
    public static let reference = "https://github.com/pointfreeco/swift-composable-architecture/blob/main/Sources/ComposableArchitecture/Documentation.docc/Articles/MigrationGuides/MigratingTo1.4.md#using-case-key-paths"

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        var findings: [Finding] = []
        var seen = Set<Int>()
        for (feature, builder) in file.builders {
            for edge in builder.edges {
                for (path, isState) in [(edge.stateCasePath, true), (edge.actionCasePath, false)] {
                    guard let path, seen.insert(path.anchor.offset).inserted else { continue }
                    let verdict = Self.verdict(path, isState: isState, edge: edge, feature: feature, version: file.tcaVersion)
                    var rewrite: Fix?
                    if case .fixable(let applicability) = verdict, let name = path.caseName {
                        let edit = TextEdit(range: path.anchor.offset..<path.end, replacement: Array("\\.\(name)".utf8))
                        rewrite = fix("Write the case key path \\.\(name)", applicability, edits: [edit],
                                      findingOffsets: [path.anchor.offset])
                    }
                    findings.append(finding(at: path.anchor, Self.message(path, verdict, isForEachAction: !isState && edge.operation == "forEach"),
                                           fix: rewrite))
                }
            }
        }
        return findings
    }

    /// What can be done about one case path.
    enum Verdict: Equatable {
        case fixable(FixApplicability)
        /// The enum is not known to be `@CasePathable` (no `@Reducer`, no `@CasePathable`).
        case needsCasePathable(enumName: String, remedy: CasePathableRemedy)
        /// `forEach` over a case that does not hold an `IdentifiedAction` / `StackAction`.
        case needsIdentifiedAction
        /// Anything else the model cannot vouch for: a longer path, another root, a case it does not see.
        case byHand
    }

    /// How an enum becomes `@CasePathable`, by where it is declared.
    enum CasePathableRemedy: Equatable {
        /// In the feature's own declaration: `@Reducer` on the feature makes it so, as does `@CasePathable`.
        case reducerMacro
        /// In an extension, or elsewhere and named by `typealias`: `@Reducer` does not reach it.
        case markEnum
        /// In a type declared inside a function, where no macro can be attached.
        case moveOutOfFunction
    }

    static func verdict(_ path: CasePathArgumentFacts, isState: Bool, edge: EdgeFacts, feature: Feature,
                        version: TCAVersion?) -> Verdict {
        let member = isState ? "State" : "Action"
        // `/Action.row(id:action:)`: the case holds the id and the action, where the key-path `forEach` takes one
        // holding an `IdentifiedAction`.
        if !isState && edge.operation == "forEach" && path.caseName == nil && path.text.contains("(") { return .needsIdentifiedAction }
        // Only at the builder's own level does a bare `\.x` start from the feature's own State / Action.
        guard edge.scopedIn == nil, let name = path.caseName,
              [member, "Self." + member, feature.name + "." + member, feature.qualifiedName + "." + member]
                .contains(path.root.withoutSpaces()) else { return .byHand }
        let casePathable: Bool
        let cases: [EnumCaseFacts]
        let enumName: String
        let inFeatureBody: Bool
        if isState {
            guard let state = feature.state, state.kind == "enum" else { return .byHand }
            (casePathable, cases, enumName, inFeatureBody) = (state.isCasePathable, state.cases, member, state.isInFeatureBody)
        } else if let action = feature.action.enumNamed("Action") {
            (casePathable, cases, enumName, inFeatureBody) = (action.isCasePathable, action.cases, member, action.isInFeatureBody)
        } else if let aliased = feature.action.aliased {
            (casePathable, cases, enumName, inFeatureBody) = (aliased.isCasePathable, aliased.cases, aliased.name, false)
        } else {
            return .byHand
        }
        guard casePathable else {
            let remedy: CasePathableRemedy = feature.isLocal ? .moveOutOfFunction : inFeatureBody ? .reducerMacro : .markEnum
            return .needsCasePathable(enumName: enumName, remedy: remedy)
        }
        guard let enumCase = cases.first(where: { $0.name == name }) else { return .byHand }
        if !isState && edge.operation == "forEach" {
            let payload = enumCase.payload.withoutSpaces()
            guard payload.hasPrefix("IdentifiedAction") || payload.hasPrefix("StackAction") else { return .needsIdentifiedAction }
        }
        // `@Reducer` exists only from TCA 1.4, which has the case key path overloads; a hand-written `@CasePathable`
        // says nothing about the TCA version.
        if feature.reducerEvidence == ["@Reducer"] { return .fixable(.safe) }
        return .fixable(version.map { $0 >= deprecatedIn } == true ? .safe : .unsafe)
    }

    static func message(_ path: CasePathArgumentFacts, _ verdict: Verdict, isForEachAction: Bool) -> String {
        let base = "'\(path.text)' is a CasePath, soft-deprecated in TCA 1.4 and a compiler warning from 1.24"
        // `/Action.self` is the identity path, a plain key path, not a case.
        if path.caseName == "self" { return base + "; write the key path '\\.self'" }
        let keyPath = path.caseName.map { "\\.\($0)" }
        let thenWrite = " then write the case key path" + (keyPath.map { " '\($0)'" } ?? "")
        switch verdict {
        case .fixable(.safe):
            return base + "; write the case key path '\(keyPath ?? "")' (--fix does)"
        case .fixable(.unsafe):
            return base + "; write the case key path '\(keyPath ?? "")' (--fix --unsafe does; safe once the project's TCA version is known to be 1.4 or later)"
        case .needsCasePathable(let enumName, .reducerMacro):
            return base + "; make '\(enumName)' @CasePathable (annotating the feature with @Reducer does),\(thenWrite)"
        case .needsCasePathable(let enumName, .markEnum):
            return base + "; mark the enum '\(enumName)' @CasePathable where it is declared (@Reducer on the feature does not reach it there),\(thenWrite)"
        case .needsCasePathable(let enumName, .moveOutOfFunction):
            return base + "; '\(enumName)' belongs to a type declared inside a function, where @CasePathable cannot be attached: move the feature out of the function to write a case key path"
        case .needsIdentifiedAction:
            return base + "; the key-path 'forEach' takes a case holding an IdentifiedAction: change the case to hold 'IdentifiedActionOf<…>' and match '.element(id:action:)' in the logic, make the enum @CasePathable if it is not, then write the case key path"
                + (keyPath.map { " '\($0)'" } ?? " to it")
        case .byHand where isForEachAction:
            return base + "; the key-path 'forEach' takes a case key path to a case holding an IdentifiedAction ('IdentifiedActionOf<…>', matched as '.element(id:action:)') or, over StackState, a StackAction: change the case if it holds anything else and make the enums along the path @CasePathable if they are not, then write its case key path"
        case .byHand:
            if let keyPath {
                return base + "; write the case key path '\(keyPath)', making the enum it names @CasePathable first if it is not (not fixed: tca-lint cannot tie this path to the feature's own State or Action)"
            }
            return base + "; write it as a case key path (\\.a.b for a path through nested @CasePathable enums)"
        }
    }
}

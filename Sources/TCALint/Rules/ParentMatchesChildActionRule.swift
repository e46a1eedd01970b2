/// A parent's `case` pattern that matches one of a child's own actions (`case .home(.settingsTapped):`)
/// rather than one of its delegate actions (`case .home(.delegate(.showSettings)):`). The child is the
/// feature a `Scope`, `.ifLet`, `.forEach` or `.ifCaseLet` of the parent's body composes at that action
/// path, resolved through the project's feature model, so the child may be declared in any file.
/// Opt-in: coordinator-style apps match child actions on purpose.
public struct ParentMatchesChildActionRule: Rule {
    public static let description = RuleDescription(
        id: "parent_matches_child_action",
        name: "Parent Matches Child Action",
        summary: "A parent's `case` matches a child's own (non-delegate) action; the child's internals become the parent's contract",
        defaultSeverity: .warning,
        isOptIn: true,
        // `Reduce {` / `Reduce<`: a parent's logic in an extension file that never says `Reducer` (`coordinatorReduce()`).
        prefilterNeedles: ["Reducer", "Reduce {", "Reduce<"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode else { return [] }
        let project = file.project
        var findings: [Finding] = []
        for parent in file.features where !parent.isProtocol {
            let children = Self.childActions(of: parent, in: project)
            guard !children.isEmpty else { continue }
            for logic in parent.logic where logic.location.path == file.path {
                for c in logic.clauses where !c.isDefault {
                    // Patterns already carry the logic's action prefix (`reduce(into:childAction:)` → [child, …]).
                    for (n, full) in c.patterns.enumerated() {
                        guard let match = Self.childAction(matchedBy: full, children: children, in: project),
                              // An action the child sends itself and ignores is a message it means for this parent, the
                              // delegate of a child without a `delegate` case (`missing_delegate_action` reports it in the
                              // child, where the fix is). A child that has one and still speaks to the parent through another
                              // action bypasses its own channel (Saik0s/Whisperboard's `.didFinishImportingFiles`).
                              !(match.owner.sendsItselfAndIgnores(match.ownPath) && !match.owner.hasDelegateAction) else { continue }
                        let at = n < c.patternAnchors.count ? c.patternAnchors[n] ?? c.anchor : c.anchor
                        findings.append(finding(at: at, Self.message(parent: parent.name, shown: match.shown, child: match.owner.name,
                                                                     through: match.through.map(\.name))))
                    }
                }
            }
        }
        return findings
    }

    /// `through`: the features between the parent and the action's owner (`.home(.watched(.x))`: Home), when
    /// the action is a grandchild's reached through a child's `Scope`.
    static func message(parent: String, shown: String, child: String, through: [String] = []) -> String {
        guard !through.isEmpty else {
            return "\(parent) matches \(shown), one of \(child)'s own actions rather than a delegate action: \(child)'s internals become \(parent)'s contract, and renaming or reworking them breaks \(parent) silently; have \(child) send .delegate(…) for what \(parent) must know and match that"
        }
        let via = through.joined(separator: " and ")
        return "\(parent) matches \(shown), one of \(child)'s own actions (reached through \(via)) rather than a delegate action: \(child)'s internals and \(via)'s composition become \(parent)'s contract, and reworking either breaks \(parent) silently; have \(child) send .delegate(…) and \(via) pass on what \(parent) must know"
    }

    struct ChildActions {
        /// The action path components the composition names (`\.child.destination` → [child, destination]).
        var path: [String]
        var feature: Feature
        /// The child's `Action` cases.
        var cases: Set<String>
        /// The child's cases that carry its own children's actions (the first component of its compositions'
        /// action paths): a pattern through one of them matches a grandchild's action, not the child's.
        var childCases: Set<String> = []
    }

    /// The parent's children with a known `Action` enum, by the action path of their composition.
    static func childActions(of parent: Feature, in project: FeatureIndex) -> [ChildActions] {
        var result: [ChildActions] = []
        for composition in parent.children where !composition.edge.isIdentity && composition.edge.scopedIn == nil {
            guard let name = composition.child, let child = project.feature(name), child.enumCases.isEmpty,
                  let action = child.action.enumNamed("Action"), !action.cases.isEmpty else { continue }
            let path = composition.edge.actionPath.split(separator: ".").map(String.init)
            guard !path.isEmpty, !path.contains("self") else { continue }
            let childCases = Set(child.children.compactMap { $0.edge.actionPath.split(separator: ".").first.map(String.init) })
            result.append(ChildActions(path: path, feature: child, cases: Set(action.cases.map(\.name)), childCases: childCases))
        }
        return result
    }

    struct Match {
        /// The feature whose own action the pattern names.
        var owner: Feature
        /// The features between the parent and `owner` (empty for a direct child).
        var through: [Feature]
        /// The whole pattern (`.login(.view(.loginTapped))`), not cut at the child's case.
        var shown: String
        /// The owner's own action the pattern names (`[view, loginTapped]`).
        var ownPath: [String]
    }

    /// The feature whose own non-delegate action `full` (a case path from the parent's action) names, through
    /// a child's action path, or through a child's `Scope` into a grandchild's (`.home(.watched(.x))`).
    static func childAction(matchedBy full: [String], children: [ChildActions], in project: FeatureIndex? = nil,
                            depth: Int = 0) -> Match? {
        for child in children {
            // `.rows(.element(id:action:))`, TCACoordinators' `.routeAction(_, action:)`: a collection's or a stack's element,
            // not judged (see the document's Limits).
            if let next = full.dropFirst(child.path.count).first, CasePath.isStackElement(next) { continue }
            guard let rest = CasePath.childPart(of: full, composedAt: child.path), let own = rest.first else { continue }
            // `.destination(.presented(.picker(.delegate(…))))`: a grandchild's delegate action, reached through
            // the child's navigation, is what delegates are for.
            guard !child.feature.isDelegateCase(own), child.cases.contains(own), !rest.contains("delegate") else { continue }
            // `.destination(.presented(.alert(.confirmDelete)))` through TCA 1.0's `struct Destination: Reducer`: an
            // alert or a dialog has no reducer, and its buttons' actions are for the presenting feature to match (as TCA's
            // own examples do), not the child's.
            guard child.feature.ephemeralState(inCase: own) == nil else { continue }
            // `.flow(.path(.element(…)))`, `.flow(.destination(.presented(…)))`: a stack's or a presentation's
            // element, not judged (see the document's Limits).
            guard !CasePath.wrapsChildAction(Array(rest)) else { continue }
            if child.childCases.contains(own) {
                // `.home(.watched(.x))` with Home scoping `.watched`: the grandchild's action, which Home neither
                // sends nor handles; named as the grandchild's (blind-judged false when named as Home's).
                guard depth < 4, let project,
                      let inner = childAction(matchedBy: Array(rest), children: childActions(of: child.feature, in: project),
                                              in: project, depth: depth + 1) else { continue }
                return Match(owner: inner.owner, through: [child.feature] + inner.through, shown: CasePath.shown(full), ownPath: inner.ownPath)
            }
            return Match(owner: child.feature, through: [], shown: CasePath.shown(full), ownPath: Array(rest))
        }
        return nil
    }
}

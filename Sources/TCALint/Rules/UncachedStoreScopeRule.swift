/// A view handed a store TCA cannot cache (scoped with closures, by `CaseLet`, or by a store-taking presentation's
/// `state:`/`action:` transforms) that scopes it with observation's APIs (`$store.scope(…)` for a sheet, `if let child =
/// store.scope(…)`, `ForEach(store.scope(…))`): TCA reports "Scoping from uncached … is not compatible with observation"
/// at run time, the usual trap of a migration to observation done from the leaves. Asked of the model: the handoffs of
/// the file (`FileWideFacts.uncachedHandoffs`) and the scopes of the view they build (`FeatureIndex.cachedScopes(inView:)`).
public struct UncachedStoreScopeRule: Rule {
    public static let description = RuleDescription(
        id: "uncached_store_scope",
        name: "Uncached Store Scope",
        summary: "A view gets a store scoped with closures, `CaseLet` or a store-taking presentation, and scopes it with observation's APIs: TCA reports \"Scoping from uncached … is not compatible with observation\"",
        defaultSeverity: .warning,
        prefilterNeedles: ["CaseLet", "scope("]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode else { return [] }
        let project = file.project
        var findings: [Finding] = []
        for handoff in file.facts.file.uncachedHandoffs {
            guard let scope = project.cachedScopes(inView: handoff.view).first else { continue }
            findings.append(finding(at: handoff.anchor, Self.message(handoff, scope: scope)))
        }
        return findings
    }

    static func message(_ handoff: UncachedHandoffFacts, scope: CachedScopeFacts) -> String {
        let place = "\(scope.location.path.split(separator: "/").last ?? ""):\(scope.location.line)"
        let given: String
        let instead: String
        switch handoff.source {
        case .closureScope:
            given = "a store scoped with a closure"
            instead = "scope with key paths instead (store.scope(state: \\.child, action: \\.child); TCA's migration guide to 1.5)"
        case .caseLet:
            given = "the store CaseLet scopes"
            instead = "switch over store.case instead of SwitchStore/CaseLet (TCA's migration guide to 1.7)"
        case .presentationTransform:
            given = "the store \(handoff.shown) transforms"
            instead = "present with a binding instead (.sheet(item: $store.scope(state: \\.destination?.child, action: \\.destination.child)); TCA's migration guide to 1.7)"
        }
        return "\(handoff.view) gets \(given), which TCA cannot cache, and scopes it with observation (\(scope.shown), \(place)): TCA reports \"Scoping from uncached … is not compatible with observation\" there and builds a new child store each time instead of caching one — \(instead)"
    }
}

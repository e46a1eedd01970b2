/// A view handed a store TCA cannot cache (scoped with closures, by `CaseLet`, or by a store-taking presentation's
/// `state:`/`action:` transforms) that scopes it, or hands it on to a view that scopes it, with observation's APIs
/// (`$store.scope(…)` for a sheet, `if let child = store.scope(…)`, `ForEach(store.scope(…))`): TCA reports "Scoping from
/// uncached … is not compatible with observation" at run time, the usual trap of a migration to observation done from the
/// leaves. Asked of the model: the handoffs of the file (`FileWideFacts.uncachedHandoffs`) and the scopes of the views
/// they reach (`FeatureIndex.cachedScopeReached(fromView:)`).
public struct UncachedStoreScopeRule: Rule {
    public static let description = RuleDescription(
        id: "uncached_store_scope",
        name: "Uncached Store Scope",
        summary: "A view gets a store scoped with closures, `CaseLet` or a store-taking presentation, and scopes it with observation's APIs: TCA reports \"Scoping from uncached … is not compatible with observation\"",
        defaultSeverity: .warning,
        // `(store: store` / `(store: self.store`: a view that only hands its store on is part of the chain.
        prefilterNeedles: ["CaseLet", "scope(", "(store: store", "(store: self.store"]
    )

    /// TCA 1.7.0 to 1.9.2 did not cache the store a store-taking presentation hands its content, with or without
    /// transforms (fixed in 1.9.3, swift-composable-architecture #2908).
    static let uncachedPresentations = TCAVersion(1, 7)..<TCAVersion(1, 9, 3)

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode else { return [] }
        let project = file.project
        // Only a version the project resolves: `from: "1.9.2"` alone allows 1.9.3 and later, which cache the store.
        let presentationsUncached = !file.tcaVersionIsLowerBound && (file.tcaVersion.map { Self.uncachedPresentations.contains($0) } ?? false)
        var findings: [Finding] = []
        for handoff in file.facts.file.uncachedHandoffs {
            switch handoff.source {
            case .passedOn: continue
            case .storePresentation: guard presentationsUncached else { continue }
            case .closureScope, .caseLet, .presentationTransform: break
            }
            guard let (views, scope) = project.cachedScopeReached(fromView: handoff.view) else { continue }
            findings.append(finding(at: handoff.anchor, Self.message(handoff, views: views, scope: scope)))
        }
        return findings
    }

    /// `views`: the view given the store, then those it hands it on to, down to the one whose scope is `scope`.
    static func message(_ handoff: UncachedHandoffFacts, views: [String], scope: CachedScopeFacts) -> String {
        let place = "\(scope.location.path.split(separator: "/").last ?? ""):\(scope.location.line)"
        let given: String
        let instead: String
        switch handoff.source {
        case .closureScope, .passedOn:
            given = "a store scoped with a closure"
            instead = "scope with key paths instead (store.scope(state: \\.child, action: \\.child); TCA's migration guide to 1.5)"
        case .caseLet:
            given = "the store CaseLet scopes"
            instead = "switch over store.case instead of SwitchStore/CaseLet (TCA's migration guide to 1.7)"
        case .presentationTransform:
            given = "the store \(handoff.shown) transforms"
            instead = "present with a binding instead (.sheet(item: $store.scope(state: \\.destination?.child, action: \\.destination.child)); TCA's migration guide to 1.7)"
        case .storePresentation:
            given = "the store \(handoff.shown) hands its content, which TCA 1.7.0 to 1.9.2 does not cache"
            instead = "present with a binding instead (.sheet(item: $store.scope(state: \\.child, action: \\.child))), or update TCA to 1.9.3 or later"
        }
        let cannot = handoff.source == .storePresentation ? "," : ", which TCA cannot cache,"
        let scoper = views.count > 1 ? " and hands it on to \(views.dropFirst().joined(separator: ", then ")), which scopes it" : " and scopes it"
        return "\(views[0]) gets \(given)\(cannot)\(scoper) with observation (\(scope.shown), \(place)): TCA reports \"Scoping from uncached … is not compatible with observation\" there and builds a new child store each time instead of caching one — \(instead)"
    }
}

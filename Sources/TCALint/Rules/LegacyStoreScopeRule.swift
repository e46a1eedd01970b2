/// `store.scope(state: \.child, action: { .child($0) })`: scoping a store with closures, soft-deprecated in TCA 1.5
/// and a compiler warning from 1.7, for key paths (`scope(state: \.child, action: \.child)`), whose child stores
/// TCA caches. The fix writes the key paths where the store's feature is known (the view holds one feature's store)
/// and the model shows the case key path exists.
public struct LegacyStoreScopeRule: DeprecationRule {
    public static let description = RuleDescription(
        id: "legacy_store_scope",
        name: "Legacy Store Scope",
        summary: "`store.scope(state:action:)` with closures is deprecated since TCA 1.5; pass a key path and a case key path (`state: \\.child, action: \\.child`)",
        defaultSeverity: .warning,
        fixAvailability: .sometimes,
        // Not `.scope(`, which every view scoping with key paths has: the closure (`action: { .child($0) }`) or the
        // case's function through its type (`Feature.Action.child`, `ChildAction.child`).
        prefilterNeedles: ["action: {", "action:{", "Action."]
    )
    public static let deprecatedIn = TCAVersion(1, 5)
    public static let reference = "https://github.com/pointfreeco/swift-composable-architecture/blob/main/Sources/ComposableArchitecture/Documentation.docc/Articles/MigrationGuides/MigratingTo1.5.md#store-scoping-with-key-paths"

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        var findings: [Finding] = []
        for scope in file.facts.file.storeScopes {
            // `Action.InternalAction.content` returns the nested `InternalAction`, not the store's `Action`: not TCA's
            // `scope(state:action:)`, whose action function returns the store's Action, but a project's own overload.
            if let root = scope.actionCase?.root.split(separator: "."), let i = root.firstIndex(of: "Action"), i < root.count - 1 {
                continue
            }
            let target = Self.target(scope, file: file)
            let rewrite = Self.rewrite(scope, target: target, file: file)
            var fixed: Fix?
            if let rewrite {
                let edits = [TextEdit(range: scope.state, replacement: Array(rewrite.state.utf8)),
                             TextEdit(range: scope.action, replacement: Array(rewrite.action.utf8))]
                fixed = fix("Scope with key paths", rewrite.applicability, edits: edits, findingOffsets: [scope.anchor.offset])
            }
            findings.append(finding(at: scope.anchor, Self.message(scope, rewrite: rewrite, target: target), fix: fixed))
        }
        return findings
    }

    struct Rewrite: Equatable {
        var state: String
        var action: String
        var applicability: FixApplicability
    }

    /// The feature whose store the view holds (`store`, `self.store`, one feature's store) and the case of its `Action`
    /// that the action argument embeds into (`{ .timer($0) }`, `Counter.Action.timer`), when the model finds both.
    struct Target {
        var feature: Feature
        var enumCase: EnumCaseFacts
    }

    static func target(_ scope: StoreScopeFacts, file: AnalyzedFile) -> Target? {
        guard scope.receiver == "store" || scope.receiver == "self.store", let action = scope.actionCase,
              let feature = file.project.storeFeature(at: scope.anchor.offset, in: file.path),
              let actions = feature.action.actionEnum,
              ["", "Action", "Self.Action", feature.name + ".Action", feature.qualifiedName + ".Action"].contains(action.root.withoutSpaces()),
              let enumCase = actions.cases.first(where: { $0.name == action.name })
        else { return nil }
        return Target(feature: feature, enumCase: enumCase)
    }

    /// The key paths, when the scope has a target (above), the state path starts with a field of that feature's State,
    /// its Action is `@CasePathable` and the case holds one unlabelled value. Safe when the project's TCA is known to be
    /// 1.5 or later (key-path scoping's release), else unsafe.
    static func rewrite(_ scope: StoreScopeFacts, target: Target?, file: AnalyzedFile) -> Rewrite? {
        guard let target, let path = scope.statePath, let action = scope.actionCase,
              let state = target.feature.state, state.field(path[0]) != nil,
              target.feature.action.actionEnum?.isCasePathable == true, target.enumCase.holdsOneUnlabelledValue
        else { return nil }
        let applicability: FixApplicability = file.tcaVersion.map { $0 >= deprecatedIn } == true ? .safe : .unsafe
        return Rewrite(state: "\\." + path.joined(separator: "."), action: "\\." + action.name, applicability: applicability)
    }

    /// Without a rewrite, the message says what stands in its way where the scope has a target: its action case carries
    /// several values (`case row(UUID, Row.Action)`, `case row(id: UUID, action: Row.Action)`), or the feature's Action
    /// is not `@CasePathable`; else it gives the general advice.
    static func message(_ scope: StoreScopeFacts, rewrite: Rewrite?, target: Target? = nil) -> String {
        let base = "Scoping a store with closures is soft-deprecated since TCA 1.5 and a compiler warning from 1.7"
        if rewrite == nil, let several = target?.enumCase, several.payloadShape == .severalValues {
            // `(UUID, Row.Action)`, `(id: UUID, action: Row.Action)` → `IdentifiedActionOf<Row>`, when the last value is
            // a feature's Action.
            let last = several.lastValueType
            let identified = last.hasSuffix(".Action") ? "IdentifiedActionOf<\(last.dropLast(".Action".count))>" : "IdentifiedActionOf<…>"
            return base + "; its action case .\(several.name)(\(CodeTokens.oneLine(several.payload))) carries several values, so a case key path to it would give the child store the tuple, not the child's Action: first make the case hold one value (\(identified) for the rows of a collection, as TCA 1.4's migration guide does), then pass key paths (scope(state: \\.child, action: \\.child)), which lets TCA cache the child store"
        }
        if rewrite == nil, let target, target.feature.action.actionEnum?.isCasePathable == false {
            return base + "; \(target.feature.name).Action is not @CasePathable, so no case key path names .\(target.enumCase.name) yet: mark the enum @CasePathable (or the feature @Reducer), then pass key paths (scope(state: \\.child, action: \\.\(target.enumCase.name))), which lets TCA cache the child store"
        }
        guard let rewrite else {
            return base + "; pass a key path to the child state and a case key path to the child action (scope(state: \\.child, action: \\.child)), which lets TCA cache the child store: a state closure that does more than read a property becomes a computed property on State"
        }
        let call = "scope(state: \(rewrite.state), action: \(rewrite.action))"
        switch rewrite.applicability {
        case .safe: return base + "; write '\(call)', which lets TCA cache the child store (--fix does)"
        case .unsafe: return base + "; write '\(call)', which lets TCA cache the child store (--fix --unsafe does; safe once the project's TCA version is known to be 1.5 or later)"
        }
    }
}

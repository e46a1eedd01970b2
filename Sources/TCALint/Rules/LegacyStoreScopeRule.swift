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
            let rewrite = Self.rewrite(scope, file: file)
            let severalValues = rewrite == nil ? Self.actionCase(scope, file: file).flatMap { $0.payloadShape == .severalValues ? $0 : nil } : nil
            var fixed: Fix?
            if let rewrite {
                let edits = [TextEdit(range: scope.state, replacement: Array(rewrite.state.utf8)),
                             TextEdit(range: scope.action, replacement: Array(rewrite.action.utf8))]
                fixed = fix("Scope with key paths", rewrite.applicability, edits: edits, findingOffsets: [scope.anchor.offset])
            }
            findings.append(finding(at: scope.anchor, Self.message(scope, rewrite: rewrite, severalValues: severalValues), fix: fixed))
        }
        return findings
    }

    struct Rewrite: Equatable {
        var state: String
        var action: String
        var applicability: FixApplicability
    }

    /// The key paths, when the store is the view's own (`store`, `self.store`) and holds one feature's store, the
    /// state path starts with a field of that feature's State, and the action names a case of its `@CasePathable`
    /// Action. Safe when the project's TCA is known to be 1.5 or later (key-path scoping's release), else unsafe.
    static func rewrite(_ scope: StoreScopeFacts, file: AnalyzedFile) -> Rewrite? {
        guard scope.receiver == "store" || scope.receiver == "self.store", let path = scope.statePath,
              let action = scope.actionCase,
              let feature = file.project.storeFeature(at: scope.anchor.offset, in: file.path),
              let state = feature.state, state.field(path[0]) != nil,
              let actions = feature.action.actionEnum, actions.isCasePathable,
              let enumCase = actionCase(scope, file: file), enumCase.holdsOneUnlabelledValue
        else { return nil }
        let applicability: FixApplicability = file.tcaVersion.map { $0 >= deprecatedIn } == true ? .safe : .unsafe
        return Rewrite(state: "\\." + path.joined(separator: "."), action: "\\." + action.name, applicability: applicability)
    }

    /// The case of the view's store's `Action` that the action argument embeds into (`{ .timer($0) }`,
    /// `Counter.Action.timer`), when the view holds one feature's store and the model finds the case.
    static func actionCase(_ scope: StoreScopeFacts, file: AnalyzedFile) -> EnumCaseFacts? {
        guard scope.receiver == "store" || scope.receiver == "self.store", let action = scope.actionCase,
              let feature = file.project.storeFeature(at: scope.anchor.offset, in: file.path),
              let actions = feature.action.actionEnum,
              ["", "Action", "Self.Action", feature.name + ".Action", feature.qualifiedName + ".Action"].contains(action.root.withoutSpaces())
        else { return nil }
        return actions.cases.first { $0.name == action.name }
    }

    /// `severalValues`: the action case, when it carries several unlabelled values (`case row(UUID, Row.Action)`).
    static func message(_ scope: StoreScopeFacts, rewrite: Rewrite?, severalValues: EnumCaseFacts? = nil) -> String {
        let base = "Scoping a store with closures is soft-deprecated since TCA 1.5 and a compiler warning from 1.7"
        if rewrite == nil, let several = severalValues {
            // `(UUID, Row.Action)` → `IdentifiedActionOf<Row>`, when the last value is a feature's Action.
            let last = several.payload.split(separator: ",").last.map { $0.trimmingWhitespace() } ?? ""
            let identified = last.hasSuffix(".Action") ? "IdentifiedActionOf<\(last.dropLast(".Action".count))>" : "IdentifiedActionOf<…>"
            return base + "; its action case .\(several.name)(\(several.payload.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " "))) carries several values, so a case key path to it would give the child store the tuple, not the child's Action: first make the case hold one value (\(identified) for the rows of a collection, as TCA 1.4's migration guide does), then pass key paths (scope(state: \\.child, action: \\.child)), which lets TCA cache the child store"
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

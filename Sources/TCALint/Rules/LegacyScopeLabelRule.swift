/// `store.scope(state: \.child, action: \.child)` and `Scope(state: \.child, action: \.child) { Child() }`: the
/// labelled key-path scopes, renamed `scope(_:action:)` and `Scope(_:action:_:)` on TCA's main branch after 1.25.5
/// (pull request #3923; a compiler warning under the `ComposableArchitecture2Deprecations` trait, which previews
/// TCA 2.0). The fix drops the labels. Only a project known or targeted to be on that release hears of it: on any
/// earlier TCA the unlabelled form does not exist.
public struct LegacyScopeLabelRule: DeprecationRule {
    public static let description = RuleDescription(
        id: "legacy_scope_label",
        name: "Legacy Scope Label",
        summary: "`scope(state:action:)` and `Scope(state:action:)` with key paths are renamed `scope(_:action:)` and `Scope(_:action:)` after TCA 1.25.5; drop the `state:` label",
        defaultSeverity: .warning,
        fixAvailability: .sometimes,
        // The label then the key path's `\` (not `state:` alone, which every `reduce(into state:` has).
        prefilterNeedles: ["state: \\", "state:\\"]
    )
    /// The first release after 1.25.5, which #3923 goes into; tca-lint calls it 1.26.
    public static let deprecatedIn = TCAVersion(1, 26)
    public static let reference = "https://github.com/pointfreeco/swift-composable-architecture/pull/3923"

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        // Before the release that has them, the unlabelled overloads do not exist: an unknown version stays silent
        // too (unlike the other deprecations, nothing to upgrade away from is in any released TCA yet).
        guard let version = file.tcaVersion, version >= Self.deprecatedIn else { return [] }
        var findings: [Finding] = []
        for use in file.facts.file.deprecatedUses {
            switch use.api {
            case .storeScopeStateLabel:
                // A project that declares its own `Store` type (TCA, a course's copy) means that one.
                guard !file.project.declaresTopLevelType("Store") else { continue }
                findings.append(finding(at: use.anchor, Self.message(call: "scope", fixed: true), fix: relabel(use)))
            case .scopeStateLabel:
                guard !file.project.declaresTopLevelType("Scope") else { continue }
                let composition = file.builders.lazy.compactMap { entry in
                    entry.builder.edges.first { $0.anchor.offset == use.anchor.offset }.map { (entry.feature, $0) }
                }.first
                // `Scope(state: \.loggedIn, …)` into a case of an enum State is TCA's `CaseKeyPath` overload, which
                // 1.25 deprecated without an unlabelled twin (`enum_state_scope` reports it).
                if let (feature, edge) = composition, feature.scopesIntoStateCase(edge) { continue }
                // Relabelled only where the model shows the state argument is a key path of the feature's State:
                // a `Scope` it cannot place, or one nested in another's closure over an enum State, might be the
                // case-path overload.
                let known = composition.map { feature, edge in
                    feature.state != nil && (feature.state?.kind != "enum" || edge.isIdentity || edge.scopedIn == nil)
                } ?? false
                findings.append(finding(at: use.anchor, Self.message(call: "Scope", fixed: known), fix: known ? relabel(use) : nil))
            default:
                continue
            }
        }
        return findings
    }

    func relabel(_ use: DeprecatedUseFacts) -> Fix {
        fix("Drop the 'state:' label", .safe, edits: use.droppedLabels.map { TextEdit(range: $0, replacement: []) },
            findingOffsets: [use.anchor.offset])
    }

    /// `call`: `scope` (a store's, or a binding's) or `Scope`.
    static func message(call: String, fixed: Bool) -> String {
        let renamed = call == "Scope" ? "Scope(_:action:_:)" : "scope(_:action:)"
        let base = "'\(call)(state:action:)' is renamed '\(renamed)' after TCA 1.25.5 (a compiler warning under the "
            + "ComposableArchitecture2Deprecations trait, which previews TCA 2.0); drop the 'state:' label"
            + (call == "Scope" ? " (and a 'child:' label)" : "")
        return base + (fixed ? " (--fix does)" : " (not fixed: tca-lint cannot tell this Scope's state argument is a key path to a field)")
    }
}

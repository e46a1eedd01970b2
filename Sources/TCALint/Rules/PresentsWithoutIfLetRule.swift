/// A `@Presents` / `@PresentationState` field (a child feature's state, an alert, a dialog) that no
/// `.ifLet(\.$field, …)` of the feature integrates: a child's reducer never runs, and dismissal neither
/// clears the state nor cancels the child's effects; an alert that the feature does not clear on
/// `.dismiss` itself stays in state after it closes. Fields the feature never sets (or only sets to `nil`) are left alone,
/// and so are alerts whose every button sends an action on which the feature clears the field, and fields the feature's
/// views never scope its store to (shown by nothing).
/// Read from the project's feature model, and only where the whole body is visible (TCA's own reducers only).
public struct PresentsWithoutIfLetRule: Rule {
    public static let description = RuleDescription(
        id: "presents_without_if_let",
        name: "Presents Without If Let",
        summary: "A `@Presents` child state has no `.ifLet(\\.$field, action:)` in the feature's body; the child's reducer never runs",
        defaultSeverity: .warning,
        prefilterNeedles: ["Presents", "PresentationState"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode else { return [] }
        var findings: [Finding] = []
        for feature in file.features {
            // A reducer only a preview runs harms no one.
            guard let state = feature.state, let builder = Self.soleVisibleBody(of: feature),
                  !file.project.runsOnlyInPreviews(feature) else { continue }
            let fields = Set(state.fields.map(\.name))
            // Every path the body integrates; a path that is not a field of State (a key path held in a
            // property, a computed path) could integrate anything, so then nothing is reported.
            var integrated = Set<String>()
            for edge in builder.edges where edge.scopedIn == nil {
                let first = edge.statePath.split(separator: ".").first.map(String.init) ?? ""
                let name = first.hasPrefix("$") ? String(first.dropFirst()) : first
                guard fields.contains(name) || name == "self" else { integrated = fields; break }
                integrated.insert(name)
            }
            let actionCases = Set(feature.action.enums.filter { $0.name == "Action" }.flatMap(\.cases).map(\.name))
            let clauses = feature.logic.flatMap(\.clauses)
            // Set to a value somewhere; a field only ever set to `nil` is never presented.
            let written = Set(clauses.flatMap(\.code.valueWrites) + feature.logic.compactMap(\.everyAction).flatMap(\.valueWrites))
            for field in state.fields where !integrated.contains(field.name) && actionCases.contains(field.name)
                && written.contains(field.name) {
                guard let presented = Self.presented(field), field.location.path == file.path else { continue }
                // A field the feature's views never scope its store to is shown by nothing: no child runs, no alert
                // opens or closes, so none of the harms can happen (an unfinished screen, not a missing `.ifLet`).
                if let scoped = file.project.fieldsScopedInViews(of: feature), !scoped.contains(field.name) { continue }
                // An alert or dialog the feature clears on `.dismiss` is cleared whenever the view closes it,
                // buttons included (the view sends `.dismiss` while the state is still set): no harm.
                let clearsOnDismiss = clauses.contains { c in
                    c.code.writes.contains(field.name) && c.patterns.contains { $0 == [field.name, "dismiss"] || $0 == [field.name] }
                }
                if presented != .feature, clearsOnDismiss { continue }
                // A child whose views send only actions the feature handles itself, and which it clears on `.dismiss`:
                // the child's reducer would have nothing to do.
                if presented == .feature {
                    switch Self.child(of: field, in: feature, project: file.project) {
                    case .notAReducer: continue
                    case .reducer(let child):
                        if clearsOnDismiss, child.doesNothing || Self.childNeedsNoReducer(child, field: field, clauses: clauses, in: file.project) { continue }
                        if child.doesNothing, Self.holdsOnlyAlertsThatClose(field, child: child, of: feature, in: file.project) { continue }
                    case .unknown: break
                    }
                }
                if presented == .alert, Self.everyButtonClears(field, of: feature, in: file.project) { continue }
                let attribute = field.attributes.contains("Presents") ? "Presents" : "PresentationState"
                findings.append(finding(at: field.anchor, Self.message(field: field.name, feature: feature.name, presented,
                                                                 attribute: attribute,
                                                                 usesCaseKeyPaths: feature.reducerEvidence == ["@Reducer"])))
            }
        }
        return findings
    }

    enum Presented { case feature, alert, dialog }

    /// An alert closes only through one of its buttons (unlike a dialog, which a tap outside closes): when every
    /// alert built for the field has buttons, each sending an action on which the feature sets the field to nil, the
    /// alert never stays in state. A button that sends nothing (`ButtonState(role: .cancel) { … }`), an alert with no
    /// button (SwiftUI's OK), or an alert the project builds out of sight keeps the finding.
    private static func everyButtonClears(_ field: PropertyFacts, of feature: Feature, in project: FeatureIndex) -> Bool {
        everyButtonClears(project.alerts(for: field, of: feature), field: field.name, of: feature, under: [field.name, "presented"])
    }

    /// There are alerts, each with buttons, and each button sends an action (its case under `path`) on which the
    /// feature sets the field to nil.
    private static func everyButtonClears(_ alerts: [AlertFacts], field: String, of feature: Feature, under path: [String]) -> Bool {
        !alerts.isEmpty && alerts.allSatisfy { alert in
            !alert.buttons.isEmpty && alert.buttons.allSatisfy { button in
                guard let action = button, !action.isEmpty else { return false }
                return feature.clearsField(field, onAction: path + [action])
            }
        }
    }

    /// A destination that only ever holds alerts (`enum State { case alert(AlertState<Action.Alert>) }` in a
    /// `struct Destination: Reducer` whose reducer does nothing) is an alert field under another name: when every
    /// alert the project builds for each of its cases has buttons, each sending an action on which the feature sets the
    /// field to nil, nothing stays in state and there is no child logic to run.
    private static func holdsOnlyAlertsThatClose(_ field: PropertyFacts, child: Feature, of feature: Feature, in project: FeatureIndex) -> Bool {
        guard let state = child.state, state.kind == "enum", !state.cases.isEmpty else { return false }
        return state.cases.allSatisfy { alertCase in
            guard child.ephemeralState(inCase: alertCase.name) == .alert else { return false }
            return everyButtonClears(project.alerts(ofCase: alertCase, in: child, presentedBy: feature, field: field), field: field.name,
                                     of: feature, under: [field.name, "presented", alertCase.name])
        }
    }

    enum Child { case reducer(Feature), notAReducer, unknown }

    /// The feature a presented field holds (`Child.State?` → `Child`): a reducer of the project, a type of the project that
    /// is not one (a plain struct: nothing to integrate), or not found (another module's).
    private static func child(of field: PropertyFacts, in feature: Feature, project: FeatureIndex) -> Child {
        var type = field.type.withoutSpaces()
        if type.hasPrefix("PresentationState<"), type.hasSuffix(">") { type = String(type.dropFirst(18).dropLast()) }
        if type.hasSuffix("?") { type.removeLast() }
        guard type.hasSuffix(".State") else { return .unknown }
        let name = String(type.dropLast(6))
        if let child = project.feature(named: name, from: feature.qualifiedName, near: field.location.path), !child.isProtocol {
            return .reducer(child)
        }
        return project.declaredType(named: name) != nil ? .notAReducer : .unknown
    }

    /// The presented child's views send only actions that the feature's own logic handles under the field
    /// (`viewStore.send(.delegate(.select(x)))` with `case .field(.presented(.delegate(.select)))`), and write no binding:
    /// nothing the user does in the child needs the child's reducer, which only the missing `ifLet` would run. A child
    /// with no view found, or a send whose action is not written in place, keeps the finding.
    private static func childNeedsNoReducer(_ child: Feature, field: PropertyFacts, clauses: [CaseFacts], in project: FeatureIndex) -> Bool {
        guard child.state?.kind != "enum", project.bindingWrites(to: child).isEmpty else { return false }
        // What the feature's clauses handle under `.field(.presented(…))`: `[delegate, select]`.
        var handled: [[String]] = []
        for c in clauses {
            for p in c.patterns where p.count > 2 && p[0] == field.name && p[1] == "presented" { handled.append(Array(p.dropFirst(2))) }
        }
        let sends = project.viewSends(to: child)
        guard !sends.isEmpty else { return false }
        for send in sends {
            let path: [String] = send.path
            guard !path.isEmpty, handled.contains(where: { path.starts(with: $0) }) else { return false }
        }
        return true
    }

    /// `attribute` as the declaration writes it (`Presents`, `PresentationState`). The `action:` argument
    /// in the form the feature's TCA takes: a case key path (`\.field`) under `@Reducer`, else the case
    /// path of `ReducerProtocol`-era code (`/Action.field`).
    static func message(field: String, feature: String, _ presented: Presented, attribute: String = "Presents",
                        usesCaseKeyPaths: Bool = true) -> String {
        let action = usesCaseKeyPaths ? "\\.\(field)" : "/Action.\(field)"
        let missing = "@\(attribute) var \(field) is never integrated: \(feature)'s body has no .ifLet(\\.$\(field), action: \(action))"
        switch presented {
        case .feature:
            return missing + ", so the presented feature's reducer never runs, and dismissing it neither clears the state nor cancels its effects"
        case .alert, .dialog:
            let what = presented == .alert ? "alert" : "dialog"
            return missing + " and \(feature) does not clear it on .\(field)(.dismiss), so the \(what) stays in state after it closes"
        }
    }

    /// The feature's `body`, when it is the only builder and everything it lists is TCA's own reducers:
    /// another builder (`core`), a reducer of the app's, or a protocol's default body may integrate the
    /// field out of sight.
    private static func soleVisibleBody(of feature: Feature) -> BuilderFacts? {
        guard feature.protocolDefaults.isEmpty, !feature.usesOwnOperators, feature.builders.count == 1, let body = feature.builders.first,
              body.name == "body", !body.isStatic,
              body.elements.allSatisfy(knownElements.contains) else { return nil }
        return body
    }

    private static let knownElements: Set<String> = ["Scope", "Reduce", "BindingReducer", "CombineReducers", "EmptyReducer"]

    /// What a `@Presents` (or `@PresentationState`) field holds: a feature's state (`Child.State?`, also
    /// `Destination.State?` for an `@Reducer enum`), an `AlertState`, a `ConfirmationDialogState`; nil for
    /// anything else.
    private static func presented(_ field: PropertyFacts) -> Presented? {
        guard !field.isStatic, !field.isComputed,
              field.isPresented else { return nil }
        switch Feature.EphemeralState(type: field.type) {
        case .alert: return .alert
        case .dialog: return .dialog
        case nil: break
        }
        let type = field.type.withoutSpaces()
        let isState = type.hasSuffix(".State?") || type.hasPrefix("PresentationState<") && type.hasSuffix(".State>")
        return isState ? .feature : nil
    }
}


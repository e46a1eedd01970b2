/// `.onChange(of: X)` attached to a reducer that cannot change `X`: `EmptyReducer()`, a `BindingReducer()`
/// when `X` is not bindable (computed from child state, presentation state, `let`, or not `@BindingState`
/// with legacy bindings), or a `Reduce` whose closure never touches `X`. TCA's `onChange` compares the
/// value before and after the reducer it is attached to only, so its closure never runs.
/// The mirror of `on_change_misses_binding`, which reports the changes such an onChange misses.
public struct OnChangeNeverFiresRule: Rule {
    public static let description = RuleDescription(
        id: "on_change_never_fires",
        name: "On Change Never Fires",
        summary: "`.onChange(of:)` is attached to a reducer that never changes the observed value, so its closure never runs",
        defaultSeverity: .warning,
        // 2 of 3 findings judged true on 21 public apps: a view can bind a child's field through the
        // parent's store (`$store.child.field`), which this file cannot show.
        isOptIn: true,
        prefilterNeedles: ["onChange"]
    )

    /// Modifiers that may stand between the reducer and the onChange without changing state themselves.
    static let inertModifiers: Set<String> = ["_printChanges", "signpost", "dependency", "transformDependency"]

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        let code = file.code
        var findings: [Finding] = []
        var seenBodies = Set<Int>()
        for reducer in file.model.reducers {
            var state: StateDeclaration?? = nil
            for body in file.model.declarations(of: reducer).flatMap(\.bodies) where seenBodies.insert(body.nameToken).inserted {
                let placed = PlacedElements(body: body)
                var childStates: Set<String>? = nil
                // Per element, the first modifier that may change state: an onChange after it is not judged.
                // Found once per element, so n onChange modifiers on one element cost n, not n².
                var firstChanging: [Int: Int] = [:]
                for candidate in placed.onChanges {
                    let element = candidate.element
                    guard element.kind == .expression, element.qualified == nil || element.qualified == "ComposableArchitecture.\(element.name)"
                    else { continue }
                    let limit = firstChanging[element.start] ?? {
                        let token = element.modifiers.first { !Self.inertModifiers.contains($0.name) }?.nameToken ?? Int.max
                        firstChanging[element.start] = token
                        return token
                    }()
                    guard candidate.modifier.nameToken <= limit else { continue }
                    let observed = ObservedValue.read(onChangeArguments: candidate.modifier.argumentsOpen, code: code)
                    let shown = observed.text.map { "onChange(of: \($0))" } ?? "onChange"
                    if element.name == "EmptyReducer" {
                        findings.append(finding(at: code.tokens[candidate.modifier.nameToken].startOffset,
                                                Self.message(shown: shown, owner: "EmptyReducer()", why: "EmptyReducer never changes state")))
                        continue
                    }
                    // The rest needs the body's own State (not a child's, inside a Scope or ifLet closure).
                    guard candidate.domain == 0, let names = observed.firstComponents,
                          element.name == "BindingReducer" || element.name == "Reduce" else { continue }
                    if state == nil { state = .some(StateDeclaration.find(for: reducer, model: file.model, code: code)) }
                    guard let state = state ?? nil else { continue }
                    var fields = Set<String>()
                    for name in names {
                        guard let behind = state.storedFields(behind: name, code: code) else { fields = []; break }
                        fields.formUnion(behind)
                    }
                    guard !fields.isEmpty else { continue }
                    if childStates == nil { childStates = OnChangeMissesBindingRule.childStateNames(in: body, code: code) }
                    let why: String
                    if element.name == "BindingReducer" {
                        guard let reason = Self.bindingCannotWrite(fields, state: state, childStates: childStates ?? []) else { continue }
                        why = reason
                    } else {
                        guard let touched = Self.stateUse(inReduce: element, code: code), touched.isDisjoint(with: fields) else { continue }
                        // A sibling BindingReducer that can write the value: on_change_misses_binding reports that.
                        let bindings = placed.bindingReducers.filter { $0.domain == 0 && !$0.isExclusive(with: candidate.placed) }
                        if !bindings.isEmpty && Self.bindingCannotWrite(fields, state: state, childStates: childStates ?? []) == nil { continue }
                        why = "this Reduce never writes " + Self.list(fields)
                    }
                    let computed = names.contains { state.properties[$0]?.isReadOnlyComputed == true }
                    findings.append(finding(at: code.tokens[candidate.modifier.nameToken].startOffset,
                                            Self.message(shown: shown, owner: code.shownCall(name: element.nameToken, argumentsOpen: element.argumentsOpen),
                                                         why: computed ? why + " (the value is computed from " + Self.list(fields) + ")" : why)))
                }
            }
        }
        return findings
    }

    static func message(shown: String, owner: String, why: String) -> String {
        "\(shown) is attached to \(owner), but \(why), so its closure never runs (onChange only compares the value before and after the reducer it is attached to); attach it to the reducer that changes the value, or wrap the reducers in CombineReducers { … }.onChange(of:)"
    }

    /// Why a `BindingAction` can write none of `fields`, or nil when it may write one.
    static func bindingCannotWrite(_ fields: Set<String>, state: StateDeclaration, childStates: Set<String>) -> String? {
        var reasons: [String] = []
        for field in fields.sorted() {
            if childStates.contains(field) {
                reasons.append("\(field) is a child's state, changed by the child's reducer")
            } else if let p = state.properties[field], !state.mayBeWrittenByBinding(field) {
                // Presentation state is written by presentation actions (`.alert(.dismiss)`), not bindings.
                let isPresentation = p.attributes.contains("Presents") || p.attributes.contains("PresentationState")
                reasons.append(isPresentation ? "\(field) is presentation state, changed by presentation actions, not by bindings"
                                              : "\(field) is not bindable")
            } else {
                return nil
            }
        }
        return "a binding never changes " + list(fields) + ": " + reasons.joined(separator: "; ")
    }

    /// The state fields a `Reduce { state, action in … }` closure mentions (`state.x…` → x), or nil when
    /// it may change state in ways not visible by name: `&state`, `state = …`, `state` passed whole, a
    /// method called on the state, or `Reduce(…)` without a closure.
    static func stateUse(inReduce element: BuilderElement, code: CodeTokens) -> Set<String>? {
        guard element.argumentsOpen == nil, let open = element.closureOpen, let close = code.partnerOf(open), close > open,
              let bodyStart = code.closureBodyStart(open) else { return nil }
        var p = open + 1
        if code.isPunct(p, .lparen) { p += 1 }
        if code.is(p, "_") { return [] }  // `{ _, action in }`: the closure cannot touch state.
        guard code.kind(p) == .identifier else { return nil }
        let parameter = code.text(p)
        var fields = Set<String>()
        for k in bodyStart..<close where code.kind(k) == .identifier && code.text(k) == parameter && !code.isDot(k - 1) {
            guard code.isDot(k + 1), code.isNameLike(k + 2), !code.isPunct(k + 3, .lparen) else { return nil }
            var name = code.text(k + 2)
            if name.hasPrefix("$") { name.removeFirst() }
            fields.insert(name)
        }
        return fields
    }

    static func list(_ fields: Set<String>) -> String {
        fields.sorted().joined(separator: ", ")
    }
}

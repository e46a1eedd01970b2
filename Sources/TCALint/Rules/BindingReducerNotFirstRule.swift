/// `BindingReducer()` listed after a reducer that observes a binding before it is written. Order only
/// matters for binding actions (`BindingReducer` ignores every other action), so a reducer above it is a
/// problem only when it looks at a binding action or at a bindable field while one is processed: it
/// handles a `.binding…` case with logic, runs logic for every action that reads a bindable field (no
/// switch, code outside the switch, a `default` that bindings fall into), or an `.onChange(of:)` above it
/// observes a bindable field. A child `Scope` above never is: it never receives the parent's bindings.
public struct BindingReducerNotFirstRule: Rule {
    public static let description = RuleDescription(
        id: "binding_reducer_not_first",
        name: "Binding Reducer Not First",
        summary: "`BindingReducer()` is listed after a reducer that observes a binding before it is written",
        defaultSeverity: .warning,
        // Judged on 150 public apps: 4 of its 5 findings true, the fifth debatable (a clause that reads the old value
        // on purpose, which the rule cannot tell from a mistake): below the 95% a default rule needs.
        isOptIn: true,
        fixAvailability: .sometimes,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        var findings: [Finding] = []
        for (feature, builder) in file.builders {
            var bindable: BindableFields? = nil
            for list in builder.reducerLists {
                let isTopLevel = list.first?.start.token == builder.tree.first?.start.token
                let place = isTopLevel ? "in \(builder.name)" : "in this builder"
                // The first reducer that is not a BindingReducer; a BindingReducer below it is reported when
                // a reducer above it observes a binding (it then sees the old value).
                var firstReducer: Int? = nil
                var above: [ElementFacts] = []
                var flagged: [(index: Int, stale: String)] = []
                for (index, element) in list.enumerated() {
                    guard element.name == "BindingReducer" && element.kind == .expression else {
                        if element.isReducer {
                            above.append(element)
                            if firstReducer == nil { firstReducer = index }
                        }
                        continue
                    }
                    if bindable == nil { bindable = BindableFields(feature: feature, path: file.path) }
                    guard let stale = above.lazy.compactMap({ bindable?.staleObservation(inside: $0) }).first else { continue }
                    flagged.append((index, stale))
                }
                guard let target = firstReducer, !flagged.isEmpty else { continue }
                let offsets = flagged.map { list[$0.index].anchor.offset }
                let fix = file.syntax.flatMap {
                    moveFix(flagged.map(\.index), before: target, in: list, isTopLevel: isTopLevel, offsets: offsets, syntax: $0)
                }
                for flag in flagged {
                    // The reducer as written: `BindingReducer(action: \.view)` is not `BindingReducer()`.
                    let element = list[flag.index]
                    findings.append(finding(
                        at: element.anchor,
                        "\(element.shown) is not the first reducer \(place); \(flag.stale) before the binding is written, so it sees the old value; list \(element.shown) first",
                        fix: fix))
                }
            }
        }
        return findings
    }

    /// Safe: moves every flagged `BindingReducer()` of the list — with its chained modifiers, trailing
    /// comment and the comments directly above it — to just before the first reducer, at its indentation.
    /// `let`/`var` statements above the first reducer stay above (a moved `.onChange { }` may use them).
    /// None when a declaration sits between the first reducer and a flagged element, or an element shares
    /// a line with other code.
    private func moveFix(_ flagged: [Int], before target: Int, in list: [ElementFacts], isTopLevel: Bool,
                         offsets: [Int], syntax: FileSyntax) -> Fix? {
        guard let last = flagged.last, !ElementMove.hasDeclaration(in: list, from: target, through: last),
              let edits = ElementMove.edits(moving: flagged.map { list[$0] }, before: list[target], in: syntax)
        else { return nil }
        return fix("Move BindingReducer() to the top of \(isTopLevel ? "body" : "its builder")", .safe,
                   edits: edits, findingOffsets: offsets)
    }
}

/// The fields of one feature's state that bindings can write, and how a reducer element listed above
/// `BindingReducer()` observes them.
struct BindableFields {
    let feature: Feature
    /// The file the elements are written in.
    let path: String
    let childStates: Set<String>

    init(feature: Feature, path: String) {
        self.feature = feature
        self.path = path
        childStates = feature.builders.reduce(into: Set<String>()) { $0.formUnion($1.childStateFields) }
    }

    /// A field a binding can write: visible in the state, settable, not a child's state.
    func isBindable(_ field: String) -> Bool {
        guard let state = feature.state else { return false }
        return !childStates.contains(field) && state.isKnownBindable(field)
    }

    /// How `element` (listed above `BindingReducer()`), or a reducer it groups — in `#if`/`if`/`switch`
    /// branches or `CombineReducers { }`, not in a child's Scope — observes a binding, or nil.
    func staleObservation(inside element: ElementFacts) -> String? {
        var stack = [element]
        while let next = stack.popLast() {
            if let stale = staleObservation(by: next) { return stale }
            if next.kind == .expression && next.name == "CombineReducers", let children = next.children { stack += children.reversed() }
            for branch in next.branches.reversed() { stack += branch.reversed() }
        }
        return nil
    }

    /// How `element` itself observes a binding, as the message says it, or nil.
    func staleObservation(by element: ElementFacts) -> String? {
        // A child Scope runs the child on the child's actions; the parent's bindings never reach it.
        guard !element.isScope else { return nil }
        for m in element.modifiers where m.name == "onChange" {
            guard let observed = m.observed else { continue }
            if let field = observed.firstComponents?.sorted().first(where: isBindable) {
                return "\(observed.text.map { "onChange(of: \($0))" } ?? "onChange") above it observes \(field)"
            }
        }
        guard let units = feature.parentLogic(of: element, in: path) else { return nil }
        let name = ReduceBeforeScopeRule.logicName(element)
        for unit in units {
            if let text = bindingCase(in: unit) { return "\(name) above it handles \(text)" }
            if let field = everyActionRead(in: unit) {
                return "\(name) above it reads \(unit.stateName).\(field) for every action, bindings included,"
            }
        }
        return nil
    }

    /// `case .binding(\.field):` with logic, as written.
    private func bindingCase(in unit: LogicFacts) -> String? {
        for c in unit.clauses where !c.isDefault && !c.code.isNoOp {
            guard let path = c.bindingPattern else { continue }
            var text = c.patternText.trimmingWhitespace()
            if text.count > 48 || text.contains("\n") { text = "." + path.joined(separator: "(.") + "(…)" }
            return "case \(text)"
        }
        return nil
    }

    /// A bindable field read by code that runs for binding actions without a case of its own: outside the
    /// switch, or in a `default:` when no case matches `.binding`.
    private func everyActionRead(in unit: LogicFacts) -> String? {
        guard feature.state != nil, !unit.hasOtherDispatch else { return nil }
        var parts = unit.everyAction.map { [$0] } ?? []
        let bindingHandled = unit.clauses.contains { c in !c.isDefault && c.patterns.contains { ["binding"].starts(with: $0) } }
        if !bindingHandled { parts += unit.clauses.filter { $0.isDefault && !$0.code.isNoOp }.map(\.code) }
        for code in parts {
            if let read = code.accesses.first(where: { $0.kind != .assign && isBindable($0.field) }) { return read.field }
        }
        return nil
    }
}

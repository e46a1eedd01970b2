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
        fixAvailability: .sometimes,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        var findings: [Finding] = []
        for reducer in file.model.reducers {
            var bindable: BindableFields? = nil
            for body in reducer.builderDeclarations {
                for list in body.reducerBuilderLists {
                    let isTopLevel = list.first === body.elements.first
                    let place = isTopLevel ? "in \(file.code.text(body.nameToken))" : "in this builder"
                    // The first reducer that is not a BindingReducer; a BindingReducer below it is reported when
                    // a reducer above it observes a binding (it then sees the old value).
                    var firstReducer: Int? = nil
                    var above: [BuilderElement] = []
                    var flagged: [(index: Int, stale: String)] = []
                    for (index, element) in list.enumerated() {
                        guard element.name == "BindingReducer" && element.kind == .expression else {
                            if element.isReducerElement {
                                above.append(element)
                                if firstReducer == nil { firstReducer = index }
                            }
                            continue
                        }
                        if bindable == nil { bindable = BindableFields(reducer: reducer, file: file) }
                        guard let stale = above.lazy.compactMap({ bindable?.staleObservation(inside: $0) }).first else { continue }
                        flagged.append((index, stale))
                    }
                    guard let target = firstReducer, !flagged.isEmpty else { continue }
                    let offsets = flagged.map { file.code.tokens[list[$0.index].nameToken].startOffset }
                    let fix = moveFix(flagged.map(\.index), before: target, in: list, isTopLevel: isTopLevel, offsets: offsets, file: file)
                    for (offset, flag) in zip(offsets, flagged) {
                        // The reducer as written: `BindingReducer(action: \.view)` is not `BindingReducer()`.
                        let element = list[flag.index]
                        let shown = file.code.shownCall(name: element.nameToken, argumentsOpen: element.argumentsOpen)
                        findings.append(finding(
                            at: offset,
                            "\(shown) is not the first reducer \(place); \(flag.stale) before the binding is written, so it sees the old value; list \(shown) first",
                            fix: fix))
                    }
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
    private func moveFix(_ flagged: [Int], before target: Int, in list: [BuilderElement], isTopLevel: Bool,
                         offsets: [Int], file: AnalyzedFile) -> Fix? {
        guard let last = flagged.last, !ElementMove.hasDeclaration(in: list, from: target, through: last),
              let edits = ElementMove.edits(moving: flagged.map { list[$0] }, before: list[target], in: file)
        else { return nil }
        return fix("Move BindingReducer() to the top of \(isTopLevel ? "body" : "its builder")", .safe,
                   edits: edits, findingOffsets: offsets)
    }
}

/// The fields of one reducer's state that bindings can write, and how a reducer element listed above
/// `BindingReducer()` observes them.
struct BindableFields {
    let file: AnalyzedFile
    let state: StateDeclaration?
    let childStates: Set<String>
    let functions: [FunctionDeclaration]
    let logic: ReducerLogic?

    init(reducer: ReducerDeclaration, file: AnalyzedFile) {
        self.file = file
        state = StateDeclaration.find(for: reducer, model: file.model, code: file.code)
        let decls = file.model.declarations(of: reducer)
        functions = decls.flatMap(\.functions)
        childStates = decls.flatMap(\.builderDeclarations).reduce(into: Set<String>()) {
            $0.formUnion(OnChangeMissesBindingRule.childStateNames(in: $1, code: file.code))
        }
        logic = file.logic(of: reducer)
    }

    /// A field a binding can write: visible in the state, settable, not a child's state.
    func isBindable(_ field: String) -> Bool {
        guard let state else { return false }
        return !childStates.contains(field) && state.isKnownBindable(field)
    }

    /// How `element` (listed above `BindingReducer()`), or a reducer it groups — in `#if`/`if`/`switch`
    /// branches or `CombineReducers { }`, not in a child's Scope — observes a binding, or nil.
    func staleObservation(inside element: BuilderElement) -> String? {
        var stack = [element]
        while let next = stack.popLast() {
            if let stale = staleObservation(by: next) { return stale }
            if next.kind == .expression && next.name == "CombineReducers", let children = next.children { stack += children.reversed() }
            for branch in next.branches.reversed() { stack += branch.reversed() }
        }
        return nil
    }

    /// How `element` itself observes a binding, as the message says it, or nil.
    func staleObservation(by element: BuilderElement) -> String? {
        let code = file.code
        // A child Scope runs the child on the child's actions; the parent's bindings never reach it.
        guard !element.isScope else { return nil }
        for m in element.modifiers where m.name == "onChange" {
            let observed = ObservedValue.read(onChangeArguments: m.argumentsOpen, code: code)
            if let field = observed.firstComponents?.sorted().first(where: isBindable) {
                return "\(observed.text.map { "onChange(of: \($0))" } ?? "onChange") above it observes \(field)"
            }
        }
        guard let found = ParentLogic.find(element, functions: functions, code: code), let (open, close) = found.region else { return nil }
        let name = code.text(found.reportToken)
        for handling in logic?.handling(within: open, close) ?? [] {
            if let text = bindingCase(in: handling) { return "\(name) above it handles \(text)" }
            if let field = everyActionRead(in: handling) {
                return "\(name) above it reads \(handling.region.stateName).\(field) for every action, bindings included,"
            }
        }
        return nil
    }

    /// `case .binding(\.field):` with logic, as written.
    private func bindingCase(in handling: ActionHandling) -> String? {
        let code = file.code
        for c in handling.cases where !c.isInert && c.paths.contains(where: { $0.contains("binding") }) {
            var text = code.sourceText(from: c.clause.label + 1, through: c.clause.patternEnd - 1)
            if text.count > 48 || text.contains("\n") { text = "." + (c.paths.first { $0.contains("binding") }?.joined(separator: "(.") ?? "binding") + "(…)" }
            return "case \(text)"
        }
        return nil
    }

    /// A bindable field read by code that runs for binding actions without a case of its own: outside the
    /// switch, or in a `default:` when no case matches `.binding`.
    private func everyActionRead(in handling: ActionHandling) -> String? {
        guard state != nil, var ranges = handling.everyActionRanges else { return nil }
        if handling.cases(matching: ["binding"]).isEmpty {
            ranges += handling.defaults.filter { !$0.isInert }.map { ($0.clause.bodyStart, $0.clause.bodyEnd) }
        }
        for (from, to) in ranges {
            let accesses = StateAccess.accesses(from: from, to: to, stateName: handling.region.stateName, code: file.code)
            if let read = accesses.first(where: { !$0.isAssignment && isBindable($0.field) }) { return read.field }
        }
        return nil
    }
}

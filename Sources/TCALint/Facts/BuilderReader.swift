/// Reads one reducer builder list (`var body`, `@ReducerBuilder var core`, a function that builds a reducer):
/// its element tree, with each element's parent logic, compositions (`Scope`, `.ifLet`, `.forEach`,
/// `.ifCaseLet`) and the values `.onChange(of:)` observes; for `body`, the work done every time it is built.
struct BuilderReader {
    let extractor: FactsExtractor
    var code: CodeTokens { extractor.code }

    /// The modifiers that run a child reducer on part of the parent's state.
    static let operators: Set<String> = ["ifLet", "forEach", "ifCaseLet"]

    struct Result {
        var facts: BuilderFacts
        /// Functions named by `Reduce(core)` / `Reduce(self.core)`: their bodies are logic.
        var referencedFunctions: Set<String>
    }

    /// `range`: the tokens of the list (the getter's statements), when it has braces.
    func builder(name: String, kind: BuilderFacts.Kind, isStatic: Bool, elements: [BuilderElement], at token: Int,
                 range: Range<Int>?, isBody: Bool) -> Result {
        // Every composition in the list and the lists nested in it, by the token of its operator.
        var edges: [(Int, EdgeFacts)] = []
        var stack: [([BuilderElement], EdgeFacts?)] = [(elements, nil)]
        while let (list, enclosing) = stack.popLast() {
            for element in list {
                var scope = enclosing
                if element.kind == .expression && element.isScope, let open = element.argumentsOpen {
                    var edge = self.edge(operation: "Scope", arguments: open, stateLabel: "state", children: element.children,
                                         at: element.nameToken)
                    edge.scopedIn = enclosing.map { $0.statePath }
                    edges.append((element.nameToken, edge))
                    scope = edge
                }
                if let children = element.children, !element.isReduce { stack.append((children, scope)) }
                for branch in element.branches { stack.append((branch, enclosing)) }
                for m in element.modifiers {
                    var modifierScope = enclosing
                    if Self.operators.contains(m.name), let open = m.argumentsOpen {
                        var edge = self.edge(operation: m.name, arguments: open, stateLabel: nil, children: m.children, at: m.nameToken)
                        edge.scopedIn = enclosing.map { $0.statePath }
                        edges.append((m.nameToken, edge))
                        modifierScope = edge
                    }
                    if let children = m.children { stack.append((children, modifierScope)) }
                }
            }
        }
        edges.sort { $0.0 < $1.0 }
        var edgeIndex: [Int: Int] = [:]
        for (n, e) in edges.enumerated() { edgeIndex[e.0] = n }
        var referenced = Set<String>()
        let tree = elements.map { convert($0, edges: edgeIndex, referenced: &referenced) }
        let facts = BuilderFacts(name: name, kind: kind, isStatic: isStatic, tree: tree, edges: edges.map { $0.1 },
                                 location: extractor.location(token), anchor: extractor.anchor(token))
        facts.isPlainGetter = elements.contains { $0.kind == .other && $0.name == "return" }
        if isBody {
            let declaration = BodyDeclaration(nameToken: token, isStatic: isStatic, open: range.map { $0.lowerBound - 1 },
                                              close: range?.upperBound, elements: elements)
            facts.work = BodyWorkReader(extractor: extractor).work(in: declaration, isPlainGetter: facts.isPlainGetter,
                                                                   hasBraces: range.map { code.isPunct($0.lowerBound - 1, .lbrace) } ?? false)
        }
        return Result(facts: facts, referencedFunctions: referenced)
    }

    // MARK: elements

    private func convert(_ e: BuilderElement, edges: [Int: Int], referenced: inout Set<String>) -> ElementFacts {
        let kind = e.kind
        var facts = ElementFacts(kind: kind, name: e.name, qualified: e.qualified, displayName: e.displayName,
                                 shown: e.kind == .expression && !e.name.isEmpty && !e.name.hasPrefix(".")
                                     ? code.shownCall(name: e.nameToken, argumentsOpen: e.argumentsOpen) : e.displayName,
                                 anchor: extractor.anchor(e.nameToken), start: extractor.anchor(e.start), end: extractor.anchor(e.end),
                                 isReducer: e.isReducerElement, looksLikeReducer: e.looksLikeReducer)
        facts.trailingClosureIsDeferred = e.trailingClosureIsDeferred
        facts.hasArguments = e.argumentsOpen != nil
        facts.hasTrailingClosure = e.closureOpen != nil
        if e.isScope { facts.composition = edges[e.nameToken] }
        facts.logic = logicReference(e, referenced: &referenced)
        if case .helper? = facts.logic, (e.name == "self" || e.name == "Self"), let first = e.modifiers.first {
            facts.logicAnchor = extractor.anchor(first.nameToken)
        }
        facts.modifiers = e.modifiers.map { m in
            var modifier = ModifierFacts(name: m.name, anchor: extractor.anchor(m.nameToken))
            if Self.operators.contains(m.name) { modifier.composition = edges[m.nameToken] }
            if m.name == "onChange" { modifier.observed = observed(onChangeArguments: m.argumentsOpen) }
            modifier.children = m.children.map { $0.map { convert($0, edges: edges, referenced: &referenced) } }
            modifier.hasClosure = m.closureOpen != nil
            modifier.condition = m.condition
            return modifier
        }
        if let children = e.children, !e.isReduce {
            facts.children = children.map { convert($0, edges: edges, referenced: &referenced) }
        }
        facts.branches = e.branches.map { $0.map { convert($0, edges: edges, referenced: &referenced) } }
        return facts
    }

    /// Where an element's parent logic is: a `Reduce { }` closure (also `Reduce({ … })`), the function a
    /// `Reduce(self.core)` names, or a helper of the type called in the builder (`coordinatorReduce()`, `self.core()`),
    /// which counts as parent logic when it builds a `Reduce` (the project tells).
    private func logicReference(_ e: BuilderElement, referenced: inout Set<String>) -> LogicReference? {
        guard e.kind == .expression else { return nil }
        if e.isReduce {
            if e.closureOpen != nil { return .closure(offset: code.tokens[e.nameToken].startOffset) }
            if let args = e.argumentsOpen {
                if code.isPunct(args + 1, .lbrace) { return .closure(offset: code.tokens[e.nameToken].startOffset) }
                if let name = MembersReader.referencedFunctionName(in: args, code: code) {
                    referenced.insert(name)
                    return .function(name)
                }
            }
            return .unknown
        }
        var helper = e.name
        if e.name == "self" || e.name == "Self", let first = e.modifiers.first { helper = first.name }
        guard let first = helper.unicodeScalars.first, first.properties.isLowercase || helper.hasPrefix("_") else { return nil }
        return .helper(helper)
    }

    // MARK: compositions

    /// `stateLabel` is `state` for `Scope`; the operators take the state path as their first, unlabelled argument.
    private func edge(operation: String, arguments open: Int, stateLabel: String?, children: [BuilderElement]?, at token: Int) -> EdgeFacts {
        let args = arguments(open: open)
        // `Scope(state: \.child, …)`, and the enum-state form `Scope(\.loaded, action: …)`.
        let state = args.first { $0.label == stateLabel } ?? args.first.flatMap { $0.label == nil ? $0 : nil }
        let action = args.first { $0.label == "action" }
        var edge = EdgeFacts(operation: operation,
                             statePath: state.map { path(from: $0.start, to: $0.end) } ?? "",
                             actionPath: action.map { path(from: $0.start, to: $0.end) } ?? "",
                             childType: Self.childType(children), location: extractor.location(token), anchor: extractor.anchor(token))
        if let first = args.first, first.end > first.labelStart {
            edge.firstArgument = code.sourceText(from: first.labelStart, through: first.end - 1)
        }
        if let state, code.isPunct(state.start, .backslash), state.end > state.start {
            let hasBang = (state.start..<state.end).contains { code.isOperator($0, "!") }
            edge.stateKeyPath = KeyPathFacts(anchor: extractor.anchor(state.start),
                                             text: code.shownText(from: state.start, through: state.end - 1),
                                             forceUnwraps: hasBang, unwrapsChild: code.isOperator(state.end - 1, "!"),
                                             rootField: rootField(state.start))
        }
        if let state, let path = casePath(from: state.start, to: state.end) { edge.stateCasePath = path }
        if let action, let path = casePath(from: action.start, to: action.end) { edge.actionCasePath = path }
        return edge
    }

    /// The argument at tokens [start, end) when it starts with the `/` case path operator: `/Action.child` has root
    /// `Action` and case `child`; a longer path keeps its root and has no single case.
    private func casePath(from start: Int, to end: Int) -> CasePathArgumentFacts? {
        guard start < end, code.isOperator(start, "/"), code.isNameLike(start + 1) else { return nil }
        // The root: the leading type names (`Feature.Action`, `Self.State`), up to the first lowercase member.
        var j = start + 1
        var rootEnd = j
        while j < end, code.isNameLike(j), code.startsUppercase(j) || code.is(j, "Self") {
            rootEnd = j
            guard code.isDot(j + 1) else { break }
            j += 2
        }
        var caseName: String?
        if code.isDot(rootEnd + 1), rootEnd + 3 == end, code.isNameLike(rootEnd + 2) || code.kind(rootEnd + 2) == .keyword {
            caseName = CasePath.name(rootEnd + 2, code: code)
        }
        return CasePathArgumentFacts(anchor: extractor.anchor(start), end: code.tokens[end - 1].endOffset,
                                     text: code.shownText(from: start, through: end - 1),
                                     root: code.sourceText(from: start + 1, through: rootEnd), caseName: caseName)
    }

    struct Argument {
        var label: String?
        /// The label's token (or the value's, when unlabelled).
        var labelStart: Int
        /// Value tokens [start, end).
        var start: Int
        var end: Int
    }

    private func arguments(open: Int) -> [Argument] {
        guard let close = code.partnerOf(open), close > open else { return [] }
        var result: [Argument] = []
        var j = open + 1
        while j < close {
            var label: String? = nil
            var start = j
            if code.isNameLike(j) || code.kind(j) == .keyword, code.isPunct(j + 1, .colon) {
                label = code.text(j)
                start = j + 2
            }
            let end = code.argumentEnd(from: start, close: close)
            result.append(Argument(label: label, labelStart: j, start: start, end: end))
            j = end + 1
        }
        return result
    }

    /// `\.child` → `child`; `\.$destination` → `$destination`; `\State.a.b` → `a.b`; `/Action.child` → `child`;
    /// `\.self` → `self`. Anything else (a closure, a variable) is given as written.
    private func path(from start: Int, to end: Int) -> String {
        guard start < end else { return "" }
        guard code.isPunct(start, .backslash) || code.isOperator(start, "/") else {
            return code.sourceText(from: start, through: end - 1)
        }
        var components: [String] = []
        var j = start + 1
        while j < end {
            if code.isDot(j) { j += 1; continue }
            if code.isNameLike(j) || code.kind(j) == .keyword {
                components.append(CasePath.name(j, code: code))
                j += 1
                continue
            }
            if code.isOptionalMark(j) { j += 1; continue }
            // `/Action.row(id:action:)`: a case of labelled values named by its constructor, TCA 1.0's `forEach` form;
            // the labels name no further component.
            if code.isArgumentLabels(j, end: end) { break }
            return code.sourceText(from: start, through: end - 1)
        }
        // Leading type names (`\State.child`, `/Action.child`) are the root, not the path.
        while components.count > 1, let first = components.first?.unicodeScalars.first, first.properties.isUppercase {
            components.removeFirst()
        }
        return components.joined(separator: ".")
    }

    /// The first component of the key path at the `\` token: `\.detail!` and `\State.detail!` → detail,
    /// `\.$destination.wrappedValue!` → destination.
    private func rootField(_ backslash: Int) -> String? {
        var k = backslash + 1
        if code.isNameLike(k), code.isDot(k + 1) { k += 1 }
        guard code.isDot(k), var name = code.memberName(k + 1) else { return nil }
        if name.hasPrefix("$") { name.removeFirst() }
        return name
    }

    /// TCA's own reducers, which compose children rather than being one.
    static let tcaReducers: Set<String> = ["Scope", "Reduce", "CombineReducers", "EmptyReducer", "BindingReducer"]

    /// The reducer the closure runs: `Child()`, `Child.body`, `Destination.body.dependency(…)` → the type name.
    static func childType(_ children: [BuilderElement]?) -> String? {
        guard let children else { return nil }
        for element in children where element.kind == .expression {
            var name = element.qualified ?? element.name
            for suffix in [".body", ".init"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
            guard let first = name.unicodeScalars.first, first.properties.isUppercase, !tcaReducers.contains(name) else { continue }
            return name
        }
        return nil
    }

    // MARK: onChange

    /// What `.onChange(of: …)` with arguments opening at `open` observes.
    private func observed(onChangeArguments open: Int?) -> ObservedValue {
        guard let open, let close = code.partnerOf(open), close > open else { return ObservedValue() }
        var j = open + 1
        if code.is(j, "of") && code.isPunct(j + 1, .colon) { j += 2 }
        let end = code.argumentEnd(from: j, close: close)
        guard end > j else { return ObservedValue() }
        let written = code.sourceText(from: j, through: end - 1)
        var value = ObservedValue(text: written.utf8.count <= 48 && !written.contains("\n") ? written : nil)
        if code.isPunct(j, .backslash) {
            let components = Self.keyPathComponents(at: j, code: code)
            if let first = components.first, first != "self" {
                value.firstComponents = [first]
                value.keyPath = components
            }
        } else if code.isPunct(j, .lbrace) && code.skipGroup(j, limit: close) == end {
            value.firstComponents = closureComponents(open: j)
        }
        return value
    }

    /// Property names of a key path literal at `\`: `\.a.b` / `\State.a.b` / `\.$a` → [a, b].
    static func keyPathComponents(at i: Int, code: CodeTokens) -> [String] {
        guard code.isPunct(i, .backslash) else { return [] }
        var j = i + 1
        // A root type: `\State.a`, `\Feature.State.a`.
        while code.isNameLike(j) && code.startsUppercase(j) {
            guard code.isDot(j + 1) else { return [] }
            j += code.isNameLike(j + 2) && code.startsUppercase(j + 2) ? 2 : 1
            if code.isDot(j) { break }
        }
        var names: [String] = []
        while names.count < 8 && code.isDot(j) && code.isNameLike(j + 1) {
            var name = code.text(j + 1)
            if name.hasPrefix("$") { name.removeFirst() }
            names.append(name)
            j += 2
            while code.isOptionalMark(j) { j += 1 }
        }
        return names
    }

    /// `{ $0.a }`, `{ state in [state.a, state.b] }`: the members read from the parameter, or nil when
    /// the closure uses the parameter as a whole or reads nothing from it.
    private func closureComponents(open: Int) -> Set<String>? {
        guard let close = code.partnerOf(open), close > open else { return nil }
        var parameter = "$0"
        var start = open + 1
        if let bodyStart = code.closureBodyStart(open) {
            var p = open + 1
            if code.isPunct(p, .lparen) { p += 1 }
            guard code.isNameLike(p) else { return nil }
            parameter = code.text(p)
            start = bodyStart
        }
        let parameterBytes = Array(parameter.utf8)
        var names = Set<String>()
        var j = start
        while j < close {
            let t = code.tokens[j]
            if t.kind == .identifier && t.length == parameterBytes.count
                && code.bytes[t.startOffset..<t.endOffset].elementsEqual(parameterBytes) {
                guard code.isDot(j + 1), code.isNameLike(j + 2) else { return nil }
                names.insert(code.text(j + 2))
                j += 3
                continue
            }
            j += 1
        }
        return names.isEmpty ? nil : names
    }
}

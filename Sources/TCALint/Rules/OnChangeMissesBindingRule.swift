/// `.onChange(of: X)` attached to one element of a builder (typically a `Reduce`) while a
/// `BindingReducer()` outside that element can write `X`. `onChange` only compares the value around
/// the reducer it wraps, so every change a binding makes to `X` goes unnoticed.
/// Silent when `X` provably cannot be written by a binding (see `isBindable`).
public struct OnChangeMissesBindingRule: Rule {
    public static let description = RuleDescription(
        id: "on_change_misses_binding",
        name: "On Change Misses Binding",
        summary: "`.onChange(of:)` is attached to one reducer while a sibling `BindingReducer()` can change the observed value; those binding changes are never observed",
        defaultSeverity: .warning,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        let code = file.code
        var findings: [Finding] = []
        var fileMentionsBindings: Bool? = nil
        var seenBodies = Set<Int>()
        for reducer in file.model.reducers {
            var stateLoaded = false
            var state: StateDeclaration? = nil
            // `body` may be declared in an extension of the reducer in the same file.
            let bodies = file.model.declarations(of: reducer).flatMap(\.bodies)
            for body in bodies where seenBodies.insert(body.nameToken).inserted {
                let placed = PlacedElements(body: body)
                guard !placed.bindingReducers.isEmpty else { continue }
                // Once per body, not per onChange: n modifiers on one element would cost n² otherwise.
                var childStates: Set<String>? = nil
                for candidate in placed.onChanges {
                    guard let binding = placed.bindingReducers.first(where: { b in
                        b.domain == candidate.domain && !candidate.wraps(b.element.nameToken) && !b.isExclusive(with: candidate.placed)
                    }) else { continue }
                    if fileMentionsBindings == nil { fileMentionsBindings = Self.mentionsBindings(code) }
                    // Without `BindableAction` anywhere, the Action (when visible) has no binding case.
                    if fileMentionsBindings == false && model(file.model, declaresActionOf: reducer) { continue }
                    if !stateLoaded {
                        state = StateDeclaration.find(for: reducer, model: file.model, code: code)
                        stateLoaded = true
                    }
                    let observed = ObservedValue.read(onChangeArguments: candidate.modifier.argumentsOpen, code: code)
                    if childStates == nil { childStates = Self.childStateNames(in: body, code: code) }
                    guard Self.isBindable(observed, state: state, childStates: childStates ?? []) else { continue }
                    let shown = observed.text.map { "onChange(of: \($0))" } ?? "onChange"
                    let owner = candidate.element.name == "BindingReducer" ? "this BindingReducer" : candidate.element.displayName
                    // The BindingReducer as written (`BindingReducer(action: \.view)`).
                    let bindingShown = code.shownCall(name: binding.element.nameToken, argumentsOpen: binding.element.argumentsOpen)
                    findings.append(finding(
                        at: code.tokens[candidate.modifier.nameToken].startOffset,
                        "\(shown) only observes changes made by \(owner), but \(bindingShown) outside it can also change the value and those changes are never observed; attach the onChange to the BindingReducer or wrap both in CombineReducers { … }.onChange(of:)"))
                }
            }
        }
        return findings
    }

    private func model(_ model: FileModel, declaresActionOf reducer: ReducerDeclaration) -> Bool {
        model.declarations(of: reducer).contains { !$0.actionCases.isEmpty }
    }

    /// Whether the file mentions `BindableAction` or `BindingAction` at all.
    static func mentionsBindings(_ code: CodeTokens) -> Bool {
        for i in 0..<code.count where code.kind(i) == .identifier {
            if code.is(i, "BindableAction") || code.is(i, "BindingAction") { return true }
        }
        return false
    }

    /// Whether a binding may write one of the observed properties. Unknown values count as writable;
    /// only what the visible `State` proves read-only (or owned by something other than bindings) is not.
    static func isBindable(_ observed: ObservedValue, state: StateDeclaration?, childStates: Set<String>) -> Bool {
        guard let names = observed.firstComponents, let state else { return true }
        return names.contains { name in !childStates.contains(name) && state.mayBeWrittenByBinding(name) }
    }

    /// State properties that child features own: the first key path of each `Scope(state:)`,
    /// `.ifLet`, `.forEach`, `.ifCaseLet` in the body (`\.$destination` → `destination`).
    static func childStateNames(in body: BodyDeclaration, code: CodeTokens) -> Set<String> {
        var names = Set<String>()
        for element in body.allElements {
            var opens: [Int] = []
            if element.isScope, let a = element.argumentsOpen { opens.append(a) }
            for m in element.modifiers where m.name == "ifLet" || m.name == "forEach" || m.name == "ifCaseLet" {
                if let a = m.argumentsOpen { opens.append(a) }
            }
            for open in opens {
                var j = open + 1
                if code.isNameLike(j) && code.isPunct(j + 1, .colon) { j += 2 }  // `state:`
                if let c = ObservedValue.keyPathComponents(at: j, code: code).first { names.insert(c) }
            }
        }
        return names
    }
}

/// The value an `onChange(of:)` observes, as far as it can be read: the first property name of each
/// state path it reads (`\.query.text` → query; `{ [$0.a, $0.b] }` → a, b), or nil when unknown
/// (a key path variable, the whole state).
struct ObservedValue {
    var firstComponents: Set<String>?
    /// The argument as written, for the message (short ones only).
    var text: String?

    static func read(onChangeArguments open: Int?, code: CodeTokens) -> ObservedValue {
        guard let open, let close = code.partnerOf(open), close > open else { return ObservedValue() }
        var j = open + 1
        if code.is(j, "of") && code.isPunct(j + 1, .colon) { j += 2 }
        var end = j
        while end < close && !code.isPunct(end, .comma) { end = code.skipGroup(end, limit: close) }
        guard end > j else { return ObservedValue() }
        let written = code.sourceText(from: j, through: end - 1)
        var value = ObservedValue(text: written.utf8.count <= 48 && !written.contains("\n") ? written : nil)
        if code.isPunct(j, .backslash) {
            let components = keyPathComponents(at: j, code: code)
            if let first = components.first, first != "self" { value.firstComponents = [first] }
        } else if code.isPunct(j, .lbrace) && code.skipGroup(j, limit: close) == end {
            value.firstComponents = closureComponents(open: j, code: code)
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
            while code.isOperator(j, "?") || code.isOperator(j, "!") { j += 1 }
        }
        return names
    }

    /// `{ $0.a }`, `{ state in [state.a, state.b] }`: the members read from the parameter, or nil when
    /// the closure uses the parameter as a whole or reads nothing from it.
    static func closureComponents(open: Int, code: CodeTokens) -> Set<String>? {
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

/// The elements of one body that matter for `onChange`: where every `BindingReducer()` and every
/// `.onChange` modifier sits. A *domain* is one feature's state: the body, `CombineReducers` and
/// control-flow branches share it; a Scope's child closure or an `ifLet`/`forEach`/`ifCaseLet`
/// closure starts a new one. The *path* records which branch of which `if`/`switch`/`#if` an element
/// is in, so elements in different branches of the same statement are known never to run together.
struct PlacedElements {
    struct Placed {
        var element: BuilderElement
        var domain: Int
        var path: [(statement: Int, branch: Int)]

        func isExclusive(with other: Placed) -> Bool {
            for (a, b) in zip(path, other.path) {
                if a.statement != b.statement { return false }
                if a.branch != b.branch { return true }
            }
            return false
        }
    }

    struct OnChange {
        var placed: Placed
        var modifier: Modifier
        var element: BuilderElement { placed.element }
        var domain: Int { placed.domain }

        /// True for tokens of the reducer the modifier wraps: the element and the modifiers before it.
        func wraps(_ token: Int) -> Bool { token >= element.start && token < modifier.nameToken }
    }

    var bindingReducers: [Placed] = []
    var onChanges: [OnChange] = []

    init(body: BodyDeclaration) {
        var nextDomain = 1
        var stack: [(list: [BuilderElement], domain: Int, path: [(statement: Int, branch: Int)])] = [(body.elements, 0, [])]
        while let (list, domain, path) = stack.popLast() {
            for element in list {
                let placed = Placed(element: element, domain: domain, path: path)
                if element.kind == .expression && element.name == "BindingReducer" { bindingReducers.append(placed) }
                for m in element.modifiers {
                    if m.name == "onChange" {
                        onChanges.append(OnChange(placed: placed, modifier: m))
                    } else if m.name == "ifLet" || m.name == "forEach" || m.name == "ifCaseLet", let c = m.children {
                        stack.append((c, nextDomain, []))
                        nextDomain += 1
                    }
                    // An onChange closure runs only on a change: not a sibling of anything.
                }
                if let children = element.children, element.name != "Reduce" {
                    if element.isScope {
                        stack.append((children, nextDomain, []))
                        nextDomain += 1
                    } else {
                        stack.append((children, domain, path))
                    }
                }
                for (n, branch) in element.branches.enumerated() {
                    stack.append((branch, domain, path + [(element.start, n)]))
                }
            }
        }
        onChanges.sort { $0.modifier.nameToken < $1.modifier.nameToken }
    }
}

/// Questions rules ask about builder elements, answered in one place.
extension BuilderElement {
    /// Free functions that are work, never reducers (`print(…)` in a builder runs on every body build).
    static let workFunctions: Set<String> = [
        "print", "debugPrint", "dump", "NSLog", "os_log", "assert", "assertionFailure", "precondition",
        "preconditionFailure", "fatalError",
    ]

    /// True when this element contributes a reducer to its list (not a declaration, a non-reducer
    /// statement, or a call such as `print(…)`). Control flow counts when a branch holds a reducer.
    public var isReducerElement: Bool {
        switch kind {
        case .declaration, .other:
            return false
        case .expression:
            return !(Self.workFunctions.contains(name) && qualified == nil) && unnamed != .expression
        case .ifStatement, .switchStatement, .ifConfig, .forLoop:
            return branches.contains { branch in
                branch.contains { $0.kind == .expression && $0.isReducerElement || $0.kind != .expression && $0.kind != .declaration && $0.kind != .other }
            }
        }
    }

    /// True for parent logic written inline: `Reduce { … }` or `Reduce(…)`.
    public var isReduce: Bool { kind == .expression && name == "Reduce" }

    /// True for any `Scope(…)` initializer (also qualified and with generic arguments).
    public var isScope: Bool { kind == .expression && name == "Scope" && argumentsOpen != nil }

    /// Callees whose trailing closure is a reducer builder whatever it holds.
    static let builderCallees: Set<String> = ["CombineReducers", "Scope", "WithDependencies"]

    /// The trailing closure is a value handed to a child reducer's initialiser, run later and not while
    /// the builder runs (`AsyncContent { try await client.load() }`): a callee not known to take a
    /// builder, whose closure holds nothing that looks like a reducer.
    public var trailingClosureIsDeferred: Bool {
        guard kind == .expression, let children, !Self.builderCallees.contains(name), name != "Reduce" else { return false }
        return !children.contains { $0.looksLikeReducer }
    }

    /// A reducer by its spelling: a type's initialiser or reference (`Child()`, `Self.core`), or control
    /// flow holding one. Lowercase calls (`load()`) and statements are not.
    var looksLikeReducer: Bool {
        switch kind {
        case .expression:
            guard let first = name.unicodeScalars.first else { return false }
            return first.properties.isUppercase || name == "self" || name == "Self"
        case .ifStatement, .switchStatement, .ifConfig, .forLoop:
            return branches.contains { $0.contains { $0.looksLikeReducer } }
        case .declaration, .other:
            return false
        }
    }

    /// How messages name the element.
    public var displayName: String {
        switch kind {
        case .expression:
            // `self.core()` is parsed as `self` with the modifier `.core`: name the helper.
            if (name == "self" || name == "Self"), let first = modifiers.first { return first.name }
            return spelledName
        case .ifStatement: return "the if block"
        case .switchStatement: return "the switch block"
        case .ifConfig: return "the #if block"
        case .forLoop: return "the for loop"
        case .declaration: return "'\(name)'"
        case .other: return spelledName
        }
    }

    /// The name as the SwiftParser oracle (and `dump reducers`) spells it: `{closure}` and `expr` for
    /// expressions without a callee, `<keyword>Stmt` for other statements, otherwise `name`.
    var spelledName: String {
        switch (kind, unnamed) {
        case (.other, _): return name + "Stmt"
        case (_, .closure?): return "{closure}"
        case (_, .expression?): return "expr"
        default: return name
        }
    }

    /// Builder lists nested in this element that hold reducers. A `Reduce`'s closure is logic, not a list.
    /// Closures of modifiers named in `skipping` are left out.
    func reducerLists(skipping: Set<String> = []) -> [[BuilderElement]] {
        var lists: [[BuilderElement]] = []
        if let children, name != "Reduce" { lists.append(children) }
        for m in modifiers where !skipping.contains(m.name) { if let c = m.children { lists.append(c) } }
        lists.append(contentsOf: branches)
        return lists
    }
}

extension BodyDeclaration {
    /// Every builder list of the body that holds reducers, outermost first, in source order:
    /// the body, `CombineReducers { }`, Scope child closures, `.ifLet`/`.forEach`/`.onChange` closures,
    /// and branches of `if`/`switch`/`#if`/`for`. Iterative, so nesting costs no call-stack depth.
    public var reducerBuilderLists: [[BuilderElement]] { reducerBuilderLists(skippingModifiers: []) }

    /// The lists evaluated while `body` is built: `onChange` closures run per action, not per build, and
    /// closures handed to a child's initialiser (`trailingClosureIsDeferred`) run when the child calls them.
    public var buildTimeBuilderLists: [[BuilderElement]] {
        reducerBuilderLists(skippingModifiers: ["onChange"], skippingDeferredClosures: true)
    }

    func reducerBuilderLists(skippingModifiers skipping: Set<String>, skippingDeferredClosures: Bool = false) -> [[BuilderElement]] {
        var result: [[BuilderElement]] = []
        var stack: [[BuilderElement]] = [elements]
        while let list = stack.popLast() {
            result.append(list)
            for element in list.reversed() {
                var nestedLists = element.reducerLists(skipping: skipping)
                if skippingDeferredClosures && element.trailingClosureIsDeferred { nestedLists.removeFirst() }
                for nested in nestedLists.reversed() { stack.append(nested) }
            }
        }
        return result
    }
}

extension BodyDeclaration {
    /// Every element of every reducer builder list of the body.
    public var allElements: [BuilderElement] { reducerBuilderLists.flatMap { $0 } }
}

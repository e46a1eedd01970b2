/// Uses of TCA APIs that a release deprecated, found once per file for every deprecation rule and for
/// `tca-lint migrate`: the renamed types of TCA 1.0 (`EffectTask`, `ReducerProtocol`, `ReducerProtocolOf`),
/// `Effect.fireAndForget`, `TaskResult` (1.4), the views observation replaced in 1.7 (`WithViewStore`, `ViewStore`…),
/// and what 1.25 hard-deprecated: `Store.withState`, `Effect.debounce(id:…)`, `Effect.throttle(id:…)`,
/// `Effect.animation(_:)`, `Effect.transaction(_:)`, `Effect.send(_:animation:)`; and the `state:` label of key-path
/// scopes, which TCA's main branch renamed after 1.25.5 (`store.scope(\.a, action: \.a)`, `Scope(\.a, action: \.a)`).
/// Tokens, not text: comments and strings never match.
struct DeprecatedAPIReader {
    let extractor: FactsExtractor
    var code: CodeTokens { extractor.code }

    /// The lengths of the names (bit n: a name of n bytes), and their first bytes.
    static let lengths: UInt64 = DeprecatedUseFacts.API.allCases.reduce(0) { $0 | 1 << UInt64(Self.name($1).utf8.count) }
    static let firstBytes: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for api in DeprecatedUseFacts.API.allCases { table[Int(Self.name(api).utf8.first!)] = true }
        return table
    }()

    /// The identifier each use is written with.
    static func name(_ api: DeprecatedUseFacts.API) -> String {
        switch api {
        case .fireAndForget: return "fireAndForget"
        case .withState: return "withState"
        case .debounce: return "debounce"
        case .throttle: return "throttle"
        case .effectAnimation: return "animation"
        case .effectTransaction: return "transaction"
        case .effectSendAnimation: return "send"
        case .storeScopeStateLabel: return "scope"
        case .scopeStateLabel: return "Scope"
        default: return api.rawValue
        }
    }

    /// The top-level TCA type named at identifier token i, if it is one: a view of TCA before observation, or
    /// `TaskResult`.
    func topLevelType(at i: Int) -> DeprecatedUseFacts.API? {
        if code.is(i, "WithViewStore") { return .withViewStore }
        if code.is(i, "ViewStore") { return .viewStore }
        if code.is(i, "ViewStoreOf") { return .viewStoreOf }
        if code.is(i, "IfLetStore") { return .ifLetStore }
        if code.is(i, "ForEachStore") { return .forEachStore }
        if code.is(i, "SwitchStore") { return .switchStore }
        if code.is(i, "NavigationStackStore") { return .navigationStackStore }
        if code.is(i, "BindingState") { return .bindingState }
        if code.is(i, "TaskResult") { return .taskResult }
        return nil
    }

    /// The use at identifier token i, if it is one. Asked of every identifier of every file read: the length and
    /// the first byte rule out almost all of them before any comparison.
    func use(at i: Int) -> DeprecatedUseFacts? {
        let token = code.tokens[i]
        guard token.length < 64, Self.lengths & (1 << UInt64(token.length)) != 0,
              Self.firstBytes[Int(code.bytes[token.startOffset])] else { return nil }
        let api: DeprecatedUseFacts.API
        if let type = topLevelType(at: i) {
            api = type
            // A member of another type (`Legacy.ViewStore`, `Perception.…`) is that type's; TCA's are top level,
            // reached at most through the module (`ComposableArchitecture.ViewStore`).
            if code.isDot(i - 1), !code.is(i - 2, "ComposableArchitecture") { return nil }
        } else if code.is(i, "EffectTask") {
            api = .effectTask
        } else if code.is(i, "ReducerProtocol") {
            api = .reducerProtocol
        } else if code.is(i, "ReducerProtocolOf") {
            api = .reducerProtocolOf
        } else if code.is(i, "fireAndForget") && code.isDot(i - 1) && isEffectMember(dot: i - 1) {
            return fireAndForget(at: i)
        } else if code.is(i, "withState") && code.isDot(i - 1) && !code.is(i - 2, "self")
                    && (code.isPunct(i + 1, .lbrace) || code.isPunct(i + 1, .lparen)) {
            // `store.withState { $0.x }`, `store.withState(\.x)`: a member of a value (a type's own `self.withState`
            // is its own method).
            api = .withState
        } else if (code.is(i, "debounce") || code.is(i, "throttle")) && code.isDot(i - 1)
                    && code.isPunct(i + 1, .lparen) && code.is(i + 2, "id") && code.isPunct(i + 3, .colon) {
            // TCA's effect operators take a cancellation `id:` first; Combine's `debounce(for:scheduler:)` does not.
            api = code.is(i, "debounce") ? .debounce : .throttle
        } else if (code.is(i, "animation") || code.is(i, "transaction")) && code.isDot(i - 1) && code.isPunct(i + 1, .lparen)
                    && isOnEffect(dot: i - 1) {
            api = code.is(i, "animation") ? .effectAnimation : .effectTransaction
        } else if code.is(i, "send") && code.isDot(i - 1) && code.isPunct(i + 1, .lparen) && isEffectMember(dot: i - 1)
                    && !(code.isPunct(i - 2, .colon) && code.is(i - 3, "action")) && code.argumentLabel("animation", inCallAt: i + 1) != nil {
            // The static `Effect.send(_:animation:)` (`return .send(.x, animation: .default)`), not a store's
            // `store.send(_:animation:)` nor the `send` of a `.run`, which have a receiver or none, nor a button's
            // `ButtonState(action: .send(.x, animation: …))`, which is `ButtonStateAction.send`.
            api = .effectSendAnimation
        } else if code.is(i, "scope") || code.is(i, "Scope") {
            return labelledKeyPathScope(at: i)
        } else {
            return nil
        }
        // The declaration of a name of the project's own (`protocol ReducerProtocol`, `typealias EffectTask = …`).
        if code.is(i - 1, "protocol") || code.is(i - 1, "typealias") || code.is(i - 1, "struct") || code.is(i - 1, "enum")
            || code.is(i - 1, "class") { return nil }
        var facts = DeprecatedUseFacts(api: api, anchor: extractor.anchor(i))
        if api == .taskResult { readTaskResultForm(at: i, into: &facts) }
        if api == .effectSendAnimation, let close = code.partnerOf(i + 1), close > i + 1 { facts.callClose = code.offset(close) }
        if api == .forEachStore, let scope = keyPathScope(ofCallAt: i + 1) {
            facts.forEachStoreActionCase = scope.actionCase
            facts.forEachStoreScope = scope.shown
        }
        if api == .ifLetStore { facts.ifLetStoreStatement = ifLetStoreStatement(at: i) }
        if api == .switchStore { facts.switchStoreStatement = switchStoreStatement(at: i) }
        return facts
    }

    /// `store.scope(state: \.a, action: \.b)` on a receiver named like a store, or `Scope(state: \.a, action: \.b)`
    /// (TCA's or `ComposableArchitecture.Scope`), both arguments key paths: the labelled forms TCA's main branch
    /// renamed after 1.25.5 (#3923). Not a scope with closures or a `CasePath`, which the deprecations of 1.4 and 1.5
    /// replace first, nor an unlabelled one.
    private func labelledKeyPathScope(at i: Int) -> DeprecatedUseFacts? {
        let open = i + 1
        guard code.isPunct(open, .lparen), code.is(open + 1, "state"), code.isPunct(open + 2, .colon),
              code.isPunct(open + 3, .backslash), let action = code.argumentLabel("action", inCallAt: open),
              code.isPunct(action + 2, .backslash) else { return nil }
        var facts: DeprecatedUseFacts
        if code.is(i, "scope") {
            guard code.storeScopeCall(at: i) != nil else { return nil }
            facts = DeprecatedUseFacts(api: .storeScopeStateLabel, anchor: extractor.anchor(i))
        } else {
            if code.isDot(i - 1), !code.is(i - 2, "ComposableArchitecture") { return nil }
            facts = DeprecatedUseFacts(api: .scopeStateLabel, anchor: extractor.anchor(i))
            // `Scope(state:action:child:)` became `Scope(_:action:_:)`: a `child:` argument loses its label too.
            if let child = code.argumentLabel("child", inCallAt: open) {
                facts.droppedLabels.append(code.offset(child)..<code.offset(child + 2))
            }
        }
        facts.droppedLabels.insert(code.offset(open + 1)..<code.offset(open + 3), at: 0)
        return facts
    }

    /// When the call opening at `open` starts with `store.scope(state: \.a, action: \.b.c)` (or `self.store.scope(…)`,
    /// the unlabelled `scope(\.a, action: …)` of TCA after 1.25.5) and nothing else as its first argument: the case
    /// the action key path ends in (`c`).
    private func keyPathScope(ofCallAt open: Int) -> (actionCase: String, shown: String)? {
        guard code.isPunct(open, .lparen) else { return nil }
        let name = code.is(open + 1, "self") && code.isDot(open + 2) ? open + 3 : open + 1
        guard let call = code.storeScopeCall(at: name + 2), call.receiverStart == open + 1,
              code.isPunct(call.close + 1, .rparen) || code.isPunct(call.close + 1, .comma),
              code.isPunct(call.state, .backslash), let action = call.action, code.isPunct(action, .backslash) else { return nil }
        // `\.child.rows`: names after dots up to the scope's `)`.
        var j = action + 1
        var last: String?
        while j < call.close, code.isDot(j), let name = code.memberName(j + 1) {
            last = name
            j += 2
        }
        guard j == call.close, let last else { return nil }
        return (last, code.shownText(from: open + 1, through: call.close, limit: 120))
    }

    /// Whether `TaskResult` at i can be renamed `Result` as written: a call (`TaskResult { … }`, `TaskResult(catching:
    /// …)`), a case (`TaskResult.success(…)`), or the type with one argument (`TaskResult<Value>`, whose closing `>` it
    /// records). Not `TaskResult(result)` (converting a `Result`), nor the bare type in an extension or a typealias.
    private func readTaskResultForm(at i: Int, into facts: inout DeprecatedUseFacts) {
        // `ComposableArchitecture.TaskResult`: the module has no `Result`.
        guard !code.isDot(i - 1) else { return }
        if code.isPunct(i + 1, .lbrace) || (code.isPunct(i + 1, .lparen) && code.is(i + 2, "catching") && code.isPunct(i + 3, .colon)) {
            facts.taskResultRenamable = true
            facts.taskResultIsCall = true
        } else if code.isDot(i + 1), code.is(i + 2, "success") || code.is(i + 2, "failure") {
            facts.taskResultRenamable = true
        } else if code.isOperator(i + 1, "<") || (code.kind(i + 1) == .operator && code.bytes[code.tokens[i + 1].startOffset] == UInt8(ascii: "<")),
                  let after = code.skipGenericArguments(i + 1, limit: code.count), !code.is(i - 1, "extension") {
            // The `>` that brings the depth back to zero, by byte (`TaskResult<Array<Int>>` ends in one `>>` token).
            var depth = 0
            for j in (i + 1)..<after where code.kind(j) == .operator {
                let t = code.tokens[j]
                for o in t.startOffset..<t.endOffset {
                    if code.bytes[o] == UInt8(ascii: "<") { depth += 1 }
                    if code.bytes[o] == UInt8(ascii: ">") {
                        depth -= 1
                        if depth == 0 {
                            facts.taskResultRenamable = true
                            facts.taskResultGenericClose = o
                            return
                        }
                    }
                }
            }
        }
    }

    /// The `.` at `dot` starts an implicit member (`return .fireAndForget`, `[.fireAndForget {`) or follows an effect
    /// type (`Effect.fireAndForget`, `EffectTask.fireAndForget`): TCA's static `Effect.fireAndForget`. Not a member
    /// of a value (`publisher.fireAndForget()`, `…)\n.fireAndForget()`: Combine's `Publisher.fireAndForget`).
    func isEffectMember(dot: Int) -> Bool {
        let before = dot - 1
        switch code.kind(before) {
        case .identifier:
            return code.is(before, "Effect") || code.is(before, "EffectTask") || code.is(before, "EffectPublisher")
                || code.is(before, "EffectOf")
        case .keyword:
            // `return .fireAndForget`, `case`, `in`, `?? .fireAndForget`… but not `self.fireAndForget` or `func`.
            return !code.is(before, "self") && !code.is(before, "Self") && !code.is(before, "func") && !code.is(before, "super")
        case .punct:
            return !code.isPunct(before, .rparen) && !code.isPunct(before, .rbracket) && !code.isPunct(before, .rbrace)
        case .operator:
            return !code.isOptionalMark(before)
        default:
            return false
        }
    }

    /// Effects' own factories and operators: a chain that starts with one of them (`.send(.x)`, `Effect.run { … }`,
    /// `.merge(…).cancellable(id: …)`) builds an effect.
    static let effectChainHeads: Set<String> = ["send", "run", "merge", "concatenate", "publisher", "none", "cancel", "task",
                                                "fireAndForget", "future"]

    /// The `.` at `dot` follows an effect built in the same expression: walking back over calls, closures and members
    /// reaches an effect factory written as an implicit member (`return .send(.x)…`) or on an effect type
    /// (`Effect.run { … }…`). A view's `.animation(…)` starts from a view, a binding's from `$value`.
    func isOnEffect(dot: Int) -> Bool {
        var k = dot - 1
        var steps = 0
        var head: Int?
        while k >= 0, steps < 64 {
            steps += 1
            if code.isPunct(k, .rparen) || code.isPunct(k, .rbrace), let open = code.partnerOf(k), open < k {
                k = open - 1
                continue
            }
            guard code.kind(k) == .identifier || code.kind(k) == .keyword, code.isDot(k - 1) else { break }
            head = k
            k -= 2
        }
        guard let head, Self.effectChainHeads.contains(code.text(head)) else { return false }
        // `.send` as an implicit member, or `Effect.send` / `EffectOf<F>.send`.
        return isEffectMember(dot: head - 1)
    }

    /// `.fireAndForget { … }` / `.fireAndForget(priority: p) { … }` at `fireAndForget` (i): the closure's braces,
    /// where its parameter clause would go, whether its body can throw (`try` without `?` or `!`) and whether it
    /// awaits (which overload Swift picks).
    func fireAndForget(at i: Int) -> DeprecatedUseFacts {
        var facts = DeprecatedUseFacts(api: .fireAndForget, anchor: extractor.anchor(i))
        var open = i + 1
        if code.isPunct(open, .lparen) {
            guard let close = code.partnerOf(open) else { return facts }
            open = close + 1
        }
        guard code.isPunct(open, .lbrace), let close = code.partnerOf(open) else { return facts }
        facts.closureOpen = code.offset(open)
        var k = open + 1
        // `{ [client] in`: the capture list, then `in`; `{ () in` or `{ _ in`: a parameter clause of its own.
        if code.isPunct(k, .lbracket), let end = code.partnerOf(k) { k = end + 1 }
        if code.is(k, "in") {
            facts.inOffset = code.offset(k)
        } else if k != open + 1 || code.isPunct(k, .lparen) || (code.kind(k) == .identifier && code.is(k + 1, "in")) {
            facts.hasOwnParameters = true
        }
        for t in (open + 1)..<close {
            if code.is(t, "try") && !code.isOptionalMark(t + 1) { facts.bodyThrows = true }
            if code.is(t, "await") { facts.bodyAwaits = true }
        }
        return facts
    }
}

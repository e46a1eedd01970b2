/// Reads the effects of a stretch of reducer logic: where each is (`.run { … }`, `.task`, `.fireAndForget`…,
/// their `catch:` handlers), how long it lives, what it sends, how it is cancelled, and what its closures
/// do that rules ask about. The one reading of "is this an effect" and of an effect's lifetime.
struct EffectReader {
    let extractor: FactsExtractor
    var code: CodeTokens { extractor.code }

    /// Effect factories whose closures run as the effect, not while the reducer handles the action.
    static let factories: Set<String> = ["run", "task", "fireAndForget", "future", "publisher"]
    /// `Effect`'s own members that take effects, not an operation: never a project's factory.
    static let combinators: Set<String> = ["merge", "concatenate", "map", "send", "cancel", "none", "cancellable", "debounce", "throttle"]
    /// Types an effect factory may be called on (`Effect.run`, `EffectTask.task`, `EffectOf<Self>.run`).
    static let effectTypeNames: Set<String> = ["Effect", "EffectOf", "EffectTask", "EffectPublisher"]

    /// An effect found in code: its tokens, before its facts are read.
    struct Found {
        /// The factory's name token.
        var nameToken: Int
        /// The first token of the expression (`.` or `Effect`).
        var start: Int
        /// `{` and `}` of each closure it runs: the operation, then a `catch:` handler.
        var closures: [(open: Int, close: Int)]
        /// Last token of the effect call.
        var end: Int
    }

    /// The outermost effects in [from, to), skipping `excluded` ranges (other logic units nested here).
    func find(from: Int, to: Int, excluding excluded: [Range<Int>]) -> [Found] {
        var result: [Found] = []
        var j = from
        while j < to {
            if let range = excluded.first(where: { $0.contains(j) }) { j = range.upperBound; continue }
            if let effect = effect(atDot: j, limit: to) {
                result.append(effect)
                j = effect.end + 1
            } else {
                j += 1
            }
        }
        return result
    }

    /// The effect whose `.` is at j: `.run {`, `.run(priority: p) {`, `.run(operation: { … })`,
    /// `.run { … } catch: { … }`, `Effect.run {`, `EffectOf<Self>.run {`, `.task {`, `.fireAndForget {`.
    func effect(atDot j: Int, limit: Int) -> Found? {
        guard code.isDot(j), j + 1 < limit, code.tokens[j + 1].kind == .identifier else { return nil }
        // An effect takes a closure, in its arguments or trailing: any other member (`.none`, `state.count`) is none, told
        // before its name is made and looked up.
        guard code.isPunct(j + 2, .lparen) || code.isPunct(j + 2, .lbrace) else { return nil }
        let name = code.text(j + 1)
        // A project's own factory (`extension Effect { static func exec(_ work: @escaping (Send<Action>) async
        // throws -> Void) -> Self { .run(operation: work) } }`), written where reducer logic returns effects: a
        // leading-dot call whose closure takes parameters (`.exec { send in … }`, `.ssRun { _ in … }`).
        let isOwnFactory = !Self.factories.contains(name)
        if isOwnFactory && Self.combinators.contains(name) { return nil }
        guard let start = effectStart(dot: j), !isOwnFactory || start == j else { return nil }
        var k = j + 2
        var closures: [(open: Int, close: Int)] = []
        var end = j + 1
        if code.isPunct(k, .lparen), let argsClose = code.partnerOf(k), argsClose > k, argsClose < limit {
            // A factory of the project's own takes its operation as a trailing closure only.
            if !isOwnFactory { closures += closureArguments(open: k, close: argsClose) }
            end = argsClose
            k = argsClose + 1
        }
        // Trailing closures: the operation, then a labeled `catch: { … }`.
        var tookTrailing = false
        while k < limit {
            var brace = k
            if code.is(k, "catch"), code.isPunct(k + 1, .colon), tookTrailing || !closures.isEmpty { brace = k + 2 }
            else if tookTrailing || !closures.isEmpty && brace == k { break }
            guard code.isPunct(brace, .lbrace), let c = code.partnerOf(brace), c > brace, c < limit else { break }
            closures.append((brace, c))
            tookTrailing = true
            end = c
            k = c + 1
        }
        guard !closures.isEmpty else { return nil }
        let found = Found(nameToken: j + 1, start: start, closures: closures, end: end)
        // Its operation takes the `Send` (`{ send in`, `{ _ in`): a closure with parameters, nothing else.
        if isOwnFactory, let first = closures.first, code.closureBodyStart(first.open) == nil || closures.count > 2 { return nil }
        return found
    }

    /// The expression's first token when the dot at j has an effect receiver: a leading dot (`.run`, `return .run`,
    /// `.merge(.run …)`) or an effect type (`Effect.run`, `EffectOf<Self>.run`); nil for calls on values
    /// (`store.run`, `task.run()`, `x?.run`).
    func effectStart(dot j: Int) -> Int? {
        guard j > 0 else { return j }
        let p = j - 1
        if code.tokens[p].kind == .identifier { return Self.effectTypeNames.contains(code.text(p)) ? p : nil }
        if code.tokens[p].kind == .operator, code.tokens[p].end == code.tokens[j].start {
            // `Effect<Action>.run`: a closing generic glued to the dot.
            guard code.bytes[code.tokens[p].endOffset - 1] == UInt8(ascii: ">") else { return nil }
            var k = p
            var steps = 0
            while k > 0 && steps < 32 && !(code.tokens[k].kind == .identifier && Self.effectTypeNames.contains(code.text(k))) {
                k -= 1
                steps += 1
            }
            return steps < 32 && k > 0 ? k : nil
        }
        if code.isPunct(p, .rparen) || code.isPunct(p, .rbracket) || code.isPunct(p, .rbrace) { return nil }
        if code.tokens[p].kind == .keyword { return code.is(p, "self") || code.is(p, "Self") || code.is(p, "super") ? nil : j }
        return j
    }

    /// Closures passed as arguments: `operation: { … }`, `catch: { … }`, or unlabeled.
    private func closureArguments(open: Int, close: Int) -> [(open: Int, close: Int)] {
        var result: [(open: Int, close: Int)] = []
        var j = open + 1
        while j < close {
            if code.isPunct(j, .lbrace), code.isPunct(j - 1, .colon) || code.isPunct(j - 1, .comma) || j == open + 1,
               let c = code.partnerOf(j), c > j, c < close {
                result.append((j, c))
                j = c + 1
                continue
            }
            j = code.skipGroup(j, limit: close)
        }
        return result
    }

    // MARK: facts

    /// The facts of an effect found in the logic region [open, close] whose state is called `stateName`.
    func facts(of found: Found, regionOpen: Int, regionClose: Int, stateName: String) -> EffectFacts {
        var facts = EffectFacts(name: code.text(found.nameToken), anchor: extractor.anchor(found.nameToken),
                                start: extractor.anchor(found.start), dot: extractor.anchor(found.nameToken - 1))
        facts.sendName = sendName(found)
        readLifetime(found, into: &facts)
        facts.cancellableIDs = Self.cancellableIDs(afterExpressionEnd: found.end + 1, expressionStart: found.start,
                                                   regionOpen: regionOpen, regionClose: regionClose, code: code)
        facts.forceTries = forceTries(found)
        facts.unhandledThrows = unhandledThrows(found, sendName: facts.sendName)
        if let send = facts.sendName, let operation = found.closures.first {
            facts.escapingTasks = UnstructuredTasks.find(from: operation.open + 1, to: operation.close, code: code)
                .filter { task in
                    calls(send, from: task.open, to: task.close)
                        && !isCancelledByTheEffect(task.nameToken, from: operation.open, to: operation.close)
                        && !isAwaitedByTheEffect(task.nameToken, taskClose: task.close, to: operation.close)
                }
                .map { TaskFacts(anchor: extractor.anchor($0.nameToken), isDetached: $0.isDetached) }
        }
        facts.stateCaptures = stateCaptures(found, stateName: stateName)
        if let send = facts.sendName, let operation = found.closures.first {
            facts.awaitedCalls = awaitedCalls(from: operation.open, to: operation.close, sendName: send)
        }
        return facts
    }

    // MARK: awaited calls

    /// `await name(` / `await self.name(` at the operation's own level (not in a nested closure), each with the first
    /// send that can follow it. At most 16 calls, and each look-ahead stops after 4,000 tokens.
    private func awaitedCalls(from open: Int, to close: Int, sendName: String) -> [AwaitedCallFacts] {
        var result: [AwaitedCallFacts] = []
        var j = open + 1
        while j < close && result.count < 16 {
            // Nested closures (`Task { }`, a task group's child) run on their own schedule: skipped.
            if code.isPunct(j, .lbrace), statementKeyword(ofBlock: j) == nil { j = code.skipGroup(j, limit: close); continue }
            if code.is(j, "await") {
                var k = j + 1
                if code.is(k, "self") && code.isDot(k + 1) { k += 2 }
                if code.kind(k) == .identifier, code.isPunct(k + 1, .lparen), !code.isDot(k - 1) || code.is(k - 2, "self"),
                   code.text(k) != sendName, let argsClose = code.partnerOf(k + 1), argsClose > k {
                    // After the call returns: its own trailing closure (`withTaskGroup { … }`) runs during it.
                    var end = argsClose
                    if code.isPunct(end + 1, .lbrace), let trailing = code.partnerOf(end + 1), trailing > end { end = trailing }
                    let send = firstSend(after: end, limit: close, sendName: sendName)
                    result.append(AwaitedCallFacts(name: code.text(k), anchor: extractor.anchor(k), sendAfter: send.map { extractor.anchor($0) }))
                }
            }
            j += 1
        }
        return result
    }

    /// The first `send(` (or `await send(`) that runs after token `from` in straight-line order: within the rest of
    /// the block, then after the block in the enclosing ones; a sibling branch (`else`, `catch`, another `case` of a
    /// `switch`) is skipped, and a `return` or `throw` ends the search.
    private func firstSend(after from: Int, limit: Int, sendName: String) -> Int? {
        var j = from + 1
        var steps = 0
        var depth = 0  // blocks entered after `from`; below 0 means we left the call's block
        while j < limit && steps < 4_000 {
            steps += 1
            if code.isPunct(j, .lbrace) { depth += 1; j += 1; continue }
            if code.isPunct(j, .rbrace) {
                depth -= 1
                j += 1
                if depth < 0 {
                    // Left the block holding the call: the branches that are its siblings never run after it.
                    while code.is(j, "else") || code.is(j, "catch") {
                        j += 1
                        while j < limit && !code.isPunct(j, .lbrace) { j += 1 }
                        j = code.skipGroup(j, limit: limit)
                    }
                    depth = 0
                }
                continue
            }
            if depth <= 0 && (code.is(j, "case") || code.is(j, "default")) && code.kind(j) == .keyword
                && SwitchClauses.isClauseLabel(code, j) {
                // Another case of the switch holding the call: skip to the switch's end.
                var d = 0
                while j < limit {
                    if code.isPunct(j, .lbrace) { d += 1 } else if code.isPunct(j, .rbrace) { if d == 0 { break }; d -= 1 }
                    j += 1
                }
                continue
            }
            if depth <= 0 && (code.is(j, "return") || code.is(j, "throw")) { return nil }
            if code.kind(j) == .identifier, code.isPunct(j + 1, .lparen), !code.isDot(j - 1), code.text(j) == sendName { return j }
            j += 1
        }
        return nil
    }

    /// The name the operation closure gives its `Send` (`send` in `{ send in`, `{ [id] send in`,
    /// `{ @MainActor send in`), or nil when it has none (`.fireAndForget { }`, `{ _ in }`).
    private func sendName(_ found: Found) -> String? {
        guard let open = found.closures.first?.open, code.closureBodyStart(open) != nil || code.isPunct(open + 1, .lbracket) else { return nil }
        var j = open + 1
        if code.isPunct(j, .lbracket) { j = code.skipGroup(j, limit: found.closures[0].close) }
        while code.isPunct(j, .at) { j += 2 }
        if code.isPunct(j, .lparen) { j += 1 }
        guard code.tokens.indices.contains(j), code.tokens[j].kind == .identifier else { return nil }
        return code.text(j)
    }

    /// Words that name endless sources of events in a `for try await x in <sequence>` header.
    static let endlessSourceWords: [StaticString] = ["timer", "notification", "observ", "updates", "changes", "events"]

    /// How long the effect lives, in two grades read in one scan of its closures: it *may live long* (any
    /// `while` loop, a `for await`, a timer) — what matters when it sends into a child that can go away —
    /// and it *never ends by itself* (`while true`, `while !Task.isCancelled`, a `for await` over a source
    /// of events) — what matters when each repetition of an action starts another copy. Also what it sends.
    private func readLifetime(_ found: Found, into facts: inout EffectFacts) {
        for closure in found.closures {
            var k = closure.open + 1
            while k < closure.close {
                defer { k += 1 }
                let t = code.tokens[k]
                if t.kind == .keyword {
                    if code.is(k, "while") {
                        facts.isLongLiving = true
                        if facts.endlessLoop == nil && !code.isPunct(k - 1, .rbrace) {
                            if code.is(k + 1, "true") && code.isPunct(k + 2, .lbrace) { facts.endlessLoop = "while true" }
                            if code.isOperator(k + 1, "!") && code.is(k + 2, "Task") && code.isDot(k + 3) && code.is(k + 4, "isCancelled")
                                && code.isPunct(k + 5, .lbrace) { facts.endlessLoop = "a loop until cancelled" }
                        }
                    }
                    if code.is(k, "for") {
                        var s = k + 1
                        if code.is(s, "try") { s += 1 }
                        guard code.is(s, "await") else { continue }
                        let endless = sequenceIsEndless(from: s + 1, limit: closure.close)
                        // `for await` over a stream of events lives as long as the stream; `for try await` over a
                        // response (a request's chunks) ends with it, unless the sequence names a source of events.
                        if s == k + 1 || endless { facts.isLongLiving = true }
                        if endless && facts.endlessLoop == nil { facts.endlessLoop = "for await over an endless sequence" }
                    }
                } else if t.kind == .identifier {
                    if code.is(k, "timer") && code.isDot(k - 1) && code.isPunct(k + 1, .lparen) { facts.isLongLiving = true }
                    if code.is(k, "Timer") && code.isDot(k + 1) && code.is(k + 2, "publish") { facts.isLongLiving = true }
                    if code.is(k, "send") && code.isPunct(k + 1, .lparen) && !code.isDot(k - 1) {
                        let path = CasePath.read(at: k + 2, code: code, limit: closure.close)
                        if !path.isEmpty { facts.sentPaths.append(path) }
                    }
                }
            }
        }
    }

    /// Whether the sequence of the loop header starting at `start` (up to its `{`) names an endless source.
    private func sequenceIsEndless(from start: Int, limit: Int) -> Bool {
        var k = start
        while k < limit && !code.isPunct(k, .lbrace) {
            if code.tokens[k].kind == .identifier {
                let word = code.text(k).lowercased()
                if Self.endlessSourceWords.contains(where: { ASCIISearch.contains(word, $0) }) { return true }
            }
            k = code.skipGroup(k, limit: limit)
        }
        return false
    }

    // MARK: cancellation

    /// Ids of `.cancellable(id:)` modifiers chained after the expression ending before `k`; when the
    /// expression is an argument of `.merge(…)` / `.concatenate(…)`, the chain after that call counts too.
    static func cancellableIDs(afterExpressionEnd k: Int, expressionStart: Int, regionOpen: Int, regionClose: Int,
                               code: CodeTokens) -> [[String]] {
        var ids: [[String]] = []
        var j = k
        var start = expressionStart
        var rounds = 0
        while j < regionClose && rounds < 16 {
            rounds += 1
            // The modifier chain: `.name<…>(…) { … }`.
            while j < regionClose && code.isDot(j) && code.isNameLike(j + 1) {
                let isCancellable = code.is(j + 1, "cancellable")
                j += 2
                if let g = code.skipGenericArguments(j, limit: regionClose) { j = g }
                if code.isPunct(j, .lparen) {
                    if isCancellable { ids += idArguments(open: j, code: code) }
                    j = code.skipGroup(j, limit: regionClose)
                }
                while code.isPunct(j, .lbrace) { j = code.skipGroup(j, limit: regionClose) }
            }
            // An argument of `.merge(…)` / `.concatenate(…)`: continue after the call.
            guard code.isPunct(j, .comma) || code.isPunct(j, .rparen) || code.isPunct(j, .rbracket),
                  let open = enclosingOpen(before: start, regionOpen: regionOpen, code: code),
                  code.isNameLike(open - 1), code.is(open - 1, "merge") || code.is(open - 1, "concatenate"),
                  let close = code.partnerOf(open), close > open else { break }
            start = open - 1
            j = close + 1
        }
        return ids
    }

    /// The `(` (or the `(` around `[` in `.merge([…])`) that encloses token `start`, or nil.
    static func enclosingOpen(before start: Int, regionOpen: Int, code: CodeTokens) -> Int? {
        var k = start - 1
        var steps = 0
        while k > regionOpen && steps < 4096 {
            steps += 1
            if code.isPunct(k, .rparen) || code.isPunct(k, .rbracket) || code.isPunct(k, .rbrace), let o = code.partnerOf(k), o < k {
                k = o - 1
                continue
            }
            if code.isPunct(k, .lbrace) { return nil }
            if code.isPunct(k, .lparen) { return k }
            if code.isPunct(k, .lbracket) { return code.isPunct(k - 1, .lparen) ? k - 1 : nil }
            k -= 1
        }
        return nil
    }

    /// The ids in the arguments `(id: X, cancelInFlight: …)` or `(ids: [A, B])` opening at `open`.
    static func idArguments(open: Int, code: CodeTokens) -> [[String]] {
        guard let close = code.partnerOf(open), close > open else { return [] }
        var j = open + 1
        var ids: [[String]] = []
        while j < close {
            if (code.is(j, "id") || code.is(j, "ids")) && code.isPunct(j + 1, .colon) {
                var k = j + 2
                if code.isPunct(k, .lbracket), let arrayClose = code.partnerOf(k), arrayClose > k {
                    var e = k + 1
                    while e < arrayClose {
                        let end = code.argumentEnd(from: e, close: arrayClose)
                        let id = components(from: e, to: end, code: code)
                        if !id.isEmpty { ids.append(id) }
                        e = end + 1
                    }
                    k = arrayClose + 1
                } else {
                    let end = code.argumentEnd(from: k, close: close)
                    let id = components(from: k, to: end, code: code)
                    if !id.isEmpty { ids.append(id) }
                    k = end
                }
                j = k
                continue
            }
            j = code.skipGroup(j, limit: close)
        }
        return ids
    }

    /// Dotted name components of the expression [from, to), arguments and `self` dropped.
    static func components(from: Int, to: Int, code: CodeTokens) -> [String] {
        var names: [String] = []
        var j = from
        while j < to && names.count < 8 {
            if code.isNameLike(j) {
                if !(code.is(j, "self") || code.is(j, "Self")) { names.append(code.text(j)) }
                j += 1
                continue
            }
            j = code.skipGroup(j, limit: to)
        }
        return names
    }

    /// Ids of every `.cancel(id:)` / `.cancel(ids:)` in [from, to).
    static func cancelledIDs(from: Int, to: Int, code: CodeTokens) -> [[String]] {
        var ids: [[String]] = []
        var j = from
        while j < to {
            if code.is(j, "cancel") && code.isDot(j - 1) && code.isPunct(j + 1, .lparen) {
                ids += idArguments(open: j + 1, code: code)
            }
            j += 1
        }
        return ids
    }

    // MARK: try!

    /// `try! await …` in the effect's closures (a task started inside is not the effect's, see `escapingTasks`).
    private func forceTries(_ found: Found) -> [ForceTryFacts] {
        var result: [ForceTryFacts] = []
        for (index, closure) in found.closures.enumerated() {
            let tasks = UnstructuredTasks.find(from: closure.open + 1, to: closure.close, code: code)
            var j = closure.open + 1
            while j < closure.close {
                if let task = tasks.first(where: { $0.open == j }) { j = task.close + 1; continue }
                defer { j += 1 }
                guard code.is(j, "try"), code.isOperator(j + 1, "!"),
                      code.tokens[j + 1].start == code.tokens[j].end else { continue }
                let end = code.statementEnd(from: j, limit: closure.close)
                guard (j + 2..<end).contains(where: { code.is($0, "await") }) else { continue }
                result.append(ForceTryFacts(anchor: extractor.anchor(j), bang: extractor.anchor(j + 1),
                                            placement: placement(closure.open, isOperation: index == 0, token: j)))
            }
        }
        return result
    }

    // MARK: errors nothing handles

    /// Calls that throw only `CancellationError` (which `.run` swallows): `Task.sleep`, a clock's or a
    /// scheduler's `sleep`, `Task.checkCancellation()`; and a clock's or scheduler's `timer(interval:)`, a sequence
    /// that never throws (`for try await tick in clock.timer(interval: .seconds(1))` compiles all the same).
    static let cannotFail: Set<String> = ["sleep", "checkCancellation", "timer"]
    /// Calls that rethrow what their closure throws and nothing else: what their closure tries decides.
    static let rethrowingWrappers: Set<String> = ["withTaskCancellation", "withTaskCancellationHandler", "withDependencies",
                                                  "withEscapedDependencies", "withMainSerialExecutor"]

    /// Higher-order functions of sequences and collections (the standard library's and the common async ones) that
    /// rethrow what their closure throws.
    static let rethrowingHigherOrder: Set<String> = ["map", "compactMap", "flatMap", "filter", "forEach", "reduce", "sorted",
                                                     "first", "contains", "allSatisfy", "min", "max", "asyncMap",
                                                     "asyncCompactMap", "asyncFlatMap", "asyncForEach", "asyncFilter",
                                                     "concurrentMap", "concurrentCompactMap", "concurrentForEach"]

    /// In a `.run` with no `catch:` handler, the `try`s and `throw`s whose error leaves its operation: TCA then reports
    /// "An \"Effect.run\" … threw an unhandled error" unless the error is a `CancellationError`. A `try?`/`try!`,
    /// a `try` in a `do` that has a `catch`, in a nested closure (`Result { }`, `TaskResult { }`, a callback, a
    /// `Task { }`) or of a call that only throws on cancellation does not count.
    private func unhandledThrows(_ found: Found, sendName: String?) -> [UnhandledThrowFacts] {
        guard code.text(found.nameToken) == "run", found.closures.count == 1, let operation = found.closures.first else { return [] }
        return throwsLeaving(open: operation.open, close: operation.close, sendName: sendName)
    }

    /// The `try`s and `throw`s in the closure [open, close] whose error leaves it.
    private func throwsLeaving(open: Int, close: Int, sendName: String?) -> [UnhandledThrowFacts] {
        var result: [UnhandledThrowFacts] = []
        // Read only when a `try` names a local (most `.run`s have none): another scan of the closure otherwise.
        lazy var locals = localBindings(open: open, close: close)
        lazy var neverFailing = childTasksThatCannotFail(locals, close: close)
        lazy var localStreams = localNonThrowingStreams(locals, close: close)
        for j in (open + 1)..<max(open + 1, close) {
            guard code.tokens[j].kind == .keyword else { continue }
            let isThrow = code.is(j, "throw")
            guard isThrow || code.is(j, "try") else { continue }
            if !isThrow && !code.isThrowingTry(j) { continue }
            // `for try await x in try sequence()`: the second `try` is the same error's.
            if !isThrow && code.is(j - 1, "in") && isForSequence(in: j - 1, after: open) { continue }
            guard placement(open, isOperation: true, token: j) == .operation else { continue }
            if isThrow {
                if !code.is(j + 1, "CancellationError") { result.append(UnhandledThrowFacts(anchor: extractor.anchor(j), call: nil, isThrow: true)) }
                continue
            }
            var call = triedChain(after: j, limit: close)
            // `try await send(.loaded(api.fetch()))`: `send` does not throw, a call in its arguments does; with none,
            // the `try` covers nothing that throws.
            if let sent = call, sent.start == sent.name, let sendName, code.text(sent.name) == sendName {
                guard let arguments = sent.arguments, let inner = callBuildingAction(from: arguments.open + 1, to: arguments.close) else { continue }
                call = inner
            }
            // `try flag ? a() : b()`, `try x ?? load()`: the name before an operator is an operand, not what throws.
            if let operand = call, operand.arguments == nil, code.tokens[operandEnd(operand)].kind == .operator {
                let after = operandEnd(operand)
                call = firstCall(from: after, to: code.statementEnd(from: after, limit: close))
            }
            if let call, Self.cannotFail.contains(code.text(call.name)) { continue }
            // `try await delay` after `async let delay = clock.sleep(for: …)`: awaiting the child task throws what its call throws.
            if let call, call.start == call.name, call.arguments == nil, neverFailing.contains(code.text(call.name)) { continue }
            // `for try await x in stream` over a local `let stream: AsyncStream<T> = …`: a non-throwing sequence.
            if code.is(j - 1, "for"), let call, call.start == call.name, call.arguments == nil,
               localStreams.contains(code.text(call.name)) { continue }
            // `try await items.asyncMap { … }`: a higher-order function on a value rethrows what its closure throws.
            if let call, Self.rethrowingWrappers.contains(code.text(call.name))
                || (call.calls == 1 && Self.rethrowingHigherOrder.contains(code.text(call.name)) && !call.closures.isEmpty),
               call.closures.allSatisfy({ throwsLeaving(open: $0.open, close: $0.close, sendName: sendName).isEmpty }) { continue }
            var facts = UnhandledThrowFacts(anchor: extractor.anchor(j), call: call.map { written(from: $0.start, through: $0.name) })
            facts.isLoop = code.is(j - 1, "for")
            if code.is(j - 1, "for"), let sequence = call, !(j..<sequence.start).contains(where: { $0 > j && code.is($0, "try") }) {
                facts.loopSequence = code.text(sequence.name)
                facts.loopSequenceIsCalled = sequence.arguments != nil
                if sequence.start == sequence.name, sequence.arguments == nil {
                    facts.loopSequenceBuiltAs = builtType(ofLocal: code.text(sequence.name), in: locals)
                }
            }
            result.append(facts)
        }
        return result
    }

    /// A local declared in a closure: `let x = …`, `var x: T = …`, `async let x = …`.
    private struct LocalBinding {
        var name: String
        var isAsync: Bool
        /// The first token of its type annotation, if it has one.
        var annotation: Int?
        /// The first token of the bound expression after any `try`/`await`, if it is bound here.
        var value: Int?
    }

    /// The locals declared in [open, close], nested closures included.
    private func localBindings(open: Int, close: Int) -> [LocalBinding] {
        var result: [LocalBinding] = []
        var j = open + 1
        while j + 2 < close {
            defer { j += 1 }
            guard code.is(j, "let") || code.is(j, "var"), code.isNameLike(j + 1) else { continue }
            var binding = LocalBinding(name: code.text(j + 1), isAsync: code.is(j - 1, "async"), annotation: nil, value: nil)
            var k = j + 2
            if code.isPunct(k, .colon) {
                // `let x: T = …`: the annotation runs up to the `=` on the same line.
                binding.annotation = k + 1
                k += 1
                while k < close && !code.newlineBefore[k] && !code.isOperator(k, "=") { k = code.skipGroup(k, limit: close) }
            }
            if k < close, code.isOperator(k, "=") {
                k += 1
                while k < close && (code.is(k, "await") || code.is(k, "try")) { k += 1 }
                if k < close { binding.value = k }
            }
            result.append(binding)
        }
        return result
    }

    /// The names of the `async let` child tasks in [open, close] bound to a call that only throws on cancellation
    /// (`async let delay = clock.sleep(for: .seconds(2))`).
    private func childTasksThatCannotFail(_ locals: [LocalBinding], close: Int) -> Set<String> {
        Set(locals.filter { local in
            guard local.isAsync, let value = local.value, let bound = chain(at: value, limit: close) else { return false }
            return bound.arguments != nil && Self.cannotFail.contains(code.text(bound.name))
        }.map(\.name))
    }

    /// The type whose initializer a local is bound to, as written without generic arguments (`let socket =
    /// SocketIOManager<Message>(id: id)` → SocketIOManager), when the local is bound to a call of an uppercase name.
    private func builtType(ofLocal name: String, in locals: [LocalBinding]) -> String? {
        guard let local = locals.last(where: { $0.name == name }), local.annotation == nil, let value = local.value,
              code.kind(value) == .identifier, code.startsUppercase(value) else { return nil }
        var next = value + 1
        if let afterGenerics = code.skipGenericArguments(next, limit: code.count) { next = afterGenerics }
        guard code.isPunct(next, .lparen) || code.isPunct(next, .lbrace) else { return nil }
        return code.text(value)
    }

    /// The names of the locals in [open, close] that hold a sequence that cannot fail: a non-throwing `AsyncStream`,
    /// annotated (`let updates: AsyncStream<[Item]> = client.observe(…)`) or built by its initializer
    /// (`let ticks = AsyncStream<Int> { … }`, `AsyncStream(unfolding:)`), or an `AsyncThrowingStream` built here
    /// whose continuation never finishes with an error. `for try await` over one throws nothing.
    private func localNonThrowingStreams(_ locals: [LocalBinding], close: Int) -> Set<String> {
        Set(locals.filter { local in
            guard !local.isAsync, let type = local.annotation ?? local.value else { return false }
            return code.is(type, "AsyncStream") || (code.is(type, "AsyncThrowingStream") && builtNeverFailing(at: type, limit: close))
        }.map(\.name))
    }

    /// Whether the `AsyncThrowingStream` built at k (`AsyncThrowingStream<T, Error> { continuation in … }`) can end
    /// only without an error: its build closure uses its continuation only to `yield(…)` values, `finish()` and set
    /// `onTermination`, never `finish(throwing:)`, `yield(with:)` or handing the continuation elsewhere. A `try`
    /// inside that closure (usually in a `Task { }` it starts) fails there, not in the loop over the stream.
    private func builtNeverFailing(at k: Int, limit: Int) -> Bool {
        var i = k + 1
        if let afterGenerics = code.skipGenericArguments(i, limit: limit) { i = afterGenerics }
        if code.isPunct(i, .lparen) { i = code.skipGroup(i, limit: limit) }
        guard i < limit, code.isPunct(i, .lbrace), let end = code.partnerOf(i), end > i, end <= limit else { return false }
        // `{ continuation in`, `{ (continuation) in`, or `$0`.
        var name = "$0"
        var n = i + 1
        if code.isPunct(n, .lparen) { n += 1 }
        if code.isNameLike(n), let inToken = (n + 1...n + 2).first(where: { code.is($0, "in") }) {
            name = code.text(n)
            n = inToken + 1
        }
        for t in n..<end where code.text(t) == name {
            guard code.isDot(t + 1) else { return false }
            switch code.text(t + 2) {
            case "yield": if code.is(t + 4, "with") { return false }
            case "finish": if !(code.isPunct(t + 3, .lparen) && code.isPunct(t + 4, .rparen)) { return false }
            case "onTermination": break
            default: return false
            }
        }
        return true
    }

    /// The token after a chain without a call (after its last name and any glued `?`/`!`).
    private func operandEnd(_ chain: Chain) -> Int {
        var k = chain.name + 1
        while k < code.count - 1, code.isOptionalMark(k), code.tokens[k].start == code.tokens[k - 1].end { k += 1 }
        return min(k, code.count - 1)
    }

    /// Whether the `in` at k is a `for` loop's (`for x in`), not a closure signature's (`{ send in`).
    private func isForSequence(in k: Int, after open: Int) -> Bool {
        var i = k - 1
        while i > open {
            if code.tokens[i].kind == .keyword && code.is(i, "for") { return true }
            if code.isPunct(i, .lbrace) || code.isPunct(i, .rbrace) || code.isPunct(i, .semicolon) || code.newlineBefore[i] { return false }
            i -= 1
        }
        return false
    }

    /// A chain of names, member accesses, postfix `?`/`!` and calls: where it starts, its last name, the arguments
    /// of its last call and the closures that call takes.
    struct Chain {
        var start: Int
        var name: Int
        var arguments: (open: Int, close: Int)?
        var closures: [(open: Int, close: Int)]
        /// How many calls the chain makes (`api.fetch(id)`: 1, `JSONEncoder().encode(x)`: 2, `task.value`: 0).
        var calls: Int
    }

    /// The chain a `try` at j reaches: `api.fetch` in `try await api.fetch(id)`, the sequence in
    /// `for try await x in stream()`, `task.value`, with the closures of its call (`withTaskCancellation(id: id) { … }`).
    private func triedChain(after j: Int, limit: Int) -> Chain? {
        var k = j + 1
        if code.is(j - 1, "for") {
            // `for try await element in sequence`: the sequence throws.
            while k < limit && !(code.tokens[k].kind == .keyword && code.is(k, "in")) { k = code.skipGroup(k, limit: limit) }
            k += 1
        }
        while k < limit && (code.is(k, "await") || code.is(k, "try")) { k += 1 }
        return chain(at: k, limit: limit)
    }

    private func chain(at first: Int, limit: Int) -> Chain? {
        var k = first
        var name: Int? = nil
        var arguments: (open: Int, close: Int)? = nil
        var calls = 0
        while k < limit {
            // A name starts the chain or follows a dot: after `fetch(id)` on one line, `await` on the next is another statement.
            if code.isNameLike(k), k == first || code.isDot(k - 1) { name = k; arguments = nil; k += 1; continue }
            if code.isDot(k) { k += 1; continue }
            // A postfix `?` or `!` is glued to what it unwraps; a spaced `?` is a ternary.
            if code.isOptionalMark(k) && code.tokens[k].start == code.tokens[k - 1].end { k += 1; continue }
            // A call's arguments; the chain goes on after them (`JSONEncoder().encode(value)`).
            if name != nil, arguments == nil, code.isPunct(k, .lparen), !code.newlineBefore[k], let close = code.partnerOf(k), close > k, close < limit {
                arguments = (k, close)
                calls += 1
                k = close + 1
                continue
            }
            break
        }
        guard let name else { return nil }
        var closures = arguments.map { closureArguments(open: $0.open, close: $0.close) } ?? []
        if code.isPunct(k, .lbrace), !code.newlineBefore[k], var close = code.partnerOf(k), close > k, close <= limit {
            closures.append((k, close))
            // A call by its trailing closure alone (`items.asyncMap { … }`).
            if arguments == nil { calls += 1 }
            // The labelled trailing closures after it (`withDependencies { … } operation: { … }`).
            while code.isNameLike(close + 1), !code.newlineBefore[close + 1], code.isPunct(close + 2, .colon), code.isPunct(close + 3, .lbrace),
                  let next = code.partnerOf(close + 3), next > close + 3, next <= limit {
                closures.append((close + 3, next))
                close = next
            }
        }
        return Chain(start: first, name: name, arguments: arguments, closures: closures, calls: calls)
    }

    /// The first call in [from, to) that is not an enum case (`.loaded(…)`) nor an argument label: `api.fetch` in
    /// `.factResponse(api.fetch(n))`.
    private func firstCall(from: Int, to: Int) -> Chain? {
        var k = from
        while k < to {
            if code.isNameLike(k), !code.isDot(k - 1), !code.isPunct(k + 1, .colon), let found = chain(at: k, limit: to) {
                if found.arguments != nil { return found }
                k = max(found.name + 1, k + 1)
                continue
            }
            k += 1
        }
        return nil
    }

    /// The first call in [from, to) that can throw while an action is built to be sent: past a case path's `embed`
    /// (`send(action.embed(.loaded(client.load(item))))`, which only wraps the value), the call in its arguments.
    private func callBuildingAction(from: Int, to: Int) -> Chain? {
        var found = firstCall(from: from, to: to)
        while let embed = found, embed.calls == 1, code.text(embed.name) == "embed", let arguments = embed.arguments {
            found = firstCall(from: arguments.open + 1, to: arguments.close)
        }
        return found
    }

    /// The source text of tokens [from, through], without spaces and with arguments elided
    /// (`self.apiClient.fetch`, `JSONEncoder().encode`, `client(for: id).load`).
    private func written(from: Int, through last: Int) -> String {
        var text = ""
        var k = from
        while k <= last {
            if code.isPunct(k, .lparen), let close = code.partnerOf(k), close > k {
                text += close == k + 1 ? "()" : "(…)"
                k = close + 1
                continue
            }
            text += code.text(k)
            k += 1
        }
        return text
    }

    /// Where the token sits in the effect closure opening at `open`: the innermost enclosing block that
    /// changes what `try` would do (a `do` with a `catch`, a `defer`, a nested closure), else the
    /// closure itself (`.operation`, or `.handler` for the effect's other closures). The blocks of `if`,
    /// `guard`, `for`, `while`, `switch`, `else`, `repeat`, `catch` and a `do` without `catch` pass the
    /// error on unchanged.
    private func placement(_ open: Int, isOperation: Bool, token: Int) -> ForceTryFacts.Placement {
        var k = token - 1
        while k > open {
            if code.isPunct(k, .rbrace) || code.isPunct(k, .rparen) || code.isPunct(k, .rbracket),
               let o = code.partnerOf(k), o < k {
                k = o - 1
                continue
            }
            if code.isPunct(k, .lbrace) {
                guard let keyword = statementKeyword(ofBlock: k) else { return .nestedClosure }
                if keyword == "do", let c = code.partnerOf(k), code.is(c + 1, "catch") { return .doWithCatch }
                if keyword == "defer" { return .deferBlock }
            }
            k -= 1
        }
        return isOperation ? .operation : .handler
    }

    static let blockKeywords: Set<String> = ["if", "guard", "for", "while", "switch", "else", "repeat", "do", "defer", "catch"]

    /// The control-flow keyword that owns the block opening at `brace`, or nil for a closure.
    private func statementKeyword(ofBlock brace: Int) -> String? {
        var k = brace - 1
        var steps = 0
        while k >= 0 && steps < 256 {
            steps += 1
            if code.tokens[k].kind == .keyword, Self.blockKeywords.contains(code.text(k)) { return code.text(k) }
            if code.isPunct(k, .lbrace) || code.isPunct(k, .semicolon) || code.isPunct(k, .rbrace) { return nil }
            if code.isPunct(k, .rparen) || code.isPunct(k, .rbracket), let o = code.partnerOf(k), o < k {
                k = o - 1
                continue
            }
            if code.newlineBefore[k] && !code.continuesExpression(at: k, limit: brace) { return nil }
            k -= 1
        }
        return nil
    }

    // MARK: tasks

    /// Whether the closure calls the effect's `Send`: `send(…)`, `send.callAsFunction(…)`.
    private func calls(_ send: String, from open: Int, to close: Int) -> Bool {
        var j = open + 1
        while j < close {
            if code.tokens[j].kind == .identifier, !code.isDot(j - 1), code.isPunct(j + 1, .lparen) || code.isDot(j + 1),
               code.text(j) == send { return true }
            j += 1
        }
        return false
    }

    /// `debounce = Task { … }` (or `let t = Task { … }`) with `debounce.cancel()` / `debounce?.cancel()` in a
    /// `defer` of the effect: the effect ends the task itself when it ends (a hand-written debounce). Only a
    /// cancel in a `defer` runs when the effect is cancelled or ends.
    private func isCancelledByTheEffect(_ taskToken: Int, from open: Int, to close: Int) -> Bool {
        guard let name = variable(holding: taskToken) else { return false }
        var d = open + 1
        while d < close {
            defer { d += 1 }
            guard code.is(d, "defer"), code.isPunct(d + 1, .lbrace), let end = code.partnerOf(d + 1), end > d + 1 else { continue }
            for j in (d + 2)..<end where code.tokens[j].kind == .identifier && code.text(j) == name {
                var k = j + 1
                if code.isOperator(k, "?") { k += 1 }
                if code.isDot(k), code.is(k + 1, "cancel") { return true }
            }
        }
        return false
    }

    /// `let task = Task { … }` whose `await task.value` (or `.result`) the effect's operation reaches at its own level
    /// after it: the effect does not end before the task, so nothing the task sends arrives after it.
    private func isAwaitedByTheEffect(_ taskToken: Int, taskClose: Int, to close: Int) -> Bool {
        guard let name = variable(holding: taskToken) else { return false }
        var j = taskClose + 1
        while j < close {
            if code.isPunct(j, .lbrace) { j = code.skipGroup(j, limit: close); continue }
            if code.is(j, "await"), code.tokens[j + 1].kind == .identifier, code.text(j + 1) == name, code.isDot(j + 2),
               code.is(j + 3, "value") || code.is(j + 3, "result") { return true }
            j += 1
        }
        return false
    }

    /// The name a task is stored in (`debounce = Task { … }`, `let task = Task { … }`; `Task` at `taskToken`), or nil.
    private func variable(holding taskToken: Int) -> String? {
        guard taskToken >= 2, code.isOperator(taskToken - 1, "="), code.tokens[taskToken - 2].kind == .identifier else { return nil }
        return code.text(taskToken - 2)
    }

    // MARK: captures

    /// Capture-list items of the operation closure that copy the whole state (`[state]`, `[s = state]`), unless
    /// the closure hands the copy on whole (`saveGame(state)`).
    private func stateCaptures(_ found: Found, stateName: String) -> [StateCaptureFacts] {
        guard let operation = found.closures.first, code.isPunct(operation.open + 1, .lbracket),
              let listClose = code.partnerOf(operation.open + 1), listClose > operation.open + 1 else { return [] }
        var result: [StateCaptureFacts] = []
        for item in captures(open: operation.open + 1, close: listClose)
            where code.is(item.value, "state") || code.text(item.value) == stateName {
            let captured = code.text(item.name)
            guard !usesWhole(captured, from: listClose + 1, to: operation.close) else { continue }
            var fields: [String] = []
            for access in StateAccesses.read(from: listClose + 1, to: operation.close, stateName: captured, code: code)
                where !fields.contains(access.field) { fields.append(access.field) }
            result.append(StateCaptureFacts(anchor: extractor.anchor(item.value), value: code.text(item.value), fields: fields))
        }
        return result
    }

    /// Each capture item whose value is a single name: `x` in `[x]`, `[weak x]`, `[y = x]`, with the
    /// name the closure uses for it (`y`, or `x` itself).
    private func captures(open: Int, close: Int) -> [(name: Int, value: Int)] {
        var result: [(name: Int, value: Int)] = []
        var start = open + 1
        while start < close {
            let end = code.argumentEnd(from: start, close: close)
            var value = start
            var name: Int? = nil
            if let equals = (start..<end).first(where: { code.isOperator($0, "=") }) {
                value = equals + 1
                name = equals - 1
            }
            while value < end && (code.is(value, "weak") || code.is(value, "unowned")) { value += 1 }
            if value + 1 == end, code.isNameLike(value) { result.append((name ?? value, value)) }
            start = end + 1
        }
        return result
    }

    /// Whether `name` appears in [from, to) other than as the base of a member access (`name.field`).
    private func usesWhole(_ name: String, from: Int, to: Int) -> Bool {
        var j = from
        while j < to {
            if code.tokens[j].kind == .identifier || code.tokens[j].kind == .keyword, !code.isDot(j - 1),
               !code.isDot(j + 1), code.text(j) == name { return true }
            j += 1
        }
        return false
    }
}

/// An unstructured task: `Task { … }`, `Task(priority: .high) { … }`, `Task<Void, Never> { … }`,
/// `Task.detached { … }`, `Task.detached(priority: p) { … }`. Its work is not a child of the code
/// that starts it, so cancelling that code does not cancel it.
struct UnstructuredTasks {
    var nameToken: Int
    var open: Int
    var close: Int
    var isDetached: Bool

    /// The tasks started in [from, to), outermost only (a task nested in another's closure is skipped).
    static func find(from: Int, to: Int, code: CodeTokens) -> [UnstructuredTasks] {
        var result: [UnstructuredTasks] = []
        var j = from
        while j < to {
            if let task = at(j, limit: to, code: code) {
                result.append(task)
                j = task.close + 1
            } else {
                j += 1
            }
        }
        return result
    }

    static func at(_ j: Int, limit: Int, code: CodeTokens) -> UnstructuredTasks? {
        guard code.tokens[j].kind == .identifier, code.is(j, "Task") else { return nil }
        // `Task` as a member of something else (`x.Task`) or a declared type (`var t: Task<…> {`,
        // `-> Task<…> {`) starts no task; after a `case .x:` label it does.
        if code.isDot(j - 1) || code.isOperator(j - 1, "->") { return nil }
        if code.isPunct(j - 1, .colon), code.is(j - 3, "var") || code.is(j - 3, "let") { return nil }
        var k = j + 1
        var detached = false
        if let g = code.skipGenericArguments(k, limit: limit) { k = g }
        if code.isDot(k) && code.is(k + 1, "detached") {
            detached = true
            k += 2
        } else if code.isDot(k) && code.is(k + 1, "init") {
            k += 2  // `Task.init { … }`
        }
        if code.isPunct(k, .lparen) {
            guard let c = code.partnerOf(k), c > k, c + 1 < limit else { return nil }
            k = c + 1
        }
        guard code.isPunct(k, .lbrace), !code.newlineBefore[k], let close = code.partnerOf(k), close > k, close < limit
        else { return nil }
        return UnstructuredTasks(nameToken: j, open: k, close: close, isDetached: detached)
    }
}

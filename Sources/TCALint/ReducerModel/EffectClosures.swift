/// Where a reducer's code runs: inside an effect (the closures of `.run { … }` and the legacy
/// `.task`, `.fireAndForget`, `.future`, `.publisher` effects, their `catch:` handlers included), or
/// synchronously, while the store handles the action (the rest of a logic region). Rules about effect
/// misuse ask these two questions instead of re-finding `.run` each.
public struct EffectClosure {
    /// The effect's name token (`run`, `task`, `fireAndForget`…), the reported position of most rules.
    public var nameToken: Int
    /// `{` and `}` of each closure the effect runs: the operation, then a `catch:` handler.
    public var closures: [(open: Int, close: Int)]
    /// Last token of the effect call (the last closure's `}` or the argument list's `)`).
    public var end: Int
}

extension LogicRegion {
    /// Effect factories whose closures run as the effect, not while the reducer handles the action.
    static let effectFactories: Set<String> = ["run", "task", "fireAndForget", "future", "publisher"]
    /// Types an effect factory may be called on (`Effect.run`, `EffectTask.task`, `EffectOf<Self>.run`).
    static let effectTypeNames: Set<String> = ["Effect", "EffectOf", "EffectTask", "EffectPublisher"]

    /// The outermost effects of the region, in source order (an effect nested in another's closure is
    /// part of that closure).
    public func effects(code: CodeTokens) -> [EffectClosure] {
        var result: [EffectClosure] = []
        var j = open + 1
        while j < close {
            if let effect = Self.effect(atDot: j, limit: close, code: code) {
                result.append(effect)
                j = effect.end + 1
            } else {
                j += 1
            }
        }
        return result
    }

    /// The parts of the region outside its effects: what runs synchronously on every action it handles.
    public func synchronousRanges(around effects: [EffectClosure]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = open + 1
        for effect in effects {
            for c in effect.closures {
                if start < c.open { ranges.append(start..<c.open) }
                start = c.close + 1
            }
        }
        if start < close { ranges.append(start..<close) }
        return ranges
    }

    /// The effect whose `.` is at j: `.run {`, `.run(priority: p) {`, `.run(operation: { … })`,
    /// `.run { … } catch: { … }`, `Effect.run {`, `EffectOf<Self>.run {`, `.task {`, `.fireAndForget {`.
    static func effect(atDot j: Int, limit: Int, code: CodeTokens) -> EffectClosure? {
        guard code.isDot(j), j + 1 < limit, code.tokens[j + 1].kind == .identifier else { return nil }
        let name = code.text(j + 1)
        guard effectFactories.contains(name), hasEffectReceiver(dot: j, code: code) else { return nil }
        var k = j + 2
        var closures: [(open: Int, close: Int)] = []
        var end = j + 1
        if code.isPunct(k, .lparen), let argsClose = code.partnerOf(k), argsClose > k, argsClose < limit {
            closures += closureArguments(open: k, close: argsClose, code: code)
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
        return EffectClosure(nameToken: j + 1, closures: closures, end: end)
    }

    /// A leading dot (`.run`, `return .run`, `.merge(.run …)`) or an effect type (`Effect.run`,
    /// `EffectOf<Self>.run`); `store.run`, `task.run()` and `x?.run` are calls on values.
    private static func hasEffectReceiver(dot j: Int, code: CodeTokens) -> Bool {
        guard j > 0 else { return true }
        let p = j - 1
        if code.tokens[p].kind == .identifier { return effectTypeNames.contains(code.text(p)) }
        if code.tokens[p].kind == .operator, code.tokens[p].end == code.tokens[j].start {
            // `Effect<Action>.run`: a closing generic glued to the dot.
            guard code.bytes[code.tokens[p].endOffset - 1] == UInt8(ascii: ">") else { return false }
            var k = p
            var steps = 0
            while k > 0 && steps < 32 && !(code.tokens[k].kind == .identifier && effectTypeNames.contains(code.text(k))) {
                k -= 1
                steps += 1
            }
            return steps < 32 && k > 0
        }
        if code.isPunct(p, .rparen) || code.isPunct(p, .rbracket) || code.isPunct(p, .rbrace) { return false }
        if code.tokens[p].kind == .keyword { return !(code.is(p, "self") || code.is(p, "Self") || code.is(p, "super")) }
        return true
    }

    /// Closures passed as arguments: `operation: { … }`, `catch: { … }`, or unlabeled.
    private static func closureArguments(open: Int, close: Int, code: CodeTokens) -> [(open: Int, close: Int)] {
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
}

extension EffectClosure {
    /// The name the operation closure gives its `Send` (`send` in `{ send in`, `{ [id] send in`,
    /// `{ @MainActor send in`), or nil when it has none (`.fireAndForget { }`, `{ _ in }`).
    public func sendName(code: CodeTokens) -> String? {
        guard let open = closures.first?.open, code.closureBodyStart(open) != nil || code.isPunct(open + 1, .lbracket) else { return nil }
        var j = open + 1
        if code.isPunct(j, .lbracket) { j = code.skipGroup(j, limit: closures[0].close) }
        while code.isPunct(j, .at) { j += 2 }
        if code.isPunct(j, .lparen) { j += 1 }
        guard code.tokens[j].kind == .identifier else { return nil }
        return code.text(j)
    }
}

/// An unstructured task: `Task { … }`, `Task(priority: .high) { … }`, `Task<Void, Never> { … }`,
/// `Task.detached { … }`, `Task.detached(priority: p) { … }`. Its work is not a child of the code
/// that starts it, so cancelling that code does not cancel it.
public struct UnstructuredTask {
    /// The `Task` token.
    public var nameToken: Int
    public var open: Int
    public var close: Int
    public var isDetached: Bool

    /// The tasks started in [from, to), outermost only (a task nested in another's closure is skipped).
    public static func find(from: Int, to: Int, code: CodeTokens) -> [UnstructuredTask] {
        var result: [UnstructuredTask] = []
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

    static func at(_ j: Int, limit: Int, code: CodeTokens) -> UnstructuredTask? {
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
        }
        if code.isPunct(k, .lparen) {
            guard let c = code.partnerOf(k), c > k, c + 1 < limit else { return nil }
            k = c + 1
        }
        guard code.isPunct(k, .lbrace), !code.newlineBefore[k], let close = code.partnerOf(k), close > k, close < limit
        else { return nil }
        return UnstructuredTask(nameToken: j, open: k, close: close, isDetached: detached)
    }
}

/// A logic region's effects and synchronous code, with the reducer they belong to.
public struct ReducerCode {
    public var logic: ReducerLogic
    public var region: LogicRegion
    public var effects: [EffectClosure]
    public var synchronous: [Range<Int>]
}

extension AnalyzedFile {
    /// Every logic region of every reducer in the file with its effects and synchronous ranges, each
    /// region once (a helper named by two `Reduce(…)` elements is one region).
    public var reducerCode: [ReducerCode] {
        var seen = Set<Int>()
        var result: [ReducerCode] = []
        for logic in reducerLogic {
            for region in logic.regions where seen.insert(region.open).inserted {
                let effects = region.effects(code: code)
                result.append(ReducerCode(logic: logic, region: region, effects: effects,
                                          synchronous: region.synchronousRanges(around: effects)))
            }
        }
        return result
    }
}

/// Reads one place of per-action logic (a `Reduce` closure, `reduce(into:action:)`, an effect-returning
/// helper): the clauses of its switches over the action and of `if case … = action`, the code that runs for
/// every action, and for each what it reads and writes of the state, sends, calls, cancels and clears; its
/// effects, its side-effecting calls outside them and its uncontrolled dependencies.
struct LogicReader {
    let extractor: FactsExtractor
    var code: CodeTokens { extractor.code }

    /// A place of logic found in a type's members, before it is read.
    struct Unit {
        var kind: LogicFacts.Kind
        var owner: String
        var labels: [String] = []
        var actionName: String
        var stateName: String
        var actionType: String? = nil
        var stateType: String? = nil
        var actionPrefix: [String] = []
        var isStatic = false
        /// The `Reduce` token or the function's name token.
        var anchorToken: Int
        /// `{` and `}` of the closure or function body.
        var open: Int
        var close: Int
        /// Whether `mentionedFields` is asked (a `Reduce { }` closure's).
        var isClosure: Bool { kind == .reduceClosure }
    }

    /// `nested`: ranges of other logic units nested in this one, read on their own.
    func read(_ unit: Unit, excluding nested: [Range<Int>]) -> LogicFacts {
        let bodyStart = code.closureBodyStart(unit.open) ?? unit.open + 1
        let close = unit.close
        // Code after a `return` never runs (Swift warns "will never be executed"): nothing in it is read.
        let excluded = (nested + code.unreachableRanges(from: bodyStart, to: close)).sorted { $0.lowerBound < $1.lowerBound }
        var clauses: [RawClause] = []
        var dispatched: [Range<Int>] = []
        var otherDispatch = false
        var j = bodyStart
        while j < close {
            if let range = excluded.first(where: { $0.contains(j) }) { j = range.upperBound; continue }
            defer { j += 1 }
            guard code.kind(j) == .keyword else { continue }
            if code.is(j, "case") && code.is(j - 1, "if") {
                if let c = ifCase(at: j, actionName: unit.actionName, limit: close) {
                    // `if case .binding = action { … }`: a clause of its own, its block out of the every-action code.
                    clauses.append(RawClause(label: j, patternEnd: c.patternEnd, bodyStart: c.open + 1, bodyEnd: c.close, isDefault: false))
                    dispatched.append((j - 1)..<(c.close + 1))
                    j = c.close
                } else {
                    otherDispatch = true
                }
                continue
            }
            if code.is(j, "case") && code.is(j - 1, "guard") { otherDispatch = true; continue }
            guard code.is(j, "switch") else { continue }
            guard let (blockOpen, blockClose) = switchBlock(at: j, subject: unit.actionName, limit: close) else {
                otherDispatch = true
                continue
            }
            for c in SwitchClauses.clauses(of: code, open: blockOpen, close: blockClose) {
                clauses += decomposed(RawClause(label: c.label, patternEnd: c.patternEnd, bodyStart: c.bodyStart, bodyEnd: c.bodyEnd,
                                                isDefault: c.isDefault), excluding: excluded)
            }
            dispatched.append(j..<(blockClose + 1))
            j = blockClose
        }
        let clauseStarts = Set(clauses.map(\.bodyStart)).union([bodyStart])
        let sends = SendReader(extractor: extractor, regionOpen: unit.open, regionClose: close, clauseBodyStarts: clauseStarts)
        let effectReader = EffectReader(extractor: extractor)
        let found = effectReader.find(from: bodyStart, to: close, excluding: excluded)
        let effectRanges = found.flatMap { $0.closures.map { ($0.open)..<($0.close + 1) } }
        let facts = LogicFacts(kind: unit.kind, owner: unit.owner, labels: unit.labels, actionName: unit.actionName,
                               stateName: unit.stateName, actionType: unit.actionType, actionPrefix: unit.actionPrefix,
                               isStatic: unit.isStatic, location: extractor.location(unit.anchorToken),
                               anchor: extractor.anchor(unit.anchorToken), open: extractor.anchor(unit.open),
                               close: extractor.anchor(close), clauses: [], everyAction: nil)
        facts.hasOtherDispatch = otherDispatch
        facts.forwardsToReduceMethod = unit.isClosure && forwardsToReduceMethod(from: bodyStart, to: close, unit: unit)
        facts.stateType = unit.stateType
        facts.effects = found.map { effectReader.facts(of: $0, regionOpen: unit.open, regionClose: close, stateName: unit.stateName) }
        for c in clauses {
            let written = c.isDefault ? [] : CasePath.patterns(code: code, from: c.label + 1, to: c.patternEnd)
            // A clause of a `switch` over a case's bound payload carries the outer patterns before its own.
            var patterns = written
            if let outer = c.outer {
                patterns = outer.flatMap { o in written.isEmpty ? [(o, c.label)] : written.map { (o + $0.path, $0.start) } }
            }
            var ranges = Self.subtracting(c.holes, from: c.bodyStart..<c.bodyEnd)
            // A `where` guard runs for the action too: what it reads counts (but it is no logic of the clause's own).
            var guardRange: Range<Int>? = nil
            if let guardStart = (c.label + 1..<c.patternEnd).first(where: { code.is($0, "where") }) {
                guardRange = (guardStart + 1)..<c.patternEnd
                ranges.insert((guardStart + 1)..<c.patternEnd, at: 0)
            }
            let isDefault = c.isDefault && c.outer == nil
            var clause = CaseFacts(patterns: patterns.map { unit.actionPrefix + $0.path }, location: extractor.location(c.label),
                                   code: codeFacts(ranges, notLogic: guardRange, stateName: unit.stateName,
                                                   sends: sends, excluded: excluded, effects: effectRanges),
                                   anchor: extractor.anchor(c.label), isDefault: isDefault)
            // Only a binding clause's text is quoted (`binding_reducer_not_first`): a project holds tens of thousands of
            // clauses, and the text of each was a string of its own.
            if clause.bindingPattern != nil {
                clause.patternText = code.sourceText(from: c.label + 1, through: max(c.patternEnd - 1, c.label + 1))
            }
            clause.boundNames = c.isDefault ? [] : boundNames(from: c.label + 1, to: c.patternEnd)
            clause.patternAnchors = patterns.map { extractor.anchor($0.start) }
            var sawCondition = false
            var k = c.bodyStart
            for (index, effect) in found.enumerated() where effect.start >= c.bodyStart && effect.start < c.bodyEnd {
                clause.effects.append(index)
                while k < effect.start {
                    if code.kind(k) == .keyword && (code.is(k, "guard") || code.is(k, "if")) { sawCondition = true }
                    k += 1
                }
                facts.effects[index].followsCondition = sawCondition
            }
            facts.clauses.append(clause)
        }
        // Everything outside the dispatching statements runs for every action.
        var outside: [Range<Int>] = []
        var cursor = bodyStart
        for d in dispatched.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if d.lowerBound > cursor { outside.append(cursor..<d.lowerBound) }
            cursor = max(cursor, d.upperBound)
        }
        if cursor < close { outside.append(cursor..<close) }
        // `return switch action { … }`: the `return` alone is not logic of its own.
        if outside.contains(where: { range in range.contains { !code.is($0, "return") && !code.isPunct($0, .semicolon) && !inside($0, excluded) } }) {
            facts.everyAction = codeFacts(outside, notLogic: nil, stateName: unit.stateName, sends: sends, excluded: excluded,
                                          effects: effectRanges)
        }
        // The synchronous part (outside effects) and the whole region.
        var synchronous: [Range<Int>] = []
        var start = bodyStart
        for r in (effectRanges + excluded).sorted(by: { $0.lowerBound < $1.lowerBound }) where r.lowerBound >= start {
            if r.lowerBound > start { synchronous.append(start..<r.lowerBound) }
            start = r.upperBound
        }
        if start < close { synchronous.append(start..<close) }
        let synchronousCalls = synchronous.flatMap { sideEffects(in: $0) }
        facts.sideEffects = synchronousCalls.map(\.facts)
        // A `Task { }` started by the reducer itself is no effect: a TestStore neither waits for nor sees it, so what
        // it reads (`Task.sleep`, `Date()`) is not what tests wait on; the task is side_effect_in_reducer's finding.
        let reducerTasks = synchronousCalls.filter { $0.facts.receiver == "Task" && $0.facts.schedulesWork }.map(\.range)
        facts.uncontrolled = uncontrolled(from: unit.open + 1, to: close, excluded: (excluded + reducerTasks).sorted { $0.lowerBound < $1.lowerBound },
                                          stateName: Array(unit.stateName.utf8))
        facts.cancelledIDs = EffectReader.cancelledIDs(from: unit.open + 1, to: close, code: code)
        facts.callSites = callSites(from: bodyStart, to: close, regionOpen: unit.open)
        if unit.isClosure { facts.mentionedFields = mentionedFields(open: unit.open, close: close) }
        return facts
    }

    private func inside(_ token: Int, _ ranges: [Range<Int>]) -> Bool { ranges.contains { $0.contains(token) } }

    /// A clause as found, before its facts are read.
    struct RawClause {
        var label: Int
        var patternEnd: Int
        var bodyStart: Int
        var bodyEnd: Int
        var isDefault: Bool
        /// For a clause of a `switch` over an outer clause's bound payload: the outer clause's patterns.
        var outer: [[String]]? = nil
        /// Parts of the body that belong to nested clauses.
        var holes: [Range<Int>] = []
    }

    /// `case let .view(viewAction): switch viewAction { case .tapped: … }`: the outer clause and, for the `switch`
    /// over the payload it binds, one clause per nested case, its patterns the outer ones followed by its own
    /// (`.view(.tapped)`); the outer clause keeps the code outside that `switch`. Nested once.
    func decomposed(_ clause: RawClause, excluding excluded: [Range<Int>]) -> [RawClause] {
        guard !clause.isDefault, let bound = boundPayload(from: clause.label + 1, to: clause.patternEnd) else { return [clause] }
        let outer = CasePath.patterns(code: code, from: clause.label + 1, to: clause.patternEnd).map(\.path)
        guard !outer.isEmpty else { return [clause] }
        var outerClause = clause
        var nested: [RawClause] = []
        var j = clause.bodyStart
        while j < clause.bodyEnd {
            if let range = excluded.first(where: { $0.contains(j) }) { j = range.upperBound; continue }
            guard code.kind(j) == .keyword, code.is(j, "switch"), code.text(j + 1) == bound, code.isPunct(j + 2, .lbrace),
                  let blockClose = code.partnerOf(j + 2), blockClose > j + 2, blockClose < clause.bodyEnd else { j += 1; continue }
            for c in SwitchClauses.clauses(of: code, open: j + 2, close: blockClose) {
                nested.append(RawClause(label: c.label, patternEnd: c.patternEnd, bodyStart: c.bodyStart, bodyEnd: c.bodyEnd,
                                        isDefault: c.isDefault, outer: outer))
            }
            outerClause.holes.append(j..<(blockClose + 1))
            j = blockClose + 1
        }
        return [outerClause] + nested
    }

    /// The name a single pattern binds to the payload of its last case: `.view(let a)`, `let .view(a)`,
    /// `.view(.child(let a))`; nil for several patterns, a tuple, or no binding.
    private func boundPayload(from: Int, to: Int) -> String? {
        var end = to
        if let w = (from..<to).first(where: { code.is($0, "where") }) { end = w }
        guard !(from..<end).contains(where: { code.isPunct($0, .comma) }) else { return nil }
        let leadingLet = code.is(from, "let") || code.is(from, "var")
        // The innermost `( … )` before the end: its only content is the bound name.
        var k = end - 1
        guard code.isPunct(k, .rparen), let open = code.partnerOf(k), open < k else { return nil }
        var name = open + 1
        if code.is(name, "let") || code.is(name, "var") { name += 1 } else if !leadingLet { return nil }
        guard name + 1 == k, code.kind(name) == .identifier else { return nil }
        k = name
        return code.text(k)
    }

    /// Names bound by the patterns in [from, to): after `let`/`var`, or — after a leading `let` — alone in an
    /// argument position (`case let .a(x, y)`).
    private func boundNames(from: Int, to: Int) -> [String] {
        var end = to
        if let w = (from..<to).first(where: { code.is($0, "where") }) { end = w }
        let leadingLet = code.is(from, "let") || code.is(from, "var")
        var names: [String] = []
        for k in from..<end where code.kind(k) == .identifier {
            let afterLet = code.is(k - 1, "let") || code.is(k - 1, "var")
            let alone = leadingLet && (code.isPunct(k - 1, .lparen) || code.isPunct(k - 1, .comma) || code.isPunct(k - 1, .colon))
                && (code.isPunct(k + 1, .rparen) || code.isPunct(k + 1, .comma))
            if afterLet || alone { names.append(code.text(k)) }
        }
        return names
    }

    /// `range` without the `holes` in it, as ordered stretches.
    static func subtracting(_ holes: [Range<Int>], from range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = range.lowerBound
        for hole in holes.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if hole.lowerBound > start { result.append(start..<hole.lowerBound) }
            start = max(start, hole.upperBound)
        }
        if start < range.upperBound { result.append(start..<range.upperBound) }
        return result
    }

    /// `switch <expression mentioning subject> {`: the block's braces.
    private func switchBlock(at j: Int, subject: String, limit: Int) -> (Int, Int)? {
        var k = j + 1
        var mentionsSubject = false
        while k < limit && !code.isPunct(k, .lbrace) {
            if code.kind(k) == .identifier && code.text(k) == subject { mentionsSubject = true }
            k = code.skipGroup(k, limit: limit)
        }
        guard mentionsSubject, k < limit, let c = code.partnerOf(k), c > k else { return nil }
        return (k, c)
    }

    /// `if case <patterns> = <action> { … }` (a single condition) at the `case` token j.
    private func ifCase(at j: Int, actionName: String, limit: Int) -> (patternEnd: Int, open: Int, close: Int)? {
        var k = j + 1
        while k < limit && !code.isOperator(k, "=") && !code.isPunct(k, .lbrace) { k = code.skipGroup(k, limit: limit) }
        guard code.isOperator(k, "="), code.text(k + 1) == actionName, code.isPunct(k + 2, .lbrace),
              let close = code.partnerOf(k + 2), close > k + 2, close < limit else { return nil }
        return (k, k + 2, close)
    }

    /// The closure's body is `[return] [self.]reduce(into: &state, action: action)` and nothing else, with the
    /// closure's own names for the state and the action.
    private func forwardsToReduceMethod(from start: Int, to end: Int, unit: Unit) -> Bool {
        var i = start
        if code.is(i, "return") { i += 1 }
        if code.is(i, "self") && code.isDot(i + 1) { i += 2 }
        guard code.is(i, "reduce"), code.isPunct(i + 1, .lparen), let close = code.partnerOf(i + 1), close + 1 == end,
              code.is(i + 2, "into"), code.isPunct(i + 3, .colon), code.isOperator(i + 4, "&"), code.text(i + 5) == unit.stateName,
              code.isPunct(i + 6, .comma), code.is(i + 7, "action"), code.isPunct(i + 8, .colon), code.text(i + 9) == unit.actionName
        else { return false }
        return i + 10 == close
    }

    // MARK: code facts

    /// What the code in `ranges` does; `notLogic` is a part not judged for `isNoOp` (a clause's `where` guard).
    func codeFacts(_ ranges: [Range<Int>], notLogic: Range<Int>?, stateName: String, sends: SendReader,
                   excluded: [Range<Int>], effects: [Range<Int>]) -> CodeFacts {
        var facts = CodeFacts(isNoOp: true)
        var calls = Set<String>()
        var significant: [Int] = []
        let name = Array(stateName.utf8)
        for range in ranges {
            var i = range.lowerBound
            // Blocks opened since the start of the stretch: an access inside one happens only on some runs.
            var depth = 0
            while i < range.upperBound {
                if let skip = excluded.first(where: { $0.contains(i) }) { i = skip.upperBound; continue }
                defer { i += 1 }
                if !(notLogic?.contains(i) ?? false), !code.isPunct(i, .semicolon) { significant.append(i) }
                if code.isPunct(i, .lbrace) { depth += 1 } else if code.isPunct(i, .rbrace) { depth = max(depth - 1, 0) }
                let kind = code.kind(i)
                guard kind == .identifier || kind == .keyword else { continue }
                if (code.is(i, "send") || code.is(i, "run") || code.is(i, "task")), let (found, resume) = sends.sends(at: i) {
                    facts.sends += found
                    i = resume - 1
                    continue
                }
                if StateAccesses.isStateBase(i, stateName: name, code: code) {
                    if let access = StateAccesses.access(at: i, code: code) {
                        facts.accesses.append(AccessFacts(path: access.path, comparedWith: access.comparedWith,
                                                          anchor: extractor.anchor(access.token), kind: access.kind,
                                                          isCompared: access.isCompared, isConditional: depth > 0))
                        if let cleared = clearedField(access, code: code) { facts.clearedFields.append(cleared) }
                    } else if code.isNameLike(i + 2) {
                        // `state.removeCube(at:)`: a method of the state (possibly mutating), not a field.
                        calls.insert(stateName + "." + code.text(i + 2))
                    }
                    continue
                }
                if kind == .identifier, code.isOperator(i + 1, "="), !code.isDot(i - 1), code.tokens[i].length == name.count,
                   code.text(i) == stateName {
                    facts.replacesState = true
                    continue
                }
                if code.is(i, "cancel") && code.isDot(i - 1) && code.isPunct(i + 1, .lparen) {
                    facts.cancelledIDs += EffectReader.idArguments(open: i + 1, code: code)
                }
                // Helper calls: `name(`, `self.name(`.
                if kind == .identifier && code.isPunct(i + 1, .lparen) && (!code.isDot(i - 1) || code.is(i - 2, "self")),
                   !code.startsUppercase(i) {
                    calls.insert(code.text(i))
                }
            }
        }
        facts.isNoOp = isNoOp(significant)
        facts.calls = calls.sorted()
        return facts
    }

    /// `return .none`, `.none`, `return Effect.none`, `return`, `break`, or nothing.
    private func isNoOp(_ tokens: [Int]) -> Bool {
        var t = tokens[...]
        if let f = t.first, code.is(f, "return") { t = t.dropFirst() }
        if t.isEmpty { return true }
        if t.count == 1, let f = t.first { return code.is(f, "break") }
        if let f = t.first, code.is(f, "Effect") || code.is(f, "EffectOf") { t = t.dropFirst() }
        return t.count == 2 && code.isDot(t[t.startIndex]) && code.is(t[t.startIndex + 1], "none")
    }

    /// The field an access clears: `state.child = nil`, `state.$child.wrappedValue = nil`, `state.rows[id: id] = nil`,
    /// `state.path = StackState()`, `state.path = []`, `state.path.removeLast()`, `state.path.popLast()`.
    /// `StackState()` or `StackState<Path.State>()` at k: an empty stack (`StackState([.name(…)])` is not).
    private func isEmptyStack(at k: Int, code: CodeTokens) -> Bool {
        guard code.is(k, "StackState") else { return false }
        var j = k + 1
        if code.isOperator(j, "<"), let after = code.skipGenericArguments(j, limit: code.count) { j = after }
        return code.isPunct(j, .lparen) && code.isPunct(j + 1, .rparen)
    }

    private func clearedField(_ access: StateAccesses.Access, code: CodeTokens) -> String? {
        guard access.kind != .read else { return nil }
        var k = access.token + 1
        if code.isDot(k) && code.is(k + 1, "wrappedValue") { k += 2 }
        if code.isPunct(k, .lbracket) { k = code.skipGroup(k, limit: code.count) }
        if code.isOperator(k, "=") {
            if code.is(k + 1, "nil") || isEmptyStack(at: k + 1, code: code) || (code.isPunct(k + 1, .lbracket) && code.isPunct(k + 2, .rbracket)) {
                return access.field
            }
            return nil
        }
        if code.isDot(k) && code.isNameLike(k + 1) {
            let member = code.text(k + 1)
            if member.hasPrefix("remove") || member.hasPrefix("pop") { return access.field }
        }
        return nil
    }

    // MARK: calls in the region

    /// Side-effecting calls in the range, each with its tokens.
    private func sideEffects(in range: Range<Int>) -> [(facts: SideEffectFacts, range: Range<Int>)] {
        var result: [(SideEffectFacts, Range<Int>)] = []
        var j = range.lowerBound
        while j < range.upperBound {
            guard let match = SideEffectCalls.match(at: j, limit: range.upperBound, code: code) else { j += 1; continue }
            var facts = SideEffectFacts(anchor: extractor.anchor(match.start), shown: match.shown, isNamedStore: match.isNamedStore,
                                        receiver: code.text(match.start), schedulesWork: match.schedulesWork)
            if match.isNamedStore {
                facts.receiverIsLocalDependency = declaresLocalDependency(named: facts.receiver, in: range.lowerBound..<match.start)
            }
            result.append((facts, match.start..<(match.end + 1)))
            j = match.end + 1
        }
        return result
    }

    /// `@Dependency(\.database) var name` (or `let`) declared as a local in the range, as a statement of the logic
    /// (`case .save: @Dependency(\.myRoutineData) var store; try store.save()`).
    /// Its attributes are read as a member's are (`Declarations.attributes(before:)`, as `MembersReader` reads a
    /// `@Dependency` property).
    private func declaresLocalDependency(named name: String, in range: Range<Int>) -> Bool {
        for k in range.dropLast() where (code.is(k, "var") || code.is(k, "let")) && code.text(k + 1) == name {
            let attributes = Declarations.attributes(before: k - 1, code: code)
            if attributes.contains(where: { $0 >= range.lowerBound && code.is($0, "Dependency") }) { return true }
        }
        return false
    }

    private func uncontrolled(from: Int, to: Int, excluded: [Range<Int>], stateName: [UInt8]) -> [UncontrolledFacts] {
        var result: [UncontrolledFacts] = []
        var j = from
        while j < to {
            if let skip = excluded.first(where: { $0.contains(j) }) { j = skip.upperBound; continue }
            if let now = UncontrolledCalls.impliedNow(at: j, stateName: stateName, code: code) {
                var facts = UncontrolledFacts(anchor: extractor.anchor(j), endAnchor: extractor.anchor(now.end), shown: ".now",
                                              key: "date", replacement: .use)
                facts.assignedField = now.field
                result.append(facts)
                j = now.end + 1
            } else if let match = UncontrolledCalls.match(at: j, limit: to, code: code) {
                result.append(UncontrolledFacts(anchor: extractor.anchor(j), endAnchor: extractor.anchor(match.end),
                                                shown: code.shownText(from: j, through: match.end), key: match.key,
                                                clockUse: match.clockUse, replacement: match.replacement))
                j = match.end + 1
            } else {
                j += 1
            }
        }
        return result
    }

    /// Calls of helpers (`name(…)`, `self.name(…)`) with `.cancellable(id:)` chained after them.
    private func callSites(from: Int, to: Int, regionOpen: Int) -> [CallSiteFacts] {
        var result: [CallSiteFacts] = []
        var j = from
        while j < to {
            defer { j += 1 }
            guard code.kind(j) == .identifier, code.isPunct(j + 1, .lparen), !code.is(j - 1, "func"),
                  !code.startsUppercase(j), !code.isDot(j - 1) || code.is(j - 2, "self") || code.is(j - 2, "Self") else { continue }
            let close = code.skipGroup(j + 1, limit: to)
            var start = j
            while start >= 2 && code.isDot(start - 1) && code.isNameLike(start - 2) { start -= 2 }
            let ids = EffectReader.cancellableIDs(afterExpressionEnd: close, expressionStart: start, regionOpen: regionOpen,
                                                  regionClose: to, code: code)
            if !ids.isEmpty { result.append(CallSiteFacts(name: code.text(j), cancellableIDs: ids)) }
        }
        return result
    }

    /// The state fields a `Reduce { state, action in … }` closure mentions (`state.x…` → x), or nil when it may
    /// change state in ways not visible by name: `&state`, `state = …`, `state` passed whole, a method called on
    /// the state, or no closure signature to name the state.
    private func mentionedFields(open: Int, close: Int) -> Set<String>? {
        guard let bodyStart = code.closureBodyStart(open) else { return nil }
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

    // MARK: names

    /// Second parameter name of `{ state, action in`, or `action`.
    static func closureActionName(open: Int, code: CodeTokens) -> String {
        guard code.closureBodyStart(open) != nil else { return "action" }
        var names: [String] = []
        var j = open + 1
        while j < code.count && !code.is(j, "in") && names.count < 4 {
            if code.tokens[j].kind == .identifier || code.is(j, "_") {
                if code.isPunct(j + 1, .comma) || code.is(j + 1, "in") || code.isPunct(j + 1, .rparen) || code.isPunct(j + 1, .colon) {
                    names.append(code.text(j))
                }
            }
            j += 1
        }
        return names.count >= 2 ? names[1] : "action"
    }

    /// First parameter name of `{ state, action in`, or `state`.
    static func closureStateName(open: Int, code: CodeTokens) -> String {
        guard code.closureBodyStart(open) != nil else { return "state" }
        var j = open + 1
        if code.isPunct(j, .lparen) { j += 1 }
        return code.kind(j) == .identifier ? code.text(j) : "state"
    }
}

/// What one logic region does with the actions that reach it: the clauses of its `switch` over the
/// incoming action, which of them ignore their action (only `return .none` / `break`), and the code that
/// runs for every action (everything outside those switches). Rules ask these questions here instead
/// of re-deriving them from positions.
public struct ActionHandling {
    public struct Case {
        public var clause: SwitchClauses.Clause
        /// Case paths of its patterns (`case .a(.b), .c:` → [[a, b], [c]]); empty for `default`.
        public var paths: [[String]]
        /// The body does nothing with the action: empty, `break`, or `return .none` / `.none`.
        public var isInert: Bool
    }

    public let region: LogicRegion
    /// Clauses of every `switch <action>` in the region, in source order.
    public let cases: [Case]
    /// From the `switch` keyword to its `}`, for each switch over the action.
    public let switches: [(start: Int, close: Int)]
    /// The region holds a `switch`, `if case` or `guard case` over something other than the action
    /// (a `switch viewAction` after `guard case .view(let viewAction) = action`): which code runs for
    /// which action is then not known.
    public let hasOtherDispatch: Bool

    public init(region: LogicRegion, code: CodeTokens) {
        self.region = region
        var cases: [Case] = []
        var switches: [(Int, Int)] = []
        var other = false
        var j = region.open + 1
        while j < region.close {
            defer { j += 1 }
            guard code.tokens[j].kind == .keyword else { continue }
            if code.is(j, "case") && code.is(j - 1, "if"), let c = Self.ifCase(at: j, region: region, code: code) {
                // `if case .binding = action { … }`: a case of its own, its block out of the every-action code.
                cases.append(c)
                switches.append((j - 1, c.clause.bodyEnd))
                j = c.clause.bodyEnd
                continue
            }
            if code.is(j, "case") && (code.is(j - 1, "if") || code.is(j - 1, "guard")) { other = true; continue }
            guard code.is(j, "switch") else { continue }
            var subjectIsAction = false
            var k = j + 1
            while k < region.close && !code.isPunct(k, .lbrace) {
                if code.tokens[k].kind == .identifier && code.text(k) == region.actionName { subjectIsAction = true }
                k = code.skipGroup(k, limit: region.close)
            }
            guard subjectIsAction, k < region.close, let c = code.partnerOf(k), c > k else { other = true; continue }
            switches.append((j, c))
            for clause in SwitchClauses.clauses(of: code, open: k, close: c) {
                let paths = clause.isDefault ? [] : CasePath.patternPaths(code: code, from: clause.label + 1, to: clause.patternEnd)
                    .map { region.actionCasePrefix + $0 }
                cases.append(Case(clause: clause, paths: paths,
                                  isInert: Self.isInert(from: clause.bodyStart, to: clause.bodyEnd, code: code)))
            }
        }
        self.cases = cases
        self.switches = switches
        self.hasOtherDispatch = other
    }

    /// `if case <patterns> = <action> { … }` (a single condition) at the `case` token j, as a case whose body is the block.
    static func ifCase(at j: Int, region: LogicRegion, code: CodeTokens) -> Case? {
        var k = j + 1
        while k < region.close && !code.isOperator(k, "=") && !code.isPunct(k, .lbrace) { k = code.skipGroup(k, limit: region.close) }
        guard code.isOperator(k, "="), code.text(k + 1) == region.actionName, code.isPunct(k + 2, .lbrace),
              let close = code.partnerOf(k + 2), close > k + 2, close < region.close else { return nil }
        let clause = SwitchClauses.Clause(label: j, patternEnd: k, bodyStart: k + 3, bodyEnd: close, isDefault: false)
        let paths = CasePath.patternPaths(code: code, from: j + 1, to: k).map { region.actionCasePrefix + $0 }
        return Case(clause: clause, paths: paths, isInert: isInert(from: k + 3, to: close, code: code))
    }

    /// Whether tokens [from, to) do nothing: nothing, `break`, `return .none`, `.none`, `return Effect.none`.
    static func isInert(from: Int, to: Int, code: CodeTokens) -> Bool {
        // `case .a: return .none; case .b: …` on one line: the `;` before the next label is no logic.
        var to = to
        while to > from && code.isPunct(to - 1, .semicolon) { to -= 1 }
        var j = from
        if code.is(j, "return") { j += 1 } else if code.is(j, "break") { return j + 1 == to }
        if j == to { return true }
        if code.is(j, "Effect") || code.is(j, "EffectOf") { j += 1 }
        return code.isDot(j) && code.is(j + 1, "none") && j + 2 == to
    }

    /// The non-default cases with a pattern that matches an action with this case path (the pattern is a
    /// prefix of the path: `case .view:` matches `.view(.tapped)`).
    public func cases(matching path: [String]) -> [Case] {
        cases.filter { c in c.paths.contains { p in p.count <= path.count && Array(path.prefix(p.count)) == p } }
    }

    /// The `default:` clauses.
    public var defaults: [Case] { cases.filter { $0.clause.isDefault } }

    /// Token ranges [from, to) of the region that run whichever action arrives: everything outside the
    /// switches over the action. Nil when that is not known (`hasOtherDispatch`).
    public var everyActionRanges: [(Int, Int)]? {
        guard !hasOtherDispatch else { return nil }
        var ranges: [(Int, Int)] = []
        var from = region.open + 1
        for s in switches where s.start >= from {
            if s.start > from { ranges.append((from, s.start)) }
            from = s.close + 1
        }
        if from < region.close { ranges.append((from, region.close)) }
        return ranges
    }
}

/// How code touches the fields of the state: `state.field` reads and writes, as the code spells them.
public enum StateAccess {
    public struct Access {
        public var field: String
        /// Token of the field name.
        public var token: Int
        /// `state.field = …` (a plain assignment, which does not read the field).
        public var isAssignment: Bool
    }

    /// Every `<stateName>.field` in [from, to).
    public static func accesses(from: Int, to: Int, stateName: String, code: CodeTokens) -> [Access] {
        var result: [Access] = []
        let nameBytes = Array(stateName.utf8)
        var j = from
        while j + 2 < to {
            defer { j += 1 }
            let t = code.tokens[j]
            guard t.kind == .identifier, t.length == nameBytes.count, code.isDot(j + 1), !code.isDot(j - 1),
                  code.bytes[t.startOffset..<t.endOffset].elementsEqual(nameBytes),
                  code.tokens[j + 2].kind == .identifier else { continue }
            var field = code.text(j + 2)
            if field.hasPrefix("$") { field.removeFirst() }
            result.append(Access(field: field, token: j + 2, isAssignment: code.isOperator(j + 3, "=")))
        }
        return result
    }
}

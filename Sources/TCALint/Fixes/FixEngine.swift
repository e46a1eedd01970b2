/// Applies fixes to one file's text, separate from detection (ruff's model): the providers propose
/// fixes, the engine decides which to keep.
///
/// One pass: lint, collect the fixes whose findings are reported (a suppressed finding is not fixed),
/// order them by (first offset, rule id), keep each fix none of whose edits conflict with a kept one
/// (the others wait for the next pass, computed on the new text), then check every kept fix on its own
/// by re-tokenizing and re-linting its result. A fix whose result has new `unknown` tokens, unbalances
/// brackets or `#if`/`#endif` that were balanced, still reports its finding, or adds a finding of another
/// rule is dropped with a message and never written. Passes repeat until nothing changes (at most
/// `maxPasses`), so dependent fixes converge; a converged result has no applicable fix left, which makes
/// fixing idempotent.
public struct FixEngine {
    public var linter: Linter
    /// Apply `.unsafe` fixes too (`--fix --unsafe`).
    public var includeUnsafe: Bool
    public var maxPasses: Int
    public var providers: [any FixProvider.Type]

    public init(linter: Linter = Linter(), includeUnsafe: Bool = false, maxPasses: Int = 4,
                providers: [any FixProvider.Type] = FixProviders.all) {
        self.linter = linter
        self.includeUnsafe = includeUnsafe
        self.maxPasses = maxPasses
        self.providers = providers
    }

    public struct Outcome {
        /// The fixed text (the input when nothing was applied).
        public var bytes: [UInt8]
        /// Fixes applied, by rule id.
        public var applied: [String: Int] = [:]
        /// Fixes of the final text that `--unsafe` would apply, by rule id.
        public var unsafeAvailable: [String: Int] = [:]
        /// Why fixes were dropped or left pending, one line each, prefixed with `path:line:column:`.
        public var messages: [String] = []
        /// Diagnostics of the final text.
        public var remaining: [Diagnostic] = []
        /// The fixes applied in each pass; their edits are in the coordinates of that pass's input.
        public var passes: [[Fix]] = []
        public var changed: Bool { !passes.isEmpty }
    }

    public func run(_ source: SourceFile) -> Outcome {
        var outcome = Outcome(bytes: source.bytes)
        var state = FileState(path: source.path, bytes: source.bytes, linter: linter)
        var reportedDrops = Set<String>()
        var pass = 0
        while true {
            let (applicable, unsafeOnly) = candidates(in: state)
            if applicable.isEmpty || pass == maxPasses {
                outcome.unsafeAvailable = unsafeOnly.reduce(into: [:]) { $0[$1.ruleID, default: 0] += 1 }
                if !applicable.isEmpty {
                    for fix in applicable {
                        outcome.messages.append("\(state.position(fix.findingOffsets.first ?? fix.firstOffset)): fix '\(fix.title)' (\(fix.ruleID)) not applied: still pending after \(maxPasses) passes; run --fix again")
                    }
                }
                break
            }
            pass += 1

            // Deterministic selection of non-conflicting fixes.
            var selected: [Fix] = []
            for fix in applicable where !selected.contains(where: { $0.conflicts(with: fix) }) {
                selected.append(fix)
            }
            // Each kept fix must stand on its own.
            var verified: [Fix] = []
            for fix in selected {
                let result = TextEdit.apply(fix.edits, to: state.bytes)
                let after = FileState(path: source.path, bytes: result, linter: linter)
                if let problem = state.problem(after: after, fixing: [fix]) {
                    let message = "\(state.position(fix.findingOffsets.first ?? fix.firstOffset)): fix '\(fix.title)' (\(fix.ruleID)) dropped: \(problem)"
                    if reportedDrops.insert(message).inserted { outcome.messages.append(message) }
                } else {
                    verified.append(fix)
                }
            }
            guard !verified.isEmpty else {
                // Only dropped fixes are left: nothing more will change.
                outcome.unsafeAvailable = unsafeOnly.reduce(into: [:]) { $0[$1.ruleID, default: 0] += 1 }
                break
            }
            var edits = verified.flatMap(\.edits)
            var next = FileState(path: source.path, bytes: TextEdit.apply(edits, to: state.bytes), linter: linter)
            if verified.count > 1, state.problem(after: next, fixing: verified) != nil {
                // Fine alone, not together: keep the first; the others are recomputed next pass.
                verified = [verified[0]]
                edits = verified[0].edits
                next = FileState(path: source.path, bytes: TextEdit.apply(edits, to: state.bytes), linter: linter)
            }
            for fix in verified { outcome.applied[fix.ruleID, default: 0] += 1 }
            outcome.passes.append(verified)
            state = next
        }
        outcome.bytes = state.bytes
        outcome.remaining = state.diagnostics
        return outcome
    }

    /// Fixes for the reported findings of enabled rules, sorted by (first offset, rule id, title):
    /// those to apply now, and the unsafe ones held back without `--unsafe`.
    func candidates(in state: FileState) -> (applicable: [Fix], unsafeOnly: [Fix]) {
        let enabled = Set(linter.rules.map { $0.description.id }.filter { !linter.isRuleExcluded(state.path, $0) })
        var all: [Fix] = []
        for provider in providers where enabled.contains(provider.ruleID) {
            for fix in provider.fixes(for: state.file) where !fix.edits.isEmpty && !fix.findingOffsets.isEmpty {
                // Every finding it claims must be reported (not suppressed by a disable comment).
                guard fix.findingOffsets.allSatisfy({ state.isReported(fix.ruleID, at: $0) }) else { continue }
                if !all.contains(fix) { all.append(fix) }
            }
        }
        all.sort { ($0.firstOffset, $0.ruleID, $0.title) < ($1.firstOffset, $1.ruleID, $1.title) }
        if includeUnsafe { return (all, []) }
        return (all.filter { $0.applicability == .safe }, all.filter { $0.applicability == .unsafe })
    }
}

/// One version of the file during fixing: its analysis, diagnostics and the health counters a fix must
/// not make worse.
struct FileState {
    let path: String
    let bytes: [UInt8]
    let file: AnalyzedFile
    let diagnostics: [Diagnostic]
    let counts: [String: Int]
    let unknownTokens: Int
    let unbalancedBrackets: Int
    let ifConfigDepth: Int
    let lineEnding: LineEnding

    init(path: String, bytes: [UInt8], linter: Linter) {
        self.path = path
        self.bytes = bytes
        file = AnalyzedFile(source: SourceFile(path: path, bytes: bytes))
        diagnostics = linter.diagnostics(for: file)
        counts = diagnostics.reduce(into: [:]) { $0[$1.ruleID, default: 0] += 1 }
        unknownTokens = file.tokens.reduce(0) { $0 + ($1.kind == .unknown ? 1 : 0) }
        var unbalanced = 0
        for (i, t) in file.code.tokens.enumerated() where t.kind == .punct && t.length == 1 {
            let c = bytes[t.startOffset]
            if (c == .lparen || c == .rparen || c == .lbrace || c == .rbrace || c == .lbracket || c == .rbracket)
                && file.code.partner[i] < 0 { unbalanced += 1 }
        }
        unbalancedBrackets = unbalanced
        var depth = 0
        for i in 0..<file.code.count where file.code.tokens[i].kind == .pound {
            if file.code.is(i, "#if") { depth += 1 } else if file.code.is(i, "#endif") { depth -= 1 }
        }
        ifConfigDepth = depth
        lineEnding = LineEnding.detect(bytes)
    }

    func isReported(_ ruleID: String, at offset: Int) -> Bool {
        let loc = file.source.location(of: offset)
        return diagnostics.contains { $0.ruleID == ruleID && $0.line == loc.line && $0.column == loc.column }
    }

    func position(_ offset: Int) -> String {
        let loc = file.source.location(of: offset)
        return "\(path):\(loc.line):\(loc.column)"
    }

    /// Why `after` (this text with `fixes` applied) must not be written, or nil when it is fine.
    func problem(after: FileState, fixing fixes: [Fix]) -> String? {
        if after.unknownTokens > unknownTokens { return "the result does not tokenize cleanly (new unknown tokens)" }
        if after.unbalancedBrackets > unbalancedBrackets { return "the result has unbalanced brackets" }
        if ifConfigDepth == 0 && after.ifConfigDepth != 0 { return "the result has unbalanced #if/#endif" }
        if after.lineEnding != lineEnding { return "the result changes the file's line endings" }
        var resolved: [String: Int] = [:]
        for fix in fixes { resolved[fix.ruleID, default: 0] += fix.findingOffsets.count }
        for (rule, n) in resolved where after.counts[rule, default: 0] > counts[rule, default: 0] - n {
            return "the result still reports the finding"
        }
        for (rule, n) in after.counts where resolved[rule] == nil && n > counts[rule, default: 0] {
            return "the result adds a finding of \(rule)"
        }
        return nil
    }
}

extension FixEngine {
    /// Every fix offered for the file's reported findings (unsafe ones too when `includeUnsafe`), each
    /// checked on its own exactly as `run` checks it: a fix whose result does not tokenize cleanly or
    /// still reports its finding is left out. For editors, which offer fixes one at a time.
    public func checkedFixes(for source: SourceFile) -> [Fix] {
        let state = FileState(path: source.path, bytes: source.bytes, linter: linter)
        let (applicable, unsafeOnly) = candidates(in: state)
        return (applicable + unsafeOnly).filter { fix in
            let after = FileState(path: source.path, bytes: TextEdit.apply(fix.edits, to: source.bytes), linter: linter)
            return state.problem(after: after, fixing: [fix]) == nil
        }
    }
}

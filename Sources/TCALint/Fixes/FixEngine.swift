/// Applies fixes to one file's text (ruff's model): the rules attach fixes to their findings, the
/// engine decides which to keep.
///
/// One pass: lint, collect the fixes whose findings are reported (a suppressed finding is not fixed),
/// order them by (first offset, rule id), keep each fix none of whose edits conflict with a kept one
/// (the others wait for the next pass, computed on the new text), then check the kept fixes together by
/// re-tokenizing and re-linting their result once. Only when that result is refused is the batch split in
/// halves and each half checked (so k bad fixes among n cost O(k log n) checks, not n), down to single
/// fixes, which are dropped with a message and never written. A result is refused when it
/// - parses less cleanly than the input (`ParseHealth`: new unknown tokens, unterminated literals or
///   block comments, unbalanced brackets, unmatched `#if`/`#endif`),
/// - changes any token outside the edited ranges (an edit may not reach code it does not replace: a
///   deleted newline that merges a line comment with the next line, an inserted quote that turns the rest
///   of the file into a string),
/// - changes the file's line endings, still reports a fixed finding, or adds a finding of another rule.
/// Passes repeat until nothing changes (at most `maxPasses`), so dependent fixes converge; a converged
/// result has no applicable fix left, which makes fixing idempotent.
public struct FixEngine {
    public var linter: Linter
    /// Apply `.unsafe` fixes too (`--fix --unsafe`).
    public var includeUnsafe: Bool
    public var maxPasses: Int

    /// The findings whose fixes may be applied, out of a pass's findings: all of them, or (`--baseline`)
    /// those the baseline does not cover, so that `--fix` leaves accepted findings and their lines alone.
    public var fixable: ([Diagnostic]) -> [Diagnostic]
    /// The project the file belongs to: rules judge the file (and each fixed text) with the other files' features.
    public var project: FeatureIndex?

    public init(linter: Linter = Linter(), includeUnsafe: Bool = false, maxPasses: Int = 4, project: FeatureIndex? = nil,
                fixable: @escaping ([Diagnostic]) -> [Diagnostic] = { $0 }) {
        self.linter = linter
        self.project = project
        self.includeUnsafe = includeUnsafe
        self.maxPasses = maxPasses
        self.fixable = fixable
        self.project = project
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
        var state = FileState(path: source.path, bytes: source.bytes, linter: linter, project: project)
        var drops = DropLog()
        var pass = 0
        // In a file that does not parse cleanly, a fix with several edits (a move, an insertion elsewhere) can
        // carry broken text into a new context, where the compiler recovers worse: a mutant's moved `Scope`
        // went from 11 to 14 SwiftParser errors. Only single-edit fixes, which change one place, apply there.
        let unclean = state.health.firstProblem
        while true {
            var (applicable, unsafeOnly) = candidates(in: state)
            drops.startPass()
            if let unclean {
                for fix in applicable where fix.edits.count > 1 {
                    drops.record(fix, problem: "not applied: the file does not parse cleanly (\(unclean)); fix that first", at: state.position(fix.findingOffsets.first ?? fix.firstOffset))
                }
                applicable.removeAll { $0.edits.count > 1 }
            }
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

            let selected = Self.nonConflicting(applicable)
            var verified: [Fix] = []
            var next = state
            verify(selected, on: state, path: source.path, accepted: &verified, result: &next) { fix, problem in
                drops.record(fix, problem: "dropped: \(problem)", at: state.position(fix.findingOffsets.first ?? fix.firstOffset))
            }
            guard !verified.isEmpty else {
                // Only dropped fixes are left: nothing more will change.
                outcome.unsafeAvailable = unsafeOnly.reduce(into: [:]) { $0[$1.ruleID, default: 0] += 1 }
                break
            }
            for fix in verified { outcome.applied[fix.ruleID, default: 0] += 1 }
            outcome.passes.append(verified)
            state = next
        }
        outcome.messages = drops.messages + outcome.messages
        outcome.bytes = state.bytes
        outcome.remaining = state.diagnostics
        return outcome
    }

    /// The fixes dropped or held back, each said once: a fix dropped again in a later pass (whose text other fixes
    /// have moved) is the same fix, told at its latest position, which is where the user finds it in the output.
    /// Passes meet the same fixes in the same order, so the n-th drop of a fix of one rule, title and reason is
    /// the same fix in every pass.
    struct DropLog {
        private var order: [String] = []
        private var latest: [String: String] = [:]
        private var seenThisPass: [String: Int] = [:]

        mutating func startPass() { seenThisPass = [:] }

        mutating func record(_ fix: Fix, problem: String, at position: String) {
            let kind = "\(fix.ruleID)|\(fix.title)|\(problem)"
            let n = seenThisPass[kind, default: 0]
            seenThisPass[kind] = n + 1
            let key = "\(kind)#\(n)"
            if latest[key] == nil { order.append(key) }
            latest[key] = "\(position): fix '\(fix.title)' (\(fix.ruleID)) \(problem)"
        }

        var messages: [String] { order.compactMap { latest[$0] } }
    }

    /// The fixes attached to the reported findings (of enabled rules, not suppressed), each once, sorted
    /// by (first offset, rule id, title): those to apply now, and the unsafe ones held back without `--unsafe`.
    func candidates(in state: FileState) -> (applicable: [Fix], unsafeOnly: [Fix]) {
        var all: [Fix] = []
        // A fix resolving n findings is attached to each of them, which come one after another: judged once
        // (copies of one fix share their storage, so comparing them is cheap), not n times over n offsets.
        var previous: Fix? = nil
        for fix in fixable(state.diagnostics).compactMap(\.fix) where !fix.edits.isEmpty && !fix.findingOffsets.isEmpty {
            if let previous, previous == fix { continue }
            previous = fix
            // Every finding the fix resolves must be reported.
            guard fix.findingOffsets.allSatisfy({ state.isReported(fix.ruleID, at: $0) }) else { continue }
            all.append(fix)
        }
        all.sort { ($0.firstOffset, $0.ruleID, $0.title) < ($1.firstOffset, $1.ruleID, $1.title) }
        // Drop duplicates (a fix resolving several findings is attached to each): equal fixes have equal sort keys,
        // so each is compared only with the run of fixes sharing its key.
        var unique: [Fix] = []
        var runStart = 0
        for fix in all {
            if let last = unique.last, (last.firstOffset, last.ruleID, last.title) != (fix.firstOffset, fix.ruleID, fix.title) {
                runStart = unique.count
            }
            if !unique[runStart...].contains(fix) { unique.append(fix) }
        }
        all = unique
        if includeUnsafe { return (all, []) }
        return (all.filter { $0.applicability == .safe }, all.filter { $0.applicability == .unsafe })
    }
}

extension FixEngine {
    /// The fixes, in order, that conflict with no earlier kept one. Kept edits are held sorted by offset,
    /// so each edit is compared only with its neighbours (n log n, not n²).
    static func nonConflicting(_ fixes: [Fix]) -> [Fix] {
        var kept: [TextEdit] = []  // sorted by (lowerBound, upperBound), pairwise non-conflicting
        var selected: [Fix] = []
        for fix in fixes {
            let conflicts = fix.edits.contains { edit in
                // First kept edit that could touch `edit`: kept ranges do not overlap, so their upper
                // bounds are sorted too.
                var low = 0, high = kept.count
                while low < high {
                    let mid = (low + high) / 2
                    if kept[mid].range.upperBound < edit.range.lowerBound { low = mid + 1 } else { high = mid }
                }
                var i = low
                while i < kept.count && kept[i].range.lowerBound <= edit.range.upperBound {
                    if kept[i].conflicts(with: edit) { return true }
                    i += 1
                }
                return false
            }
            // Edits of one fix do not conflict with each other (a fix's own contract).
            guard !conflicts else { continue }
            selected.append(fix)
            for edit in fix.edits {
                var low = 0, high = kept.count
                while low < high {
                    let mid = (low + high) / 2
                    if TextEdit.precedes(kept[mid], edit) { low = mid + 1 } else { high = mid }
                }
                kept.insert(edit, at: low)
            }
        }
        return selected
    }

    /// Checks `fixes` together on `state`; when the result is refused, checks each half on its own,
    /// recursively, and keeps the largest accepted set: the left half's accepted fixes plus the right
    /// half's when the two still pass together. A single refused fix is reported through `drop`.
    /// On return `accepted` holds the kept fixes and `result` the state they produce.
    func verify(_ fixes: [Fix], on state: FileState, path: String, accepted: inout [Fix], result: inout FileState,
                drop: (Fix, String) -> Void) {
        guard !fixes.isEmpty else { return }
        let after = FileState(path: path, bytes: TextEdit.apply(fixes.flatMap(\.edits), to: state.bytes), linter: linter, project: project)
        guard let problem = state.problem(after: after, fixing: fixes) else {
            accepted = fixes
            result = after
            return
        }
        if fixes.count == 1 {
            drop(fixes[0], problem)
            return
        }
        let middle = fixes.count / 2
        var left: [Fix] = [], leftResult = state
        verify(Array(fixes[..<middle]), on: state, path: path, accepted: &left, result: &leftResult, drop: drop)
        var right: [Fix] = [], rightResult = state
        verify(Array(fixes[middle...]), on: state, path: path, accepted: &right, result: &rightResult, drop: drop)
        if left.isEmpty || right.isEmpty {
            accepted = left.isEmpty ? right : left
            result = left.isEmpty ? rightResult : leftResult
            return
        }
        let both = left + right
        let combined = FileState(path: path, bytes: TextEdit.apply(both.flatMap(\.edits), to: state.bytes), linter: linter, project: project)
        if state.problem(after: combined, fixing: both) == nil {
            accepted = both
            result = combined
        } else {
            // Fine apart, not together: the right half is recomputed on the next pass.
            accepted = left
            result = leftResult
        }
    }
}

/// One version of the file during fixing: its analysis, diagnostics and the health counters a fix must
/// not make worse.
struct FileState {
    let path: String
    let bytes: [UInt8]
    let file: FileSyntax
    let diagnostics: [Diagnostic]
    let counts: [String: Int]
    let health: ParseHealth
    let lineEnding: LineEnding
    /// `ruleID` and start offset of each diagnostic: what `isReported` looks up (a set, so that checking
    /// n fixes stays linear).
    private let reported: Set<ReportedPosition>

    private struct ReportedPosition: Hashable {
        var ruleID: String
        var offset: Int
    }

    init(path: String, bytes: [UInt8], linter: Linter, project: FeatureIndex?) {
        self.path = path
        self.bytes = bytes
        let source = SourceFile(path: path, bytes: bytes)
        let analyzed = AnalyzedFile(source: source, project: project)
        file = analyzed.syntax ?? FileSyntax(source: source)
        diagnostics = linter.diagnostics(for: analyzed, source: source)
        counts = diagnostics.reduce(into: [:]) { $0[$1.ruleID, default: 0] += 1 }
        reported = Set(diagnostics.map { ReportedPosition(ruleID: $0.ruleID, offset: $0.range.lowerBound) })
        health = ParseHealth(file)
        lineEnding = LineEnding.detect(bytes)
    }

    func isReported(_ ruleID: String, at offset: Int) -> Bool {
        reported.contains(ReportedPosition(ruleID: ruleID, offset: offset))
    }

    func position(_ offset: Int) -> String {
        let loc = file.source.location(of: offset)
        return "\(path):\(loc.line):\(loc.column)"
    }

    /// Why `after` (this text with `fixes` applied) must not be written, or nil when it is fine.
    func problem(after: FileState, fixing fixes: [Fix]) -> String? {
        if let worse = after.health.worse(than: health) { return worse }
        if after.lineEnding != lineEnding { return "the result changes the file's line endings" }
        if let token = firstTokenChangedOutside(fixes.flatMap(\.edits), after: after) {
            let loc = file.source.location(of: token.startOffset)
            return "the edit changes code outside the replaced text (at \(loc.line):\(loc.column))"
        }
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

    /// The first token of this text that lies outside every edit but is not found, same kind and same
    /// length, at its shifted offset in `after`. One merge over both token lists: linear.
    func firstTokenChangedOutside(_ edits: [TextEdit], after: FileState) -> Token? {
        let sorted = edits.sorted(by: TextEdit.precedes)
        var e = 0, shift = 0
        let newTokens = after.file.tokens
        var j = newTokens.startIndex
        for token in file.tokens.elements {
            let start = Int(token.startOffset), end = Int(token.endOffset)
            // Edits ending at or before the token (an insertion right in front of it too) shift it. Sorted,
            // non-conflicting edits have sorted upper bounds, so these are a prefix of the rest.
            while e < sorted.count && sorted[e].range.upperBound <= start {
                shift += sorted[e].replacement.count - sorted[e].range.count
                e += 1
            }
            // The next edit starting inside the token replaces (part of) it: not "outside".
            if e < sorted.count && sorted[e].range.lowerBound < end { continue }
            let target = start + shift
            while j < newTokens.endIndex && Int(newTokens[j].startOffset) < target { newTokens.formIndex(after: &j) }
            guard j < newTokens.endIndex, Int(newTokens[j].startOffset) == target,
                  newTokens[j].kind == token.kind, Int(newTokens[j].endOffset) - target == end - start else { return token }
        }
        return nil
    }
}

/// What our tokenizer and parser can tell about how cleanly a text parses, as counts a fix must not
/// raise: tokens the tokenizer does not recognise, string literals and block comments that run to the
/// end of the file unterminated, brackets without a partner, `#if` without `#endif` and the reverse.
struct ParseHealth: Equatable {
    var unknownTokens = 0
    var unterminated = 0
    var unbalancedBrackets = 0
    var unmatchedIfConfig = 0

    init(_ file: FileSyntax) {
        let bytes = file.source.bytes
        for token in file.tokens.elements {
            switch token.kind {
            case .unknown: unknownTokens += 1
            case .string where !Self.isTerminatedString(bytes, Int(token.startOffset), Int(token.endOffset)):
                unterminated += 1
            case .comment where bytes[Int(token.startOffset) + 1] == UInt8(ascii: "*"):
                let end = Int(token.endOffset)
                if end - Int(token.startOffset) < 4 || bytes[end - 2] != UInt8(ascii: "*") || bytes[end - 1] != UInt8(ascii: "/") {
                    unterminated += 1
                }
            default: break
            }
        }
        let code = file.code
        var depth = 0
        for (i, t) in code.tokens.enumerated() {
            if t.kind == .punct && t.length == 1 {
                let c = bytes[Int(t.startOffset)]
                if (c == .lparen || c == .rparen || c == .lbrace || c == .rbrace || c == .lbracket || c == .rbracket)
                    && code.partner[i] < 0 { unbalancedBrackets += 1 }
            } else if t.kind == .pound {
                if code.is(i, "#if") {
                    depth += 1
                } else if code.is(i, "#endif") {
                    if depth == 0 { unmatchedIfConfig += 1 } else { depth -= 1 }
                } else if depth == 0 && (code.is(i, "#else") || code.is(i, "#elseif")) {
                    unmatchedIfConfig += 1
                }
            }
        }
        unmatchedIfConfig += depth
    }

    /// A string token `#*"…"#*` (or `"""…"""`) that ends with its opening's delimiter.
    static func isTerminatedString(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Bool {
        var hashes = 0
        var i = start
        while i < end && bytes[i] == UInt8(ascii: "#") { hashes += 1; i += 1 }
        guard i < end else { return true }
        let quote = bytes[i]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return true }
        let triple = i + 2 < end && bytes[i + 1] == quote && bytes[i + 2] == quote
        let opening = i - start + (triple ? 3 : 1)
        let closing = (triple ? 3 : 1) + hashes
        guard end - start >= opening + closing else { return false }
        if bytes[(end - hashes)..<end].contains(where: { $0 != UInt8(ascii: "#") }) { return false }
        return bytes[(end - closing)..<(end - hashes)].allSatisfy { $0 == quote }
    }

    /// What is wrong with a text that does not parse cleanly, or nil when nothing is.
    var firstProblem: String? {
        if unknownTokens > 0 { return "\(unknownTokens) unknown token\(unknownTokens == 1 ? "" : "s")" }
        if unterminated > 0 { return "an unterminated string literal or comment" }
        if unbalancedBrackets > 0 { return "\(unbalancedBrackets) unbalanced bracket\(unbalancedBrackets == 1 ? "" : "s")" }
        if unmatchedIfConfig > 0 { return "unbalanced #if/#endif" }
        return nil
    }

    /// Why `self` (the result of a fix) parses less cleanly than `before`, or nil.
    func worse(than before: ParseHealth) -> String? {
        if unknownTokens > before.unknownTokens { return "the result does not tokenize cleanly (new unknown tokens)" }
        if unterminated > before.unterminated { return "the result has an unterminated string literal or comment" }
        if unbalancedBrackets > before.unbalancedBrackets { return "the result has unbalanced brackets" }
        if unmatchedIfConfig > before.unmatchedIfConfig { return "the result has unbalanced #if/#endif" }
        return nil
    }
}

extension FixEngine {
    /// Every fix offered for the file's reported findings (unsafe ones too when `includeUnsafe`), each
    /// checked on its own exactly as `run` checks it: a fix whose result does not tokenize cleanly or
    /// still reports its finding is left out. For editors, which offer fixes one at a time.
    /// `including`: which fixes to check (the language server asks for one finding's): each fix checked costs a
    /// re-lint of the file, so checking all of them for every request grew with the square of the findings.
    public func checkedFixes(for source: SourceFile, including: (Fix) -> Bool = { _ in true }) -> [Fix] {
        let state = FileState(path: source.path, bytes: source.bytes, linter: linter, project: project)
        let (applicable, unsafeOnly) = candidates(in: state)
        return (applicable + unsafeOnly).filter(including).filter { fix in
            let after = FileState(path: source.path, bytes: TextEdit.apply(fix.edits, to: source.bytes), linter: linter, project: project)
            return state.problem(after: after, fixing: [fix]) == nil
        }
    }
}

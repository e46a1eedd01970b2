/// Applies a file's `tca-lint:disable` comments to its diagnostics and reports the comments
/// that suppress nothing (`superfluous_disable`).
///
/// The suppression semantics are SwiftLint's (Command.swift, SwiftLintFile+Regex.swift
/// `regions()`, Linter.swift `superfluousDisableCommandViolations`), reproduced step by step
/// so that a team's habits carry over exactly:
///
/// - A command takes effect at the *end* of its comment: a region `disable` written after code
///   on a line does not cover that code, and `enable` covers the rest of its line.
/// - `disable:this|next|previous` disables for that whole line and then *enables* the same ids at
///   the end of the line. So inside a `disable foo` region, a `disable:this foo` ends the region
///   for `foo` after that line (SwiftLint behaves the same).
/// - `all` disables every rule; `enable all` removes `all` only, and `enable foo` inside
///   `disable all` does not re-enable `foo`.
/// - A disabled range for a rule that contains none of that rule's findings is superfluous,
///   unless `superfluous_disable` (or `all`) is disabled where it starts. A disable naming an
///   unknown rule is reported once per command, with the closest known id.
///
/// Differences from SwiftLint, for usefulness: superfluous findings are reported at the comment
/// (line and column where the comment starts), not at the start of the disabled range;
/// unknown ids in `enable` commands are reported too (a typo there leaves a region open).
public enum Suppressions {
    /// A command with where it is.
    public struct LocatedCommand: Equatable, Sendable {
        public var command: DisableCommand
        /// Where the comment starts (1-based line and column): where findings about it are reported.
        public var line: Int
        /// UTF-8 offset of the comment's first byte (the start of the reported range).
        public var offset: Int
        public var column: Int
        /// Where the comment ends: where SwiftLint considers the command to take effect.
        public var endLine: Int
        public var endColumn: Int
    }

    /// The valid commands in a file's comment tokens, in source order.
    public static func commands(in source: SourceFile, tokens: SourceTokens) -> [LocatedCommand] {
        let prefix = Array(DisableCommand.prefix.utf8)
        var result: [LocatedCommand] = []
        for token in tokens.elements where token.kind == .comment {
            let start = token.startOffset, end = min(token.endOffset, source.bytes.count)
            guard start < end else { continue }
            let comment = source.bytes[start..<end]
            guard DisableCommand.find(prefix, in: comment) != nil,
                  let command = DisableCommand.parse(comment: comment) else { continue }
            let begin = source.location(of: start)
            let finish = source.location(of: end)
            result.append(LocatedCommand(command: command, line: begin.line, offset: start, column: begin.column,
                                         endLine: finish.line, endColumn: finish.column))
        }
        return result
    }

    /// The diagnostics that survive the file's disable comments, plus `superfluous_disable` findings,
    /// in report order.
    /// - Parameters:
    ///   - diagnostics: every finding of the enabled rules in this file, before suppression.
    ///   - tokens: the file's tokens (`AnalyzedFile.tokens`); only comments are read.
    ///   - knownRuleIDs: every rule id that exists (enabled or not), incl. `superfluous_disable`.
    ///   - enabledRuleIDs: the rules that ran; superfluous disables are only judged for these
    ///     (as in SwiftLint), and nothing is reported unless `superfluous_disable` is among them.
    ///   - locate: turns a `superfluous_disable` finding into a diagnostic, as for every rule (`Linter`).
    public static func apply(_ diagnostics: [Diagnostic], source: SourceFile, tokens: SourceTokens,
                             knownRuleIDs: Set<String>, enabledRuleIDs: Set<String>,
                             locate: (Finding) -> Diagnostic) -> [Diagnostic] {
        let commands = commands(in: source, tokens: tokens)
        let superfluousID = SuperfluousDisableRule.description.id
        let invalid = enabledRuleIDs.contains(superfluousID) ? invalidCommandLocations(in: source, tokens: tokens) : []
        if commands.isEmpty && invalid.isEmpty { return diagnostics.sorted(by: Diagnostic.reportOrder) }
        let events = expand(commands)
        let allRegions = regions(events)
        let lookup = RegionLookup(allRegions)
        var result = diagnostics.filter { d in
            guard let region = lookup.first(containing: Location(d.line, d.column)) else { return true }
            return !region.disables(d.ruleID)
        }
        guard enabledRuleIDs.contains(superfluousID) else { return result.sorted(by: Diagnostic.reportOrder) }

        // `command` indexes `commands`; -1 for an invalid command, which is located by `at`.
        var reports: [(offset: Int, message: String)] = []
        let mentioned = Set(commands.filter { $0.command.action == .disable }.flatMap(\.command.ruleIDs))
        for ruleID in mentioned.sorted() where ruleID != superfluousID && enabledRuleIDs.contains(ruleID) {
            let own = diagnostics.filter { $0.ruleID == ruleID }.map { Location($0.line, $0.column) }
            for command in superfluousCommands(for: ruleID, events: events, findings: own) {
                reports.append((commands[command].offset, "tca-lint rule '\(ruleID)' did not trigger a finding in the disabled region; remove it from the disable command"))
            }
        }
        for (message, offset, at) in invalid {
            // An invalid command is not reported where `superfluous_disable` is disabled.
            if let region = allRegions.first(where: { $0.contains(Location(at.line, at.column)) }),
               region.disables(superfluousID) { continue }
            reports.append((offset, message))
        }
        let known = knownRuleIDs.sorted()
        for located in commands {
            let start = Location(located.line, located.column)
            if let region = lookup.first(containing: start), region.disables(superfluousID) { continue }
            for id in located.command.ruleIDs where id != DisableCommand.all && !knownRuleIDs.contains(id) {
                let hint = EditDistance.suggestion(for: id, in: known)
                reports.append((located.offset, "'\(id)' is not a tca-lint rule; remove it from the \(located.command.action.rawValue) command\(hint)"))
            }
        }
        for report in reports {
            result.append(locate(Finding(ruleID: superfluousID, offset: report.offset, message: report.message)))
        }
        return result.sorted(by: Diagnostic.reportOrder)
    }

    /// Comments holding a `tca-lint:` command that cannot work (no rule, a misspelt action or
    /// modifier), with why: reported under `superfluous_disable`, as SwiftLint reports them under
    /// `invalid_swiftlint_command`.
    static func invalidCommandLocations(in source: SourceFile, tokens: SourceTokens) -> [(message: String, offset: Int, at: (line: Int, column: Int))] {
        let prefix = Array(DisableCommand.prefix.utf8)
        var result: [(message: String, offset: Int, at: (line: Int, column: Int))] = []
        for token in tokens.elements where token.kind == .comment {
            let start = token.startOffset, end = min(token.endOffset, source.bytes.count)
            guard start < end else { continue }
            let comment = source.bytes[start..<end]
            guard DisableCommand.find(prefix, in: comment) != nil,
                  case .invalid(let message)? = DisableCommand.read(comment: comment) else { continue }
            let at = source.location(of: start)
            result.append((message, start, (at.line, at.column)))
        }
        return result
    }

    /// Convenience for the pipeline: the file's own tokens and source.
    public static func apply(_ diagnostics: [Diagnostic], in file: AnalyzedFile,
                             knownRuleIDs: Set<String>, enabledRuleIDs: Set<String>,
                             locate: (Finding) -> Diagnostic) -> [Diagnostic] {
        apply(diagnostics, source: file.source, tokens: file.tokens, knownRuleIDs: knownRuleIDs,
              enabledRuleIDs: enabledRuleIDs, locate: locate)
    }

    // MARK: - SwiftLint's region model

    /// SwiftLint's `Location` within one file. Column 0 stands for SwiftLint's `nil` character
    /// (before every column); `Int.max` is the end of the line.
    struct Location: Comparable, Hashable {
        var line: Int
        var column: Int
        init(_ line: Int, _ column: Int) {
            self.line = line
            self.column = column
        }
        static func < (a: Location, b: Location) -> Bool {
            a.line != b.line ? a.line < b.line : a.column < b.column
        }
        static let end = Location(Int.max, Int.max)
    }

    /// A command expanded (`Command.expand()`): modifiers become a disable/enable pair around a line.
    struct Event {
        var disable: Bool
        var ids: Set<String>
        var location: Location
        var command: Int
    }

    struct Region {
        var start: Location
        var end: Location
        var disabled: Set<String>
        var event: Int

        func contains(_ l: Location) -> Bool { start <= l && l <= end }
        func disables(_ id: String) -> Bool { disabled.contains(DisableCommand.all) || disabled.contains(id) }
    }

    /// `regions.first { $0.contains(l) }` in log time. Regions built from events in source order are
    /// sorted and disjoint, so the one containing `l` is the last starting at or before it; when a
    /// `disable:previous` makes them overlap, the linear search (SwiftLint's order) is kept.
    struct RegionLookup {
        let regions: [Region]
        let sortedAndDisjoint: Bool

        init(_ regions: [Region]) {
            self.regions = regions
            sortedAndDisjoint = zip(regions, regions.dropFirst()).allSatisfy { $0.end < $1.start }
        }

        func first(containing l: Location) -> Region? {
            guard sortedAndDisjoint else { return regions.first { $0.contains(l) } }
            var low = 0, high = regions.count
            while low < high {
                let mid = (low + high) / 2
                if regions[mid].start <= l { low = mid + 1 } else { high = mid }
            }
            return low > 0 && regions[low - 1].contains(l) ? regions[low - 1] : nil
        }
    }

    static func expand(_ commands: [LocatedCommand]) -> [Event] {
        var events: [Event] = []
        for (index, c) in commands.enumerated() {
            let disable = c.command.action == .disable
            let ids = Set(c.command.ruleIDs)
            let line: Int
            switch c.command.modifier {
            case nil:
                events.append(Event(disable: disable, ids: ids, location: Location(c.endLine, c.endColumn), command: index))
                continue
            case .this?: line = c.endLine
            case .next?: line = c.endLine + 1
            case .previous?: line = c.endLine - 1
            }
            events.append(Event(disable: disable, ids: ids, location: Location(line, 0), command: index))
            events.append(Event(disable: !disable, ids: ids, location: Location(line, Int.max), command: index))
        }
        return events
    }

    /// `SwiftLintFile.regions()`: after each event, the set of disabled ids holds until just before the next event.
    static func regions(_ events: [Event]) -> [Region] {
        var regions: [Region] = []
        var index: [RegionKey: Int] = [:]
        var disabled = Set<String>()
        for (i, event) in events.enumerated() {
            if event.disable { disabled.formUnion(event.ids) } else { disabled.subtract(event.ids) }
            let start = event.location
            let end = i + 1 < events.count ? endBefore(events[i + 1].location) : .end
            guard start < end else { continue }
            if let j = index[RegionKey(start: start, end: end)] {
                regions[j].disabled.formUnion(disabled)
            } else {
                index[RegionKey(start: start, end: end)] = regions.count
                regions.append(Region(start: start, end: end, disabled: disabled, event: i))
            }
        }
        return regions
    }

    private struct RegionKey: Hashable {
        var start: Location
        var end: Location
    }

    /// `endOf(next:)`: the last location before the next command takes effect.
    private static func endBefore(_ next: Location) -> Location {
        next.column > 0 ? Location(next.line, next.column - 1) : Location(max(next.line - 1, 0), Int.max)
    }

    /// The commands whose disabling of `ruleID` suppresses none of its findings
    /// (`superfluousDisableCommandViolations` with `perIdentifierRegions`).
    static func superfluousCommands(for ruleID: String, events: [Event], findings: [Location]) -> [Int] {
        let superfluousID = SuperfluousDisableRule.description.id
        let relevant: Set<String> = [ruleID, superfluousID, DisableCommand.all]
        let restricted = events.filter { !$0.ids.isDisjoint(with: relevant) }
        let regions = regions(restricted)

        // Per-identifier ranges: from the region where an id becomes disabled to the end of the
        // last consecutive region that still disables it.
        var ranges: [(id: String, start: Location, end: Location, region: Int)] = []
        var open: [String: (Location, Int)] = [:]
        var lastEnd: Location?
        for (k, region) in regions.enumerated() {
            for id in open.keys.sorted() where !region.disabled.contains(id) {
                if let lastEnd, let (start, r) = open[id] {
                    ranges.append((id, start, lastEnd, r))
                    open[id] = nil
                }
            }
            for id in region.disabled.sorted() where open[id] == nil {
                open[id] = (region.start, k)
            }
            lastEnd = region.end
        }
        for id in open.keys.sorted() {
            if let (start, r) = open[id] { ranges.append((id, start, .end, r)) }
        }

        // Blockers by start, with the furthest end so far: "some blocker covers x" is one binary search.
        let blockers = ranges.filter { $0.id == superfluousID || $0.id == DisableCommand.all }.sorted { $0.start < $1.start }
        var furthestEnd: [Location] = []
        for b in blockers { furthestEnd.append(max(furthestEnd.last ?? b.end, b.end)) }
        let sortedFindings = findings.sorted()
        // For each event, the last disable of `ruleID` at or before it.
        var lastOpener: [Int?] = []
        var opener: Int? = nil
        for (i, event) in restricted.enumerated() {
            if event.disable && event.ids.contains(ruleID) { opener = i }
            lastOpener.append(opener)
        }
        var result: [Int] = []
        var reported = Set<Int>()
        for range in ranges where range.id == ruleID {
            let b = lastIndex(in: blockers.count) { blockers[$0].start <= range.start }
            if let b, range.start <= furthestEnd[b] { continue }
            let f = lastIndex(in: sortedFindings.count) { sortedFindings[$0] < range.start }.map { $0 + 1 } ?? 0
            if f < sortedFindings.count && sortedFindings[f] <= range.end { continue }
            // Attribute the range to the disable that added the id at or before its first region.
            let eventIndex = regions[range.region].event
            let command = lastOpener[eventIndex].map { restricted[$0].command } ?? restricted[eventIndex].command
            if reported.insert(command).inserted { result.append(command) }
        }
        return result
    }

    /// The last index below `count` whose element satisfies `isBefore`, for a predicate true on a prefix.
    private static func lastIndex(in count: Int, where isBefore: (Int) -> Bool) -> Int? {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if isBefore(mid) { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? low - 1 : nil
    }
}

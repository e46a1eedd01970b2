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
        public var column: Int
        /// Where the comment ends: where SwiftLint considers the command to take effect.
        public var endLine: Int
        public var endColumn: Int
    }

    /// The valid commands in a file's comment tokens, in source order.
    public static func commands(in source: SourceFile, tokens: [Token]) -> [LocatedCommand] {
        let prefix = Array(DisableCommand.prefix.utf8)
        var result: [LocatedCommand] = []
        for token in tokens where token.kind == .comment {
            let start = token.startOffset, end = min(token.endOffset, source.bytes.count)
            guard start < end else { continue }
            let comment = source.bytes[start..<end]
            guard DisableCommand.find(prefix, in: comment) != nil,
                  let command = DisableCommand.parse(comment: comment) else { continue }
            let begin = source.location(of: start)
            let finish = source.location(of: end)
            result.append(LocatedCommand(command: command, line: begin.line, column: begin.column,
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
    public static func apply(_ diagnostics: [Diagnostic], source: SourceFile, tokens: [Token],
                             knownRuleIDs: Set<String>, enabledRuleIDs: Set<String>,
                             superfluousSeverity: Severity = SuperfluousDisableRule.description.defaultSeverity) -> [Diagnostic] {
        let commands = commands(in: source, tokens: tokens)
        if commands.isEmpty { return diagnostics.sorted(by: Diagnostic.reportOrder) }
        let events = expand(commands)
        let allRegions = regions(events)
        var result = diagnostics.filter { d in
            guard let region = allRegions.first(where: { $0.contains(Location(d.line, d.column)) }) else { return true }
            return !region.disables(d.ruleID)
        }
        let superfluousID = SuperfluousDisableRule.description.id
        guard enabledRuleIDs.contains(superfluousID) else { return result.sorted(by: Diagnostic.reportOrder) }

        var reports: [(command: Int, message: String)] = []
        let mentioned = Set(commands.filter { $0.command.action == .disable }.flatMap(\.command.ruleIDs))
        for ruleID in mentioned.sorted() where ruleID != superfluousID && enabledRuleIDs.contains(ruleID) {
            let own = diagnostics.filter { $0.ruleID == ruleID }.map { Location($0.line, $0.column) }
            for command in superfluousCommands(for: ruleID, events: events, findings: own) {
                reports.append((command, "tca-lint rule '\(ruleID)' did not trigger a finding in the disabled region; remove it from the disable command"))
            }
        }
        let known = knownRuleIDs.sorted()
        for (index, located) in commands.enumerated() {
            let start = Location(located.line, located.column)
            if let region = allRegions.first(where: { $0.contains(start) }), region.disables(superfluousID) { continue }
            for id in located.command.ruleIDs where id != DisableCommand.all && !knownRuleIDs.contains(id) {
                let hint = EditDistance.suggestion(for: id, in: known)
                reports.append((index, "'\(id)' is not a tca-lint rule; remove it from the \(located.command.action.rawValue) command\(hint)"))
            }
        }
        let d = SuperfluousDisableRule.description
        for report in reports {
            let c = commands[report.command]
            result.append(Diagnostic(path: source.path, line: c.line, column: c.column, severity: superfluousSeverity,
                                     ruleID: d.id, ruleName: d.name, message: report.message, lineText: source.lineText(c.line)))
        }
        return result.sorted(by: Diagnostic.reportOrder)
    }

    /// Convenience for the pipeline: the file's own tokens and source.
    public static func apply(_ diagnostics: [Diagnostic], in file: AnalyzedFile,
                             knownRuleIDs: Set<String>, enabledRuleIDs: Set<String>,
                             superfluousSeverity: Severity = SuperfluousDisableRule.description.defaultSeverity) -> [Diagnostic] {
        apply(diagnostics, source: file.source, tokens: file.tokens, knownRuleIDs: knownRuleIDs,
              enabledRuleIDs: enabledRuleIDs, superfluousSeverity: superfluousSeverity)
    }

    // MARK: - SwiftLint's region model

    /// SwiftLint's `Location` within one file. Column 0 stands for SwiftLint's `nil` character
    /// (before every column); `Int.max` is the end of the line.
    struct Location: Comparable {
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
        var disabled = Set<String>()
        for (i, event) in events.enumerated() {
            if event.disable { disabled.formUnion(event.ids) } else { disabled.subtract(event.ids) }
            let start = event.location
            let end = i + 1 < events.count ? endBefore(events[i + 1].location) : .end
            guard start < end else { continue }
            if let j = regions.firstIndex(where: { $0.start == start && $0.end == end }) {
                regions[j].disabled.formUnion(disabled)
            } else {
                regions.append(Region(start: start, end: end, disabled: disabled, event: i))
            }
        }
        return regions
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

        let blockers = ranges.filter { $0.id == superfluousID || $0.id == DisableCommand.all }
        var result: [Int] = []
        for range in ranges where range.id == ruleID {
            if blockers.contains(where: { $0.start <= range.start && range.start <= $0.end }) { continue }
            if findings.contains(where: { range.start <= $0 && $0 <= range.end }) { continue }
            // Attribute the range to the disable that added the id at or before its first region.
            let eventIndex = regions[range.region].event
            let opener = restricted[...eventIndex].last(where: { $0.disable && $0.ids.contains(ruleID) })
            let command = opener?.command ?? restricted[eventIndex].command
            if !result.contains(command) { result.append(command) }
        }
        return result
    }
}

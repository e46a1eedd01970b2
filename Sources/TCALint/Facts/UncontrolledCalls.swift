/// Expressions that read the real world where TCA provides a controllable dependency: `Date()`, `Date.now`,
/// `UUID()`, `Task.sleep(…)`, `DispatchQueue.main` as a scheduler, `Calendar.current`, `Locale.current`,
/// `TimeZone.current`, `.random(…)` without a generator, `ContinuousClock()` / `.now`.
enum UncontrolledCalls {
    struct Match {
        /// Last token of the expression.
        var end: Int
        /// The `DependencyValues` key.
        var key: String
        var clockUse: UncontrolledFacts.ClockUse?
        var replacement: UncontrolledFacts.Replacement?
    }

    /// The uncontrolled expression starting at token j, if any, unless its value can reach nothing (`UnusedValues`).
    static func match(at j: Int, limit: Int, code: CodeTokens) -> Match? {
        guard let match = expression(at: j, limit: limit, code: code) else { return nil }
        // A sleep's harm is the wait, whatever becomes of its value.
        if match.clockUse != .sleep && UnusedValues.isNeverUsed(valueAt: j, end: match.end, code: code) { return nil }
        return match
    }

    /// The uncontrolled expression starting at token j, if any, whatever becomes of its value.
    private static func expression(at j: Int, limit: Int, code: CodeTokens) -> Match? {
        guard code.tokens[j].kind == .identifier, !code.isDot(j - 1) || code.is(j - 2, "Foundation") else { return nil }
        let emptyCall = code.isPunct(j + 1, .lparen) && code.isPunct(j + 2, .rparen)
        let member = code.isDot(j + 1) && j + 2 < limit ? code.text(j + 2) : nil
        switch code.text(j) {
        case "Date":
            guard emptyCall || member == "now" else { return nil }
            // `Calendar.current.date(from: components) ?? Date()`: a fallback the calendar call never leaves to.
            if isCalendarDateFallback(at: j, code: code) { return nil }
            return Match(end: j + 2, key: "date", replacement: .use)
        case "UUID":
            // `.cancellable(id: UUID())`: an identity nothing reads or compares, so no test can observe it.
            if emptyCall && !isCancelID(at: j, code: code) { return Match(end: j + 2, key: "uuid", replacement: .use) }
        case "Calendar", "Locale", "TimeZone":
            guard member == "current" || member == "autoupdatingCurrent" else { return nil }
            // `Calendar.current.date(byAdding: .minute, …)`: seconds, minutes and hours are fixed lengths of
            // time, the same in every calendar, time zone and locale, so nothing a test controls changes it.
            if code.is(j, "Calendar"), code.isDot(j + 3), code.is(j + 4, "date"), code.isPunct(j + 5, .lparen),
               code.is(j + 6, "byAdding"), code.isPunct(j + 7, .colon), code.isDot(j + 8),
               ["second", "minute", "hour", "nanosecond"].contains(where: { code.is(j + 9, $0) }) { return nil }
            let key = code.is(j, "Calendar") ? "calendar" : code.is(j, "Locale") ? "locale" : "timeZone"
            return Match(end: j + 2, key: key, replacement: .use)
        case "ContinuousClock", "SuspendingClock":
            let key = code.is(j, "ContinuousClock") ? "continuousClock" : "suspendingClock"
            if emptyCall { return Match(end: j + 2, key: key, clockUse: .instance) }
            if member == "now" { return Match(end: j + 2, key: key, clockUse: .now) }
        case "Task":
            guard member == "sleep", code.isPunct(j + 3, .lparen), let close = code.partnerOf(j + 3), close > j + 3 else { return nil }
            // `Task.sleep(nanoseconds: 0)`, `Task.sleep(nanoseconds: 10_000_000)`, `Task.sleep(for: .milliseconds(5))`:
            // a scheduling yield (the code around such a sleep says it lets another task run first); no time
            // passes that a test would wait for.
            if isYield(sleep: j, close: close, code: code) { return nil }
            // `while true { try await Task.sleep(…) }` alone in its loop: a keep-alive until cancelled.
            if isKeepAliveLoop(sleep: j, close: close, code: code) { return nil }
            if code.is(j + 4, "for") && code.isPunct(j + 5, .colon) {
                return Match(end: close, key: "continuousClock", clockUse: .sleep,
                             replacement: .sleepFor(code.sourceText(from: j + 4, through: close - 1)))
            }
            if code.is(j + 4, "nanoseconds") && code.isPunct(j + 5, .colon), !(j + 6..<close).contains(where: { code.isPunct($0, .comma) }) {
                return Match(end: close, key: "continuousClock", clockUse: .sleep,
                             replacement: .sleepNanoseconds(code.sourceText(from: j + 6, through: close - 1)))
            }
            return Match(end: close, key: "continuousClock", clockUse: .sleep)
        case "DispatchQueue":
            // As a scheduler: `receive(on: DispatchQueue.main)`, `debounce(…, scheduler: DispatchQueue.main)`.
            guard member == "main", code.isPunct(j - 1, .colon), code.is(j - 2, "scheduler") || code.is(j - 2, "on") else { return nil }
            var end = j + 2
            if code.isDot(end + 1), code.is(end + 2, "eraseToAnyScheduler"), code.isPunct(end + 3, .lparen), code.isPunct(end + 4, .rparen) {
                end += 4
            }
            return Match(end: end, key: "mainQueue", replacement: .use)
        default:
            break
        }
        // `Int.random(in:)`, `Bool.random()`: no generator passed.
        if code.startsUppercase(j), member == "random", code.isPunct(j + 3, .lparen), let close = code.partnerOf(j + 3), close > j + 3,
           !(j + 4..<close).contains(where: { code.is($0, "using") && code.isPunct($0 + 1, .colon) }) {
            return Match(end: close, key: "withRandomNumberGenerator")
        }
        return nil
    }

    /// An implicit member `.now` (the `.` at j) assigned to a state field, `state.lastSeen = .now` or
    /// `state.until = .now.addingTimeInterval(60)` (the state named `stateName`): the field, and the `now` token.
    /// What `.now` is depends on the field's type (`Date.now`, or a clock's instant), which the facts do not know.
    static func impliedNow(at j: Int, stateName: [UInt8], code: CodeTokens) -> (field: String, end: Int)? {
        guard code.isDot(j), code.is(j + 1, "now"), !code.isPunct(j + 2, .lparen), j >= 4, code.isOperator(j - 1, "="),
              code.isNameLike(j - 2), code.isDot(j - 3), StateAccesses.isStateBase(j - 4, stateName: stateName, code: code)
        else { return nil }
        return (code.text(j - 2), j + 1)
    }

    /// The value at `j` is the right side of `??` whose left side is a calendar's `.date(from:)` /
    /// `.date(byAdding:…)` / `.date(bySettingHour:…)`: the fallback of a computation that fails only for invalid
    /// components, so it does not run.
    static func isCalendarDateFallback(at j: Int, code: CodeTokens) -> Bool {
        guard code.is(j - 1, "??"), code.isPunct(j - 2, .rparen), let open = code.partnerOf(j - 2), open < j - 2,
              code.is(open - 1, "date"), code.isDot(open - 2) else { return false }
        return code.is(open + 1, "from") || code.is(open + 1, "byAdding") || code.is(open + 1, "bySettingHour")
            || code.is(open + 1, "bySetting")
    }

    /// The value at `j` is the `id:` argument of `.cancellable(id:…)` / `.cancel(id:)`.
    static func isCancelID(at j: Int, code: CodeTokens) -> Bool {
        code.isPunct(j - 1, .colon) && code.is(j - 2, "id") && code.isPunct(j - 3, .lparen)
            && (code.is(j - 4, "cancellable") || code.is(j - 4, "cancel"))
    }

    /// The longest sleep read as a scheduling yield: 10 ms.
    static let yieldNanoseconds = 10_000_000

    /// `Task.sleep(nanoseconds: N)` or `Task.sleep(for: .milliseconds(N))` (the `(` after `sleep` at j + 3, its
    /// partner at `close`) with a literal of at most 10 ms.
    static func isYield(sleep j: Int, close: Int, code: CodeTokens) -> Bool {
        func literal(_ k: Int) -> Int? {
            guard code.tokens[k].kind == .number else { return nil }
            return Int(code.text(k).filter { $0 != "_" })
        }
        if code.is(j + 4, "nanoseconds"), code.isPunct(j + 5, .colon), j + 7 == close, let n = literal(j + 6) {
            return n <= yieldNanoseconds
        }
        if code.is(j + 4, "for"), code.isPunct(j + 5, .colon), code.isDot(j + 6), code.is(j + 7, "milliseconds"),
           code.isPunct(j + 8, .lparen), code.isPunct(j + 10, .rparen), j + 11 == close, let n = literal(j + 9) {
            return n <= yieldNanoseconds / 1_000_000
        }
        return false
    }

    /// Whether the `Task.sleep(…)` at j (its `)` at close) is the only statement of a `while` loop's body.
    static func isKeepAliveLoop(sleep j: Int, close: Int, code: CodeTokens) -> Bool {
        var k = j - 1
        while k > 0 && (code.is(k, "await") || code.is(k, "try") || code.isOptionalMark(k)) { k -= 1 }
        guard code.isPunct(k, .lbrace), code.partnerOf(k) == close + 1 else { return false }
        var h = k - 1
        var steps = 0
        while h > 0 && steps < 8 && !code.is(h, "while") {
            guard !code.isPunct(h, .lbrace) && !code.isPunct(h, .rbrace) && !code.isPunct(h, .semicolon) else { return false }
            h -= 1
            steps += 1
        }
        return code.is(h, "while")
    }
}

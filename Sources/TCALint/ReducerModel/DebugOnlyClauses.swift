/// Tracks, during one forward walk over a file's code tokens, whether the current token sits in a
/// `#if DEBUG` (or `#elseif DEBUG`) clause: code the author compiled into debug builds only, on purpose.
/// One pass per file, so asking at every token costs nothing extra.
struct DebugOnlyClauses {
    /// One entry per enclosing `#if`: whether its current clause is `DEBUG`.
    private var clauses: [Bool] = []

    var isInside: Bool { clauses.contains(true) }

    /// Updates the clause stack for token `i`; call it for every token in order.
    mutating func step(_ i: Int, _ code: CodeTokens) {
        guard code.kind(i) == .pound else { return }
        if code.is(i, "#if") {
            clauses.append(Self.isDebugCondition(after: i, code))
        } else if code.is(i, "#elseif"), !clauses.isEmpty {
            clauses[clauses.count - 1] = Self.isDebugCondition(after: i, code)
        } else if code.is(i, "#else"), !clauses.isEmpty {
            clauses[clauses.count - 1] = false
        } else if code.is(i, "#endif") {
            _ = clauses.popLast()
        }
    }

    /// The condition is the single identifier `DEBUG`, alone on the directive's line.
    private static func isDebugCondition(after i: Int, _ code: CodeTokens) -> Bool {
        code.is(i + 1, "DEBUG") && !code.newlineBefore[i + 1] && (i + 2 >= code.count || code.newlineBefore[i + 2])
    }
}

/// Regex literals `/…/`, `#/…/#` and multi-line extended `#/` … `/#`, after SwiftParser's
/// `RegexLiteralLexer`. Whether a `/` may open one at all is decided by the caller (the
/// previous token and operator boundness, see `operatorSlashAsRegex`); this scanner applies
/// the lexer's remaining heuristics for bare `/…/` when the regex is not certain
/// (`mustBeRegex == false`): no leading space, no trailing space, no unbalanced `)`, and it
/// must close on the same line.
extension TokenizerCore {
    /// Scans a regex literal starting at `start` (first `#` or the `/`). Returns its end, or
    /// nil when it is not a regex. An unterminated literal that must be a regex ends at the
    /// line break (multi-line: at its first line break).
    mutating func scanRegexLiteral(from start: Int, mustBeRegex: Bool) -> Int? {
        var p = start
        while p < count && base[p] == UInt8(ascii: "#") { p += 1 }
        let pounds = p - start
        guard p < count && base[p] == UInt8(ascii: "/") else { return nil }
        let openSlash = p
        p += 1

        if pounds == 0 {
            if p < count {
                let next = base[p]
                if (next == 0x20 || next == 0x09) && !mustBeRegex { return nil }
                if next == UInt8(ascii: "*") || next == UInt8(ascii: "/") { return nil }  // a comment
            }
            if openSlash > 0 && base[openSlash - 1] == UInt8(ascii: "*") { return nil }  // end of a comment
        }

        // `#/` followed by only spaces up to a line break opens a multi-line literal.
        var firstNewline = -1
        if pounds > 0 {
            var q = p
            while q < count && (base[q] == 0x20 || base[q] == 0x09) { q += 1 }
            if q < count && (base[q] == 0x0A || base[q] == 0x0D) {
                firstNewline = q
                p = q
                // A multi-line scan that found no closing delimiter up to the end of input
                // settles every later one with at least as many pounds: keeps `#/`-spam linear.
                if q > multilineRegexFailFrom && pounds >= multilineRegexFailPounds {
                    return mustBeRegex ? firstNewline : nil
                }
            }
        }

        var groupDepth = 0
        var classDepth = 0
        var lastSpace = -1
        while true {
            // The closing delimiter.
            if p < count && base[p] == UInt8(ascii: "/") {
                var q = p + 1
                var closePounds = 0
                if pounds > 0 {
                    while q < count && base[q] == UInt8(ascii: "#") {
                        q += 1
                        closePounds += 1
                    }
                }
                if closePounds >= pounds {
                    if pounds == 0 {
                        if q < count && (base[q] == UInt8(ascii: "*") || base[q] == UInt8(ascii: "/")) {
                            return mustBeRegex ? p : nil  // `/…//` or `/…/*`: prefer the comment
                        }
                        if lastSpace >= 0 && lastSpace + 1 == p && !mustBeRegex { return nil }
                    }
                    return q
                }
            }
            // One pattern character.
            guard p < count else {
                if firstNewline >= 0 {
                    // Later scans start further on; a scan that got here past an earlier failure
                    // memo has fewer pounds than it, so this failure supersedes it.
                    multilineRegexFailFrom = firstNewline
                    multilineRegexFailPounds = pounds
                    return mustBeRegex ? firstNewline : nil
                }
                return mustBeRegex ? p : nil
            }
            let c = base[p]
            let charPosition = p
            p += 1
            switch c {
            case 0x0A, 0x0D:
                if firstNewline < 0 { return mustBeRegex ? charPosition : nil }
            case UInt8(ascii: "\\"):
                guard p < count else {
                    if firstNewline >= 0 { return mustBeRegex ? firstNewline : nil }
                    return mustBeRegex ? p : nil
                }
                let escaped = base[p]
                if (escaped == 0x0A || escaped == 0x0D) && firstNewline < 0 { return mustBeRegex ? p : nil }
                p += 1
            case UInt8(ascii: "(") where classDepth == 0:
                groupDepth += 1
            case UInt8(ascii: ")") where classDepth == 0:
                if groupDepth == 0 {
                    if !mustBeRegex { return nil }
                } else {
                    groupDepth -= 1
                }
            case UInt8(ascii: "["):
                classDepth += 1
            case UInt8(ascii: "]"):
                if classDepth > 0 { classDepth -= 1 }
            case 0x20:
                lastSpace = charPosition
            default:
                break  // non-ASCII bytes never matter, one byte at a time is equivalent
            }
        }
    }
}

/// Operators: maximal munch of operator characters, with SwiftParser's exceptions — a `.`
/// only continues an operator that starts with `.`, `//` and `/*` inside a run start a
/// comment, and a `/` in the run may open a regex literal.
extension TokenizerCore {
    mutating func lexOperator(_ i: Int, preferRegex: Bool) -> Int {
        var j = i + (base[i] < 0x80 ? 1 : decodeScalar(base, i, count).length)
        let startsWithDot = base[i] == UInt8(ascii: ".")
        while j < count {
            let c = base[j]
            if c < 0x80 {
                if byteClass(c) & ByteClass.operatorCharacter == 0 { break }
                if c == UInt8(ascii: ".") && !startsWithDot { break }
                if c == UInt8(ascii: "<") && peek(j + 1) == UInt8(ascii: "#") && placeholderEndFollowsOnLine(j) { break }
                j += 1
            } else {
                let (scalar, length) = decodeScalar(base, j, count)
                if !isUnicodeOperatorContinue(scalar) { break }
                j += length
            }
        }
        var end = j

        if startsWithDot && isOptionalKeyPathRun(i, end) {
            // `\.?.name`, `\.!`: the key-path parser splits such a run into `.` and postfix `?`/`!`
            // and re-lexes the rest. No declared operator is spelled only with `.?!`.
            emit(i, i + 1, .punct)
            previous = .period
            return i + 1
        }

        // Only the first `/` of the run is tried as a regex literal opener.
        var slash = i
        while slash < end && base[slash] != UInt8(ascii: "/") { slash += 1 }
        if slash < end,
            let regexEnd = operatorSlashAsRegex(slash, operatorStart: i, operatorEnd: end, preferRegex: preferRegex)
        {
            if slash > i {
                let (kind, next) = classifyOperator(i, slash)
                emit(i, slash, kind)
                previous = next
            }
            emit(slash, regexEnd, .regex)
            previous = .noRegex
            return regexEnd
        }

        if end - i > 2 {
            var p = i + 1
            while p + 1 < end {
                if base[p] == UInt8(ascii: "/") && (base[p + 1] == UInt8(ascii: "/") || base[p + 1] == UInt8(ascii: "*")) {
                    end = p
                    break
                }
                p += 1
            }
        }
        let (kind, next) = classifyOperator(i, end)
        emit(i, end, kind)
        previous = next
        return end
    }

    /// A run of only `.`, `?`, `!` with at least one `?` or `!` (so `...` is not one).
    private func isOptionalKeyPathRun(_ start: Int, _ end: Int) -> Bool {
        var sawOptional = false
        for p in start..<end {
            switch base[p] {
            case UInt8(ascii: "."): continue
            case UInt8(ascii: "?"), UInt8(ascii: "!"): sawOptional = true
            default: return false
            }
        }
        return sawOptional
    }

    /// The coarse kind of the operator `[start, end)` and what it means as a previous token,
    /// after SwiftParser's `classifyOperatorToken` (binary / prefix / postfix by whitespace).
    func classifyOperator(_ start: Int, _ end: Int) -> (TokenKind, LexerPrevious) {
        let leftBound = isLeftBound(start)
        let rightBound = isRightBound(end, leftBound: leftBound)
        let length = end - start
        if length == 1 {
            switch base[start] {
            case UInt8(ascii: "="):
                return (.operator, .expressionStart)
            case UInt8(ascii: "&"):
                if !leftBound && rightBound { return (.operator, .expressionStart) }  // prefix &
            case UInt8(ascii: "."):
                return (.punct, .period)
            case UInt8(ascii: "?"):
                return (.operator, leftBound ? .noRegex : .expressionStart)
            default:
                break
            }
        } else if length == 2 {
            if base[start] == UInt8(ascii: "-") && base[start + 1] == UInt8(ascii: ">") { return (.operator, .noRegex) }
            if base[start] == UInt8(ascii: "*") && base[start + 1] == UInt8(ascii: "/") { return (.unknown, .expressionStart) }
        } else {
            var p = start
            while p + 1 < end {
                if base[p] == UInt8(ascii: "*") && base[p + 1] == UInt8(ascii: "/") { return (.unknown, .expressionStart) }
                p += 1
            }
        }
        if leftBound == rightBound { return (.operator, .expressionStart) }  // binary
        return (.operator, leftBound ? .noRegex : .expressionStart)  // postfix : prefix
    }

    /// Whether the token at `start` touches the previous token (no whitespace, opening
    /// bracket, separator, or comment end before it).
    func isLeftBound(_ start: Int) -> Bool {
        if start == 0 { return false }
        switch base[start - 1] {
        case 0x20, 0x0D, 0x0A, 0x09, UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), 0:
            return false
        case UInt8(ascii: "/"):
            return !(start >= 2 && base[start - 2] == UInt8(ascii: "*"))
        case 0xA0:
            return !(start >= 2 && base[start - 2] == 0xC2)
        default:
            return true
        }
    }

    /// Whether the token ending at `end` touches the next token.
    func isRightBound(_ end: Int, leftBound: Bool) -> Bool {
        if end >= count { return false }
        switch base[end] {
        case 0x20, 0x0D, 0x0A, 0x09, UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), 0:
            return false
        case UInt8(ascii: "."):
            return !leftBound
        case UInt8(ascii: "/"):
            let next = peek(end + 1)
            return !(end + 1 < count && (next == UInt8(ascii: "/") || next == UInt8(ascii: "*")))
        case 0xC2:
            return !(end + 1 < count && base[end + 1] == 0xA0)
        default:
            return true
        }
    }

    /// SwiftParser's `tryScanOperatorAsRegexLiteral`: whether the `/` at `slash` inside the
    /// operator `[operatorStart, operatorEnd)` opens a regex literal; its end if so.
    mutating func operatorSlashAsRegex(_ slash: Int, operatorStart: Int, operatorEnd: Int, preferRegex: Bool) -> Int? {
        let leftBound = isLeftBound(operatorStart)
        if leftBound { return nil }  // a postfix `/`
        if previous == .keywordDeclaringOperator { return nil }  // `func /(…)`, `operator /^/`
        let rightBound = isRightBound(operatorEnd, leftBound: leftBound)
        var mustBeRegex = false
        if !rightBound {
            // Looks like a binary operator.
            if preferRegex { mustBeRegex = true }
            if !mustBeRegex && !previous.allowsRegexLiteral { return nil }
            if previous != .argumentStart { mustBeRegex = true }
        }
        return scanRegexLiteral(from: slash, mustBeRegex: mustBeRegex)
    }
}

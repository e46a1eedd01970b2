/// Trivia between tokens: whitespace, comments, and bytes SwiftParser skips as unexpected
/// text (BOM, NUL, control characters, non-breaking spaces, invalid UTF-8, conflict markers).
extension TokenizerCore {
    /// Skips trivia from `start`, emitting `comment` and `unknown` tokens, and returns the
    /// start of the next token (or `count`). With `stopAtNewline` (inside the interpolation of
    /// a single-line string) a line break is not trivia.
    mutating func skipTrivia(_ start: Int, stopAtNewline: Bool) -> Int {
        var i = start
        while i < count {
            let b = base[i]
            let cls = byteClass(b)
            if cls & ByteClass.horizontalSpace != 0 {
                i += 1
                continue
            }
            if cls & ByteClass.newline != 0 {
                if stopAtNewline { return i }
                i += 1
                continue
            }
            if cls & ByteClass.nonASCII == 0 {
                switch b {
                case UInt8(ascii: "/"):
                    let next = peek(i + 1)
                    if next == UInt8(ascii: "/") {
                        let end = endOfLine(i + 2)
                        emitTrivia(i, end, .comment)
                        i = end
                        continue
                    }
                    if next == UInt8(ascii: "*") {
                        let end = endOfBlockComment(i)
                        emitTrivia(i, end, .comment)
                        i = end
                        continue
                    }
                    return i
                case UInt8(ascii: "<"), UInt8(ascii: ">"):
                    if let end = conflictMarkerEnd(i) {
                        emitTrivia(i, end, .unknown)
                        i = end
                        continue
                    }
                    return i
                case 0..<0x20, 0x7F:
                    // NUL and control characters the lexer rejects (tab/newlines/VT/FF handled above).
                    emitTrivia(i, i + 1, .unknown)
                    i += 1
                    continue
                default:
                    return i
                }
            }
            // Non-ASCII.
            if b == 0xEF && peek(i + 1) == 0xBB && peek(i + 2) == 0xBF {
                // A byte order mark starting the file is whitespace to the compiler (swiftc skips it, SwiftParser
                // keeps it as trivia without an error); anywhere else it is text Swift does not allow.
                if i != 0 { emitTrivia(i, i + 3, .unknown) }
                i += 3
                continue
            }
            let (scalar, length) = decodeScalar(base, i, count)
            if scalar == invalidScalar {
                emitTrivia(i, i + length, .unknown)
                i += length
                continue
            }
            if isUnicodeIdentifierContinue(scalar) || isUnicodeOperatorStart(scalar) || scalar == 0x201C
                || scalar == 0x201D
            {
                return i  // an identifier, operator, or curly-quote lexeme
            }
            emitTrivia(i, i + length, .unknown)  // U+00A0 and other characters not allowed in Swift
            i += length
        }
        return i
    }

    /// End of a token's trailing trivia from `start` (trivia without line breaks), without
    /// emitting anything.
    func sameLineTriviaEnd(_ start: Int) -> Int {
        var i = start
        while i < count {
            let b = base[i]
            if b < 0x80 {
                if b == 0x0A || b == 0x0D { return i }
                if b == UInt8(ascii: "/") && peek(i + 1) == UInt8(ascii: "/") {
                    i = endOfLine(i + 2)
                } else if b == UInt8(ascii: "/") && peek(i + 1) == UInt8(ascii: "*") {
                    i = endOfBlockComment(i)
                } else if b < 0x20 || b == 0x7F || b == 0x20 {
                    i += 1
                } else {
                    return i
                }
                continue
            }
            if b == 0xEF && peek(i + 1) == 0xBB && peek(i + 2) == 0xBF {
                i += 3
                continue
            }
            let (scalar, length) = decodeScalar(base, i, count)
            if scalar != invalidScalar
                && (isUnicodeIdentifierContinue(scalar) || isUnicodeOperatorStart(scalar) || scalar == 0x201C
                    || scalar == 0x201D)
            {
                return i
            }
            i += length
        }
        return i
    }

    /// Position of the next `\n` or `\r` at or after `from`, or `count`.
    @inline(__always)
    func endOfLine(_ from: Int) -> Int {
        var j = from
        while j < count {
            let b = base[j]
            if b == 0x0A || b == 0x0D { return j }
            j += 1
        }
        return count
    }

    /// End of the (nested) block comment starting with `/*` at `start`; `count` if unterminated.
    func endOfBlockComment(_ start: Int) -> Int {
        var depth = 1
        var j = start + 2
        while j < count {
            let c = base[j]
            j += 1
            if c == UInt8(ascii: "*") {
                if j < count && base[j] == UInt8(ascii: "/") {
                    j += 1
                    depth -= 1
                    if depth == 0 { return j }
                }
            } else if c == UInt8(ascii: "/") {
                if j < count && base[j] == UInt8(ascii: "*") {
                    j += 1
                    depth += 1
                }
            }
        }
        return count
    }

    /// A version-control conflict region starting at `start` (`<<<<<<< ` … `>>>>>>> ` or the
    /// Perforce `>>>> ` … `<<<<\n`, both at line starts): its end, through the end of the
    /// terminator's line. SwiftParser skips it as unexpected trivia.
    mutating func conflictMarkerEnd(_ start: Int) -> Int? {
        if start > 0 {
            let before = base[start - 1]
            guard before == 0x0A || before == 0x0D || before == 0 else { return nil }
        }
        let normal = startsWith(start, "<<<<<<< ")
        let perforce = !normal && startsWith(start, ">>>> ")
        guard normal || perforce else { return nil }
        let introducerLength = normal ? 8 : 5
        let terminator: StaticString = normal ? ">>>>>>> " : "<<<<\n"
        let failFrom = normal ? conflictFailFrom.0 : conflictFailFrom.1
        if start >= failFrom { return nil }  // an earlier search from before here found no terminator
        var j = start + introducerLength
        let first = terminator.utf8Start[0]
        while j < count {
            if base[j] == first && startsWith(j, terminator) {
                let before = base[j - 1]
                if before == 0x0A || before == 0x0D {
                    let end = j + terminator.utf8CodeUnitCount
                    return end < count ? endOfLine(end) : end
                }
            }
            j += 1
        }
        if normal { conflictFailFrom.0 = start } else { conflictFailFrom.1 = start }
        return nil
    }

    func startsWith(_ i: Int, _ text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        guard i + n <= count else { return false }
        let p = text.utf8Start
        for k in 0..<n where base[i + k] != p[k] { return false }
        return true
    }
}

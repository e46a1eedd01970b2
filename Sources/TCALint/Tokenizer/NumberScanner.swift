/// Integer and floating-point literals, after SwiftParser's `lexNumber` / `lexHexNumber`,
/// including its recovery (invalid digits run to the end of the word and stay one token).
extension TokenizerCore {
    @inline(__always) private func isDigit(_ j: Int) -> Bool {
        j < count && byteClass(base[j]) & ByteClass.digit != 0
    }

    @inline(__always) private func isHexDigit(_ j: Int) -> Bool {
        j < count && byteClass(base[j]) & ByteClass.hexDigit != 0
    }

    @inline(__always) private func skip(_ from: Int, while predicate: (UInt8) -> Bool) -> Int {
        var j = from
        while j < count && predicate(base[j]) { j += 1 }
        return j
    }

    mutating func lexNumber(_ i: Int) -> Int {
        let end = numberEnd(i)
        emit(i, end, .number)
        previous = .noRegex
        return end
    }

    private func numberEnd(_ i: Int) -> Int {
        let second = peek(i + 1)
        if base[i] == UInt8(ascii: "0") && i + 1 < count {
            if second == UInt8(ascii: "x") { return hexNumberEnd(i) }
            if second == UInt8(ascii: "o") { return radixNumberEnd(i, maxDigit: UInt8(ascii: "7")) }
            if second == UInt8(ascii: "b") { return radixNumberEnd(i, maxDigit: UInt8(ascii: "1")) }
        }
        var j = skip(i) { $0 == UInt8(ascii: "_") || ($0 >= 48 && $0 <= 57) }
        if j < count && base[j] == UInt8(ascii: ".") {
            // `1.foo`, `t.0.1` (after a `.` this is a tuple index), `1.` at the end: an integer.
            if !isDigit(j + 1) || previous == .period { return j }
        } else if j >= count || (base[j] != UInt8(ascii: "e") && base[j] != UInt8(ascii: "E")) {
            return skipIdentifierContinuation(j)
        }
        if j < count && base[j] == UInt8(ascii: ".") {
            j = skip(j + 1) { $0 == UInt8(ascii: "_") || ($0 >= 48 && $0 <= 57) }
        }
        if j < count && (base[j] == UInt8(ascii: "e") || base[j] == UInt8(ascii: "E")) {
            j += 1
            if j < count && (base[j] == UInt8(ascii: "-") || base[j] == UInt8(ascii: "+")) { j += 1 }
            if !isDigit(j) { return skipIdentifierContinuation(j) }
            j = skip(j) { $0 == UInt8(ascii: "_") || ($0 >= 48 && $0 <= 57) }
            return skipIdentifierContinuation(j)
        }
        return j
    }

    /// `0o…` and `0b…`.
    private func radixNumberEnd(_ i: Int, maxDigit: UInt8) -> Int {
        let j = i + 2
        if j < count && !(base[j] >= 48 && base[j] <= maxDigit) { return skipIdentifierContinuation(j) }
        let k = skip(j) { $0 == UInt8(ascii: "_") || ($0 >= 48 && $0 <= maxDigit) }
        return skipIdentifierContinuation(k)
    }

    /// `0x…`, including hex floats `0x1.8p3`; `0xff.description` stops before the `.`.
    private func hexNumberEnd(_ i: Int) -> Int {
        var j = i + 2
        guard j < count else { return j }
        if !isHexDigit(j) { return skipIdentifierContinuation(j) }
        j = skip(j) { $0 == UInt8(ascii: "_") || byteClass($0) & ByteClass.hexDigit != 0 }
        let atFraction = j < count && base[j] == UInt8(ascii: ".")
        let atExponent = j < count && (base[j] == UInt8(ascii: "p") || base[j] == UInt8(ascii: "P"))
        if !atFraction && !atExponent { return skipIdentifierContinuation(j) }
        var dot = -1
        if atFraction {
            dot = j
            j += 1
            if j < count && !isHexDigit(j) { return dot }
            j = skip(j) { $0 == UInt8(ascii: "_") || byteClass($0) & ByteClass.hexDigit != 0 }
            if j >= count || (base[j] != UInt8(ascii: "p") && base[j] != UInt8(ascii: "P")) {
                if j + 1 < count && !isDigit(j + 1) { return dot }
                return j
            }
        }
        j += 1  // p / P
        var signed = false
        if j < count && (base[j] == UInt8(ascii: "+") || base[j] == UInt8(ascii: "-")) {
            j += 1
            signed = true
        }
        if j < count && !isDigit(j) {
            if dot >= 0 && dot + 1 < count && !isDigit(dot + 1) && !signed { return dot }
            return skipIdentifierContinuation(j)
        }
        j = skip(j) { $0 == UInt8(ascii: "_") || ($0 >= 48 && $0 <= 57) }
        return skipIdentifierContinuation(j)
    }
}

/// Byte strings searched for together, in one pass over the bytes: whether any of them occurs.
///
/// The driver asks this of every file with every rule's needles and the facts' (about forty): one `memmem` pass
/// per needle cost a file that holds none of them forty passes. Here each position costs a look-up of its first two
/// bytes in a 64 Ki-bit table of the needles' first two bytes; only a position where a needle may start compares
/// bytes. The answer is the same as asking each needle in turn (`Prefilter.contains`), which the tests check.
public struct NeedleSet: Sendable {
    /// The needles, empty ones left out, in the order given.
    public let needles: [[UInt8]]
    /// Bit `b0 << 8 | b1` is set when a needle of two bytes or more starts with `b0 b1`.
    private let pairBits: [UInt64]
    /// Indices of the needles of two bytes or more, by first byte.
    private let byFirstByte: [[Int]]
    /// The bytes that are needles on their own.
    private let singleBytes: [Bool]

    public init(_ needles: [[UInt8]]) {
        self.needles = needles.filter { !$0.isEmpty }
        var bits = [UInt64](repeating: 0, count: 1 << 10)
        var first = [[Int]](repeating: [], count: 256)
        var singles = [Bool](repeating: false, count: 256)
        for (i, needle) in self.needles.enumerated() {
            guard needle.count > 1 else { singles[Int(needle[0])] = true; continue }
            let pair = Int(needle[0]) << 8 | Int(needle[1])
            bits[pair >> 6] |= 1 << UInt64(pair & 63)
            first[Int(needle[0])].append(i)
        }
        pairBits = bits
        byFirstByte = first
        singleBytes = singles
    }

    public init(_ needles: [String]) { self.init(needles.map { Array($0.utf8) }) }

    /// Whether any needle occurs in the bytes.
    public func occurs(in bytes: [UInt8]) -> Bool {
        guard !needles.isEmpty else { return false }
        return bytes.withUnsafeBufferPointer { haystack in
            pairBits.withUnsafeBufferPointer { bits in
                singleBytes.withUnsafeBufferPointer { singles in
                    let n = haystack.count
                    var i = 0
                    while i < n {
                        let b0 = Int(haystack[i])
                        if singles[b0] { return true }
                        if i + 1 < n {
                            let pair = b0 << 8 | Int(haystack[i + 1])
                            if bits[pair >> 6] & (1 << UInt64(pair & 63)) != 0, startsHere(haystack, at: i, first: b0) {
                                return true
                            }
                        }
                        i += 1
                    }
                    return false
                }
            }
        }
    }

    /// Whether a needle starting with `first` occurs at `i`.
    private func startsHere(_ haystack: UnsafeBufferPointer<UInt8>, at i: Int, first: Int) -> Bool {
        for k in byFirstByte[first] {
            let needle = needles[k]
            guard i + needle.count <= haystack.count else { continue }
            var j = 1
            while j < needle.count && haystack[i + j] == needle[j] { j += 1 }
            if j == needle.count { return true }
        }
        return false
    }
}

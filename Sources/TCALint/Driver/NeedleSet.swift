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
    /// The needles of two bytes or more end to end, grouped by first byte: needle m is `flat[bounds[m]..<bounds[m + 1]]`,
    /// and those starting with byte b are m in `byFirstByte[b]..<byFirstByte[b + 1]`. Flat arrays read through pointers:
    /// the scan retains nothing per position.
    private let flat: [UInt8]
    private let bounds: [Int]
    private let byFirstByte: [Int]
    /// The bytes that are needles on their own.
    private let singleBytes: [Bool]
    private let hasSingleBytes: Bool

    public init(_ needles: [[UInt8]]) {
        self.needles = needles.filter { !$0.isEmpty }
        var bits = [UInt64](repeating: 0, count: 1 << 10)
        var singles = [Bool](repeating: false, count: 256)
        var grouped = [[[UInt8]]](repeating: [], count: 256)
        for needle in self.needles {
            guard needle.count > 1 else { singles[Int(needle[0])] = true; continue }
            let pair = Int(needle[0]) << 8 | Int(needle[1])
            bits[pair >> 6] |= 1 << UInt64(pair & 63)
            grouped[Int(needle[0])].append(needle)
        }
        var flat: [UInt8] = []
        var bounds = [0]
        var byFirstByte = [0]
        for group in grouped {
            for needle in group {
                flat += needle
                bounds.append(flat.count)
            }
            byFirstByte.append(bounds.count - 1)
        }
        pairBits = bits
        self.flat = flat
        self.bounds = bounds
        self.byFirstByte = byFirstByte
        singleBytes = singles
        hasSingleBytes = singles.contains(true)
    }

    public init(_ needles: [String]) { self.init(needles.map { Array($0.utf8) }) }

    /// Whether any needle occurs in the bytes.
    public func occurs(in bytes: [UInt8]) -> Bool {
        guard !needles.isEmpty else { return false }
        if hasSingleBytes, bytes.contains(where: { singleBytes[Int($0)] }) { return true }
        guard bytes.count > 1 else { return false }
        return bytes.withUnsafeBufferPointer { haystack in
            pairBits.withUnsafeBufferPointer { bits in
                flat.withUnsafeBufferPointer { flat in
                    bounds.withUnsafeBufferPointer { bounds in
                        byFirstByte.withUnsafeBufferPointer { byFirstByte in
                            // Each position's first byte is the byte before's second: one load per position.
                            let n = haystack.count
                            var b0 = Int(haystack[0])
                            var i = 0
                            while i < n - 1 {
                                let b1 = Int(haystack[i + 1])
                                let pair = b0 << 8 | b1
                                if bits[pair >> 6] & (1 << UInt64(pair & 63)) != 0 {
                                    for m in byFirstByte[b0]..<byFirstByte[b0 + 1] {
                                        let start = bounds[m]
                                        let count = bounds[m + 1] - start
                                        guard i + count <= n else { continue }
                                        var j = 1
                                        while j < count && haystack[i + j] == flat[start + j] { j += 1 }
                                        if j == count { return true }
                                    }
                                }
                                b0 = b1
                                i += 1
                            }
                            return false
                        }
                    }
                }
            }
        }
    }
}

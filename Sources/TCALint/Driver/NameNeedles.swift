/// A set of names to look for in a file's bytes, searched in one pass whatever their number.
///
/// A project with its own reducer protocols (`protocol FeatureReducer: Reducer`) makes every file that names
/// one of them worth reading. A `memmem` per name per file costs names × files: quadratic when a project
/// (or an attacker) declares thousands. Up to `directSearchLimit` names are searched with `memmem` (SIMD,
/// fastest for a few); more are looked up once per identifier of the file (a run of `[A-Za-z0-9_$]` or
/// non-ASCII bytes) in a hash table, so the cost is the file's length whatever the number of names. Both
/// find every file in which a name occurs as an identifier, which is how a type names a protocol.
public struct NameNeedles: Sendable {
    public static let directSearchLimit = 8

    /// The names as bytes, in the order given.
    public let names: [[UInt8]]
    /// FNV-1a hash of a name → indices in `names`.
    private let buckets: [UInt64: [Int]]
    private let shortest: Int
    private let longest: Int

    public init(_ names: [String]) {
        self.init(bytes: names.map { Array($0.utf8) })
    }

    public init(bytes names: [[UInt8]]) {
        self.names = names.filter { !$0.isEmpty }
        var buckets: [UInt64: [Int]] = [:]
        if self.names.count > Self.directSearchLimit {
            for (i, name) in self.names.enumerated() { buckets[Self.hash(name[...]), default: []].append(i) }
        }
        self.buckets = buckets
        shortest = self.names.map(\.count).min() ?? 0
        longest = self.names.map(\.count).max() ?? 0
    }

    public var isEmpty: Bool { names.isEmpty }

    /// Whether any of the names occurs in the bytes (see the type's documentation).
    public func occurs(in bytes: [UInt8]) -> Bool {
        guard !names.isEmpty else { return false }
        if names.count <= Self.directSearchLimit {
            return names.contains { Prefilter.contains(bytes, needle: $0) }
        }
        return bytes.withUnsafeBufferPointer { b in
            var i = 0
            let n = b.count
            while i < n {
                guard Self.isIdentifierByte(b[i]) else { i += 1; continue }
                let start = i
                var h: UInt64 = 0xcbf2_9ce4_8422_2325
                while i < n && Self.isIdentifierByte(b[i]) {
                    h = (h ^ UInt64(b[i])) &* 0x0000_0100_0000_01B3
                    i += 1
                }
                let length = i - start
                guard length >= shortest && length <= longest, let candidates = buckets[h] else { continue }
                for c in candidates where names[c].count == length && names[c].elementsEqual(b[start..<i]) { return true }
            }
            return false
        }
    }

    @inline(__always)
    private static func isIdentifierByte(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
            return true
        default:
            return false
        }
    }

    private static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for c in bytes { h = (h ^ UInt64(c)) &* 0x0000_0100_0000_01B3 }
        return h
    }
}

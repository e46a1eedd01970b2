/// One change to a file's bytes: replace `range` (UTF-8 byte offsets of the text the fix was computed
/// on) with `replacement`. An empty range is an insertion, an empty replacement a deletion.
public struct TextEdit: Equatable, Sendable {
    public var range: Range<Int>
    public var replacement: [UInt8]

    public init(range: Range<Int>, replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    public static func delete(_ range: Range<Int>) -> TextEdit { TextEdit(range: range, replacement: []) }
    public static func insert(_ bytes: [UInt8], at offset: Int) -> TextEdit {
        TextEdit(range: offset..<offset, replacement: bytes)
    }

    /// True when applying both edits would be ambiguous: overlapping ranges, an insertion strictly inside
    /// the other's range, or two insertions at the same offset (their order would be arbitrary).
    /// Edits that only touch (one ends where the other starts) do not conflict.
    public func conflicts(with other: TextEdit) -> Bool {
        let a = range, b = other.range
        switch (a.isEmpty, b.isEmpty) {
        case (true, true): return a.lowerBound == b.lowerBound
        case (true, false): return b.lowerBound < a.lowerBound && a.lowerBound < b.upperBound
        case (false, true): return a.lowerBound < b.lowerBound && b.lowerBound < a.upperBound
        case (false, false): return a.lowerBound < b.upperBound && b.lowerBound < a.upperBound
        }
    }

    /// Edit order: by offset; at the same offset an insertion comes before a replacement.
    static func precedes(_ a: TextEdit, _ b: TextEdit) -> Bool {
        (a.range.lowerBound, a.range.upperBound) < (b.range.lowerBound, b.range.upperBound)
    }

    /// Applies non-conflicting edits (any order; they are sorted here) to `bytes` in one linear pass.
    /// Out-of-range edits are clamped, so a wrong edit can produce wrong text but never a crash.
    public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        let sorted = edits.sorted(by: precedes)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + sorted.reduce(0) { $0 + $1.replacement.count })
        var cursor = 0
        for edit in sorted {
            let start = min(max(edit.range.lowerBound, cursor), bytes.count)
            let end = min(max(edit.range.upperBound, start), bytes.count)
            out.append(contentsOf: bytes[cursor..<start])
            out.append(contentsOf: edit.replacement)
            cursor = end
        }
        out.append(contentsOf: bytes[cursor..<bytes.count])
        return out
    }
}

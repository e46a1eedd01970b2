/// Substring search over UTF-8 bytes, optionally folding ASCII letters' case. Rules ask "does this name
/// or type text contain `Action>`" per token or per case; Foundation's `String.contains` answers through
/// CFString and showed up in profiles of whole runs, this answers with a byte loop.
enum ASCIISearch {
    static func contains<S: StringProtocol>(_ text: S, _ needle: StaticString, ignoringCase: Bool = false) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes in
            search(bytes, needle, ignoringCase: ignoringCase)
        }
        if let found { return found }
        return Array(text.utf8).withUnsafeBufferPointer { search($0, needle, ignoringCase: ignoringCase) }
    }

    /// Whether `bytes` end with `suffix` (a path component's bytes: `String.hasSuffix` compares grapheme clusters,
    /// which showed up in profiles of deep trees, where every folder of every path is classified by its suffix).
    static func hasSuffix(_ bytes: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) -> Bool {
        let n = suffix.utf8CodeUnitCount
        guard bytes.count >= n else { return false }
        let p = suffix.utf8Start
        let offset = bytes.count - n
        for k in 0..<n where bytes[offset + k] != p[k] { return false }
        return true
    }

    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString, ignoringCase: Bool = false) -> Bool {
        search(bytes, needle, ignoringCase: ignoringCase)
    }

    private static func search(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString, ignoringCase: Bool) -> Bool {
        let n = needle.utf8CodeUnitCount
        guard n > 0 else { return true }
        guard bytes.count >= n else { return false }
        let p = needle.utf8Start
        for start in 0...(bytes.count - n) {
            var k = 0
            while k < n {
                let a = bytes[start + k], b = p[k]
                if a != b && !(ignoringCase && fold(a) == fold(b)) { break }
                k += 1
            }
            if k == n { return true }
        }
        return false
    }

    private static func fold(_ c: UInt8) -> UInt8 { c >= 65 && c <= 90 ? c | 0x20 : c }
}

extension Substring {
    /// The last `.`-separated component (`App.Feature` → `Feature`), as `split(separator: ".").last` gives it
    /// (empty components skipped: `A.` → `A`; nil for a text of dots alone) without building every component
    /// while walking graphemes: the model asks it of every name it merges (callgrind on the benchmark corpus:
    /// `split` alone was 6% of a run).
    var lastDotComponent: Substring? {
        var end = endIndex
        while end > startIndex {
            let before = utf8.index(before: end)
            guard utf8[before] == UInt8(ascii: ".") else { break }
            end = before
        }
        guard end > startIndex else { return nil }
        let head = self[startIndex..<end]
        guard let dot = head.utf8.lastIndex(of: UInt8(ascii: ".")) else { return head }
        return self[utf8.index(after: dot)..<end]
    }
}

extension String {
    /// `Substring.lastDotComponent` of the whole text.
    var lastDotComponent: Substring? { self[...].lastDotComponent }
    /// The last `.`-separated component as a name (`App.Feature` → `Feature`), the text itself when it has none.
    var lastNameComponent: String { lastDotComponent.map(String.init) ?? self }
}

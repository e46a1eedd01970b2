#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One input file: its bytes and the path it is reported under (printed exactly as given).
/// Line and column lookups are computed on demand: most files produce no finding,
/// so building a line table for every file would be wasted work.
public final class SourceFile: @unchecked Sendable {
    public let path: String
    public let bytes: [UInt8]
    private var _lineStarts: [Int]?
    /// Per line, whether it is all ASCII (a column is then a byte count), computed on first use.
    private var _asciiLines: [Bool]?
    /// The last line `lineText` made: the findings of one line ask for it one after another.
    private var _lastLineText: (line: Int, text: String)?

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// Byte offsets where each line starts. A line ends at `\n`, `\r\n` or a lone `\r`.
    public var lineStarts: [Int] {
        if let starts = _lineStarts { return starts }
        let starts = SourceFile.computeLineStarts(bytes)
        _lineStarts = starts
        return starts
    }

    static func computeLineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return }
            // Most files have no `\r`: each line end is then found by `memchr`, which the C library vectorizes (a byte
            // loop cost 8 instructions a byte).
            if memchr(base, 0x0D, b.count) == nil {
                let start = UnsafeRawPointer(base), end = start + b.count
                var p = start
                while p < end, let hit = memchr(p, 0x0A, end - p) {
                    p = UnsafeRawPointer(hit) + 1
                    starts.append(p - start)
                }
                return
            }
            var i = 0
            let n = b.count
            while i < n {
                let c = b[i]
                if c == 0x0A {
                    starts.append(i + 1)
                } else if c == 0x0D {
                    if i + 1 < n && b[i + 1] == 0x0A { i += 1 }
                    starts.append(i + 1)
                }
                i += 1
            }
        }
        return starts
    }

    /// 1-based line of a byte offset.
    public func line(of offset: Int) -> Int { Self.lineIndex(containing: offset, starts: lineStarts) + 1 }

    /// 0-based index of the line (in a `computeLineStarts` table) that contains `offset`.
    static func lineIndex(containing offset: Int, starts: [Int]) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Where the content of the 0-based `line` ends: before its `\n`, `\r\n` or `\r`.
    static func contentEnd(ofLine line: Int, starts: [Int], bytes: [UInt8]) -> Int {
        let start = starts[line]
        var end = line + 1 < starts.count ? starts[line + 1] : bytes.count
        if end > start && bytes[end - 1] == 0x0A { end -= 1 }
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// 1-based line and column of a byte offset. Columns count characters (Swift `Character`s,
    /// i.e. grapheme clusters) from the start of the line, as editors show them; a tab is one
    /// character; a leading UTF-8 byte order mark on line 1 is not counted.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let line = line(of: offset)
        var start = lineStarts[line - 1]
        if line == 1 && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            start = min(3, offset)
        }
        let end = min(max(offset, start), bytes.count)
        // An ASCII line's characters are its bytes: n findings on one long line cost n, not n × its length.
        if asciiLines[line - 1] { return (line, end - start + 1) }
        let prefix = String(decoding: bytes[start..<end], as: UTF8.self)
        return (line, prefix.count + 1)
    }

    private var asciiLines: [Bool] {
        if let flags = _asciiLines { return flags }
        let starts = lineStarts
        var flags = [Bool](repeating: true, count: starts.count)
        var line = 0
        for (i, b) in bytes.enumerated() where b >= 0x80 {
            while line + 1 < starts.count && starts[line + 1] <= i { line += 1 }
            flags[line] = false
        }
        _asciiLines = flags
        return flags
    }

    /// The text of the 1-based line (without its line break).
    public func lineText(_ line: Int) -> String {
        let starts = lineStarts
        guard line >= 1 && line <= starts.count else { return "" }
        if let last = _lastLineText, last.line == line { return last.text }
        let start = starts[line - 1]
        let text = String(decoding: bytes[start..<Self.contentEnd(ofLine: line - 1, starts: starts, bytes: bytes)], as: UTF8.self)
        _lastLineText = (line, text)
        return text
    }
}

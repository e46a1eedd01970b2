/// Line questions answered on raw bytes, without a line table. A line ends at `\n`, `\r\n` or a lone
/// `\r` (as `SourceFile` counts them); every answer is an offset into `bytes`.
struct LineGeometry {
    let bytes: [UInt8]

    private static let lf: UInt8 = 0x0A, cr: UInt8 = 0x0D, space: UInt8 = 0x20, tab: UInt8 = 0x09

    /// Start of the line containing `offset`.
    func lineStart(_ offset: Int) -> Int {
        var i = min(max(offset, 0), bytes.count)
        while i > 0 && bytes[i - 1] != Self.lf && bytes[i - 1] != Self.cr { i -= 1 }
        return i
    }

    /// Offset of the line break ending the line that contains `offset`, or `bytes.count`.
    func contentEnd(_ offset: Int) -> Int {
        var i = min(max(offset, 0), bytes.count)
        while i < bytes.count && bytes[i] != Self.lf && bytes[i] != Self.cr { i += 1 }
        return i
    }

    /// Start of the next line (after the line break), or `bytes.count` for the last line.
    func nextLineStart(_ offset: Int) -> Int {
        let e = contentEnd(offset)
        guard e < bytes.count else { return e }
        if bytes[e] == Self.cr && e + 1 < bytes.count && bytes[e + 1] == Self.lf { return e + 2 }
        return e + 1
    }

    /// True when the line containing `offset` has a line break (it is not an unterminated last line).
    func hasLineBreak(_ offset: Int) -> Bool { contentEnd(offset) < bytes.count }

    /// For a line starting at `start > 0`: the start of the line above it and the offset of that line's break.
    func previousLine(before start: Int) -> (start: Int, contentEnd: Int)? {
        guard start > 0 && start <= bytes.count else { return nil }
        var end = start - 1
        if bytes[end] == Self.lf && end > 0 && bytes[end - 1] == Self.cr { end -= 1 }
        return (lineStart(end), end)
    }

    /// True when `bytes[from..<to]` is only spaces and tabs.
    func isBlank(_ from: Int, _ to: Int) -> Bool {
        var i = max(from, 0)
        let end = min(to, bytes.count)
        while i < end {
            if bytes[i] != Self.space && bytes[i] != Self.tab { return false }
            i += 1
        }
        return true
    }

    /// First offset in `[from, to)` that is not a space or tab (or `to`).
    func skipBlanks(_ from: Int, _ to: Int) -> Int {
        var i = from
        while i < to && (bytes[i] == Self.space || bytes[i] == Self.tab) { i += 1 }
        return i
    }

    /// The leading spaces and tabs of the line starting at `start`.
    func indentation(ofLineAt start: Int) -> ArraySlice<UInt8> {
        bytes[start..<skipBlanks(start, contentEnd(start))]
    }
}

/// The file's dominant line ending, for anything a fix has to write that is not copied from the file.
public enum LineEnding: String, Sendable {
    case lf = "\n"
    case crlf = "\r\n"

    /// CRLF when most line breaks are `\r\n`, else LF.
    public static func detect(_ bytes: [UInt8]) -> LineEnding {
        var crlf = 0, lf = 0
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A { if i > 0 && bytes[i - 1] == 0x0D { crlf += 1 } else { lf += 1 } }
            i += 1
        }
        return crlf > lf ? .crlf : .lf
    }
}

/// An LSP position: 0-based line, 0-based character offset in UTF-16 code units (the
/// protocol's default and only mandatory encoding).
struct LSPPosition: Equatable, Comparable {
    var line: Int
    var character: Int

    var json: LSPObject { ["line": line, "character": character] }

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init?(json: LSPObject?) {
        guard let json, let line = json.int("line"), let character = json.int("character") else { return nil }
        self.init(line: line, character: character)
    }

    static func < (a: LSPPosition, b: LSPPosition) -> Bool {
        a.line != b.line ? a.line < b.line : a.character < b.character
    }
}

struct LSPRange: Equatable {
    var start: LSPPosition
    var end: LSPPosition

    var json: LSPObject { ["start": start.json, "end": end.json] }

    init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }

    init?(json: LSPObject?) {
        guard let start = LSPPosition(json: json?.object("start")), let end = LSPPosition(json: json?.object("end")) else {
            return nil
        }
        self.init(start: start, end: end)
    }
}

/// Converts between UTF-8 byte offsets (what the engine works in) and LSP positions, for one
/// text. Lines end at `\n`, `\r\n` or a lone `\r`, as LSP and `SourceFile` agree. The text comes
/// from JSON strings, so it is valid UTF-8: a lead byte tells the length of its scalar.
struct LineIndex {
    let bytes: [UInt8]
    let lineStarts: [Int]

    init(bytes: [UInt8], lineStarts: [Int]? = nil) {
        self.bytes = bytes
        self.lineStarts = lineStarts ?? SourceFile.computeLineStarts(bytes)
    }

    var lineCount: Int { lineStarts.count }

    /// The byte offset where the line's content ends (before its line break).
    func contentEnd(ofLine line: Int) -> Int { SourceFile.contentEnd(ofLine: line, starts: lineStarts, bytes: bytes) }

    /// The position of a byte offset (clamped to the text).
    func position(ofByte offset: Int) -> LSPPosition {
        let offset = max(0, min(offset, bytes.count))
        let lo = SourceFile.lineIndex(containing: offset, starts: lineStarts)
        var units = 0
        var i = lineStarts[lo]
        while i < offset {
            units += Self.utf16Length(leadByte: bytes[i])
            i += Self.utf8Length(leadByte: bytes[i])
        }
        return LSPPosition(line: lo, character: units)
    }

    /// The byte offset of a position. As LSP specifies, a character past the end of its line
    /// means the end of the line, and a line past the end means the end of the text; a
    /// position inside a surrogate pair is taken as the start of that character.
    func byteOffset(of position: LSPPosition) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let end = contentEnd(ofLine: position.line)
        var i = lineStarts[position.line]
        var units = 0
        while i < end {
            let width = Self.utf16Length(leadByte: bytes[i])
            if units + width > position.character { break }
            units += width
            i += Self.utf8Length(leadByte: bytes[i])
        }
        return min(i, end)
    }

    static func utf8Length(leadByte b: UInt8) -> Int {
        if b < 0x80 { return 1 }
        if b < 0xE0 { return 2 }  // continuation bytes (invalid as leads) also advance
        if b < 0xF0 { return 3 }
        return 4
    }

    /// Scalars of four UTF-8 bytes are outside the BMP: two UTF-16 code units.
    static func utf16Length(leadByte b: UInt8) -> Int { b >= 0xF0 ? 2 : 1 }
}

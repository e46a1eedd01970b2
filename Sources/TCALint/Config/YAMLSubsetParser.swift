/// A parser for the block-YAML subset configuration files use: block mappings, block
/// sequences (also at the same indentation as their key, and `- key: value` items),
/// plain / single-quoted / double-quoted scalars, comments, empty values, and one-line
/// flow sequences and flow mappings (`[a, "b"]`, `{ excluded: ["**/Previews/**"] }`).
///
/// Everything else YAML can express is refused with the place and what to write instead:
/// anchors, aliases, tags, block scalars, several documents, tabs in indentation, complex
/// keys, duplicate keys, multi-line scalars and flow collections. The point is never to read
/// a file differently from how a full YAML parser (or the user) reads it.
public struct YAMLSubsetParser {
    /// Nesting deeper than this is refused: configuration files are shallow, and a bound keeps
    /// the recursive descent safe on hostile input.
    public static let maxDepth = 64

    /// Parses `bytes` (UTF-8). `path` is only used in error messages.
    /// Returns `nil` for a document without content (empty, or only comments).
    public static func parse(_ bytes: [UInt8], path: String) throws -> YAMLValue? {
        var parser = try YAMLSubsetParser(bytes: bytes, path: path)
        return try parser.parseDocument()
    }

    public static func parse(_ text: String, path: String) throws -> YAMLValue? {
        try parse(Array(text.utf8), path: path)
    }

    /// One line with content. `indent`/`contentStart` may be moved right by the parser to
    /// treat the text after `- ` as a nested node with its own indentation.
    private struct Line {
        var number: Int
        var start: Int
        var end: Int
        var contentStart: Int
        var indent: Int { contentStart - start }
    }

    private let bytes: [UInt8]
    /// How many bytes >= 0x80 precede each offset: a line prefix without any is ASCII, and its column is
    /// its length (one subtraction instead of decoding the prefix: a 200 KB flow list on one line has
    /// thousands of positions).
    private let nonASCIIBefore: [UInt32]
    private let path: String
    private var lines: [Line] = []
    private var index = 0

    private init(bytes input: [UInt8], path: String) throws {
        var bytes = input
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        self.bytes = bytes
        var count: UInt32 = 0
        var prefix = [UInt32](repeating: 0, count: bytes.count + 1)
        for (i, b) in bytes.enumerated() {
            if b >= 0x80 { count += 1 }
            prefix[i + 1] = count
        }
        nonASCIIBefore = prefix
        self.path = path
        try checkEncoding()
        try splitLines()
    }

    // MARK: - Lines

    private func checkEncoding() throws {
        guard !Self.isValidUTF8(bytes[...]) else { return }
        // Name the first line holding an invalid sequence.
        var number = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            if !Self.isValidUTF8(line) { break }
        }
        throw ConfigurationError(path: path, line: number, column: 1,
                                 message: "the file is not valid UTF-8; save it as UTF-8")
    }

    private mutating func splitLines() throws {
        var number = 0
        var i = 0
        var sawContent = false
        while i <= bytes.count {
            number += 1
            let start = i
            while i < bytes.count && bytes[i] != 0x0A && bytes[i] != 0x0D { i += 1 }
            let end = i
            if i < bytes.count {
                if bytes[i] == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
                i += 1
            } else {
                i += 1  // past the end: stop after this line
            }
            try checkControlCharacters(line: number, start: start, end: end)

            var c = start
            while c < end && bytes[c] == 0x20 { c += 1 }
            var firstNonBlank = c
            while firstNonBlank < end && (bytes[firstNonBlank] == 0x20 || bytes[firstNonBlank] == 0x09) {
                firstNonBlank += 1
            }
            if firstNonBlank == end || bytes[firstNonBlank] == UInt8(ascii: "#") { continue }  // blank or comment
            if c < end && bytes[c] == 0x09 {
                throw error(number, start, c, "a tab is used for indentation; YAML indentation must use spaces")
            }
            if c == start {
                if hasMarker("---", at: c, end: end) {
                    if sawContent {
                        throw error(number, start, c,
                                    "several YAML documents in one file are not supported; keep one document and remove this `---`")
                    }
                    var rest = c + 3
                    while rest < end && (bytes[rest] == 0x20 || bytes[rest] == 0x09) { rest += 1 }
                    if rest < end && bytes[rest] != UInt8(ascii: "#") {
                        throw error(number, start, rest, "content after `---` is not supported; start the document on the next line")
                    }
                    sawContent = true
                    continue
                }
                if hasMarker("...", at: c, end: end) {
                    throw error(number, start, c, "the document end marker `...` is not supported; remove it")
                }
                if bytes[c] == UInt8(ascii: "%") {
                    throw error(number, start, c, "YAML directives (`%`) are not supported; remove this line")
                }
            }
            sawContent = true
            lines.append(Line(number: number, start: start, end: end, contentStart: c))
        }
    }

    private func hasMarker(_ marker: String, at i: Int, end: Int) -> Bool {
        let m = Array(marker.utf8)
        guard i + m.count <= end, Array(bytes[i..<(i + m.count)]) == m else { return false }
        return i + m.count == end || bytes[i + m.count] == 0x20 || bytes[i + m.count] == 0x09
    }

    private func checkControlCharacters(line: Int, start: Int, end: Int) throws {
        for i in start..<end {
            let b = bytes[i]
            if (b < 0x20 && b != 0x09) || b == 0x7F {
                throw error(line, start, i, "control character \(Self.hex(b)) is not allowed in YAML; remove it")
            }
        }
    }

    // MARK: - Document and block nodes

    private mutating func parseDocument() throws -> YAMLValue? {
        guard !lines.isEmpty else { return nil }
        let value = try parseBlockNode(depth: 0)
        if index < lines.count {
            let line = lines[index]
            throw error(line, line.contentStart,
                        "this line is outside the document's top-level structure; check its indentation")
        }
        return value
    }

    /// Parses the node starting at `lines[index]`, whose indentation defines the node's.
    private mutating func parseBlockNode(depth: Int) throws -> YAMLValue {
        let line = lines[index]
        if depth > Self.maxDepth {
            throw error(line, line.contentStart, "nesting deeper than \(Self.maxDepth) levels is not supported")
        }
        if isSequenceEntry(line) {
            return try parseBlockSequence(indent: line.indent, depth: depth)
        }
        if try mappingKey(in: line) != nil {
            return try parseBlockMapping(indent: line.indent, depth: depth)
        }
        let value = try parseInlineValue(line, from: line.contentStart, depth: depth)
        index += 1
        return value
    }

    private func isSequenceEntry(_ line: Line) -> Bool {
        let c = line.contentStart
        return bytes[c] == UInt8(ascii: "-") && (c + 1 == line.end || bytes[c + 1] == 0x20 || bytes[c + 1] == 0x09)
    }

    private mutating func parseBlockMapping(indent: Int, depth: Int) throws -> YAMLValue {
        var entries: [YAMLMappingEntry] = []
        var seen: [String: YAMLPosition] = [:]
        let first = lines[index]
        let mappingPosition = position(first, first.contentStart)
        while index < lines.count && lines[index].indent == indent {
            let line = lines[index]
            guard let (key, afterColon) = try mappingKey(in: line) else {
                if isSequenceEntry(line) {
                    throw error(line, line.contentStart,
                                "a sequence item (`- `) cannot appear among the keys of a mapping; indent it under its key")
                }
                throw error(line, line.contentStart, "expected `key: value` here, as on the lines above at this indentation")
            }
            if let earlier = seen[key.text] {
                throw error(line, line.contentStart,
                            "duplicate key '\(key.text)' (first at line \(earlier.line)); keep one of them")
            }
            seen[key.text] = key.position
            let valueStart = skipBlanks(afterColon, end: line.end)
            let value: YAMLValue
            if valueStart == line.end || bytes[valueStart] == UInt8(ascii: "#") {
                index += 1
                if index < lines.count && lines[index].indent > indent {
                    value = try parseBlockNode(depth: depth + 1)
                } else if index < lines.count && lines[index].indent == indent && isSequenceEntry(lines[index]) {
                    // `key:` followed by `- item` lines at the key's own indentation.
                    value = try parseBlockSequence(indent: indent, depth: depth + 1)
                } else {
                    value = .scalar(YAMLScalar(text: "", style: .plain, position: position(line, afterColon)))
                }
            } else {
                value = try parseInlineValue(line, from: valueStart, depth: depth + 1)
                index += 1
            }
            entries.append(YAMLMappingEntry(key: key, value: value))
            try rejectDeeperLine(than: indent)
        }
        return .mapping(entries, position: mappingPosition)
    }

    private mutating func parseBlockSequence(indent: Int, depth: Int) throws -> YAMLValue {
        var items: [YAMLValue] = []
        let first = lines[index]
        let sequencePosition = position(first, first.contentStart)
        while index < lines.count && lines[index].indent == indent && isSequenceEntry(lines[index]) {
            let line = lines[index]
            let afterDash = line.contentStart + 1
            var c = afterDash
            while c < line.end && bytes[c] == 0x20 { c += 1 }
            if c < line.end && bytes[c] == 0x09 {
                throw error(line, c, "a tab after `-` is not supported; use spaces")
            }
            if c == line.end || bytes[c] == UInt8(ascii: "#") {
                index += 1
                if index < lines.count && lines[index].indent > indent {
                    items.append(try parseBlockNode(depth: depth + 1))
                } else {
                    items.append(.scalar(YAMLScalar(text: "", style: .plain, position: position(line, afterDash))))
                }
            } else {
                // The item's content is a node indented at its own column (`- key: v` continues
                // with `  other: w` at that column).
                lines[index].contentStart = c
                items.append(try parseBlockNode(depth: depth + 1))
            }
            try rejectDeeperLine(than: indent)
        }
        return .sequence(items, position: sequencePosition)
    }

    /// After a complete entry, a line indented deeper than the entry belongs to nothing.
    private func rejectDeeperLine(than indent: Int) throws {
        guard index < lines.count, lines[index].indent > indent else { return }
        let line = lines[index]
        throw error(line, line.contentStart,
                    "unexpected indentation; multi-line values are not supported (write the value on one line, quoted if needed)")
    }

    // MARK: - Keys

    /// The key of a `key: value` line and the offset after its colon, or nil when the line is not
    /// a mapping entry. Constructs that cannot be keys here are refused.
    private func mappingKey(in line: Line) throws -> (YAMLScalar, Int)? {
        let c = line.contentStart
        let b = bytes[c]
        if b == UInt8(ascii: "?") && (c + 1 == line.end || bytes[c + 1] == 0x20 || bytes[c + 1] == 0x09) {
            throw error(line, c, "complex keys (`? `) are not supported; write `key: value` with a plain or quoted key")
        }
        if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
            let (text, afterQuote) = try parseQuoted(line, from: c)
            let colon = skipBlanks(afterQuote, end: line.end)
            guard colon < line.end, bytes[colon] == UInt8(ascii: ":"), isBlankOrEnd(colon + 1, line.end) else {
                return nil
            }
            let style: YAMLScalar.Style = b == UInt8(ascii: "\"") ? .doubleQuoted : .singleQuoted
            return (YAMLScalar(text: text, style: style, position: position(line, c)), colon + 1)
        }
        if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") || b == UInt8(ascii: "-") && isSequenceEntry(line) {
            return nil
        }
        var i = c
        while i < line.end {
            let x = bytes[i]
            if x == UInt8(ascii: "#") && i > c && (bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09) { return nil }
            if x == UInt8(ascii: ":") && isBlankOrEnd(i + 1, line.end) {
                var keyEnd = i
                while keyEnd > c && (bytes[keyEnd - 1] == 0x20 || bytes[keyEnd - 1] == 0x09) { keyEnd -= 1 }
                if keyEnd == c {
                    throw error(line, c, "a key is missing before `:`")
                }
                try checkPlainStart(line, c, flow: false)
                let text = String(decoding: bytes[c..<keyEnd], as: UTF8.self)
                return (YAMLScalar(text: text, style: .plain, position: position(line, c)), i + 1)
            }
            i += 1
        }
        return nil
    }

    // MARK: - Values on one line

    /// A scalar or flow collection starting at `from`; the rest of the line may only be a comment.
    private func parseInlineValue(_ line: Line, from start: Int, depth: Int) throws -> YAMLValue {
        var i = start
        let value = try parseValue(line, &i, flow: false, depth: depth)
        let rest = skipBlanks(i, end: line.end)
        if rest < line.end && bytes[rest] != UInt8(ascii: "#") {
            if bytes[rest] == UInt8(ascii: ":") {
                throw error(line, rest, "complex keys are not supported; use a plain or quoted scalar as the key")
            }
            throw error(line, rest, "unexpected text after the value; quote the whole value or start a comment with ` #`")
        }
        if rest < line.end && rest == i {
            throw error(line, rest, "a comment needs a space before `#`")
        }
        return value
    }

    /// One value at `i` (block: to the end of the line; flow: to the next `,` `]` `}`).
    private func parseValue(_ line: Line, _ i: inout Int, flow: Bool, depth: Int) throws -> YAMLValue {
        if depth > Self.maxDepth {
            throw error(line, i, "nesting deeper than \(Self.maxDepth) levels is not supported")
        }
        let b = bytes[i]
        switch b {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let p = position(line, i)
            let (text, after) = try parseQuoted(line, from: i)
            i = after
            return .scalar(YAMLScalar(text: text, style: b == UInt8(ascii: "\"") ? .doubleQuoted : .singleQuoted, position: p))
        case UInt8(ascii: "["):
            return try parseFlowSequence(line, &i, depth: depth)
        case UInt8(ascii: "{"):
            return try parseFlowMapping(line, &i, depth: depth)
        default:
            try checkPlainStart(line, i, flow: flow)
            return .scalar(try parsePlain(line, &i, flow: flow))
        }
    }

    /// Refuses what cannot start a plain scalar, naming the YAML feature and the fix.
    private func checkPlainStart(_ line: Line, _ i: Int, flow: Bool) throws {
        let b = bytes[i]
        let next: UInt8? = i + 1 < line.end ? bytes[i + 1] : nil
        let spaceNext = next == nil || next == 0x20 || next == 0x09
        let rest = String(decoding: bytes[i..<plainEnd(line, i, flow: flow)], as: UTF8.self)
        switch b {
        case UInt8(ascii: "&"):
            throw error(line, i, "anchors (`&`) are not supported; repeat the value instead, or quote it if `&` is part of the text: \"\(rest)\"")
        case UInt8(ascii: "*"):
            throw error(line, i, "`*` starts a YAML alias, which is not supported; if this is a glob, quote it: \"\(rest)\"")
        case UInt8(ascii: "!"):
            throw error(line, i, "tags (`!`) are not supported; remove the tag, or quote the value: \"\(rest)\"")
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            throw error(line, i, "block scalars (`|` and `>`) are not supported; write the value on one line, in quotes")
        case UInt8(ascii: "?") where spaceNext:
            throw error(line, i, "complex keys (`? `) are not supported; write `key: value` with a plain or quoted key")
        case UInt8(ascii: "-") where spaceNext:
            throw error(line, i, "a sequence cannot start on the line of its key; put each `- item` on its own line below, or write `[a, b]`")
        case UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: ","),
             UInt8(ascii: "]"), UInt8(ascii: "}"):
            throw error(line, i, "a plain value cannot start with `\(Character(Unicode.Scalar(b)))`; quote it: \"\(rest)\"")
        case UInt8(ascii: ":") where spaceNext:
            throw error(line, i, "a key is missing before `:`")
        default:
            return
        }
    }

    /// Where a plain scalar starting at `i` ends (before trailing blanks).
    private func plainEnd(_ line: Line, _ start: Int, flow: Bool) -> Int {
        var i = start
        var end = start
        while i < line.end {
            let b = bytes[i]
            if b == UInt8(ascii: "#") && i > start && (bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09) { break }
            if flow {
                if b == UInt8(ascii: ",") || b == UInt8(ascii: "[") || b == UInt8(ascii: "]")
                    || b == UInt8(ascii: "{") || b == UInt8(ascii: "}") { break }
                if b == UInt8(ascii: ":") && (i + 1 == line.end || [0x20, 0x09, UInt8(ascii: ","), UInt8(ascii: "["),
                                                                     UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}")].contains(bytes[i + 1])) {
                    break
                }
            }
            if b != 0x20 && b != 0x09 { end = i + 1 }
            i += 1
        }
        return end
    }

    private func parsePlain(_ line: Line, _ i: inout Int, flow: Bool) throws -> YAMLScalar {
        let start = i
        let end = plainEnd(line, start, flow: flow)
        if !flow {
            // `: ` inside a block plain scalar would start a nested mapping in YAML.
            var j = start
            while j < end {
                if bytes[j] == UInt8(ascii: ":") && isBlankOrEnd(j + 1, end) {
                    throw error(line, j, "`: ` is not allowed inside a plain value; quote the value if the colon is part of it")
                }
                j += 1
            }
        }
        i = end
        return YAMLScalar(text: String(decoding: bytes[start..<end], as: UTF8.self), style: .plain, position: position(line, start))
    }

    // MARK: - Flow collections (one line)

    private func parseFlowSequence(_ line: Line, _ i: inout Int, depth: Int) throws -> YAMLValue {
        let p = position(line, i)
        i += 1
        var items: [YAMLValue] = []
        while true {
            i = skipBlanks(i, end: line.end)
            guard i < line.end else { throw unclosedFlow(line, "]") }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .sequence(items, position: p) }
            if bytes[i] == UInt8(ascii: ",") { throw error(line, i, "empty entry in a flow sequence; remove the extra `,`") }
            if bytes[i] == UInt8(ascii: "#") { throw unclosedFlow(line, "]") }
            items.append(try parseValue(line, &i, flow: true, depth: depth + 1))
            i = skipBlanks(i, end: line.end)
            guard i < line.end else { throw unclosedFlow(line, "]") }
            switch bytes[i] {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "]"): i += 1; return .sequence(items, position: p)
            case UInt8(ascii: ":"):
                throw error(line, i, "`key: value` pairs inside `[ ]` are not supported; use a flow mapping `{ key: value }`")
            default:
                throw error(line, i, "expected `,` or `]` in the flow sequence")
            }
        }
    }

    private func parseFlowMapping(_ line: Line, _ i: inout Int, depth: Int) throws -> YAMLValue {
        let p = position(line, i)
        i += 1
        var entries: [YAMLMappingEntry] = []
        var seen: [String: YAMLPosition] = [:]
        while true {
            i = skipBlanks(i, end: line.end)
            guard i < line.end else { throw unclosedFlow(line, "}") }
            let b = bytes[i]
            if b == UInt8(ascii: "}") { i += 1; return .mapping(entries, position: p) }
            if b == UInt8(ascii: ",") { throw error(line, i, "empty entry in a flow mapping; remove the extra `,`") }
            if b == UInt8(ascii: "#") { throw unclosedFlow(line, "}") }
            if b == UInt8(ascii: "[") || b == UInt8(ascii: "{") {
                throw error(line, i, "complex keys are not supported; use a plain or quoted scalar as the key")
            }
            let keyStart = i
            guard case .scalar(let key) = try parseValue(line, &i, flow: true, depth: depth + 1) else {
                throw error(line, i, "expected a key")
            }
            if let earlier = seen[key.text] {
                throw error(line, keyStart,
                            "duplicate key '\(key.text)' (first at line \(earlier.line), column \(earlier.column)); keep one of them")
            }
            seen[key.text] = key.position
            i = skipBlanks(i, end: line.end)
            guard i < line.end, bytes[i] == UInt8(ascii: ":") else {
                throw error(line, min(i, line.end), "expected `:` after the key '\(key.text)' (write `key: value`)")
            }
            i = skipBlanks(i + 1, end: line.end)
            guard i < line.end else { throw unclosedFlow(line, "}") }
            let value: YAMLValue
            if bytes[i] == UInt8(ascii: ",") || bytes[i] == UInt8(ascii: "}") {
                value = .scalar(YAMLScalar(text: "", style: .plain, position: position(line, i)))
            } else {
                value = try parseValue(line, &i, flow: true, depth: depth + 1)
            }
            entries.append(YAMLMappingEntry(key: key, value: value))
            i = skipBlanks(i, end: line.end)
            guard i < line.end else { throw unclosedFlow(line, "}") }
            switch bytes[i] {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "}"): i += 1; return .mapping(entries, position: p)
            default: throw error(line, i, "expected `,` or `}` in the flow mapping")
            }
        }
    }

    private func unclosedFlow(_ line: Line, _ closer: String) -> ConfigurationError {
        error(line, line.end, "missing `\(closer)`: flow collections must be closed on the same line (or use block style, one `- item` per line)")
    }

    // MARK: - Quoted scalars (one line)

    /// Parses a quoted scalar at `from` (the quote); returns its text and the offset after the closing quote.
    private func parseQuoted(_ line: Line, from start: Int) throws -> (String, Int) {
        let quote = bytes[start]
        var out: [UInt8] = []
        var i = start + 1
        while i < line.end {
            let b = bytes[i]
            if quote == UInt8(ascii: "'") {
                if b == quote {
                    if i + 1 < line.end && bytes[i + 1] == quote { out.append(quote); i += 2; continue }
                    return (String(decoding: out, as: UTF8.self), i + 1)
                }
                out.append(b)
                i += 1
                continue
            }
            if b == quote { return (String(decoding: out, as: UTF8.self), i + 1) }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            guard i + 1 < line.end else {
                throw error(line, i, "a `\\` at the end of a line continues the string on the next line, which is not supported; close the string on this line")
            }
            i = try decodeEscape(line, at: i, into: &out)
        }
        let name = quote == UInt8(ascii: "'") ? "single" : "double"
        throw error(line, start, "this \(name)-quoted string is not closed on its line; multi-line strings are not supported")
    }

    /// Decodes the escape at `i` (the backslash) into `out`; returns the offset after it.
    private func decodeEscape(_ line: Line, at i: Int, into out: inout [UInt8]) throws -> Int {
        let e = bytes[i + 1]
        let simple: [UInt8: String] = [
            UInt8(ascii: "0"): "\0", UInt8(ascii: "a"): "\u{07}", UInt8(ascii: "b"): "\u{08}",
            UInt8(ascii: "t"): "\t", 0x09: "\t", UInt8(ascii: "n"): "\n", UInt8(ascii: "v"): "\u{0B}",
            UInt8(ascii: "f"): "\u{0C}", UInt8(ascii: "r"): "\r", UInt8(ascii: "e"): "\u{1B}",
            0x20: " ", UInt8(ascii: "\""): "\"", UInt8(ascii: "/"): "/", UInt8(ascii: "\\"): "\\",
            UInt8(ascii: "N"): "\u{85}", UInt8(ascii: "_"): "\u{A0}", UInt8(ascii: "L"): "\u{2028}",
            UInt8(ascii: "P"): "\u{2029}",
        ]
        if let s = simple[e] {
            out.append(contentsOf: Array(s.utf8))
            return i + 2
        }
        let digits: Int
        switch e {
        case UInt8(ascii: "x"): digits = 2
        case UInt8(ascii: "u"): digits = 4
        case UInt8(ascii: "U"): digits = 8
        default:
            throw error(line, i, "unknown escape `\\\(Character(Unicode.Scalar(e)))` in a double-quoted string; write `\\\\` for a backslash, or use single quotes")
        }
        guard i + 2 + digits <= line.end,
              let value = UInt32(String(decoding: bytes[(i + 2)..<(i + 2 + digits)], as: UTF8.self), radix: 16),
              let scalar = Unicode.Scalar(value) else {
            throw error(line, i, "invalid `\\\(Character(Unicode.Scalar(e)))` escape: expected \(digits) hex digits of a Unicode scalar value")
        }
        out.append(contentsOf: Array(String(Character(scalar)).utf8))
        return i + 2 + digits
    }

    // MARK: - Helpers

    private func skipBlanks(_ i: Int, end: Int) -> Int {
        var i = i
        while i < end && (bytes[i] == 0x20 || bytes[i] == 0x09) { i += 1 }
        return i
    }

    private func isBlankOrEnd(_ i: Int, _ end: Int) -> Bool {
        i >= end || bytes[i] == 0x20 || bytes[i] == 0x09
    }

    private func column(_ lineStart: Int, _ offset: Int) -> Int {
        let end = min(max(offset, lineStart), bytes.count)
        if lineStart <= bytes.count && nonASCIIBefore[end] == nonASCIIBefore[lineStart] { return end - lineStart + 1 }
        return String(decoding: bytes[lineStart..<min(max(offset, lineStart), bytes.count)], as: UTF8.self).count + 1
    }

    private func position(_ line: Line, _ offset: Int) -> YAMLPosition {
        YAMLPosition(line: line.number, column: column(line.start, offset))
    }

    private func error(_ line: Line, _ offset: Int, _ message: String) -> ConfigurationError {
        error(line.number, line.start, offset, message)
    }

    private func error(_ lineNumber: Int, _ lineStart: Int, _ offset: Int, _ message: String) -> ConfigurationError {
        ConfigurationError(path: path, line: lineNumber, column: column(lineStart, offset), message: message)
    }

    private static func hex(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 0xF)])
    }

    static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool { TextCheck.isValidUTF8(bytes) }
}

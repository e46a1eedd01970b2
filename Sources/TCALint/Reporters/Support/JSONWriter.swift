/// A JSON document as reporters build it. Object keys are written sorted, so the order in
/// which a reporter lists them never matters and the output is deterministic.
public indirect enum JSONValue: Equatable, Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object(JSONObject)
}

/// Members of a JSON object, written with a dictionary literal (`["id": .string(x)]`).
/// Kept as a list rather than a `Dictionary`: report objects are small and built by the
/// hundred thousand, and hashing every key cost more than the whole rest of the writing.
/// Keys must be unique; the writer sorts them.
public struct JSONObject: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    public var members: [Member]

    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: JSONValue
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = elements.map { Member(key: $0.0, value: $0.1) }
    }
}

/// Writes JSON the way SwiftLint's reporters do (`JSONEncoder` with `.prettyPrinted`,
/// `.sortedKeys`, `.withoutEscapingSlashes`): two-space indent, `"key" : value`, an empty
/// container as an opening and closing bracket separated by a blank line. Hand-written rather
/// than `JSONEncoder` so the bytes cannot drift with the Foundation version on the machine.
public enum JSONWriter {
    public static func prettyPrinted(_ value: JSONValue) -> String {
        // Written as UTF-8 bytes: reports with tens of thousands of findings stay fast.
        var out: [UInt8] = []
        write(value, indent: 0, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func newline(indent: Int, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
        switch value {
        case .string(let s):
            appendQuoted(s, into: &out)
        case .int(let n):
            out.append(contentsOf: String(n).utf8)
        case .bool(let b):
            out.append(contentsOf: (b ? "true" : "false").utf8)
        case .null:
            out.append(contentsOf: "null".utf8)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            if items.isEmpty { out.append(UInt8(ascii: "\n")) }
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent: indent + 2, into: &out)
                write(item, indent: indent + 2, into: &out)
            }
            newline(indent: indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            if object.members.isEmpty { out.append(UInt8(ascii: "\n")) }
            for (i, member) in object.members.sorted(by: { $0.key < $1.key }).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent: indent + 2, into: &out)
                appendQuoted(member.key, into: &out)
                out.append(contentsOf: " : ".utf8)
                write(member.value, indent: indent + 2, into: &out)
            }
            newline(indent: indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string literal: `"` and `\` escaped, control characters as their short escape or
    /// `\u00xx`, DEL, C1 and bidirectional controls as `\u007f`, `\u009b`, `\u202e` (the same string to a
    /// JSON reader, but nothing that drives or reorders a terminal showing the file); everything else
    /// (including `/` and non-ASCII) written as is, in UTF-8.
    /// `shortBackspaceAndFormFeed: false` writes `\b`/`\f` as `\u0008`/`\u000c` and DEL, C1 and bidi
    /// controls raw (the oracle's spelling, which `dump reducers` must reproduce byte for byte).
    public static func quoted(_ s: String, shortBackspaceAndFormFeed: Bool = true) -> String {
        var out: [UInt8] = []
        appendQuoted(s, shortBackspaceAndFormFeed: shortBackspaceAndFormFeed, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func appendQuoted(_ s: String, shortBackspaceAndFormFeed: Bool = true, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let escapesInvisibles = shortBackspaceAndFormFeed
        // Bytes of multi-byte UTF-8 sequences are all >= 0x80, so escaping byte-wise is exact; a C1 or
        // bidi control starts with 0xC2, 0xD8 or 0xE2, where the scalar is decoded.
        let utf8 = Array(s.utf8)
        var i = 0
        while i < utf8.count {
            let byte = utf8[i]
            if escapesInvisibles && (byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2) {
                let length = byte == 0x7F ? 1 : byte == 0xE2 ? 3 : 2
                if i + length <= utf8.count, let scalar = String(decoding: utf8[i..<i + length], as: UTF8.self).unicodeScalars.first,
                   scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || TextEscaping.isBidiControl(scalar) {
                    out.append(contentsOf: ("\\u" + Hex.digits(scalar.value, minimum: 4, uppercase: false)).utf8)
                    i += length
                    continue
                }
            }
            i += 1
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0x08 where shortBackspaceAndFormFeed: out.append(contentsOf: "\\b".utf8)
            case 0x0C where shortBackspaceAndFormFeed: out.append(contentsOf: "\\f".utf8)
            case 0..<0x20: out.append(contentsOf: ("\\u00" + Hex.twoDigits(byte, uppercase: false)).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// Hex digits for escapes (`\u001f`, `%2C`) and fingerprints.
enum Hex {
    private static let upper: [Unicode.Scalar] = Array("0123456789ABCDEF".unicodeScalars)
    private static let lower: [Unicode.Scalar] = Array("0123456789abcdef".unicodeScalars)

    /// `value` in hex, zero-padded to at least `minimum` digits.
    static func digits(_ value: UInt32, minimum: Int, uppercase: Bool) -> String {
        let text = String(value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, minimum - text.count)) + text
    }

    static func twoDigits(_ byte: UInt8, uppercase: Bool) -> String {
        let digits = uppercase ? upper : lower
        var out = ""
        out.unicodeScalars.append(digits[Int(byte >> 4)])
        out.unicodeScalars.append(digits[Int(byte & 0x0F)])
        return out
    }

    /// 16 lowercase hex digits, zero-padded.
    static func sixteenDigits(_ value: UInt64) -> String {
        var out = ""
        for shift in stride(from: 56, through: 0, by: -8) {
            out += twoDigits(UInt8(truncatingIfNeeded: value >> UInt64(shift)), uppercase: false)
        }
        return out
    }
}

/// Reads the JSON tca-lint is given — a `Package.resolved`, a baseline, a language client's messages — into plain
/// Swift values: `[String: Any]`, `[Any]`, `String`, `Int` (a number written without fraction or exponent that fits),
/// `Double` (any other number), `Bool` and `JSONNull`.
///
/// Hand-written rather than `JSONSerialization`: that API lives in Foundation proper, which on Linux costs every run
/// its start-up and about 7 MB of memory (its libraries and ICU's data); the rest of tca-lint needs only
/// `FoundationEssentials`. It accepts what RFC 8259 accepts, any value at the top level (as `.fragmentsAllowed`
/// did), and refuses nesting deeper than 512 levels, as Foundation's parser does, so hostile input cannot exhaust
/// the stack.
public enum JSONReader {
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// Byte offset where the text stops being JSON.
        public var offset: Int
        public var reason: String
        public var description: String { "\(reason) at byte \(offset)" }
    }

    public static let maximumDepth = 512

    public static func parse(_ bytes: [UInt8]) throws -> Any {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.at == bytes.count else { throw reader.failure("unexpected text after the JSON value") }
        return value
    }

    public static func parse(_ text: String) throws -> Any { try parse(Array(text.utf8)) }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        func failure(_ reason: String) -> Failure { Failure(offset: at, reason: reason) }

        mutating func skipSpace() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
        }

        mutating func value(depth: Int) throws -> Any {
            guard at < bytes.count else { throw failure("unexpected end of the text") }
            switch bytes[at] {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return try string()
            case UInt8(ascii: "t"): try literal("true"); return true
            case UInt8(ascii: "f"): try literal("false"); return false
            case UInt8(ascii: "n"): try literal("null"); return JSONNull()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw failure("unexpected character")
            }
        }

        mutating func literal(_ word: StaticString) throws {
            let count = word.utf8CodeUnitCount
            guard at + count <= bytes.count else { throw failure("unexpected end of the text") }
            for i in 0..<count where bytes[at + i] != word.utf8Start[i] { throw failure("unexpected character") }
            at += count
        }

        mutating func object(depth: Int) throws -> [String: Any] {
            guard depth <= JSONReader.maximumDepth else { throw failure("nested too deeply") }
            at += 1
            var result: [String: Any] = [:]
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return result }
            while true {
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
                let key = try string()
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw failure("expected ':'") }
                at += 1
                skipSpace()
                result[key] = try value(depth: depth)
                skipSpace()
                guard at < bytes.count else { throw failure("unexpected end of the text") }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                guard bytes[at] == UInt8(ascii: "}") else { throw failure("expected ',' or '}'") }
                at += 1
                return result
            }
        }

        mutating func array(depth: Int) throws -> [Any] {
            guard depth <= JSONReader.maximumDepth else { throw failure("nested too deeply") }
            at += 1
            var result: [Any] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return result }
            while true {
                skipSpace()
                result.append(try value(depth: depth))
                skipSpace()
                guard at < bytes.count else { throw failure("unexpected end of the text") }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                guard bytes[at] == UInt8(ascii: "]") else { throw failure("expected ',' or ']'") }
                at += 1
                return result
            }
        }

        mutating func string() throws -> String {
            at += 1
            var out: [UInt8] = []
            var start = at
            while true {
                guard at < bytes.count else { throw failure("unterminated string") }
                let byte = bytes[at]
                if byte == UInt8(ascii: "\"") {
                    out.append(contentsOf: bytes[start..<at])
                    at += 1
                    // Invalid UTF-8 in a message is replaced (U+FFFD), as a client's text never is.
                    return String(decoding: out, as: UTF8.self)
                }
                if byte < 0x20 { throw failure("control character in a string") }
                guard byte == UInt8(ascii: "\\") else { at += 1; continue }
                out.append(contentsOf: bytes[start..<at])
                at += 1
                guard at < bytes.count else { throw failure("unterminated string") }
                let escaped = bytes[at]
                at += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): out.append(contentsOf: try unicodeEscape())
                default: at -= 1; throw failure("unknown escape")
                }
                start = at
            }
        }

        /// The UTF-8 of `\uXXXX` (the `u` read), a surrogate pair joined; a lone surrogate is refused.
        mutating func unicodeEscape() throws -> [UInt8] {
            var value = try hex4()
            if (0xD800...0xDBFF).contains(value) {
                guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                    throw failure("unpaired surrogate")
                }
                at += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired surrogate") }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(value) {
                throw failure("unpaired surrogate")
            }
            guard let scalar = Unicode.Scalar(value) else { throw failure("invalid escape") }
            return Array(String(Character(scalar)).utf8)
        }

        mutating func hex4() throws -> UInt32 {
            guard at + 4 <= bytes.count else { throw failure("unterminated string") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[at]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw failure("invalid \\u escape")
                }
                value = value << 4 | UInt32(digit)
                at += 1
            }
            return value
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`: an `Int` when it has neither fraction nor exponent
        /// and fits, else a `Double`.
        mutating func number() throws -> Any {
            let start = at
            if bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard at < bytes.count, isDigit(bytes[at]) else { throw failure("invalid number") }
            if bytes[at] == UInt8(ascii: "0") { at += 1 } else { skipDigits() }
            var integral = true
            if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
                integral = false
                at += 1
                guard at < bytes.count, isDigit(bytes[at]) else { throw failure("invalid number") }
                skipDigits()
            }
            if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
                integral = false
                at += 1
                if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
                guard at < bytes.count, isDigit(bytes[at]) else { throw failure("invalid number") }
                skipDigits()
            }
            let text = String(decoding: bytes[start..<at], as: UTF8.self)
            if integral, let int = Int(text) { return int }
            guard let double = Double(text), double.isFinite else { throw failure("number out of range") }
            return double
        }

        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        mutating func skipDigits() { while at < bytes.count, isDigit(bytes[at]) { at += 1 } }
    }
}

/// JSON's `null` in the values `JSONReader` returns and `JSONReader.serialized` writes.
public struct JSONNull: Equatable, Sendable {
    public init() {}
}

extension JSONReader {
    /// Compact JSON of a value built from the types `parse` returns (and any integer or floating-point type), object
    /// keys sorted so that every message is the same bytes whatever the dictionary's order; strings written as
    /// `JSONWriter` writes them (`/` as is). Nil for anything else (a programming error in a reply).
    public static func serialized(_ value: Any) -> [UInt8]? {
        var out: [UInt8] = []
        return write(value, into: &out) ? out : nil
    }

    private static func write(_ value: Any, into out: inout [UInt8]) -> Bool {
        switch value {
        case let string as String:
            JSONWriter.appendQuoted(string, into: &out)
        case let bool as Bool:
            out.append(contentsOf: (bool ? "true" : "false").utf8)
        case let int as any BinaryInteger:
            out.append(contentsOf: String(describing: int).utf8)
        case let double as Double:
            guard double.isFinite else { return false }
            // Whole numbers as integers, as JSONSerialization wrote them (`2`, not `2.0`).
            if double == double.rounded(), abs(double) < 9e15 {
                out.append(contentsOf: String(Int(double)).utf8)
            } else {
                out.append(contentsOf: String(double).utf8)
            }
        case let float as Float:
            return write(Double(float), into: &out)
        case is JSONNull:
            out.append(contentsOf: "null".utf8)
        case let array as [Any]:
            out.append(UInt8(ascii: "["))
            for (i, item) in array.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                guard write(item, into: &out) else { return false }
            }
            out.append(UInt8(ascii: "]"))
        case let object as [String: Any]:
            out.append(UInt8(ascii: "{"))
            for (i, key) in object.keys.sorted().enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.appendQuoted(key, into: &out)
                out.append(UInt8(ascii: ":"))
                guard write(object[key]!, into: &out) else { return false }
            }
            out.append(UInt8(ascii: "}"))
        default:
            return false
        }
        return true
    }
}

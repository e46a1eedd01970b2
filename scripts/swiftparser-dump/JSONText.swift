// Minimal JSON text building: the dumps are compared byte for byte, so key order and escaping
// are fixed here rather than left to an encoder.

/// A JSON string literal. Escapes `"`, `\`, `\n`, `\r`, `\t` by name, other control characters
/// below U+0020 as `\u00XX` (lower-case hex); everything else is written as is.
func jsonQuoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default:
            result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

/// An object whose members keep the order in which they were added.
struct JSONObject {
    private var members: [String] = []

    mutating func add(_ key: String, string value: String) { members.append("\(jsonQuoted(key)):\(jsonQuoted(value))") }
    mutating func add(_ key: String, int value: Int?) { members.append("\(jsonQuoted(key)):\(value.map(String.init) ?? "null")") }
    mutating func add(_ key: String, bool value: Bool) { members.append("\(jsonQuoted(key)):\(value)") }
    mutating func add(_ key: String, raw value: String) { members.append("\(jsonQuoted(key)):\(value)") }

    var text: String { "{" + members.joined(separator: ",") + "}" }
}

func jsonArray(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

/// LSP messages are handled as the plain values `JSONReader` returns (`[String: Any]`, `[Any]`, `String`, `Int`,
/// `Double`, `Bool`, `JSONNull`): the protocol has many optional, loosely typed fields, and the server reads only
/// a few of them. These helpers read fields without ever trapping on odd input.
typealias LSPObject = [String: Any]

enum LSPJSON {
    /// Parses one message body (nesting deeper than `JSONReader.maximumDepth` is refused).
    static func parse(_ bytes: [UInt8]) throws -> Any { try JSONReader.parse(bytes) }

    /// Sorted keys make every message byte-for-byte deterministic (tests compare them exactly).
    static func serialize(_ value: Any) -> [UInt8] {
        // Only a programming error (a non-JSON value in a reply) fails; answering with an internal error keeps the
        // client waiting for nothing less.
        JSONReader.serialized(value)
            ?? Array(#"{"error":{"code":-32603,"message":"internal error: reply is not JSON"},"id":null,"jsonrpc":"2.0"}"#.utf8)
    }

    /// Whether a value is a JSON number (an `id` may be a string or a number).
    static func isNumber(_ value: Any) -> Bool { value is Int || value is Double }
}

extension Dictionary where Key == String, Value == Any {
    func object(_ key: String) -> LSPObject? { self[key] as? LSPObject }
    func array(_ key: String) -> [Any]? { self[key] as? [Any] }
    func string(_ key: String) -> String? { self[key] as? String }

    /// An integer field; JSON numbers with a fraction or out of `Int` range are not integers.
    func int(_ key: String) -> Int? {
        if let int = self[key] as? Int { return int }
        guard let double = self[key] as? Double, double.isFinite, double == double.rounded(), abs(double) < 9e15 else {
            return nil
        }
        return Int(double)
    }

    func bool(_ key: String) -> Bool? { self[key] as? Bool }

    /// `a.b.c` style lookup through nested objects (client capabilities are deeply nested).
    func object(path: String...) -> LSPObject? {
        var current: LSPObject? = self
        for key in path { current = current?.object(key) }
        return current
    }
}

import Foundation

/// LSP messages are handled as Foundation JSON values (`[String: Any]`, `[Any]`, `String`,
/// `NSNumber`, `NSNull`): the protocol has many optional, loosely typed fields, and the server
/// reads only a few of them. These helpers read fields without ever trapping on odd input.
typealias LSPObject = [String: Any]

enum LSPJSON {
    /// Parses one message body. Foundation's parser refuses nesting deeper than 512 levels,
    /// so hostile input cannot exhaust the stack.
    static func parse(_ bytes: [UInt8]) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    }

    /// Sorted keys make every message byte-for-byte deterministic (tests compare them exactly).
    static func serialize(_ value: Any) -> [UInt8] {
        guard JSONSerialization.isValidJSONObject(value),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])
        else {
            // Only reachable through a programming error (a non-JSON value in a reply); answering
            // with an internal error keeps the client waiting for nothing less.
            return Array(#"{"error":{"code":-32603,"message":"internal error: reply is not JSON"},"id":null,"jsonrpc":"2.0"}"#.utf8)
        }
        return [UInt8](data)
    }
}

extension Dictionary where Key == String, Value == Any {
    func object(_ key: String) -> LSPObject? { self[key] as? LSPObject }
    func array(_ key: String) -> [Any]? { self[key] as? [Any] }
    func string(_ key: String) -> String? { self[key] as? String }

    /// An integer field; JSON numbers with a fraction or out of `Int` range are not integers.
    func int(_ key: String) -> Int? {
        guard let number = self[key] as? NSNumber else { return nil }
        let double = number.doubleValue
        guard double.isFinite, double == double.rounded(), abs(double) < 9e15 else { return nil }
        return Int(double)
    }

    func bool(_ key: String) -> Bool? { (self[key] as? NSNumber)?.boolValue }

    /// `a.b.c` style lookup through nested objects (client capabilities are deeply nested).
    func object(path: String...) -> LSPObject? {
        var current: LSPObject? = self
        for key in path { current = current?.object(key) }
        return current
    }
}

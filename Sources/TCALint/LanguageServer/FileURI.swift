/// `file:` URIs to paths and back. Written by hand (RFC 3986 percent-encoding) because the
/// server must agree byte for byte with the URIs the client sends, and `URL` normalises.
enum FileURI {
    /// The path of a `file:` URI (`file:///a/b%20c.swift` → `/a/b c.swift`), nil for other
    /// schemes (`untitled:`) or a URI with a remote host.
    static func path(of uri: String) -> String? {
        let lower = uri.prefix(7).lowercased()
        guard lower == "file://" else { return nil }
        var rest = uri.dropFirst(7)
        if !rest.hasPrefix("/") {
            // `file://host/path`: only the local host is a local file.
            guard let slash = rest.firstIndex(of: "/") else { return nil }
            let host = rest[rest.startIndex..<slash]
            guard host.isEmpty || host == "localhost" else { return nil }
            rest = rest[slash...]
        }
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[rest.startIndex..<query] }
        return percentDecoded(String(rest))
    }

    /// The `file:` URI of an absolute path, escaping what RFC 3986 does not allow in a path.
    static func uri(ofPath path: String) -> String {
        var result = "file://"
        for byte in path.utf8 {
            if isUnreserved(byte) || byte == UInt8(ascii: "/") {
                result.unicodeScalars.append(UnicodeScalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".utf8)
                result += "%"
                result.unicodeScalars.append(UnicodeScalar(hex[Int(byte >> 4)]))
                result.unicodeScalars.append(UnicodeScalar(hex[Int(byte & 0x0F)]))
            }
        }
        return result
    }

    private static func isUnreserved(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
            || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "~")
    }

    /// Decodes `%XX` escapes; a malformed escape is kept as written.
    static func percentDecoded(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "%")) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
               let high = hexValue(bytes[i + 1]), let low = hexValue(bytes[i + 2]) {
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }
}

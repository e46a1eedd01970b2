/// Decides whether a file's bytes are Swift source text at all: valid UTF-8 without NUL bytes.
/// Runs on every file, so it is one pass with an 8-bytes-at-a-time ASCII fast path.
public enum TextCheck {
    public enum Failure: Equatable, Sendable, CustomStringConvertible {
        case invalidUTF8(offset: Int)
        case nulByte(offset: Int)

        public var description: String {
            switch self {
            case .invalidUTF8: return "not valid UTF-8"
            case .nulByte: return "contains NUL bytes (binary file)"
            }
        }
    }

    /// nil when the bytes are valid UTF-8 without NUL; otherwise the first problem.
    public static func check(_ bytes: [UInt8]) -> Failure? {
        bytes.withUnsafeBufferPointer { check($0) }
    }

    /// Whether the bytes are valid UTF-8 (NUL allowed): the project's one UTF-8 validator.
    public static func isValidUTF8<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        let check: (UnsafeBufferPointer<UInt8>) -> Failure? = { TextCheck.check($0, rejectingNUL: false) }
        return (bytes.withContiguousStorageIfAvailable(check) ?? Array(bytes).withUnsafeBufferPointer(check)) == nil
    }

    public static func check(_ b: UnsafeBufferPointer<UInt8>, rejectingNUL: Bool = true) -> Failure? {
        guard let base = b.baseAddress else { return nil }
        let n = b.count
        var i = 0
        while i < n {
            // Fast path: 8 ASCII bytes, none of them NUL.
            if i + 8 <= n {
                let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let highBits: UInt64 = 0x8080_8080_8080_8080
                let hasZeroByte = (w &- 0x0101_0101_0101_0101) & ~w & highBits
                if w & highBits == 0 && (hasZeroByte == 0 || !rejectingNUL) {
                    i += 8
                    continue
                }
            }
            let c = base[i]
            if c == 0 && rejectingNUL { return .nulByte(offset: i) }
            if c < 0x80 {
                i += 1
                continue
            }
            // Multi-byte sequence: the ranges of RFC 3629 (no overlongs, no surrogates, ≤ U+10FFFF).
            let length: Int
            var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
            switch c {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return .invalidUTF8(offset: i)
            }
            guard i + length <= n else { return .invalidUTF8(offset: i) }
            let second = base[i + 1]
            guard second >= lower && second <= upper else { return .invalidUTF8(offset: i) }
            var k = 2
            while k < length {
                guard base[i + k] & 0xC0 == 0x80 else { return .invalidUTF8(offset: i) }
                k += 1
            }
            i += length
        }
        return nil
    }
}

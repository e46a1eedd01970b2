/// Byte and Unicode-scalar classes of the Swift lexer, as SwiftParser defines them
/// (`CharacterInfo.swift`, `UnicodeScalarExtensions.swift`).
///
/// ASCII decisions go through one 256-entry table so the hot loops do a single load per byte;
/// non-ASCII bytes are decoded into scalars only where a decision depends on them.
enum ByteClass {
    /// `[A-Za-z_]`
    static let identifierStart: UInt8 = 1 << 0
    /// `[A-Za-z0-9_$]`
    static let identifierContinue: UInt8 = 1 << 1
    /// `/ = - + * % < > ! & | ^ ~ . ?`
    static let operatorCharacter: UInt8 = 1 << 2
    /// `[0-9]`
    static let digit: UInt8 = 1 << 3
    /// `[0-9A-Fa-f]`
    static let hexDigit: UInt8 = 1 << 4
    /// Space, tab, vertical tab, form feed: trivia that is not a line break.
    static let horizontalSpace: UInt8 = 1 << 5
    /// `\n`, `\r`
    static let newline: UInt8 = 1 << 6
    /// Bytes >= 0x80: part of a multi-byte UTF-8 sequence (or invalid).
    static let nonASCII: UInt8 = 1 << 7

    /// Process-lifetime table (never freed): a raw pointer keeps the hot loops free of
    /// array bounds checks and lazy-global access.
    static let table: UnsafePointer<UInt8> = {
        let t = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        t.initialize(repeating: 0, count: 256)
        for b in UInt8(ascii: "a")...UInt8(ascii: "z") { t[Int(b)] |= identifierStart | identifierContinue }
        for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { t[Int(b)] |= identifierStart | identifierContinue }
        t[Int(UInt8(ascii: "_"))] |= identifierStart | identifierContinue
        t[Int(UInt8(ascii: "$"))] |= identifierContinue
        for b in UInt8(ascii: "0")...UInt8(ascii: "9") { t[Int(b)] |= identifierContinue | digit | hexDigit }
        for b in UInt8(ascii: "a")...UInt8(ascii: "f") { t[Int(b)] |= hexDigit }
        for b in UInt8(ascii: "A")...UInt8(ascii: "F") { t[Int(b)] |= hexDigit }
        for c in "/=-+*%<>!&|^~.?".utf8 { t[Int(c)] |= operatorCharacter }
        for c in [0x20, 0x09, 0x0B, 0x0C] { t[c] |= horizontalSpace }
        t[0x0A] |= newline
        t[0x0D] |= newline
        for b in 0x80...0xFF { t[b] |= nonASCII }
        return UnsafePointer(t)
    }()
}

/// Sentinel for "these bytes are not a valid UTF-8 scalar".
let invalidScalar: UInt32 = 0xFFFF_FFFF

/// Decodes one scalar at `i` (which must be < `count`) exactly like SwiftParser's
/// `Unicode.Scalar.lexing`: returns the scalar (or `invalidScalar`) and how many bytes that
/// attempt consumed. An invalid lead byte swallows every following non-lead byte; a
/// truncated or overlong sequence consumes what was read so far.
@inline(__always)
func decodeScalar(_ base: UnsafePointer<UInt8>, _ i: Int, _ count: Int) -> (scalar: UInt32, length: Int) {
    let lead = base[i]
    if lead < 0x80 { return (UInt32(lead), 1) }
    if !isUTF8LeadByte(lead) {
        var j = i + 1
        while j < count && !isUTF8LeadByte(base[j]) { j += 1 }
        return (invalidScalar, j - i)
    }
    let encodedBytes = (~lead).leadingZeroBitCount
    var value = UInt32(lead & (0x7F >> UInt8(encodedBytes)))
    var j = i + 1
    for _ in 1..<encodedBytes {
        guard j < count else { return (invalidScalar, j - i) }
        let c = base[j]
        if c < 0x80 || c >= 0xC0 { return (invalidScalar, j - i) }
        value = (value << 6) | UInt32(c & 0x3F)
        j += 1
    }
    let bits = 32 - value.leadingZeroBitCount
    let minimal: Bool
    if bits <= 11 {
        minimal = encodedBytes == 2
    } else if bits <= 16 {
        minimal = encodedBytes == 3
    } else {
        minimal = encodedBytes == 4
    }
    if !minimal || (value >= 0xD800 && value <= 0xDFFF) || value > 0x10FFFF { return (invalidScalar, j - i) }
    return (value, j - i)
}

/// RFC 3629 lead bytes (ASCII included); C0, C1 and F5…FF never start a character.
@inline(__always)
func isUTF8LeadByte(_ b: UInt8) -> Bool { b < 0x80 || (b >= 0xC2 && b < 0xF5) }

/// Non-ASCII identifier characters (N1518 Annex X.1), as `isValidIdentifierContinuationCodePoint`.
func isUnicodeIdentifierContinue(_ c: UInt32) -> Bool {
    if c < 0x80 || c == invalidScalar { return false }
    if c < 0x100 {
        return c == 0xA8 || c == 0xAA || c == 0xAD || c == 0xAF || (c >= 0xB2 && c <= 0xB5)
            || (c >= 0xB7 && c <= 0xBA) || (c >= 0xBC && c <= 0xBE) || (c >= 0xC0 && c <= 0xD6)
            || (c >= 0xD8 && c <= 0xF6) || (c >= 0xF8 && c <= 0xFF)
    }
    if c <= 0x1FFF { return c != 0x1680 && c != 0x180E }
    if c < 0x3040 {
        return (c >= 0x200B && c <= 0x200D) || (c >= 0x202A && c <= 0x202E) || (c >= 0x203F && c <= 0x2040)
            || c == 0x2054 || (c >= 0x2060 && c <= 0x206F) || (c >= 0x2070 && c <= 0x218F)
            || (c >= 0x2460 && c <= 0x24FF) || (c >= 0x2776 && c <= 0x2793) || (c >= 0x2C00 && c <= 0x2DFF)
            || (c >= 0x2E80 && c <= 0x2FFF) || (c >= 0x3004 && c <= 0x3007) || (c >= 0x3021 && c <= 0x302F)
            || (c >= 0x3031 && c <= 0x303F)
    }
    if c <= 0xD7FF { return true }
    if c < 0x10000 {
        return (c >= 0xF900 && c <= 0xFD3D) || (c >= 0xFD40 && c <= 0xFDCF) || (c >= 0xFDF0 && c <= 0xFE44)
            || (c >= 0xFE47 && c <= 0xFFF8)
    }
    // Planes 1…14, each without its last two code points.
    return c <= 0xEFFFD && (c & 0xFFFF) <= 0xFFFD
}

/// Non-ASCII identifier start: a continuation character that is not a combining mark (Annex X.2).
func isUnicodeIdentifierStart(_ c: UInt32) -> Bool {
    guard isUnicodeIdentifierContinue(c) else { return false }
    return !((c >= 0x0300 && c <= 0x036F) || (c >= 0x1DC0 && c <= 0x1DFF) || (c >= 0x20D0 && c <= 0x20FF)
        || (c >= 0xFE20 && c <= 0xFE2F))
}

/// Non-ASCII operator start: math, symbol, arrow, dingbat and box-drawing characters.
func isUnicodeOperatorStart(_ c: UInt32) -> Bool {
    if c < 0x80 || c == invalidScalar { return false }
    return (c >= 0x00A1 && c <= 0x00A7) || c == 0x00A9 || c == 0x00AB || c == 0x00AC || c == 0x00AE
        || c == 0x00B0 || c == 0x00B1 || c == 0x00B6 || c == 0x00BB || c == 0x00BF || c == 0x00D7 || c == 0x00F7
        || c == 0x2016 || c == 0x2017 || (c >= 0x2020 && c <= 0x2027) || (c >= 0x2030 && c <= 0x203E)
        || (c >= 0x2041 && c <= 0x2053) || (c >= 0x2055 && c <= 0x205E) || (c >= 0x2190 && c <= 0x23FF)
        || (c >= 0x2500 && c <= 0x2775) || (c >= 0x2794 && c <= 0x2BFF) || (c >= 0x2E00 && c <= 0x2E7F)
        || (c >= 0x3001 && c <= 0x3003) || (c >= 0x3008 && c <= 0x3030)
}

/// Non-ASCII operator continuation: operator starts plus combining marks and variation selectors.
func isUnicodeOperatorContinue(_ c: UInt32) -> Bool {
    if isUnicodeOperatorStart(c) { return true }
    return (c >= 0x0300 && c <= 0x036F) || (c >= 0x1DC0 && c <= 0x1DFF) || (c >= 0x20D0 && c <= 0x20FF)
        || (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xFE20 && c <= 0xFE2F) || (c >= 0xE0100 && c <= 0xE01EF)
}

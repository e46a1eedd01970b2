/// Escaping for the XML reporters (checkstyle, junit). One function so that no reporter forgets
/// a case: markup characters, both quote styles, and characters XML 1.0 cannot carry at all.
public enum XMLEscaping {
    /// Escapes `s` for use inside a double- or single-quoted attribute value or as element text.
    ///
    /// - `&`, `<`, `>`, `"`, `'` become entity references.
    /// - In attributes, tab, line feed and carriage return become character references, because a
    ///   parser would otherwise normalise them to spaces; in text only `\r` does (parsers turn a
    ///   literal `\r\n` into `\n`).
    /// - Characters that are not allowed in XML 1.0 even as references (C0 controls other than
    ///   tab/LF/CR, U+FFFE, U+FFFF) become U+FFFD, so the document always parses.
    /// - DEL, C1 controls and bidirectional controls become character references (`&#x202E;`).
    public static func escape(_ s: String, attribute: Bool = true) -> String {
        TextEscaping.replacingScalars(s) { scalar in
            switch scalar {
            case "&": return "&amp;"
            case "<": return "&lt;"
            case ">": return "&gt;"
            case "\"": return "&quot;"
            case "'": return "&apos;"
            case "\r": return "&#13;"
            case "\n": return attribute ? "&#10;" : nil
            case "\t": return attribute ? "&#9;" : nil
            // DEL, C1 and bidirectional controls are allowed in XML 1.0 but must not reach a terminal or a
            // viewer raw: character references keep the value and keep the bytes out of the document.
            case _ where TextEscaping.isControl(scalar) && isAllowedInXML10(scalar):
                return "&#x" + Hex.digits(scalar.value, minimum: 2, uppercase: true) + ";"
            default: return isAllowedInXML10(scalar) ? nil : "\u{FFFD}"
            }
        }
    }

    /// XML 1.0 `Char`: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
    /// (Surrogates cannot occur in a Swift `Unicode.Scalar`.)
    static func isAllowedInXML10(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: return true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}

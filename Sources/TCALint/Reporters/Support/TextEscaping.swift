/// Escaping for the text-based reporters. Each target syntax has exactly one function here.
public enum TextEscaping {
    /// The one loop of every escaper (these, `XMLEscaping`, YAML quoting): each scalar of `s` replaced by
    /// `replacement`'s text, or kept when it returns nil.
    static func replacingScalars(_ s: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(s.unicodeScalars.count)
        for scalar in s.unicodeScalars {
            if let text = replacement(scalar) { out += text } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// For line-oriented formats read on terminals (xcode, emacs/gcc, summary): a line break inside a
    /// path or message would start a bogus diagnostic line, other control characters (ESC, BEL,
    /// backspace, DEL, C1 controls such as U+009B, the CSI) from a hostile file name would drive the
    /// terminal, and bidirectional controls (U+202E RIGHT-TO-LEFT OVERRIDE…) would reorder what it shows.
    /// `\n` and `\r` are written as the two characters `\n` / `\r`, the others as `\u{XX}` (`\u{202E}`);
    /// tab and everything else are unchanged.
    public static func singleLine(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isControl) else { return s }
        return replacingScalars(s) { scalar in
            switch scalar {
            case "\n": return "\\n"
            case "\r": return "\\r"
            case _ where isControl(scalar): return controlEscape(scalar)
            default: return nil
            }
        }
    }

    /// A control character as the text `\u{XX}` (`\u{XXXX}` above U+00FF).
    static func controlEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + Hex.digits(scalar.value, minimum: 2, uppercase: true) + "}"
    }

    /// What no report may carry raw, whatever its format: C0 controls but tab (and, where the format
    /// escapes them itself, line breaks), DEL, C1 controls and bidirectional controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value) || isBidiControl(scalar)
    }

    /// Unicode's bidirectional formatting characters (UAX #9): U+061C ARABIC LETTER MARK, U+200E/U+200F
    /// (LRM, RLM), U+202A–U+202E (embeddings and overrides), U+2066–U+2069 (isolates). Printed raw, a
    /// file name or message holding one is shown reordered (CVE-2021-42574, "Trojan Source").
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// GitHub workflow-command message data (after the second `::`): `%`, `\r`, `\n` are
    /// percent-encoded, as `@actions/core` does and the runner decodes; other control characters (ESC
    /// would colour GitHub's log) are written as `\u{XX}`, as `singleLine` writes them.
    public static func githubCommandData(_ s: String) -> String {
        githubCommand(s, escapeSeparators: false)
    }

    /// GitHub workflow-command property value (`file=…,title=…`): as data, plus `:` and `,`,
    /// which would otherwise end the property list or the value.
    public static func githubCommandProperty(_ s: String) -> String {
        githubCommand(s, escapeSeparators: true)
    }

    private static func githubCommand(_ s: String, escapeSeparators: Bool) -> String {
        replacingScalars(s) { scalar in
            switch scalar {
            case "%": return "%25"
            case "\r": return "%0D"
            case "\n": return "%0A"
            case ":" where escapeSeparators: return "%3A"
            case "," where escapeSeparators: return "%2C"
            case _ where isControl(scalar): return controlEscape(scalar)
            default: return nil
            }
        }
    }

    /// A GitHub-flavoured Markdown table cell that renders as the literal text:
    /// `|` would end the cell, a line break the row; `\`, `` ` ``, `*`, `_`, `~`, `[`, `]`, `#`
    /// would become formatting (and `\.` in a key path would lose its backslash); `<`, `>`, `&`
    /// would be read as HTML. Line breaks become `<br>`, which GitHub renders inside cells.
    public static func markdownTableCell(_ s: String) -> String {
        var out = ""
        var previousWasCR = false
        for scalar in s.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\r": out += "<br>"
            case "\n": if !previousWasCR { out += "<br>" }
            case "|", "\\", "`", "*", "_", "~", "[", "]", "#":
                out += "\\"
                out.unicodeScalars.append(scalar)
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case _ where isControl(scalar): out += "\\" + controlEscape(scalar)  // `\u{1B}`, its backslash escaped
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A relative path as a URI reference (SARIF `artifactLocation.uri`): every UTF-8 byte except
    /// RFC 3986 unreserved characters and `/` is percent-encoded (uppercase hex). Encoding `:` too
    /// keeps a first segment such as `C:` or `a:b` from reading as a URI scheme.
    public static func uriPath(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + Hex.twoDigits(byte, uppercase: true)
            }
        }
        return out
    }
}

/// Escaping for the text-based reporters. Each target syntax has exactly one function here.
public enum TextEscaping {
    /// For line-oriented formats (xcode, emacs/gcc, summary): a line break inside a path or message
    /// would start a bogus diagnostic line, so `\n` and `\r` are written as the two characters
    /// `\n` / `\r`. Nothing else changes.
    public static func singleLine(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) else { return s }
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// GitHub workflow-command message data (after the second `::`): `%`, `\r`, `\n` are
    /// percent-encoded, as `@actions/core` does and the runner decodes.
    public static func githubCommandData(_ s: String) -> String {
        githubCommand(s, escapeSeparators: false)
    }

    /// GitHub workflow-command property value (`file=…,title=…`): as data, plus `:` and `,`,
    /// which would otherwise end the property list or the value.
    public static func githubCommandProperty(_ s: String) -> String {
        githubCommand(s, escapeSeparators: true)
    }

    private static func githubCommand(_ s: String, escapeSeparators: Bool) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where escapeSeparators: out += "%3A"
            case "," where escapeSeparators: out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
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

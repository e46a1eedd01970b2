/// Text trimmed and compacted the few ways names and lines are compared.
extension StringProtocol {
    /// The text without spaces (`inout  State` → `inoutState`): type names compared as written, cheaply.
    func withoutSpaces() -> String {
        guard utf8.contains(UInt8(ascii: " ")) else { return String(self) }
        return String(decoding: utf8.filter { $0 != UInt8(ascii: " ") }, as: UTF8.self)
    }

    /// The text without spaces, tabs and line breaks at either end.
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\n" || f == "\t" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\n" || l == "\t" || l == "\r" { s.removeLast() }
        return String(s)
    }
}

extension String {
    /// The text without blanks at either end: spaces (any Unicode space separator) and tabs, not line breaks —
    /// what Foundation's `trimmingCharacters(in: .whitespaces)` removes, which baselines were written with.
    public func trimmingBlanks() -> String {
        trimmingScalars { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// The text without the scalars `isTrimmed` accepts at either end.
    func trimmingScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }), let last = scalars.lastIndex(where: { !isTrimmed($0) }) else {
            return ""
        }
        return String(scalars[first...last])
    }
}

extension CodeTokens {
    /// Source text of tokens [from, through] on one line, for messages: a line break and the
    /// indentation after it are dropped (`URLSession\n    .shared` → `URLSession.shared`), and text
    /// longer than `limit` characters is cut with `…`.
    public func shownText(from: Int, through: Int, limit: Int = 60) -> String {
        var out = ""
        var skippingIndent = false
        for c in sourceText(from: from, through: through) {
            if c == "\n" || c == "\r" { skippingIndent = true; continue }
            if skippingIndent && (c == " " || c == "\t") { continue }
            skippingIndent = false
            out.append(c)
        }
        return out.count > limit ? String(out.prefix(limit)) + "…" : out
    }
}

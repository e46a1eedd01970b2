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

extension CodeTokens {
    /// A call as written, for messages: `name(arguments)` from the name at `name` when its arguments open
    /// at `open` and fit in `limit` characters on one line (`BindingReducer(action: \.view)`,
    /// `URLSession(configuration: .ephemeral)`); `name()` without arguments, `name(…)` when they are long.
    public func shownCall(name: Int, argumentsOpen open: Int?, limit: Int = 48) -> String {
        guard let open, let close = partnerOf(open), close > open else { return text(name) + "()" }
        if close == open + 1 { return sourceText(from: name, through: close) }
        let written = sourceText(from: name, through: close)
        return written.count <= limit && !written.contains("\n") ? written : sourceText(from: name, through: open - 1) + "(…)"
    }
}

extension CodeTokens {
    /// Source text of tokens [from, through] on one line, for messages: a line break and the
    /// indentation after it are dropped (`URLSession\n    .shared` → `URLSession.shared`). Text longer than
    /// `limit` characters shows its arguments as `(…)` (`DispatchQueue(…).async`), names kept whole; when that is
    /// still too long it is cut with `…`.
    public func shownText(from: Int, through: Int, limit: Int = 60) -> String {
        let written = Self.oneLine(sourceText(from: from, through: through))
        guard written.count > limit else { return written }
        var collapsed = ""
        var cursor = from
        var k = from
        while k <= through {
            if isPunct(k, .lparen), let close = partnerOf(k), close > k + 1, close <= through {
                collapsed += sourceText(from: cursor, through: k) + "…"
                cursor = close
                k = close + 1
            } else {
                k += 1
            }
        }
        if cursor <= through { collapsed += sourceText(from: cursor, through: through) }
        let shown = Self.oneLine(collapsed)
        return shown.count > limit ? String(shown.prefix(limit)) + "…" : shown
    }

    /// `text` with its line breaks and the indentation after them dropped: one space stands for them between words
    /// and after a comma (`state: \.rows,⏎ action:` → `state: \.rows, action:`), none after an opening bracket or a dot,
    /// nor before a closing bracket, a dot, a comma or a colon (`URLSession⏎ .shared` → `URLSession.shared`).
    static func oneLine(_ text: String) -> String {
        var out = ""
        var skippingIndent = false
        for c in text {
            if c.isNewline { skippingIndent = true; continue }
            if skippingIndent && (c == " " || c == "\t") { continue }
            if skippingIndent, let last = out.last, last != " ", !"([.".contains(last), !")].,:".contains(c) { out.append(" ") }
            skippingIndent = false
            out.append(c)
        }
        return out
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

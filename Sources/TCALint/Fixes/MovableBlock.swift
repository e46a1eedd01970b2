/// The whole lines a builder element occupies, with the comments attached directly above it and a
/// trailing comment on its last line: the unit a move fix cuts and pastes. Moving whole lines keeps
/// every line break as it was (LF or CRLF) and never joins or splits a line.
struct MovableBlock {
    /// `[start of the first line, start of the line after the last)`.
    var range: Range<Int>
    /// Leading whitespace of the element's first code line.
    var indentation: [UInt8]

    /// The block of `element`, or nil when the element shares a line with other code (`{ Reduce { } }`,
    /// `A(); B()`) or is the file's unterminated last line: those are not moved.
    static func of(_ element: ElementFacts, in file: FileSyntax) -> MovableBlock? {
        let code = file.code
        let (startToken, endToken) = (element.start.token, element.end.token)
        guard startToken >= 0, endToken < code.count, startToken <= endToken else { return nil }
        let lines = LineGeometry(bytes: code.bytes)
        let first = code.tokens[startToken].startOffset
        let last = code.tokens[endToken].endOffset
        let firstLine = lines.lineStart(first)
        guard lines.isBlank(firstLine, first) else { return nil }

        // After the element: only blanks and comments up to the line break.
        var cursor = last
        var guardSteps = 0
        while true {
            guardSteps += 1
            if guardSteps > 10_000 { return nil }
            cursor = lines.skipBlanks(cursor, code.bytes.count)
            if cursor >= code.bytes.count { return nil }  // no line break after the element
            let c = code.bytes[cursor]
            if c == 0x0A || c == 0x0D { break }
            guard let comment = file.tokens.comment(startingAt: cursor) else { return nil }
            cursor = comment.endOffset
        }
        let end = lines.nextLineStart(cursor)

        let top = attachedCommentsStart(above: firstLine, file: file, lines: lines)
        return MovableBlock(range: top..<end, indentation: Array(lines.indentation(ofLineAt: firstLine)))
    }

    /// Start of the run of comment-only lines directly above `lineStart` (no blank line between),
    /// or `lineStart` itself when there is none.
    private static func attachedCommentsStart(above lineStart: Int, file: FileSyntax, lines: LineGeometry) -> Int {
        var top = lineStart
        for _ in 0..<10_000 {
            guard let previous = lines.previousLine(before: top) else { break }
            let contentStart = lines.skipBlanks(previous.start, previous.contentEnd)
            if contentStart >= previous.contentEnd { break }  // a blank line detaches the comments above it
            guard let k = file.tokens.index(containing: contentStart),
                  file.tokens[k].kind == .comment else { break }
            // A block comment may begin on an earlier line; then that line must hold nothing before it.
            var candidate = previous.start
            let commentStart = file.tokens[k].startOffset
            if commentStart < previous.start {
                candidate = lines.lineStart(commentStart)
                guard lines.isBlank(candidate, commentStart) else { break }
            }
            // The rest of the line: only more comments.
            var cursor = file.tokens[k].endOffset
            var onlyComments = true
            var j = file.tokens.index(after: k)
            while true {
                cursor = lines.skipBlanks(cursor, previous.contentEnd)
                if cursor >= previous.contentEnd { break }
                guard j < file.tokens.endIndex, file.tokens[j].startOffset == cursor, file.tokens[j].kind == .comment else {
                    onlyComments = false
                    break
                }
                cursor = file.tokens[j].endOffset
                file.tokens.formIndex(after: &j)
            }
            guard onlyComments else { break }
            top = candidate
        }
        return top
    }

    /// The block's text, re-indented from its own indentation to `target`: a line starting with the old
    /// indentation gets the new one instead. Lines that begin inside a multi-line token (a `"""` string, a
    /// block comment) are copied unchanged, so no literal's value changes.
    func text(in file: FileSyntax, indentedTo target: [UInt8]) -> [UInt8] {
        let bytes = file.code.bytes
        let slice = Array(bytes[range])
        guard target != indentation else { return slice }
        let lines = LineGeometry(bytes: bytes)
        var out: [UInt8] = []
        out.reserveCapacity(slice.count + 64)
        var lineStart = range.lowerBound
        while lineStart < range.upperBound {
            let next = min(lines.nextLineStart(lineStart), range.upperBound)
            let insideToken = file.tokens.index(containing: lineStart)
                .map { file.tokens[$0].startOffset < lineStart } ?? false
            let hasOldIndent = next - lineStart >= indentation.count
                && bytes[lineStart..<(lineStart + indentation.count)].elementsEqual(indentation)
            if !insideToken && hasOldIndent && !lines.isBlank(lineStart, lines.contentEnd(lineStart)) {
                out.append(contentsOf: target)
                out.append(contentsOf: bytes[(lineStart + indentation.count)..<next])
            } else {
                out.append(contentsOf: bytes[lineStart..<next])
            }
            if next <= lineStart { break }
            lineStart = next
        }
        return out
    }
}

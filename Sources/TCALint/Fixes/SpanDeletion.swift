/// Deleting a span of code (a modifier, a statement) without leaving a blank or half-empty line behind:
/// the shared mechanism behind fixes that remove code.
enum SpanDeletion {
    /// The bytes to delete for `start..<end`:
    /// - alone on its line(s): the whole lines and their line break (an unterminated last line takes the
    ///   break before it instead), so no line of spaces is left;
    /// - code before it only: the span and the blanks after it, up to the line break;
    /// - code after it only (`    ._printChanges() // why`): the span and the blanks after it, so the next
    ///   text moves up to the indentation;
    /// - code on both sides: the span alone.
    static func range(_ start: Int, _ end: Int, lines: LineGeometry) -> Range<Int> {
        let lineStart = lines.lineStart(start)
        let lineEnd = lines.contentEnd(end)
        switch (lines.isBlank(lineStart, start), lines.isBlank(end, lineEnd)) {
        case (true, true):
            if lines.hasLineBreak(end) { return lineStart..<lines.nextLineStart(end) }
            if let previous = lines.previousLine(before: lineStart) { return previous.contentEnd..<lineEnd }
            return lineStart..<lineEnd
        case (false, true):
            return start..<lineEnd
        case (true, false):
            return start..<lines.skipBlanks(end, lineEnd)
        case (false, false):
            return start..<end
        }
    }
}

/// Splits a byte stream into LSP messages (`Content-Length: N\r\n\r\n` + N bytes of JSON).
///
/// Pure state machine, no I/O: bytes arrive in chunks of any size (a header or body may be
/// split anywhere) and complete messages come out. A bad header block (no or invalid
/// `Content-Length`, a negative or absurd length, an endless header) yields a `.framingError`
/// and the framer resynchronises on the next `Content-Length:` it sees, so one broken message
/// never takes the server down.
struct MessageFramer {
    enum Event: Equatable {
        case message([UInt8])
        case framingError(String)
    }

    /// Larger bodies are refused: no editor sends a 64 MiB document, and accepting any length
    /// would let one bad header make the server buffer without limit.
    static let maxContentLength = 64 << 20
    /// A header block longer than this is garbage, not headers.
    static let maxHeaderLength = 8 << 10

    private var buffer: [UInt8] = []
    /// Start of the unconsumed bytes in `buffer` (consumed bytes are dropped lazily, in bulk).
    private var start = 0
    /// The body length of the header block already parsed, while waiting for the body.
    private var pendingBody: (bodyStart: Int, length: Int)?

    mutating func append<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            if let p = pendingBody { pendingBody = (p.bodyStart - start, p.length) }
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Bytes received and not yet part of a message.
    var bufferedCount: Int { buffer.count - start }

    /// The next complete message or framing error, or nil when more bytes are needed.
    mutating func next() -> Event? {
        if let pending = pendingBody {
            guard buffer.count - pending.bodyStart >= pending.length else { return nil }
            let body = Array(buffer[pending.bodyStart..<(pending.bodyStart + pending.length)])
            start = pending.bodyStart + pending.length
            pendingBody = nil
            return .message(body)
        }
        // Line breaks between messages are tolerated (some clients add one after the body).
        while start < buffer.count && (buffer[start] == 0x0D || buffer[start] == 0x0A) { start += 1 }
        guard start < buffer.count else { return nil }

        guard let (headerEnd, bodyStart) = findHeaderEnd() else {
            if buffer.count - start > Self.maxHeaderLength {
                resynchronize(after: start)
                return .framingError("header longer than \(Self.maxHeaderLength) bytes without an empty line")
            }
            return nil
        }
        switch Self.contentLength(in: buffer[start..<headerEnd]) {
        case .success(let length):
            pendingBody = (bodyStart, length)
            return next()
        case .failure(let problem):
            // A header block that is complete but wrong (two lengths) is skipped whole: resynchronising
            // inside it would take its second header for the next message's.
            resynchronize(after: problem.skipWholeHeader ? headerEnd : start)
            return .framingError(problem.message)
        }
    }

    /// The end of the header block (`\r\n\r\n`, or `\n\n` from lenient clients) and the body start.
    private func findHeaderEnd() -> (Int, Int)? {
        var i = start
        let limit = min(buffer.count, start + Self.maxHeaderLength + 4)
        while i < limit {
            if buffer[i] == 0x0A {
                if i + 1 < buffer.count && buffer[i + 1] == 0x0A { return (i, i + 2) }
                if i + 2 < buffer.count && buffer[i + 1] == 0x0D && buffer[i + 2] == 0x0A { return (i, i + 3) }
            }
            i += 1
        }
        return nil
    }

    private struct HeaderProblem: Error {
        var message: String
        var skipWholeHeader = false
    }

    private static func contentLength(in header: ArraySlice<UInt8>) -> Result<Int, HeaderProblem> {
        var length: Int?
        for rawLine in header.split(separator: 0x0A) {
            var line = rawLine
            if line.last == 0x0D { line = line.dropLast() }
            if line.isEmpty { continue }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(HeaderProblem(message: "header line without ':'"))
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
            guard name.lowercased() == "content-length" else { continue }  // Content-Type and others: ignored
            let value = line[(colon + 1)...].drop(while: { $0 == 0x20 || $0 == 0x09 })
            var digits = value
            while let last = digits.last, last == 0x20 || last == 0x09 { digits = digits.dropLast() }
            guard !digits.isEmpty, digits.count <= 12, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                return .failure(HeaderProblem(message: "Content-Length is not a non-negative integer: '\(String(decoding: value, as: UTF8.self))'"))
            }
            let n = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            guard n <= maxContentLength else {
                return .failure(HeaderProblem(message: "Content-Length \(n) exceeds the limit of \(maxContentLength) bytes"))
            }
            // Two lengths (even equal ones) mean a broken client or a spliced stream: which body
            // length is right cannot be known, so the message is rejected rather than guessed.
            guard length == nil else {
                return .failure(HeaderProblem(message: "two Content-Length headers in one message", skipWholeHeader: true))
            }
            length = n
        }
        guard let length else { return .failure(HeaderProblem(message: "header without Content-Length")) }
        return .success(length)
    }

    /// Drops bytes up to the next `Content-Length:` after `offset` (case-insensitive), or all but a
    /// tail that may be the start of one.
    private mutating func resynchronize(after offset: Int) {
        let needle = Array("content-length:".utf8)
        var i = offset + 1
        while i + needle.count <= buffer.count {
            var matched = true
            for j in 0..<needle.count where Self.lowercase(buffer[i + j]) != needle[j] {
                matched = false
                break
            }
            if matched {
                start = i
                return
            }
            i += 1
        }
        // Keep only a tail that may be the beginning of the next `Content-Length:`.
        var keep = min(needle.count - 1, buffer.count - (offset + 1))
        while keep > 0 {
            let tail = buffer[(buffer.count - keep)...]
            if zip(tail, needle).allSatisfy({ Self.lowercase($0) == $1 }) { break }
            keep -= 1
        }
        start = buffer.count - keep
    }

    private static func lowercase(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }
}

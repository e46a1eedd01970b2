#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to the terminal and to files, with plain file descriptors (no Foundation).
enum Output {
    static func write(_ text: String, to fd: Int32) {
        var text = text
        _ = text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: fd) }
    }

    static func stdout(_ text: String) { write(text, to: STDOUT_FILENO) }
    static func stderr(_ text: String) { write(text, to: STDERR_FILENO) }

    /// `tca-lint: error: …` on standard error: the one shape of every user-facing error.
    static func error(_ message: String) { stderr("tca-lint: error: \(message)\n") }

    /// Writes all bytes, retrying short writes; gives up silently on a closed pipe or full disk
    /// for the terminal (nothing sensible is left to report to), returns false for files.
    @discardableResult
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        guard var p = bytes.baseAddress else { return true }
        var remaining = bytes.count
        while remaining > 0 {
            #if canImport(Glibc)
            let n = Glibc.write(fd, p, remaining)
            #else
            let n = Darwin.write(fd, p, remaining)
            #endif
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            p += n
            remaining -= n
        }
        return true
    }

    /// Replaces `path` with `text` atomically: a temporary file in the same directory is
    /// written completely and then renamed over it, so readers never see a half-written report.
    static func writeFileAtomically(_ text: String, to path: String) throws {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty else { throw CommandError.failure("cannot write report to '\(path)': not a file name") }
        var template = Array("\(directory).\(name).tca-lint-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw CommandError.failure("cannot write report to '\(path)': \(String(cString: strerror(errno)))")
        }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // mkstemp creates 0600; a report is an ordinary file: 0666 minus the umask.
        let mask = umask(0)
        umask(mask)
        fchmod(fd, 0o666 & ~mask)

        var text = text
        let written = text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: fd) }
        let reason = written ? nil : String(cString: strerror(errno))
        let closed = close(fd) == 0
        guard written, closed, rename(temporary, path) == 0 else {
            let why = reason ?? String(cString: strerror(errno))
            unlink(temporary)
            throw CommandError.failure("cannot write report to '\(path)': \(why)")
        }
    }
}

/// Accumulates output bytes and flushes them in large writes: `dump tokens` prints one line per
/// token, and building a String per line would dominate its time.
struct BufferedOutput {
    private var buffer: [UInt8] = []
    private let fd: Int32

    init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(1 << 16)
    }

    mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        flushIfLarge()
    }

    mutating func append(_ byte: UInt8) { buffer.append(byte) }

    /// A non-negative integer in decimal.
    mutating func append(decimal value: Int) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var v = value.magnitude
        var count = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[count] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                count += 1
            } while v > 0
            if value < 0 { buffer.append(UInt8(ascii: "-")) }
            while count > 0 {
                count -= 1
                buffer.append(d[count])
            }
        }
    }

    mutating func flushIfLarge() {
        if buffer.count >= 1 << 20 { flush() }
    }

    mutating func flush() {
        buffer.withUnsafeBytes { _ = Output.writeAll($0, to: fd) }
        buffer.removeAll(keepingCapacity: true)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TCALint

/// Writing to the terminal and to files, with plain file descriptors (no Foundation).
enum Output {
    static func write(_ text: String, to fd: Int32) {
        var text = text
        _ = text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: fd) }
    }

    /// Text a command prints (`rules`, `explain`, `version`, `help`, usage lines): as for a report, a failed
    /// write (`> /dev/full`, a closed pipe) is a failure, exit 2, not a silent success.
    /// `what` names the text in the error (`the report`), when there is a name for it.
    static func stdout(_ text: String, what: String? = nil) throws {
        var text = text
        guard text.withUTF8({ writeAll(UnsafeRawBufferPointer($0), to: STDOUT_FILENO) }) else {
            throw CommandError.failure("cannot write \(what.map { $0 + " " } ?? "")to standard output: \(String(cString: strerror(errno)))")
        }
    }
    /// Standard error is read on a terminal: control characters from a hostile file name (ESC, BEL) in a
    /// message are escaped as in the terminal reporters (`TextEscaping.singleLine`), line by line.
    static func stderr(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        write(lines.map { TextEscaping.singleLine(String($0)) }.joined(separator: "\n"), to: STDERR_FILENO)
    }

    /// `tca-lint: error: …` on standard error: the one shape of every user-facing error.
    static func error(_ message: String) { stderr("tca-lint: error: \(message)\n") }

    /// Writes all bytes, retrying short writes; false (errno set) on a closed pipe, a full disk, an I/O error.
    @discardableResult
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        AtomicFileWriter.writeAll(bytes, to: fd)
    }

    /// The report (or patch) on standard output, or in `path` (`--output`). A failed write — `> /dev/full`,
    /// a full disk, a closed descriptor — is a failure (exit 2) naming the destination and the reason:
    /// a report that did not arrive must not look like a clean run.
    static func report(_ text: String, to path: String?) throws {
        if let path {
            try writeFile(text, to: path, what: "the report")
        } else {
            try stdout(text, what: "the report")
        }
    }

    /// Writes a report or baseline through `AtomicFileWriter` (symlinks followed, devices and FIFOs opened,
    /// regular files replaced atomically); a failure names the path and the reason.
    static func writeFile(_ text: String, to path: String, what: String) throws {
        do {
            try AtomicFileWriter.write(Array(text.utf8), to: path)
        } catch let error as AtomicFileWriter.WriteError {
            throw CommandError.failure("cannot write \(what) to '\(path)': \(error.message)")
        }
    }

    /// Refuses to write a report or baseline (`flag` names the option) onto a Swift source file or onto any
    /// file the run reads, whatever name reaches it (symlink, hard link, `./`): `--output $EMPTY a.swift`
    /// must not replace `a.swift` with a report.
    static func refuseInputs(_ path: String?, flag: String, inputs: [String]) throws {
        guard let path else { return }
        // Case-insensitively: on macOS's default file system `A.SWIFT` is `a.swift`.
        if path.lowercased().hasSuffix(".swift") {
            throw CommandError.failure("refusing to write \(flag) onto '\(path)': it names a Swift source file")
        }
        if path == ConfigurationLoader.fileName || path.hasSuffix("/" + ConfigurationLoader.fileName) {
            throw CommandError.failure("refusing to write \(flag) onto '\(path)': it names a configuration file")
        }
        var target = stat()
        guard stat(path, &target) == 0, target.st_mode & S_IFMT == S_IFREG else { return }
        for input in inputs {
            var s = stat()
            if stat(input, &s) == 0 && s.st_dev == target.st_dev && s.st_ino == target.st_ino {
                throw CommandError.failure("refusing to write \(flag) onto '\(path)': it is the input '\(input)'")
            }
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

    /// The first write error (`strerror` text), kept so the command can fail with it at the end.
    private(set) var failure: String?

    mutating func flush() {
        let ok = buffer.withUnsafeBytes { Output.writeAll($0, to: fd) }
        if !ok && failure == nil { failure = String(cString: strerror(errno)) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, then throws the first write error, if any (exit 2).
    mutating func finish() throws {
        flush()
        if let failure { throw CommandError.failure("cannot write to standard output: \(failure)") }
    }
}

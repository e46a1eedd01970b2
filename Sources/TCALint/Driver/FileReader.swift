#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one input file into memory with plain `read(2)`: no Foundation, no String.
///
/// Every read is capped (`Limit`): a regular file larger than its cap is refused from its size, and a file
/// that announces size 0 but never ends (`/proc/self/pagemap` reached through a `*.swift` link, a FIFO
/// given as standard input) is read in chunks only until the cap, then refused. Anything but a regular
/// file (a device, a FIFO, a socket, a directory) is refused before a byte is read.
public enum FileReader {
    /// Whether `path` names a directory, through symbolic links (an operand, a project root's start).
    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
    }

    /// How much each kind of input may hold.
    public enum Limit {
        /// A Swift source file, or standard input standing for one (`--use-stdin`): 128 MiB. Far above any
        /// hand-written or generated Swift file (swiftc itself slows to a crawl on a few MB), and below the
        /// 32-bit token offsets (4 GiB).
        public static let sourceFile = 128 << 20
        /// A configuration file (`.tca-lint.yml`, `--config`, `parent_config`): 1 MiB.
        public static let configuration = 1 << 20
        /// A baseline (`--baseline`, `baseline:`): 256 MiB, about a million findings.
        public static let baseline = 256 << 20
        /// An Xcode script input file list: 16 MiB, about a hundred thousand paths.
        public static let fileList = 16 << 20
    }

    /// The cap of a Swift source file (`Limit.sourceFile`).
    public static let maximumSize = Limit.sourceFile

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case cannotOpen(reason: String)
        case notRegularFile
        /// `size`: the size the file announced; nil for one that announced 0 and went on past the limit.
        case tooLarge(size: Int?, limit: Int)
        case readFailed(reason: String)

        public var description: String {
            switch self {
            case .cannotOpen(let reason): return "cannot open (\(reason))"
            case .notRegularFile: return "not a regular file"
            case .tooLarge(let size, let limit):
                return "file too large (\(size.map { "\($0)" } ?? "more than \(limit)") bytes; the limit is \(limit))"
            case .readFailed(let reason): return "read failed (\(reason))"
            }
        }
    }

    /// The file's bytes, at most `limit` of them. Symbolic links are followed.
    public static func read(_ path: String, limit: Int = maximumSize) -> Swift.Result<[UInt8], Failure> {
        // O_NONBLOCK: a FIFO opens at once (and is then refused as not a regular file) instead of
        // waiting forever for a writer; it changes nothing for regular files.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(.cannotOpen(reason: errorText())) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(.readFailed(reason: errorText())) }
        guard st.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegularFile) }
        return read(descriptor: fd, announcedSize: Int(st.st_size), limit: limit)
    }

    /// Everything readable from `fd` (standard input), at most `limit` bytes: a FIFO or terminal fed
    /// forever is refused once the cap is passed instead of filling memory.
    public static func readAll(descriptor fd: Int32, limit: Int = maximumSize) -> Swift.Result<[UInt8], Failure> {
        var st = stat()
        let regular = fstat(fd, &st) == 0 && st.st_mode & S_IFMT == S_IFREG
        // A regular file redirected in (`< file`) is read from where the descriptor stands, to its end.
        let remaining = regular ? Int(st.st_size) - Int(lseek(fd, 0, SEEK_CUR)) : 0
        return read(descriptor: fd, announcedSize: max(0, remaining), limit: limit)
    }

    /// Reads what fstat announced into one exact-size buffer: the file as it was when opened. (A file growing
    /// while it is linted is linted as it was; no extra read(2) per file to look for more.) Only a file
    /// announcing size 0 (procfs, some network file systems, pipes) is read in chunks until end of file or
    /// the limit.
    static func read(descriptor fd: Int32, announcedSize expected: Int, limit: Int) -> Swift.Result<[UInt8], Failure> {
        guard expected <= limit else { return .failure(.tooLarge(size: expected, limit: limit)) }
        var readError: Int32 = 0
        // Uninitialised capacity: no memset of bytes read(2) overwrites anyway.
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
            var count = 0
            while count < expected, let base = buffer.baseAddress {
                let n = systemRead(fd, base + count, expected - count)
                if n < 0 {
                    if errno == EINTR { continue }
                    readError = errno
                    break
                }
                if n == 0 { break }  // the file shrank
                count += n
            }
            initialized = count
        }
        if readError != 0 { return .failure(.readFailed(reason: String(cString: strerror(readError)))) }
        if expected == 0 {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    // Standard input opened non-blocking by someone else: wait for it rather than fail.
                    if errno == EAGAIN {
                        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                        _ = poll(&poller, 1, -1)
                        continue
                    }
                    return .failure(.readFailed(reason: errorText()))
                }
                if n == 0 { break }
                bytes.append(contentsOf: chunk[0..<n])
                if bytes.count > limit { return .failure(.tooLarge(size: nil, limit: limit)) }
            }
        }
        return .success(bytes)
    }

    /// `read(2)`, named apart from `FileReader.read`.
    private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(fd, buffer, count)
        #elseif canImport(Musl)
        return Musl.read(fd, buffer, count)
        #else
        return Darwin.read(fd, buffer, count)
        #endif
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one input file into memory with plain `read(2)`: no Foundation, no String.
public enum FileReader {
    /// Token offsets are 32-bit, so a file must fit in `UInt32`: at most 4 GiB - 1 byte.
    public static let maximumSize = Int(UInt32.max)

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case cannotOpen(reason: String)
        case notRegularFile
        case tooLarge(size: Int)
        case readFailed(reason: String)

        public var description: String {
            switch self {
            case .cannotOpen(let reason): return "cannot open (\(reason))"
            case .notRegularFile: return "not a regular file"
            case .tooLarge(let size): return "file too large (\(size) bytes; the limit is \(FileReader.maximumSize))"
            case .readFailed(let reason): return "read failed (\(reason))"
            }
        }
    }

    public static func read(_ path: String) -> Swift.Result<[UInt8], Failure> {
        // O_NONBLOCK: a FIFO opens at once (and is then refused as not a regular file) instead of
        // waiting forever for a writer; it changes nothing for regular files.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(.cannotOpen(reason: errorText())) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(.readFailed(reason: errorText())) }
        guard st.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegularFile) }
        let expected = Int(st.st_size)
        guard expected <= maximumSize else { return .failure(.tooLarge(size: expected)) }

        // Read what fstat announced into one exact-size buffer: the file as it was when opened.
        // (A file growing while it is linted is linted as it was; no extra read(2) per file to
        // look for more.) Only a file announcing size 0 is read in chunks until end of file,
        // for file systems that do not report sizes.
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
                    return .failure(.readFailed(reason: errorText()))
                }
                if n == 0 { break }
                bytes.append(contentsOf: chunk[0..<n])
                if bytes.count > maximumSize { return .failure(.tooLarge(size: bytes.count)) }
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

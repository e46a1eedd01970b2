#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's bytes and its size and modification time when they were read: enough to notice that the
/// file changed on disk between reading and writing the fix (an editor saved it, a formatter ran).
struct FileSnapshot: Equatable {
    var bytes: [UInt8]
    var size: Int64
    var modifiedSeconds: Int64
    var modifiedNanoseconds: Int64

    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    static func read(_ path: String) throws -> FileSnapshot {
        guard let before = status(path) else { throw ReadError(description: "\(path): error: cannot read the file") }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw ReadError(description: "\(path): error: cannot open the file") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(max(before.size, 0)))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Self.readBytes(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError(description: "\(path): error: read failed")
            }
            if n == 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        return FileSnapshot(bytes: bytes, size: before.size, modifiedSeconds: before.seconds, modifiedNanoseconds: before.nanoseconds)
    }

    /// True when the file on disk is still exactly this snapshot: same size, modification time and bytes.
    func isCurrent(at path: String) -> Bool {
        guard let now = Self.status(path), now.size == size, now.seconds == modifiedSeconds,
              now.nanoseconds == modifiedNanoseconds, let current = try? Self.read(path) else { return false }
        return current.bytes == bytes
    }

    private static func status(_ path: String) -> (size: Int64, seconds: Int64, nanoseconds: Int64)? {
        var s = stat()
        guard stat(path, &s) == 0 else { return nil }
        #if canImport(Darwin)
        return (Int64(s.st_size), Int64(s.st_mtimespec.tv_sec), Int64(s.st_mtimespec.tv_nsec))
        #else
        return (Int64(s.st_size), Int64(s.st_mtim.tv_sec), Int64(s.st_mtim.tv_nsec))
        #endif
    }

    private static func readBytes(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(fd, p, n)
        #elseif canImport(Musl)
        return Musl.read(fd, p, n)
        #else
        return Darwin.read(fd, p, n)
        #endif
    }
}

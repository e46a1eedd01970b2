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
        switch FileReader.read(path) {
        case .success(let bytes):
            return FileSnapshot(bytes: bytes, size: before.size, modifiedSeconds: before.seconds,
                                modifiedNanoseconds: before.nanoseconds)
        case .failure(let failure):
            throw ReadError(description: "\(path): error: \(failure.description)")
        }
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
}

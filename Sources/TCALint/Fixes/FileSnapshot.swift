#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's bytes as `--fix` read them, and its link count. `AtomicFileWriter.write(_:to:expecting:)`
/// compares the file on disk with these bytes right before replacing it, so an edit made meanwhile (an
/// editor saved, a formatter ran, a process appended) is never overwritten.
struct FileSnapshot: Equatable {
    var bytes: [UInt8]
    /// Hard links to the file: a rename would replace only the name given, splitting the file in two.
    var linkCount: Int
    /// Permission bits: a file without any write bit (0444) is read-only by intent and not fixed.
    var mode: Int

    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    static func read(_ path: String) throws -> FileSnapshot {
        var s = stat()
        guard stat(path, &s) == 0 else {
            throw ReadError(description: "\(path): error: cannot read the file (\(String(cString: strerror(errno))))")
        }
        switch FileReader.read(path) {
        case .success(let bytes):
            return FileSnapshot(bytes: bytes, linkCount: Int(s.st_nlink), mode: Int(s.st_mode & 0o7777))
        case .failure(let failure):
            throw ReadError(description: "\(path): error: \(failure.description)")
        }
    }
}

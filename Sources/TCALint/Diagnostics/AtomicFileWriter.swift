#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that readers see either the old or the new content, never a mix:
/// a temporary file in the same directory, fsync, rename over the target, fsync of the
/// directory. An existing target keeps its permission bits; a symlink target is followed
/// (the file it points to is replaced, the link stays).
public enum AtomicFileWriter {
    public struct WriteError: Error, Equatable, CustomStringConvertible, Sendable {
        public var path: String
        public var message: String
        public var description: String { "\(path): error: \(message)" }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        let target = resolveSymlink(path)
        let directory = target.contains("/") ? directoryPart(of: target) : "."
        let name = target.split(separator: "/").last.map(String.init) ?? target

        var existing = stat()
        let exists = stat(target, &existing) == 0
        let mode: mode_t = exists ? existing.st_mode & 0o7777 : 0o666  // new files: 0666 minus umask

        var temporary = ""
        var fd: Int32 = -1
        for attempt in 0..<100 {
            temporary = (directory == "/" ? "" : directory) + "/.\(name).tmp-\(getpid())-\(attempt)"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw failure(path, "cannot create a temporary file in \(directory)") }
        var ok = false
        defer {
            if !ok { unlink(temporary) }
        }
        do {
            defer { close(fd) }
            var written = 0
            try bytes.withUnsafeBytes { buffer in
                while written < buffer.count {
                    let n = Glibc_write(fd, buffer.baseAddress! + written, buffer.count - written)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw failure(path, "write failed: \(errorText())")
                    }
                    written += n
                }
            }
            // `open` applied the umask; an existing file's exact bits are restored here.
            if exists && fchmod(fd, mode) != 0 { throw failure(path, "cannot set permissions: \(errorText())") }
            if fsync(fd) != 0 { throw failure(path, "fsync failed: \(errorText())") }
        }
        guard rename(temporary, target) == 0 else { throw failure(path, "cannot replace the file: \(errorText())") }
        ok = true
        let dirFD = open(directory, O_RDONLY)
        if dirFD >= 0 {
            _ = fsync(dirFD)
            close(dirFD)
        }
    }

    private static func Glibc_write(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(fd, p, n)
        #elseif canImport(Musl)
        return Musl.write(fd, p, n)
        #else
        return Darwin.write(fd, p, n)
        #endif
    }

    private static func resolveSymlink(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [Int8](repeating: 0, count: 4096)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return current }
            let link = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : directoryPart(of: current) + "/" + link
        }
        return current
    }

    private static func directoryPart(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }

    private static func failure(_ path: String, _ message: String) -> WriteError {
        WriteError(path: path, message: message)
    }
}

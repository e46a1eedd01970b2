#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way tca-lint writes a file (fixed sources, reports, baselines), so that readers see either the
/// old or the new content, never a mix, and nothing about the file but its bytes changes:
///
/// - A symlink is followed: the file it points to is replaced, the link stays.
/// - A device, FIFO or socket is opened and written, never renamed over (`--output /dev/stdout` works,
///   `/dev/full` fails with its error and stays a device).
/// - A regular file is replaced by a temporary file in the same folder (written, given the old file's
///   mode, owner, group and extended attributes, fsynced) renamed over it; the folder is fsynced. A file
///   this process may not write (`access(W_OK)`, e.g. mode 0444) is refused, as a shell redirection would.
/// - With `expecting:`, the file must still hold exactly those bytes, at the same device and inode,
///   right before the rename; otherwise nothing is written (`WriteError.changedOnDisk`). A write that
///   lands on the old file during the rename itself is detected afterwards and the old file's content,
///   that write included, is put back. A writer that opened the old file just before the rename may write
///   into it some time later, or keep it open and write whenever it likes: given a `ReplacedFiles`, the old
///   file stays open and is checked once more when that has settled (`ReplacedFiles.settle()`) and at the
///   end of the run (`ReplacedFiles.finish()`).
/// - Temporary files are registered with `TemporaryFiles`, whose signal handlers unlink them on
///   SIGINT/SIGTERM.
public enum AtomicFileWriter {
    public struct WriteError: Error, Equatable, CustomStringConvertible, Sendable {
        public var path: String
        public var message: String
        /// The file was not what the caller read (edited meanwhile): skipped, not failed.
        public var changedOnDisk = false
        public var description: String { "\(path): error: \(message)" }
    }

    public static func write(_ bytes: [UInt8], to path: String, expecting expected: [UInt8]? = nil,
                             watchedBy watch: ReplacedFiles? = nil) throws {
        let target = try resolveSymlinks(path)
        var existing = stat()
        let exists = stat(target, &existing) == 0
        if !exists && errno != ENOENT { throw failure(path, "cannot write: \(errorText())") }
        if exists {
            switch existing.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw failure(path, "cannot write: it is a directory")
            default:
                // A device, FIFO or socket: write into it, as a shell redirection would.
                if expected != nil { throw failure(path, "not a regular file") }
                return try writeInPlace(bytes, to: target, reportedAs: path)
            }
            if access(target, W_OK) != 0 { throw failure(path, "cannot write: \(errorText())") }
        } else if expected != nil {
            throw changed(path)
        }

        // The original stays open: its content is re-checked through it right before the rename, and a
        // write that reaches it during the rename is still readable afterwards.
        let original = exists ? open(target, O_RDONLY | O_CLOEXEC) : -1
        if exists && original < 0 { throw failure(path, "cannot read: \(errorText())") }
        defer { if original >= 0 { close(original) } }

        let directory = Paths.directory(of: target)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        let mode: mode_t = exists ? existing.st_mode & 0o7777 : 0o666  // new files: 0666 minus umask
        var temporary = ""
        var fd: Int32 = -1
        var openError: Int32 = 0
        for attempt in 0..<100 {
            temporary = (directory == "/" ? "" : directory) + "/.\(shortened(name)).tmp-\(getpid())-\(attempt)"
            // Registered before it exists: a signal arriving between the create and a later registration
            // would leave the file behind (a signal before the create unlinks nothing).
            TemporaryFiles.register(temporary)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, exists ? 0o600 : mode)
            openError = errno
            if fd >= 0 { break }
            TemporaryFiles.unregister(temporary)
            if openError != EEXIST { break }
        }
        guard fd >= 0 else {
            errno = openError
            throw failure(path, "cannot create a temporary file in \(directory): \(errorText())")
        }
        var checked = stat()
        do {
            do {
                defer { close(fd) }
                if !writeAll(bytes, to: fd) { throw failure(path, "write failed: \(errorText())") }
                if exists {
                    try keepAttributes(of: existing, original: original, on: fd, path: path)
                    // Last, so that a setuid/setgid bit cleared by fchown is set again.
                    if fchmod(fd, mode) != 0 { throw failure(path, "cannot set permissions: \(errorText())") }
                }
                if fsync(fd) != 0 { throw failure(path, "fsync failed: \(errorText())") }
            }
            if let expected {
                guard let now = identity(of: target), now.st_dev == existing.st_dev, now.st_ino == existing.st_ino,
                      fstat(original, &checked) == 0, readAll(original) == expected else { throw changed(path) }
            }
            guard rename(temporary, target) == 0 else { throw failure(path, "cannot replace the file: \(errorText())") }
            TemporaryFiles.unregister(temporary)
        } catch var error as WriteError {
            defer { TemporaryFiles.unregister(temporary) }
            // A temporary file that cannot be removed (the folder became unwritable meanwhile) is named, never
            // left behind silently; a later run names it too (`LeftoverTemporaryFiles`).
            if unlink(temporary) != 0 && errno != ENOENT {
                error.message += "; its temporary file \(temporary) could not be removed (\(errorText())): remove it by hand"
            }
            throw error
        }
        // Checked at once, and again after the (slow) folder sync: a writer that opened the old file just
        // before the rename may write into it just after.
        if expected != nil { try restoreIfWrittenMeanwhile(original, since: checked, replacing: bytes, at: path) }
        syncDirectory(directory)
        if expected != nil { try restoreIfWrittenMeanwhile(original, since: checked, replacing: bytes, at: path) }
        if expected != nil, let watch {
            let kept = dup(original)
            if kept >= 0 { watch.add(ReplacedFiles.Entry(original: kept, checked: checked, written: bytes, path: path)) }
        }
    }

    /// When the replaced file (still open as `original`) changed after it was checked, someone wrote to it
    /// during the rename: their bytes win, the old file's whole content is put back and the fix is
    /// reported as skipped. Should the new file have changed too, the old content is kept beside it.
    /// `heldOpen`: the write was found long after the rename (`ReplacedFiles.finish()`), so it came from a
    /// process that keeps the file open; the message says so.
    static func restoreIfWrittenMeanwhile(_ original: Int32, since checked: stat, replacing written: [UInt8],
                                          at path: String, heldOpen: Bool = false) throws {
        var now = stat()
        guard fstat(original, &now) == 0, !sameContentStamp(now, checked), let restored = readAll(original) else { return }
        do {
            try write(restored, to: path, expecting: written)
        } catch {
            let aside = Paths.directory(of: path) + "/." + shortened(path.split(separator: "/").last.map(String.init) ?? path)
                + ".tca-lint-conflict-\(getpid())"
            try? write(restored, to: aside)
            throw failure(path, "the file was written by another process during the fix, before and after the rename; its earlier content is kept in \(aside)")
        }
        if heldOpen {
            throw WriteError(path: path, message: "another process keeps the file open and wrote to it after it was replaced (an `exec 3>>` redirection, a logger); its writes went to the replaced file, whose content, those writes included, is put back and the fix not applied. Its writes from now on go to the replaced file, which no name reaches: stop it (or make it reopen the file), then fix again", changedOnDisk: true)
        }
        throw WriteError(path: path, message: "the file was written by another process while it was being replaced; that content, the write included, is put back and the fix not applied (a process that keeps the file open, such as a logger, goes on writing to the replaced file, which no name reaches: stop it before fixing)", changedOnDisk: true)
    }

    private static func writeInPlace(_ bytes: [UInt8], to target: String, reportedAs path: String) throws {
        let fd = open(target, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, "cannot open: \(errorText())") }
        let written = writeAll(bytes, to: fd)
        let reason = errorText()
        let closed = close(fd) == 0
        if !written { throw failure(path, "write failed: \(reason)") }
        if !closed { throw failure(path, "write failed: \(errorText())") }
    }

    /// Owner, group and extended attributes of the replaced file, onto the temporary file.
    private static func keepAttributes(of existing: stat, original: Int32, on fd: Int32, path: String) throws {
        var fresh = stat()
        if fstat(fd, &fresh) == 0, fresh.st_uid != existing.st_uid || fresh.st_gid != existing.st_gid {
            // Root can always do this; another user only when the file is theirs and the group is one of theirs.
            if fchown(fd, existing.st_uid, existing.st_gid) != 0 {
                throw failure(path, "cannot keep the file's owner and group (\(errorText())); not replaced")
            }
        }
        if let problem = ExtendedAttributes.copy(from: original, to: fd) {
            throw failure(path, "cannot keep extended attributes (\(problem)); not replaced")
        }
    }

    /// The file's name as a prefix of the names made beside it: cut (at a character boundary) so that the
    /// prefix plus a suffix of up to 40 bytes stays within a file name's 255 bytes.
    static func shortened(_ name: String) -> String {
        guard name.utf8.count > 200 else { return name }
        var cut = ""
        for character in name {
            guard cut.utf8.count + String(character).utf8.count <= 200 else { break }
            cut.append(character)
        }
        return cut
    }

    /// Follows symlinks to the file they name (which need not exist yet); a loop is an error.
    static func resolveSymlinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            // `CChar`: signed on Darwin and Linux x86_64, unsigned on Linux arm64.
            var buffer = [CChar](repeating: 0, count: 4097)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { return current }
            let link = String(decoding: buffer[0..<n].map { UInt8(truncatingIfNeeded: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : Paths.directory(of: current) + "/" + link
        }
        throw failure(path, "cannot write: \(String(cString: strerror(ELOOP)))")
    }

    private static func identity(of path: String) -> stat? {
        var s = stat()
        return lstat(path, &s) == 0 ? s : nil
    }

    private static func sameContentStamp(_ a: stat, _ b: stat) -> Bool {
        #if canImport(Darwin)
        return a.st_size == b.st_size && a.st_mtimespec.tv_sec == b.st_mtimespec.tv_sec
            && a.st_mtimespec.tv_nsec == b.st_mtimespec.tv_nsec
        #else
        return a.st_size == b.st_size && a.st_mtim.tv_sec == b.st_mtim.tv_sec && a.st_mtim.tv_nsec == b.st_mtim.tv_nsec
        #endif
    }

    /// The whole content behind `fd`, from offset 0.
    private static func readAll(_ fd: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
            offset += off_t(n)
        }
    }

    /// Writes every byte, retrying short writes and EINTR; false (errno set) on failure.
    public static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { writeAll($0, to: fd) }
    }

    public static func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        guard let base = buffer.baseAddress else { return true }
        var written = 0
        while written < buffer.count {
            #if canImport(Glibc)
            let n = Glibc.write(fd, base + written, buffer.count - written)
            #elseif canImport(Musl)
            let n = Musl.write(fd, base + written, buffer.count - written)
            #else
            let n = Darwin.write(fd, base + written, buffer.count - written)
            #endif
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += n
        }
        return true
    }

    private static func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            _ = fsync(fd)
            close(fd)
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }

    private static func failure(_ path: String, _ message: String) -> WriteError {
        WriteError(path: path, message: message)
    }

    private static func changed(_ path: String) -> WriteError {
        WriteError(path: path, message: "the file changed on disk while it was being fixed; not overwritten",
                   changedOnDisk: true)
    }
}

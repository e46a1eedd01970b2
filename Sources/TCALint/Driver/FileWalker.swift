#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the Swift files to lint below the paths a user gave.
///
/// - Directories are walked recursively (iteratively: deep trees cost no call-stack depth);
///   every `*.swift` file in them is collected. Hidden entries and build/dependency folders
///   (`FileWalker.skippedDirectoryNames`) are skipped; they hold generated or third-party code.
/// - Files given explicitly are linted whatever their name.
/// - Symbolic links are followed; every directory is entered at most once (tracked by device
///   and inode), so link loops end and a tree reachable twice is linted once.
/// - Paths are reported as given: `Sources` yields `Sources/A.swift`; the current directory `.`
///   yields `A.swift` (no `./` prefix), so relative paths stay relative and short.
/// - The result is sorted, so output never depends on directory order.
public struct FileWalker {
    /// Directory names never entered (besides hidden ones, whose name starts with `.`).
    public static let skippedDirectoryNames: Set<String> = [
        ".build", "DerivedData", "Pods", "Carthage", ".swiftpm", "checkouts",
    ]

    /// Something wrong with one of the given paths. Never fatal for the other paths.
    public enum Problem: Equatable, Sendable, CustomStringConvertible {
        /// A given path that does not exist (or is a dangling link).
        case missing(path: String)
        /// A path that exists but cannot be reached: a folder without search permission (EACCES), a
        /// symlink loop (ELOOP), a name too long.
        case inaccessible(path: String, reason: String)
        /// A given path that is neither a regular file nor a directory (a FIFO, a device…).
        case notRegularFile(path: String)
        /// A directory that exists but could not be listed.
        case unreadableDirectory(path: String, reason: String)
        /// An entry whose name is not valid UTF-8 (it could not be printed faithfully).
        case undecodableName(directory: String)

        public var description: String {
            switch self {
            case .missing(let path): return "\(path): no such file or directory"
            case .inaccessible(let path, let reason): return "\(path): cannot access (\(reason))"
            case .notRegularFile(let path): return "\(path): not a regular file or directory"
            case .unreadableDirectory(let path, let reason): return "\(path): cannot read directory (\(reason))"
            case .undecodableName(let directory): return "\(directory): skipped an entry whose name is not valid UTF-8"
            }
        }
    }

    public struct Result: Equatable, Sendable {
        /// Files to lint, sorted, each path once.
        public var files: [String]
        /// Problems with the given paths, in the order they were met.
        public var problems: [Problem]
    }

    /// Whether to enter a directory met during the walk (the configuration's `excluded`
    /// folders are pruned, not listed and then filtered). The given roots are always entered.
    public var shouldDescend: (String) -> Bool

    public init(shouldDescend: @escaping (String) -> Bool = { _ in true }) {
        self.shouldDescend = shouldDescend
    }

    /// Collects the files below `paths`. Never fails as a whole: problems are returned with the files.
    public func collect(_ paths: [String]) -> Result {
        var collector = Collector(shouldDescend: shouldDescend)
        for path in paths { collector.visitRoot(path) }
        return Result(files: collector.sortedUniqueFiles(), problems: collector.problems)
    }
}

/// Identity of a file system object: what a symlink resolves to, whatever path reaches it.
private struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    /// `dev_t` is `Int32` on Darwin (negative for some devices) and `UInt64` on Linux: keep the
    /// bit pattern instead of converting the value, which would trap on a negative device.
    init(_ st: stat) {
        device = UInt64(truncatingIfNeeded: st.st_dev)
        inode = UInt64(truncatingIfNeeded: st.st_ino)
    }

    init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

extension FileWalker {
    /// What a folder entry is, links followed.
    enum EntryKind { case directory, file, other }

    /// The entries of one folder (`.` and `..` left out; hidden ones kept), each with its kind, from the types
    /// `readdir` gives: a `stat` only for a link or on a file system that does not fill them, where a folder's listing
    /// with a `stat` per entry costs a syscall for each of its thousands of files. Nil when the folder cannot be read.
    static func entries(of directory: String) -> [(name: String, kind: EntryKind)]? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        let dirFD = dirfd(dir)
        var result: [(name: String, kind: EntryKind)] = []
        while let entry = readdir(dir) {
            let name = String(cString: namePointer(entry))
            if name == "." || name == ".." { continue }
            switch entry.pointee.d_type {
            case UInt8(DT_DIR): result.append((name, .directory))
            case UInt8(DT_REG): result.append((name, .file))
            default:
                var st = stat()
                guard fstatat(dirFD, namePointer(entry), &st, 0) == 0 else { continue }
                let mode = st.st_mode & S_IFMT
                result.append((name, mode == S_IFDIR ? .directory : mode == S_IFREG ? .file : .other))
            }
        }
        return result
    }
}

/// The `d_name` of a directory entry as a C string, pointing into readdir's own buffer
/// (valid until the next readdir on that directory).
private func namePointer(_ entry: UnsafeMutablePointer<dirent>) -> UnsafePointer<CChar> {
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
    return (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self)
}

private struct Collector {
    let shouldDescend: (String) -> Bool
    var files: [(path: String, identity: FileIdentity)] = []
    var problems: [FileWalker.Problem] = []
    var visitedDirectories: Set<FileIdentity> = []

    mutating func visitRoot(_ path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else {
            problems.append(Self.statProblem(path: path, errno: errno))
            return
        }
        switch st.st_mode & S_IFMT {
        case S_IFREG:
            files.append((path, FileIdentity(st)))
        case S_IFDIR:
            walk(root: path, identity: FileIdentity(st))
        default:
            problems.append(.notRegularFile(path: path))
        }
    }

    /// `prefix + name` in a string of exactly that size: `+` leaves the room of an append to come (up to twice the
    /// path), and the run keeps every path it lists until it ends (1.6 MB for 8,547 files).
    static func joined(_ prefix: String, _ name: String) -> String {
        var path = ""
        path.reserveCapacity(prefix.utf8.count + name.utf8.count)
        path += prefix
        path += name
        return path
    }

    /// Walks one directory tree with an explicit stack of directories still to list.
    mutating func walk(root: String, identity: FileIdentity) {
        guard visitedDirectories.insert(identity).inserted else { return }
        var pending: [(path: String, device: UInt64)] = [(root, identity.device)]
        while let (directory, device) = pending.popLast() {
            // Children of `.` are printed without the `./` prefix; others as `dir/name`.
            let prefix: String
            if directory == "." {
                prefix = ""
            } else if directory.hasSuffix("/") {
                prefix = directory
            } else {
                prefix = directory + "/"
            }
            guard let dir = opendir(directory) else {
                problems.append(.unreadableDirectory(path: directory, reason: String(cString: strerror(errno))))
                continue
            }
            defer { closedir(dir) }
            // stat relative to the open directory: the kernel does not re-walk the whole path.
            let dirFD = dirfd(dir)
            while let entry = readdir(dir) {
                let (name, nameIsValid) = entryName(entry)
                guard nameIsValid else {
                    problems.append(.undecodableName(directory: directory))
                    continue
                }
                // Hidden entries (`.`, `..`, `.git`, `.build`, macOS `._Foo.swift` resource forks).
                if name.hasPrefix(".") { continue }
                let path = Self.joined(prefix, name)
                let type = entry.pointee.d_type
                if type == UInt8(DT_REG) {
                    // No stat needed: a regular file lives on its directory's device.
                    if name.hasSuffix(".swift") {
                        files.append((path, FileIdentity(device: device, inode: UInt64(truncatingIfNeeded: entry.pointee.d_ino))))
                    }
                } else if type == UInt8(DT_DIR) {
                    if FileWalker.skippedDirectoryNames.contains(name) || !shouldDescend(path) { continue }
                    var st = stat()
                    guard fstatat(dirFD, namePointer(entry), &st, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                    let id = FileIdentity(st)
                    if visitedDirectories.insert(id).inserted { pending.append((path, id.device)) }
                } else {
                    // A symlink, or a file system that does not fill d_type: ask stat (follows links).
                    var st = stat()
                    guard fstatat(dirFD, namePointer(entry), &st, 0) == 0 else {
                        // A dangling link is only worth reporting when it claims to be a Swift file.
                        if name.hasSuffix(".swift") { problems.append(Self.statProblem(path: path, errno: errno)) }
                        continue
                    }
                    let mode = st.st_mode & S_IFMT
                    if mode == S_IFDIR {
                        if FileWalker.skippedDirectoryNames.contains(name) || !shouldDescend(path) { continue }
                        let id = FileIdentity(st)
                        if visitedDirectories.insert(id).inserted { pending.append((path, id.device)) }
                    } else if mode == S_IFREG && name.hasSuffix(".swift") {
                        files.append((path, FileIdentity(st)))
                    }
                }
            }
        }
    }

    /// Why `stat` failed, with the right reason: only ENOENT is "no such file".
    static func statProblem(path: String, errno code: Int32) -> FileWalker.Problem {
        code == ENOENT ? .missing(path: path) : .inaccessible(path: path, reason: String(cString: strerror(code)))
    }

    /// The entry's name, and whether it was valid UTF-8.
    func entryName(_ entry: UnsafeMutablePointer<dirent>) -> (String, Bool) {
        withUnsafePointer(to: &entry.pointee.d_name) { tuple in
            tuple.withMemoryRebound(to: UInt8.self, capacity: Int(NAME_MAX) + 1) { p in
                let length = strlen(UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))
                let bytes = UnsafeBufferPointer(start: p, count: length)
                let name = String(decoding: bytes, as: UTF8.self)
                // Decoding repairs invalid sequences (with U+FFFD), which changes the byte count.
                return (name, name.utf8.elementsEqual(bytes))
            }
        }
    }

    /// Sorted by path; a file reached by several paths (links, overlapping arguments) is kept
    /// once, under the path that sorts first. (Equal paths name the same file, so the
    /// identity check also removes repeated paths.)
    func sortedUniqueFiles() -> [String] {
        let sorted = files.sorted { $0.path < $1.path }
        var seenFiles: Set<FileIdentity> = []
        seenFiles.reserveCapacity(sorted.count)
        var result: [String] = []
        result.reserveCapacity(sorted.count)
        for file in sorted where seenFiles.insert(file.identity).inserted {
            result.append(file.path)
        }
        return result
    }
}

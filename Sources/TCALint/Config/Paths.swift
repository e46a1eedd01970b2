#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lexical path arithmetic: the one implementation used by the configuration (globs relative to
/// their file), the baseline (paths relative to its file) and the reporters that print relative
/// paths (`RelativePath`). Purely textual (`currentDirectory()` aside): no file system access, so `..` is resolved against the
/// text, as users read their config, and reports never depend on what exists when they are written.
public enum Paths {
    /// `path` made absolute against `base` (itself absolute), with `.`, `..` and repeated `/` removed.
    public static func absolute(_ path: String, base: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        // `./Sources/A`, as a walk from `.` spells every folder: the rest joined as it is when nothing else needs
        // normalizing (splitting each folder's path into components cost a walk of a large tree 5% of its time).
        var rest = Substring(path)
        while rest.utf8.starts(with: "./".utf8) { rest = rest.dropFirst(2) }
        let isPlain = !rest.isEmpty && !rest.hasPrefix("/") && isNormalized(String(rest))
        if isPlain && base.hasPrefix("/") && isNormalized(base) { return base == "/" ? "/" + rest : base + "/" + rest }
        return normalize(base + "/" + rest)
    }

    /// Removes `.`, empty components and `..` (never above the root; a relative path keeps its
    /// leading `..`). Keeps a leading `/`; an empty relative result is `.`.
    public static func normalize(_ path: String) -> String {
        if isNormalized(path) { return path }
        let isAbsolute = path.hasPrefix("/")
        let joined = components(path).joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// No empty, `.` or `..` component and no trailing `/` (the root aside): the common case,
    /// checked byte by byte without splitting (the walker's paths are all like this).
    static func isNormalized(_ path: String) -> Bool {
        if path == "/" { return true }
        // Over the contiguous bytes: every configuration file of a deep tree is normalized several times, and
        // its path is as long as the tree is deep.
        if let result = path.utf8.withContiguousStorageIfAvailable(isNormalized) { return result }
        return Array(path.utf8).withUnsafeBufferPointer { isNormalized($0) }
    }

    private static func isNormalized(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var length = 0, dots = 0, isFirst = true
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                // An empty component is allowed only before the leading `/` of an absolute path.
                if (length == 0 && !isFirst) || (length > 0 && dots == length && length <= 2) { return false }
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
            isFirst = false
        }
        return length > 0 && !(dots == length && length <= 2)
    }

    /// The normalized components of `path` (see `normalize`).
    static func components(_ path: String) -> [Substring] {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if let last = parts.last, last != ".." {
                    parts.removeLast()
                } else if !isAbsolute {
                    parts.append(part)
                }
                continue
            }
            parts.append(part)
        }
        return parts
    }

    /// `path` relative to the absolute directory `base`. A relative `path` is taken as relative to
    /// `base` already and only normalized. An absolute one gets `base`'s common prefix removed, with
    /// `..` for each remaining component of `base` (`/x/y/f` from `/x/z` → `../y/f`); `.` when equal.
    public static func relative(_ path: String, to base: String) -> String {
        guard path.hasPrefix("/") else { return normalize(path) }
        let baseParts = components(base)
        var pathParts = components(path)
        var common = 0
        while common < baseParts.count, common < pathParts.count, baseParts[common] == pathParts[common] {
            common += 1
        }
        pathParts.removeFirst(common)
        let result = Array(repeating: "..", count: baseParts.count - common) + pathParts.map(String.init)
        return result.isEmpty ? "." : result.joined(separator: "/")
    }

    /// The directory part of a path (`/a/b/c.yml` → `/a/b`).
    public static func directory(of path: String) -> String {
        // By byte: a Character search from the end costs thousands of instructions per path.
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[path.startIndex..<slash])
    }

    /// `name` inside `directory`, with one `/` between them (`/` + `a` → `/a`).
    public static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The process's working directory (`.` when it cannot be read, e.g. after it was deleted).
    /// The one place that asks the system; everything else is lexical.
    public static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return String(cString: cwd)
    }
}

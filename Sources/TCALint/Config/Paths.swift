/// Lexical path handling shared by the configuration (globs relative to the config file)
/// and the baseline (paths relative to a root). Purely textual: no file system access,
/// so `..` is resolved against the text, as users read their config.
enum Paths {
    /// `path` made absolute against `base` (itself absolute), with `.`, `..` and repeated `/` removed.
    static func absolute(_ path: String, base: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        return normalize(base + "/" + path)
    }

    /// Removes `.`, empty components and `..` (never above the root). Keeps a leading `/`.
    static func normalize(_ path: String) -> String {
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
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `path` (absolute, normalized) relative to `root` (absolute, normalized) when inside it;
    /// otherwise `path` unchanged.
    static func relative(_ path: String, to root: String) -> String {
        if root == "/" { return path == "/" ? "." : String(path.dropFirst()) }
        if path == root { return "." }
        if path.hasPrefix(root + "/") { return String(path.dropFirst(root.count + 1)) }
        return path
    }

    /// The directory part of a path (`/a/b/c.yml` → `/a/b`).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[path.startIndex..<slash])
    }
}

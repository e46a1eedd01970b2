/// Lexical path arithmetic for reporters that print paths relative to a directory
/// (relative-path, SARIF, GitHub annotations, Code Climate, fingerprints).
/// It never touches the file system: reports must not depend on what exists when they are written.
public enum RelativePath {
    /// `path` relative to the absolute directory `base`.
    ///
    /// A relative `path` is taken as relative to `base` already and only normalised
    /// (`./a//b/../c` → `a/c`). An absolute one gets `base`'s common prefix removed, with `..`
    /// for each remaining component of `base` (`/x/y/f` from `/x/z` → `../y/f`). `.` when equal.
    public static func make(_ path: String, relativeTo base: String) -> String {
        let baseComponents = normalizedComponents(base, isAbsolute: true)
        let isAbsolute = path.hasPrefix("/")
        var pathComponents = normalizedComponents(path, isAbsolute: isAbsolute)
        if !isAbsolute {
            return pathComponents.isEmpty ? "." : pathComponents.joined(separator: "/")
        }
        var common = 0
        while common < baseComponents.count, common < pathComponents.count,
              baseComponents[common] == pathComponents[common] {
            common += 1
        }
        pathComponents.removeFirst(common)
        let ups = Array(repeating: "..", count: baseComponents.count - common)
        let result = ups + pathComponents
        return result.isEmpty ? "." : result.joined(separator: "/")
    }

    /// `make(_:relativeTo:)` for many diagnostics of few files: each distinct path is computed once.
    struct Cache {
        let base: String
        private var known: [String: String] = [:]

        init(base: String) { self.base = base }

        mutating func relative(_ path: String) -> String {
            if let hit = known[path] { return hit }
            let result = RelativePath.make(path, relativeTo: base)
            known[path] = result
            return result
        }
    }

    /// Components without empty ones and `.`; `..` removes the previous component when there is
    /// one (above the root of an absolute path it is dropped; a relative path keeps leading `..`).
    static func normalizedComponents(_ path: String, isAbsolute: Bool) -> [String] {
        var out: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if let last = out.last, last != ".." {
                    out.removeLast()
                } else if !isAbsolute {
                    out.append("..")
                }
                continue
            }
            out.append(String(part))
        }
        return out
    }

    /// The absolute directory as a `file://` URI ending in `/` (SARIF `originalUriBaseIds`).
    public static func fileURI(ofDirectory directory: String) -> String {
        let components = normalizedComponents(directory, isAbsolute: true)
        let path = components.isEmpty ? "/" : "/" + components.joined(separator: "/") + "/"
        return "file://" + TextEscaping.uriPath(path)
    }
}

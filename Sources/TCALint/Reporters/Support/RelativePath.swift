/// Paths as reporters print them (relative-path, SARIF, GitHub annotations, Code Climate,
/// fingerprints): `Paths.relative`, with a per-run cache and the SARIF base URI.
public enum RelativePath {
    /// `path` relative to the absolute directory `base` (see `Paths.relative`).
    public static func make(_ path: String, relativeTo base: String) -> String {
        Paths.relative(path, to: base)
    }

    /// `make(_:relativeTo:)` for many diagnostics of few files: each distinct path is computed once.
    struct Cache {
        let base: String
        private var known: [String: String] = [:]

        init(base: String) { self.base = base }

        mutating func relative(_ path: String) -> String {
            if let hit = known[path] { return hit }
            let result = Paths.relative(path, to: base)
            known[path] = result
            return result
        }
    }

    /// The absolute directory as a `file://` URI ending in `/` (SARIF `originalUriBaseIds`).
    public static func fileURI(ofDirectory directory: String) -> String {
        let normalized = Paths.normalize(directory)
        let path = normalized == "/" ? "/" : normalized + "/"
        return "file://" + TextEscaping.uriPath(path)
    }
}

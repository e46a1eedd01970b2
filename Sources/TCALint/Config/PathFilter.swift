/// A list of paths and globs written relative to a directory, matched against file paths.
/// As in SwiftLint, an entry matches a path when it matches the path itself or one of its
/// ancestor directories, so `Pods` excludes everything under `Pods/`.
struct PathFilter: Sendable {
    /// The entries as written.
    let patterns: [String]
    private let globs: [Glob]

    init(patterns: [String], baseDirectory: String) {
        self.patterns = patterns
        var globs: [Glob] = []
        for pattern in patterns {
            let absolute = Paths.absolute(pattern, base: baseDirectory)
            globs.append(Glob(absolute))
            globs.append(Glob(absolute == "/" ? "/**" : absolute + "/**"))
        }
        self.globs = globs
    }

    var isEmpty: Bool { patterns.isEmpty }

    /// `absolutePath` must be absolute and normalized (see `Paths.absolute`).
    func matches(absolutePath: String) -> Bool {
        guard !globs.isEmpty else { return false }
        let components = Glob.components(of: absolutePath)
        return globs.contains { $0.matches(components: components) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Builds `FeatureIndex`es from files on disk: the files of a run, or the project a single file
/// belongs to. Only files that can hold facts are tokenized (a byte search decides first).
public enum ProjectIndexer {
    /// Whether the bytes can hold feature facts: `Reduce` (reducers, `Reduce { }`, `coordinatorReduce()`),
    /// an extension of a `State` or `Action` (`extension Feature.State`), or one of the project's own
    /// reducer protocol names (`learned`, from `FeatureIndex.projectReducerProtocols`).
    ///
    /// Not searched for (one byte search per file is the budget): an `extension Feature.State` in a file that
    /// never says `Reduce`; its members are missing from the feature's state until the file is opened in an editor.
    public static func mayContainFacts(_ bytes: [UInt8], learned: [[UInt8]] = []) -> Bool {
        Scope.features.wants(bytes, names: [reduceNeedle] + learned)
    }

    static let reduceNeedle = Array("Reduce".utf8)

    /// The facts of one file's bytes (tokenized here).
    public static func facts(path: String, bytes: [UInt8], detail: FileFactsExtractor.Detail = .full) -> FileFacts {
        FileFactsExtractor.extract(AnalyzedFile(source: SourceFile(path: path, bytes: bytes)), detail: detail)
    }

    /// What an index is built for, which decides which files are read and how far.
    public enum Scope: Sendable {
        /// Every file that may hold facts (`mayContainFacts`), read fully: `dump features`, editors.
        case features
        /// Files that may declare or adopt a reducer protocol, read to their declarations: a lint run's own files.
        case reducers
        /// Only files that may declare a reducer protocol or alias, read to their declarations: all that
        /// linting single files needs from the rest of the project (which of its types are reducers).
        case reducerProtocols

        public var detail: FileFactsExtractor.Detail { self == .features ? .full : .declarations }

        /// Whether a file with these bytes is read, given the names that make it worth reading.
        func wants(_ bytes: [UInt8], names: [[UInt8]]) -> Bool {
            wants(bytes, names: NameNeedles(bytes: names))
        }

        /// The same with the names prepared once: one pass over the file whatever their number.
        func wants(_ bytes: [UInt8], names: NameNeedles) -> Bool {
            switch self {
            case .features, .reducers:
                return names.occurs(in: bytes)
            case .reducerProtocols:
                return names.occurs(in: bytes)
                    && (Prefilter.contains(bytes, needle: protocolNeedle) || Prefilter.contains(bytes, needle: typealiasNeedle))
            }
        }

        /// The first search's names: `Reduce` for features (also `coordinatorReduce()` parts), `Reducer` for protocols.
        var initialNames: [[UInt8]] { self == .features ? [reduceNeedle] : [Array("Reducer".utf8)] }
    }

    static let protocolNeedle = Array("protocol".utf8)
    static let typealiasNeedle = Array("typealias".utf8)

    /// The index of the files at `paths` (unreadable and non-text files are left out), built on `jobs` workers,
    /// with `given` facts standing in for the files at their paths.
    public static func index(paths: [String], jobs: Int, scope: Scope = .features, replacing given: [FileFacts] = []) -> FeatureIndex {
        let givenPaths = Set(given.map { $0.path })
        let paths = paths.filter { !givenPaths.contains($0) }
        var facts: [FileFacts?] = parallelMap(count: paths.count, jobs: jobs) { i in
            guard let bytes = readText(paths[i]), scope.wants(bytes, names: scope.initialNames) else { return nil }
            return Self.facts(path: paths[i], bytes: bytes, detail: scope.detail)
        }
        let index = learnReducerProtocols(paths: paths, facts: &facts, given: given, jobs: jobs, scope: scope,
                                          isCandidate: { _ in true })
        return scope == .features ? readExtensionsOfReducers(paths: paths, facts: &facts, given: given, index: index, jobs: jobs) : index
    }

    static let extensionNeedle = Array("extension".utf8)

    /// A features index holds every member of every reducer: the files not read yet that may extend one
    /// (`extension Feature { var date: Date … }` in a file that never says `Reduce`) are read too, so that
    /// a fix adding a member to a reducer knows whether the name is taken elsewhere. One pass over the
    /// unread files (a byte search for `extension` and for the reducers' names, in one pass whatever their number).
    static func readExtensionsOfReducers(paths: [String], facts: inout [FileFacts?], given: [FileFacts], index: FeatureIndex,
                                         jobs: Int) -> FeatureIndex {
        let names = NameNeedles(index.reducerTypeNames.sorted())
        let pending = facts.indices.filter { facts[$0] == nil }
        guard !names.isEmpty, !pending.isEmpty else { return index }
        let found: [FileFacts?] = parallelMap(count: pending.count, jobs: jobs) { n in
            let path = paths[pending[n]]
            guard let bytes = readText(path), Prefilter.contains(bytes, needle: extensionNeedle), names.occurs(in: bytes) else { return nil }
            return Self.facts(path: path, bytes: bytes, detail: .full)
        }
        guard found.contains(where: { $0 != nil }) else { return index }
        for (n, f) in found.enumerated() where f != nil { facts[pending[n]] = f }
        return FeatureIndex(files: given + facts.compactMap { $0 })
    }

    /// The index of the projects the operands of a run belong to (`projectRoot(of:)` of each; a folder is
    /// its own start), every file below those roots, and the run's own files: what a fix that adds a member
    /// must see (an extension of the reducer outside the folder being fixed still declares members).
    public static func projectIndex(operands: [String], runFiles: [String], jobs: Int, scope: Scope = .features) -> FeatureIndex {
        var roots: [String] = []
        for operand in operands.isEmpty ? ["."] : operands {
            var st = stat()
            let isFolder = stat(operand, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR
            if let root = projectRoot(of: isFolder ? Paths.join(operand, "_") : operand), !roots.contains(root) { roots.append(root) }
        }
        let cwd = Paths.join(Paths.currentDirectory(), "")  // ends with `/`
        var seen = Set(runFiles.map(absolute))
        var files = runFiles
        for path in roots.isEmpty ? [] : FileWalker().collect(roots).files where seen.insert(path).inserted {
            files.append(path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path)
        }
        return index(paths: files, jobs: jobs, scope: scope)
    }

    /// Protocol chains continue in files that mention only the project's own names (`protocol Screen: Feature`,
    /// `struct X: Screen` with no `Reducer` in sight): once names are learned, the candidate files not read yet
    /// are searched for them, until no new name appears. Returns the index of `given` and every file read.
    static func learnReducerProtocols(paths: [String], facts: inout [FileFacts?], given: [FileFacts], jobs: Int,
                                      scope: Scope, isCandidate: (Int) -> Bool) -> FeatureIndex {
        var index = FeatureIndex(files: given + facts.compactMap { $0 })
        var searched = Set<String>()
        while true {
            let learned = index.projectReducerProtocols.filter { !searched.contains($0) }
            guard !learned.isEmpty else { return index }
            searched.formUnion(learned)
            let needles = NameNeedles(learned)
            let pending = facts.indices.filter { facts[$0] == nil && isCandidate($0) }
            let found: [FileFacts?] = parallelMap(count: pending.count, jobs: jobs) { n in
                let path = paths[pending[n]]
                guard let bytes = readText(path), scope.wants(bytes, names: needles) else { return nil }
                return Self.facts(path: path, bytes: bytes, detail: scope.detail)
            }
            guard found.contains(where: { $0 != nil }) else { return index }
            for (n, f) in found.enumerated() where f != nil { facts[pending[n]] = f }
            index = FeatureIndex(files: given + facts.compactMap { $0 })
        }
    }

    /// The index of the project `path` belongs to (see `projectRoot(of:)`), with `given` facts standing in
    /// for the files at their paths (an editor's unsaved buffer). Nil when no project root is found.
    public static func projectIndex(around path: String, given: [FileFacts], jobs: Int, scope: Scope = .features) -> FeatureIndex? {
        guard let root = projectRoot(of: path) else { return nil }
        // The walk of the (absolute) root yields absolute paths: shown relative to the working directory
        // when below it, as the user's own paths are. A given file's facts stand in for its copy on disk.
        let givenFiles = Set(given.map { absolute($0.path) })
        let cwd = Paths.join(Paths.currentDirectory(), "")  // ends with `/`
        let files = FileWalker().collect([root]).files.filter { !givenFiles.contains($0) }.map { path in
            path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
        }
        return index(paths: files, jobs: jobs, scope: scope, replacing: given)
    }

    /// True when every path names a regular file (after links): the run lints single files, so the
    /// project they belong to is indexed around them.
    public static func areAllFiles(_ paths: [String]) -> Bool {
        !paths.isEmpty && paths.allSatisfy { path in
            var st = stat()
            return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG
        }
    }

    /// The nearest folder at or above the file's folder holding `.tca-lint.yml`, `Package.swift`, an
    /// `.xcodeproj` or `.git`.
    public static func projectRoot(of path: String) -> String? {
        var dir = Paths.directory(of: absolute(path))
        var steps = 0
        while steps < 256 {
            steps += 1
            if isProjectRoot(dir) { return dir }
            if dir == "/" { return nil }
            dir = Paths.directory(of: dir)
        }
        return nil
    }

    static let rootMarkers = [".tca-lint.yml", "Package.swift", ".git"]

    static func isProjectRoot(_ dir: String) -> Bool {
        for marker in rootMarkers where access(Paths.join(dir, marker), F_OK) == 0 { return true }
        guard let handle = opendir(dir) else { return false }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { p in
                p.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name.hasSuffix(".xcodeproj") { return true }
        }
        return false
    }

    static func absolute(_ path: String) -> String { Paths.absolute(path, base: Paths.currentDirectory()) }

    /// The file's bytes when it is readable UTF-8 text.
    public static func readText(_ path: String) -> [UInt8]? {
        guard case .success(let bytes) = FileReader.read(path), TextCheck.check(bytes) == nil else { return nil }
        return bytes
    }
}

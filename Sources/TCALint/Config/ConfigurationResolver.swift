/// Which configuration applies to which file: the one mechanism shared by `tca-lint lint` and the
/// language server, so a file gets the same findings in the terminal and in the editor.
///
/// - With explicit files (`--config A --config B`), those files (each after its `parent_config`
///   chain, later files overriding earlier ones) apply to every file; nested files are not
///   looked for, as in SwiftLint.
/// - Otherwise a file's configuration is every `.tca-lint.yml` from the outermost folder down to
///   the file's own folder, merged in that order: a nested file refines its parents' for its
///   subtree (SwiftLint's nested configurations), and a repository's file applies wherever in the
///   repository the command runs.
///
/// Results are cached per folder; every file looked at (found or not) is remembered with its
/// `FileStamp`, so `isStale` tells when a configuration appeared, changed or disappeared.
/// Not thread-safe: resolve before linting in parallel.
public final class ConfigurationResolver {
    public let explicitPaths: [String]
    public let workingDirectory: String
    public let knownRules: [RuleConfigInfo]

    private var resolvedByDirectory: [String: Result<Resolved, ConfigurationError>] = [:]
    /// Configuration files read or found, with their stamps.
    private var stamps: [String: FileStamp] = [:]
    /// Folders looked in that had no configuration file. Only `isStale` makes the file's path again: a tree has a
    /// folder for every few files, and a path string for each would be kept for the whole run.
    private var foldersWithoutFile: Set<String> = []
    private var resolvedByGivenDirectory: [String: Resolved] = [:]

    public init(explicitPaths: [String] = [], workingDirectory: String,
                knownRules: [RuleConfigInfo] = RuleConfigInfo.registered) {
        self.explicitPaths = explicitPaths
        self.workingDirectory = Paths.normalize(workingDirectory)
        self.knownRules = knownRules
    }

    /// A configuration with its linter, built once per distinct list of files: the same instance
    /// for every folder that shares it, so callers can group files by identity.
    public final class Resolved {
        public let configuration: Configuration
        public let linter: Linter

        /// The configuration files it folds, earliest first (`configuration.configFilePaths`).
        public var configurationFiles: [String] { configuration.configFilePaths }

        init(layers: [ConfigurationLayer], knownRules: [RuleConfigInfo], workingDirectory: String) {
            self.configuration = Configuration(layers: layers, knownRules: knownRules, workingDirectory: workingDirectory)
            self.linter = Linter(configuration: configuration)
        }

        /// A nested folder's: the parent folder's configuration with the folder's own file's layers on top,
        /// folded once (not all the layers above again: n nested configurations cost n, not n²).
        init(extending parent: Resolved, with layers: [ConfigurationLayer]) {
            self.configuration = Configuration(extending: parent.configuration, with: layers)
            self.linter = Linter(configuration: configuration)
        }
    }

    /// The configuration of the files directly in `directory` (relative to the working directory, or absolute).
    public func configuration(forDirectory directory: String) throws -> Configuration {
        try resolved(forDirectory: directory).configuration
    }

    /// The configuration of one file (relative to the working directory, or absolute).
    public func configuration(forFile path: String) throws -> Configuration {
        try resolved(forFile: path).configuration
    }

    public func resolved(forDirectory directory: String) throws -> Resolved {
        try resolved(absoluteDirectory: Paths.absolute(directory, base: workingDirectory)).get()
    }

    public func resolved(forFile path: String) throws -> Resolved {
        // Walked files share folders spelt the same way: skip normalizing each file's path.
        let given = Paths.directory(of: path)
        if let known = resolvedByGivenDirectory[given] { return known }
        let result = try resolved(forDirectory: given)
        resolvedByGivenDirectory[given] = result
        return result
    }

    /// Whether any configuration file this resolver read or looked for has changed, appeared or
    /// disappeared since. A stale resolver should be replaced by a new one.
    public var isStale: Bool {
        stamps.contains { path, stamp in FileStamp(path: path) != stamp }
            || foldersWithoutFile.contains { FileStamp(path: ConfigurationLoader.configFile(in: $0)).exists }
    }

    /// A folder without a configuration file of its own shares its parent's `Resolved` instance.
    private func resolved(absoluteDirectory directory: String) -> Result<Resolved, ConfigurationError> {
        if let cached = resolvedByDirectory[directory] { return cached }
        let result: Result<Resolved, ConfigurationError>
        if !explicitPaths.isEmpty {
            // Every folder shares the explicit files' configuration: build it once.
            if let shared = resolvedByDirectory[""] { return shared }
            result = Result { try explicitPaths.flatMap { try layersOfFile($0) } }
                .map(make).mapError(Self.configurationError)
            resolvedByDirectory[""] = result
        } else {
            let parent = directory == "/" ? .success(make([])) : resolved(absoluteDirectory: Paths.directory(of: directory))
            let candidate = ConfigurationLoader.configFile(in: directory)
            let stamp = FileStamp(path: candidate)
            if stamp.exists { stamps[candidate] = stamp } else { foldersWithoutFile.insert(directory) }
            if stamp.isRegularFile || ConfigurationLoader.entryExists(candidate) {
                result = parent.flatMap { above in
                    Result { Resolved(extending: above, with: try layersOfFile(candidate)) }.mapError(Self.configurationError)
                }
            } else {
                result = parent
            }
        }
        resolvedByDirectory[directory] = result
        return result
    }

    private func make(_ layers: [ConfigurationLayer]) -> Resolved {
        Resolved(layers: layers, knownRules: knownRules, workingDirectory: workingDirectory)
    }

    /// One file's layers, remembering the stamp of every file read (the file and its parents).
    private func layersOfFile(_ path: String) throws -> [ConfigurationLayer] {
        // A folder's candidate was stamped when it was looked for: stat it once (deep trees have n of them, each
        // path n components long).
        let absolute = Paths.absolute(path, base: workingDirectory)
        if stamps[absolute] == nil { stamps[absolute] = FileStamp(path: absolute) }
        let layers = try ConfigurationLoader.layers(of: path, workingDirectory: workingDirectory, knownRules: knownRules)
        for layer in layers.dropLast() {
            if let parent = layer.path { stamps[parent] = FileStamp(path: parent) }
        }
        return layers
    }

    private static func configurationError(_ error: Error) -> ConfigurationError {
        error as? ConfigurationError ?? ConfigurationError(path: "", line: 0, column: 0, message: "\(error)")
    }
}

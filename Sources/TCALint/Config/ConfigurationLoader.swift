#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds and reads configuration files. Never prints or exits: problems are thrown as `ConfigurationError`.
public enum ConfigurationLoader {
    public static let fileName = ".tca-lint.yml"

    /// Where a folder's own configuration file would be.
    /// Anything by the configuration's name counts, even a directory or a broken link: reading it then
    /// reports an error rather than silently running with the defaults.
    static func entryExists(_ path: String) -> Bool {
        var entry = stat()
        return lstat(path, &entry) == 0
    }

    static func configFile(in directory: String) -> String {
        directory == "/" ? "/" + fileName : directory + "/" + fileName
    }

    /// The configuration to use when one directory's matters (tests, simple callers): `explicitPaths`
    /// (`--config FILE…`, merged in order) when given, else every `.tca-lint.yml` from the outermost
    /// folder down to `searchFrom` (default: the working directory), else the defaults.
    /// - Parameters:
    ///   - workingDirectory: absolute; relative paths (config paths, linted files) are resolved against it.
    ///   - knownRules: the rules to validate ids against (`RuleConfigInfo.registered` in the CLI).
    public static func load(explicitPaths: [String] = [],
                            searchFrom: String? = nil,
                            workingDirectory: String = FileManager.default.currentDirectoryPath,
                            knownRules: [RuleConfigInfo] = RuleConfigInfo.registered) throws -> Configuration {
        let resolver = ConfigurationResolver(explicitPaths: explicitPaths, workingDirectory: workingDirectory,
                                             knownRules: knownRules)
        return try resolver.configuration(forDirectory: searchFrom ?? ".")
    }

    public static func load(explicitPath: String?, searchFrom: String? = nil,
                            workingDirectory: String = FileManager.default.currentDirectoryPath,
                            knownRules: [RuleConfigInfo] = RuleConfigInfo.registered) throws -> Configuration {
        try load(explicitPaths: explicitPath.map { [$0] } ?? [], searchFrom: searchFrom,
                 workingDirectory: workingDirectory, knownRules: knownRules)
    }

    /// How many files a `parent_config` chain may hold beyond the first: real chains are a handful long
    /// (repository, team, organisation); a longer one is a mistake or an attack, refused with its path.
    public static let maxParentDepth = 64

    /// The layers of one file: its `parent_config` chain first (outermost parent first), then the file.
    /// Followed in a loop (no recursion, whatever the length), each file once: a cycle or a chain longer
    /// than `maxParentDepth` is an error at the `parent_config` that goes one step too far.
    static func layers(of path: String, workingDirectory: String, knownRules: [RuleConfigInfo]) throws -> [ConfigurationLayer] {
        var chain: [ConfigurationLayer] = []  // the file first, then each parent
        var visited: [String] = []  // absolute paths, in chain order
        var seen = Set<String>()
        var next = path
        while true {
            let bytes = try read(next, workingDirectory: workingDirectory)
            let yaml = try YAMLSubsetParser.parse(bytes, path: next)
            let layer = try ConfigurationLayer(yaml: yaml, path: next, knownRules: knownRules, workingDirectory: workingDirectory)
            let absolute = Paths.absolute(next, base: workingDirectory)
            chain.append(layer)
            visited.append(absolute)
            seen.insert(absolute)
            guard let parent = layer.parentConfig else { break }
            if seen.contains(parent.path) {
                throw ConfigurationError(path: next, line: parent.position.line, column: parent.position.column,
                                         message: "'parent_config' makes a cycle: "
                                            + (visited + [parent.path]).joined(separator: " → "))
            }
            guard chain.count <= maxParentDepth else {
                throw ConfigurationError(path: next, line: parent.position.line, column: parent.position.column,
                                         message: "'parent_config' goes more than \(maxParentDepth) parents deep (from \(visited[0])); "
                                            + "a chain of parents is meant to be a few files long")
            }
            guard FileStamp(path: parent.path).exists else {
                throw ConfigurationError(path: next, line: parent.position.line, column: parent.position.column,
                                         message: "'parent_config' names \(parent.path), which does not exist")
            }
            next = parent.path
        }
        return chain.reversed()
    }

    /// Files larger than this are not configuration files; refusing them keeps a mistaken
    /// `--config` pointing at a huge file from stalling an editor.
    static let maxSize = FileReader.Limit.configuration

    static func read(_ path: String, workingDirectory: String) throws -> [UInt8] {
        let absolute = Paths.absolute(path, base: workingDirectory)
        var target = stat()
        guard stat(absolute, &target) == 0 else {
            let code = errno
            var link = stat()
            let message: String
            if code == ENOENT && lstat(absolute, &link) == 0 {
                message = "configuration file is a symbolic link to a missing file"
            } else if code == ENOENT {
                message = "configuration file not found"
            } else {
                message = "configuration file cannot be reached (\(String(cString: strerror(code))))"
            }
            throw ConfigurationError(path: path, line: 0, column: 0, message: message)
        }
        if target.st_mode & S_IFMT == S_IFDIR {
            throw ConfigurationError(path: path, line: 0, column: 0,
                                     message: "is a directory; give the path of the configuration file (\(fileName))")
        }
        // Capped: a file that announces size 0 and never ends (`/proc/self/pagemap`) is refused at the cap.
        switch FileReader.read(absolute, limit: maxSize) {
        case .success(let bytes):
            return bytes
        case .failure(.tooLarge):
            throw ConfigurationError(path: path, line: 0, column: 0,
                                     message: "configuration file is larger than \(maxSize) bytes; is this the right file?")
        case .failure(.notRegularFile):
            throw ConfigurationError(path: path, line: 0, column: 0,
                                     message: "configuration file is not a regular file (a device, FIFO or socket)")
        case .failure(.cannotOpen(let reason)), .failure(.readFailed(let reason)):
            throw ConfigurationError(path: path, line: 0, column: 0, message: "configuration file cannot be read (\(reason))")
        }
    }
}

/// What a configuration file looked like when it was checked: whether it existed, and its
/// modification time, size and identity. A different stamp later means the file changed,
/// appeared or disappeared (how the language server notices edits without file watching).
/// Symbolic links are followed, as when the file is read.
struct FileStamp: Equatable {
    /// What is compared (not the whole `stat`: a resolver keeps one stamp per folder it looked in).
    private struct Identity: Equatable {
        var device: UInt64, inode: UInt64, size: Int64, mode: UInt32, seconds: Int, nanoseconds: Int
    }

    private let identity: Identity?

    init(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else {
            identity = nil
            return
        }
        #if canImport(Darwin)
        let modified = st.st_mtimespec
        #else
        let modified = st.st_mtim
        #endif
        identity = Identity(device: UInt64(truncatingIfNeeded: st.st_dev), inode: UInt64(truncatingIfNeeded: st.st_ino),
                            size: Int64(st.st_size), mode: UInt32(st.st_mode),
                            seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec))
    }

    var exists: Bool { identity != nil }
    var isRegularFile: Bool { identity.map { $0.mode & UInt32(S_IFMT) == UInt32(S_IFREG) } ?? false }
}

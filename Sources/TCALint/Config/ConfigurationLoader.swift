import Foundation

/// Finds and reads `.tca-lint.yml`. Never prints or exits: problems are thrown as `ConfigurationError`.
public enum ConfigurationLoader {
    public static let fileName = ".tca-lint.yml"

    /// The nearest `.tca-lint.yml` in `directory` or one of its parents, as an absolute path.
    public static func findConfigFile(from directory: String) -> String? {
        var current = Paths.normalize(directory)
        while true {
            let candidate = current == "/" ? "/" + fileName : current + "/" + fileName
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
            if current == "/" { return nil }
            current = Paths.directory(of: current)
        }
    }

    /// The configuration to use: `explicitPath` (`--config FILE`) when given, else the nearest
    /// `.tca-lint.yml` from `searchFrom` (default: the working directory) upwards, else the defaults.
    /// - Parameters:
    ///   - workingDirectory: absolute; relative paths (config path, linted files) are resolved against it.
    ///   - knownRules: the rules to validate ids against (`RuleConfigInfo.registered` in the CLI).
    public static func load(explicitPath: String? = nil,
                            searchFrom: String? = nil,
                            workingDirectory: String = FileManager.default.currentDirectoryPath,
                            knownRules: [RuleConfigInfo] = RuleConfigInfo.registered) throws -> Configuration {
        let path: String
        if let explicitPath {
            path = explicitPath
        } else if let found = findConfigFile(from: Paths.absolute(searchFrom ?? ".", base: workingDirectory)) {
            path = found
        } else {
            return Configuration(knownRules: knownRules, workingDirectory: workingDirectory)
        }
        let bytes = try read(path, workingDirectory: workingDirectory)
        return try Configuration(parsing: bytes, path: path, knownRules: knownRules, workingDirectory: workingDirectory)
    }

    /// Files larger than this are not configuration files; refusing them keeps a mistaken
    /// `--config` pointing at a huge file from stalling an editor.
    static let maxSize = 1 << 20

    static func read(_ path: String, workingDirectory: String) throws -> [UInt8] {
        let absolute = Paths.absolute(path, base: workingDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
            throw ConfigurationError(path: path, line: 0, column: 0, message: "configuration file not found")
        }
        if isDirectory.boolValue {
            throw ConfigurationError(path: path, line: 0, column: 0,
                                     message: "is a directory; give the path of the configuration file (\(fileName))")
        }
        guard let data = FileManager.default.contents(atPath: absolute) else {
            throw ConfigurationError(path: path, line: 0, column: 0, message: "configuration file cannot be read (check its permissions)")
        }
        if data.count > maxSize {
            throw ConfigurationError(path: path, line: 0, column: 0,
                                     message: "configuration file is larger than \(maxSize) bytes; is this the right file?")
        }
        return [UInt8](data)
    }
}

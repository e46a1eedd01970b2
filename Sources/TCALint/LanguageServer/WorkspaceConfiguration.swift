import Foundation

/// The `.tca-lint.yml` that applies to each document, loaded once and kept until the client
/// reports a change (`workspace/didChangeWatchedFiles`, or saving the file in the editor).
///
/// A document uses the nearest `.tca-lint.yml` in its directory or above (the workspace's, in
/// the usual single-configuration project), as `tca-lint lint` run from that directory would.
/// Lookups are cached per directory, so linting on every keystroke touches no file system.
final class WorkspaceConfiguration {
    struct Settings {
        let configuration: Configuration
        let linter: Linter
        /// Why the configuration file could not be used (the defaults are used instead).
        let error: ConfigurationError?
    }

    /// The workspace folder (from `initialize`); where untitled documents look for a configuration.
    var rootPath: String?
    private let knownRules: [RuleConfigInfo]
    private var configPathByDirectory: [String: String?] = [:]
    private var settingsByConfigPath: [String: Settings] = [:]
    private var defaultSettings: Settings?

    init(rootPath: String? = nil, knownRules: [RuleConfigInfo] = RuleConfigInfo.registered) {
        self.rootPath = rootPath
        self.knownRules = knownRules
    }

    /// Forgets every loaded configuration; the next lint reads them again.
    func reload() {
        configPathByDirectory = [:]
        settingsByConfigPath = [:]
    }

    static func isConfigurationFile(uri: String) -> Bool {
        FileURI.path(of: uri).map { $0.hasSuffix("/" + ConfigurationLoader.fileName) } ?? false
    }

    /// The settings for a document at `documentPath` (nil: not a file, e.g. `untitled:`).
    func settings(forDocumentPath documentPath: String?) -> Settings {
        let directory = documentPath.map(Paths.directory(of:)) ?? rootPath ?? FileManager.default.currentDirectoryPath
        let configPath: String?
        if let cached = configPathByDirectory[directory] {
            configPath = cached
        } else {
            configPath = ConfigurationLoader.findConfigFile(from: directory)
            configPathByDirectory[directory] = configPath
        }
        guard let configPath else { return defaults() }
        if let settings = settingsByConfigPath[configPath] { return settings }
        let settings: Settings
        do {
            let workingDirectory = Paths.directory(of: configPath)
            let configuration = try ConfigurationLoader.load(explicitPath: configPath, workingDirectory: workingDirectory,
                                                             knownRules: knownRules)
            settings = Settings(configuration: configuration, linter: Self.linter(for: configuration), error: nil)
        } catch let error as ConfigurationError {
            settings = Settings(configuration: defaults().configuration, linter: defaults().linter, error: error)
        } catch {
            let wrapped = ConfigurationError(path: configPath, line: 0, column: 0, message: "\(error)")
            settings = Settings(configuration: defaults().configuration, linter: defaults().linter, error: wrapped)
        }
        settingsByConfigPath[configPath] = settings
        return settings
    }

    private func defaults() -> Settings {
        if let defaultSettings { return defaultSettings }
        let configuration = Configuration(knownRules: knownRules,
                                          workingDirectory: rootPath ?? FileManager.default.currentDirectoryPath)
        let settings = Settings(configuration: configuration, linter: Self.linter(for: configuration), error: nil)
        defaultSettings = settings
        return settings
    }

    /// The linter a configuration describes: its enabled rules, severities and per-rule exclusions.
    static func linter(for configuration: Configuration) -> Linter {
        let enabled = Set(configuration.enabledRuleIDs)
        return Linter(rules: RuleRegistry.all.filter { enabled.contains($0.description.id) },
                      severities: configuration.severities,
                      isRuleExcluded: { path, ruleID in configuration.isExcluded(path, forRule: ruleID) })
    }
}

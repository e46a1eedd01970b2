#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The configuration that applies to each document, through the same `ConfigurationResolver` as
/// `tca-lint lint`: every `.tca-lint.yml` from the outermost folder down to the document's folder.
///
/// Lookups are cached per directory. Before each lint the cached files' stamps (existence,
/// modification time, size) are checked, so a configuration created, edited or deleted outside
/// the editor takes effect without the client's file watching (Neovim on Linux offers none);
/// `workspace/didChangeWatchedFiles` and saving the file in the editor still reload at once.
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
    private var resolver: ConfigurationResolver

    init(rootPath: String? = nil, knownRules: [RuleConfigInfo] = RuleConfigInfo.registered) {
        self.rootPath = rootPath
        self.knownRules = knownRules
        self.resolver = ConfigurationResolver(workingDirectory: "/", knownRules: knownRules)
    }

    /// The TCA version each project's files name (`Package.resolved`, manifests), found on first use.
    private var versions = TCAVersionsByProject()

    /// Forgets every loaded configuration and what the build descriptions said (TCA versions, deployment targets,
    /// Xcode projects); the next lint reads them again.
    func reload() {
        resolver = ConfigurationResolver(workingDirectory: "/", knownRules: knownRules)
        versions = TCAVersionsByProject()
        RunWideCaches.forgetAll()
    }

    /// Whether a configuration file in use, or a lock file or manifest that told a project's TCA version, changed on
    /// disk since it was read (then `reload()`).
    var changedOnDisk: Bool { resolver.isStale || versions.isStale }

    static func isConfigurationFile(uri: String) -> Bool {
        FileURI.path(of: uri).map { $0.hasSuffix("/" + ConfigurationLoader.fileName) } ?? false
    }

    /// A file that says which TCA the project builds with or for which OS (`Package.resolved`, `project.pbxproj`…).
    static func isBuildDescription(uri: String) -> Bool {
        FileURI.path(of: uri).map { TCAVersionDetector.buildDescriptionNames.contains(String($0.split(separator: "/").last ?? "")) } ?? false
    }

    /// The files whose change makes the server read its settings again: `.tca-lint.yml` and the build descriptions.
    static func changesSettings(uri: String) -> Bool { isConfigurationFile(uri: uri) || isBuildDescription(uri: uri) }

    /// What the server asks the client to watch.
    static let watchedGlobs = ["**/" + ConfigurationLoader.fileName] + TCAVersionDetector.buildDescriptionNames.sorted().map { "**/" + $0 }

    /// The settings for a document at `documentPath` (nil: not a file, e.g. `untitled:`).
    func settings(forDocumentPath documentPath: String?) -> Settings {
        let directory = documentPath.map(Paths.directory(of:)) ?? rootPath ?? FileManager.default.currentDirectoryPath
        do {
            let resolved = try resolver.resolved(forDirectory: Paths.absolute(directory, base: "/"))
            return Settings(configuration: resolved.configuration, linter: judgingTCA(resolved.linter, directory: directory), error: nil)
        } catch {
            let defaults = Configuration(knownRules: knownRules, workingDirectory: directory)
            return Settings(configuration: defaults, linter: judgingTCA(Linter(configuration: defaults), directory: directory),
                            error: error as? ConfigurationError
                                ?? ConfigurationError(path: directory, line: 0, column: 0, message: "\(error)"))
        }
    }

    /// The linter judging deprecations against the TCA version of the document's project, as `tca-lint lint` at that
    /// project's root does: the configuration's `tca_version` first, else what the project's files name.
    private func judgingTCA(_ linter: Linter, directory: String) -> Linter {
        guard linter.tcaVersion == nil, linter.judgesByTCAVersion else { return linter }
        var judged = linter
        judged.judgeTCA(detected: versions.version(around: directory))
        return judged
    }
}

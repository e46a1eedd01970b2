import Foundation
import PackagePlugin

/// Add to a target (`plugins: [.plugin(name: "TCALintBuildToolPlugin", package: "tca-lint")]`)
/// and every build that compiles it reports tca-lint's findings as compiler-style
/// `file:line:column: warning: …` lines, which Xcode and `swift build` show as warnings.
///
/// Build commands (not prebuild commands: those cannot run tools built from source), which the
/// build system runs only when their inputs changed, so an unchanged target costs nothing:
/// `ConfigurationWatch` notices `.tca-lint.yml` files appearing, changing or disappearing, and
/// `LintBuildCommand` lints when a Swift file, the tool or that configuration changed.
///
/// The plugin itself runs only when the build is planned (first build, package or file list
/// changes), so nothing about configuration files is decided here: everything that can change
/// between builds is checked by the commands when they run.
@main
struct TCALintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        return try BuildCommands.make(tool: try context.tool(named: "tca-lint").url,
                                      rootDirectory: context.package.directoryURL,
                                      workDirectory: context.pluginWorkDirectoryURL,
                                      targetName: target.name,
                                      swiftFiles: module.sourceFiles(withSuffix: "swift").map(\.url))
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same for targets of Xcode projects (Build Phases › Run Build Tool Plug-ins).
extension TCALintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let swiftFiles = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
        return try BuildCommands.make(tool: try context.tool(named: "tca-lint").url,
                                      rootDirectory: context.xcodeProject.directoryURL,
                                      workDirectory: context.pluginWorkDirectoryURL,
                                      targetName: target.displayName,
                                      swiftFiles: swiftFiles)
    }
}
#endif

enum BuildCommands {
    static func make(tool: URL, rootDirectory: URL, workDirectory: URL, targetName: String,
                     swiftFiles: [URL]) throws -> [Command] {
        guard !swiftFiles.isEmpty else { return [] }
        let watch = try ConfigurationWatch(workDirectory: workDirectory, targetName: targetName, swiftFiles: swiftFiles)
        return [
            watch.command(),
            LintBuildCommand.command(tool: tool, rootDirectory: rootDirectory, workDirectory: workDirectory,
                                targetName: targetName, swiftFiles: swiftFiles,
                                configurationDigest: watch.digest),
        ]
    }
}

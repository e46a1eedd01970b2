import Foundation
import PackagePlugin

/// Add to a target (`plugins: [.plugin(name: "TCALintBuildToolPlugin", package: "tca-lint")]`)
/// and every build that compiles it reports tca-lint's findings as compiler-style
/// `file:line:column: warning: …` lines, which Xcode and `swift build` show as warnings.
///
/// A build command (not a prebuild command: those cannot run tools built from source) with the
/// target's Swift files and the `.tca-lint.yml` as inputs and a stamp file as output: the build
/// system runs it only when one of them changed, so an unchanged target costs nothing. The
/// stamp is written only when no error-severity finding remains, so errors keep failing the
/// build until they are fixed.
@main
struct TCALintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        return LintCommand.make(tool: try context.tool(named: "tca-lint").path,
                                rootDirectory: context.package.directory,
                                workDirectory: context.pluginWorkDirectory,
                                targetName: target.name,
                                swiftFiles: module.sourceFiles(withSuffix: "swift").map(\.path))
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same for targets of Xcode projects (Build Phases › Run Build Tool Plug-ins).
extension TCALintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let swiftFiles = target.inputFiles.filter { $0.type == .source && $0.path.extension == "swift" }.map(\.path)
        return LintCommand.make(tool: try context.tool(named: "tca-lint").path,
                                rootDirectory: context.xcodeProject.directory,
                                workDirectory: context.pluginWorkDirectory,
                                targetName: target.displayName,
                                swiftFiles: swiftFiles)
    }
}
#endif

enum LintCommand {
    static func make(tool: Path, rootDirectory: Path, workDirectory: Path, targetName: String,
                     swiftFiles: [Path]) -> [Command] {
        guard !swiftFiles.isEmpty else { return [] }
        // A `.swift` stamp: SwiftPM treats any other output of a build command as a resource and
        // would add a resource bundle to the user's target. A comment-only file compiles to nothing.
        let stamp = workDirectory.appending("\(targetName)+TCALintStamp.swift")
        var inputs = swiftFiles + [tool]
        let configuration = rootDirectory.appending(".tca-lint.yml")
        if FileManager.default.fileExists(atPath: configuration.string) { inputs.append(configuration) }

        // `sh` runs the linter (its report goes to the build log) and then records success in the
        // stamp; `tca-lint lint` has no option to do both. It runs from the package (or project)
        // directory so that the `.tca-lint.yml` there applies.
        let script = """
            cd "$1" || exit 2
            tool="$2"; stamp="$3"; shift 3
            "$tool" lint --reporter xcode --quiet "$@"
            status=$?
            if [ "$status" -eq 0 ]; then echo "// Linted by tca-lint: no error-severity findings." > "$stamp"; fi
            exit "$status"
            """
        return [
            .buildCommand(
                displayName: "tca-lint \(targetName)",
                executable: Path("/bin/sh"),
                arguments: ["-c", script, "tca-lint-build-tool", rootDirectory.string, tool.string, stamp.string]
                    + swiftFiles.map(\.string),
                inputFiles: inputs,
                outputFiles: [stamp]
            ),
        ]
    }
}

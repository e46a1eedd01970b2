import Foundation
import PackagePlugin

/// Add to a target (`plugins: [.plugin(name: "TCALintBuildToolPlugin", package: "tca-lint")]`)
/// and every build that compiles it reports tca-lint's findings as compiler-style
/// `file:line:column: warning: …` lines, which Xcode and `swift build` show as warnings.
///
/// A build command (not a prebuild command: those cannot run tools built from source) with the
/// target's Swift files and the package's `.tca-lint.yml` as inputs and a stamp file as output:
/// the build system runs it only when one of them changed, so an unchanged target costs
/// nothing. The stamp is written only when no error-severity finding remains, so errors keep
/// failing the build until fixed.
@main
struct TCALintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let swiftFiles = module.sourceFiles(withSuffix: "swift").map(\.path)
        guard !swiftFiles.isEmpty else { return [] }
        let tool = try context.tool(named: "tca-lint")
        let stamp = context.pluginWorkDirectory.appending("\(target.name).tca-lint-stamp")
        var inputs = swiftFiles
        let configuration = context.package.directory.appending(".tca-lint.yml")
        if FileManager.default.fileExists(atPath: configuration.string) { inputs.append(configuration) }

        // `sh` runs the linter (its report goes to the build log) and then records success in the
        // stamp; `tca-lint lint` has no option to do both. Run from the package directory so the
        // package's `.tca-lint.yml` applies.
        let script = """
            cd "$1" || exit 2
            tool="$2"; stamp="$3"; shift 3
            "$tool" lint --reporter xcode --quiet "$@"
            status=$?
            if [ "$status" -eq 0 ]; then : > "$stamp"; fi
            exit "$status"
            """
        return [
            .buildCommand(
                displayName: "tca-lint \(target.name)",
                executable: Path("/bin/sh"),
                arguments: ["-c", script, "tca-lint-build-tool",
                            context.package.directory.string, tool.path.string, stamp.string]
                    + swiftFiles.map(\.string),
                inputFiles: inputs + [tool.path],
                outputFiles: [stamp]
            ),
        ]
    }
}

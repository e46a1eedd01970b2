import PackagePlugin

/// `swift package tca-lint-fix …`: `tca-lint lint --fix` on the package's targets. Declared with
/// write permission to the package directory, so SwiftPM asks before it runs.
@main
struct TCALintFixCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try CommandPluginRunner.run(context: context, arguments: arguments, fix: true)
    }
}

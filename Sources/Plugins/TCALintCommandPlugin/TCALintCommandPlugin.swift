import PackagePlugin

/// `swift package tca-lint [--target NAME]... [tca-lint lint options]`: lints the package's targets.
@main
struct TCALintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try CommandPluginRunner.run(context: context, arguments: arguments, fix: false)
    }
}

import PackagePlugin

/// `swift package lint …`: the same as `swift package tca-lint …` under the short verb.
@main
struct LintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try CommandPluginRunner.run(context: context, arguments: arguments, fix: false)
    }
}

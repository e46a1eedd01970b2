import Foundation
import PackagePlugin

/// Embeds the rule documents (`rules/*.md`, not `rules/README.md`) in the TCALint module at build time:
/// a build command turns them into `RuleDocs.swift` in the plugin's work directory, so the binary alone
/// can print `tca-lint explain <id>` and no generated source is checked in. The documents are the
/// command's inputs, so editing one rebuilds, and an unchanged tree costs nothing.
@main
struct RuleDocsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let rules = context.package.directory.appending("rules")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: rules.string)) ?? []
        let documents = names.filter { $0.hasSuffix(".md") && $0 != "README.md" }.sorted().map { rules.appending($0) }
        let output = context.pluginWorkDirectory.appending("RuleDocs.swift")
        let generator = try context.tool(named: "rule-docs-generator").path
        return [.buildCommand(displayName: "Embedding \(documents.count) rule documents",
                              executable: generator,
                              arguments: [output.string] + documents.map(\.string),
                              inputFiles: documents + [generator],
                              outputFiles: [output])]
    }
}

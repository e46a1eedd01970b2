import Foundation
import PackagePlugin

/// What the three command plugins share (this file is symlinked into each plugin's folder,
/// since plugin targets cannot depend on a library): pick the targets to lint, run
/// `tca-lint lint` on their directories from the package directory (so the package's
/// `.tca-lint.yml` applies), pass every other argument through, and fail like the tool does.
///
/// Why three plugins: SwiftPM grants write access per plugin, in its manifest, not per run.
/// `tca-lint` and `lint` never write, so they never ask: they pass `--read-only`, with which tca-lint
/// itself refuses every option that writes a file, however it is spelt (`--fix`, `--autocorrect`,
/// `--output`, `--write-baseline`), since only its own parser knows every spelling. (SwiftPM's sandbox
/// would stop such a write on macOS, but not on Linux.) `tca-lint-fix` asks (or needs
/// `--allow-writing-to-package-directory`) and passes `--fix`.
enum CommandPluginRunner {
    static func run(context: PluginContext, arguments: [String], fix: Bool) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var passthrough = extractor.remainingArguments
        // First, so that it is read as an option even when the user's arguments hold a `--`.
        passthrough.insert(fix ? "--fix" : "--read-only", at: 0)

        let targets: [Target]
        if targetNames.isEmpty {
            targets = context.package.targets
        } else {
            targets = try context.package.targets(named: targetNames)
        }
        // Swift targets only (a C target has no Swift file to lint).
        let directories = targets.compactMap { $0 as? SwiftSourceModuleTarget }
            .filter { !$0.sourceFiles(withSuffix: "swift").map { $0 }.isEmpty }
            .map { $0.directoryURL.path }
        guard !directories.isEmpty else {
            Diagnostics.remark("tca-lint: no Swift targets to lint")
            return
        }

        let tool = try context.tool(named: "tca-lint")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["lint"] + passthrough + directories
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        // tca-lint has said why on standard error; with `--exit-codes swiftlint` the statuses differ, so only the number is named.
        guard process.terminationStatus == 0 else {
            throw PluginFailure(message: "tca-lint exited with status \(process.terminationStatus)")
        }
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

// swift-tools-version:6.0
// tca-lint has no package dependencies on purpose: only the toolchain's Foundation,
// Dispatch and XCTest. Keep it that way (the product promises a zero-dependency install).
import PackageDescription

let package = Package(
    name: "tca-lint",
    // macOS 13, as SwiftLint: the binary runs there (Xcode 16, which builds it, needs macOS 14.5),
    // and every Foundation and Dispatch API used here exists there (the newest is
    // JSONSerialization's `.withoutEscapingSlashes`, macOS 10.15). Without it SwiftPM assumes
    // macOS 10.13. Linux needs no declaration.
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "tca-lint", targets: ["tca-lint"]),
        .library(name: "TCALint", targets: ["TCALint"]),
        // `swift package tca-lint` / `swift package lint`: lint the package (read only).
        .plugin(name: "TCALintCommandPlugin", targets: ["TCALintCommandPlugin"]),
        .plugin(name: "LintCommandPlugin", targets: ["LintCommandPlugin"]),
        // `swift package tca-lint-fix`: apply fixes (asks for permission to write).
        .plugin(name: "TCALintFixCommandPlugin", targets: ["TCALintFixCommandPlugin"]),
        // Findings as build warnings: `plugins: [.plugin(name: "TCALintBuildToolPlugin", package: "tca-lint")]`.
        .plugin(name: "TCALintBuildToolPlugin", targets: ["TCALintBuildToolPlugin"]),
    ],
    targets: [
        // The engine: source bytes → tokens → reducer model → rules → diagnostics → reporters.
        // The rule documents (rules/*.md, printed by `tca-lint explain`) are compiled in from
        // Generated/RuleDocs.swift, which scripts/generate-rule-docs writes and a test keeps fresh:
        // no build-tool plugin, so nothing runs during a build (a consumer compiles no generator and
        // trusts no plugin in Xcode, and a build with nothing changed is a no-op).
        .target(name: "TCALint", path: "Sources/TCALint"),
        // The command line: argument parsing, file walking, exit codes.
        .executableTarget(name: "tca-lint", dependencies: ["TCALint"], path: "Sources/tca-lint"),
        // SwiftPM plugins. Plugins cannot depend on a library, so the three command plugins share
        // CommandPluginRunner.swift through symlinks; write permission is declared per plugin,
        // which is why fixing is a plugin of its own (lint never asks for permission).
        .plugin(
            name: "TCALintCommandPlugin",
            capability: .command(intent: .custom(verb: "tca-lint", description: "Lint the package's Swift targets with tca-lint")),
            dependencies: ["tca-lint"],
            path: "Sources/Plugins/TCALintCommandPlugin"
        ),
        .plugin(
            name: "LintCommandPlugin",
            capability: .command(intent: .custom(verb: "lint", description: "Lint the package's Swift targets with tca-lint")),
            dependencies: ["tca-lint"],
            path: "Sources/Plugins/LintCommandPlugin"
        ),
        .plugin(
            name: "TCALintFixCommandPlugin",
            capability: .command(
                intent: .custom(verb: "tca-lint-fix", description: "Apply tca-lint's automatic fixes to the package's Swift targets"),
                permissions: [.writeToPackageDirectory(reason: "tca-lint-fix rewrites Swift files to apply tca-lint's fixes")]
            ),
            dependencies: ["tca-lint"],
            path: "Sources/Plugins/TCALintFixCommandPlugin"
        ),
        .plugin(
            name: "TCALintBuildToolPlugin",
            capability: .buildTool(),
            dependencies: ["tca-lint"],
            path: "Sources/Plugins/TCALintBuildToolPlugin"
        ),
        .testTarget(
            name: "TCALintTests",
            // Depending on the executable makes `swift test` build it, so end-to-end tests can run it.
            dependencies: ["TCALint", "tca-lint"],
            path: "Tests/TCALintTests",
            // Expected reporter outputs, read by the tests through #filePath (not bundled resources).
            exclude: ["Golden"]
        ),
    ],
    // Swift 5 language mode: the tools version declares the toolchain floor (Swift 6.0, Xcode 16), not
    // Swift 6's strict concurrency checking, which is a migration of its own.
    swiftLanguageModes: [.v5]
)

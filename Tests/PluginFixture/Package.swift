// swift-tools-version:5.9
// A package that uses tca-lint's plugins the way a user's package does; built by
// scripts/test-plugins, which copies it next to a `tca-lint` link to the repository
// (a path dependency's identity is its directory name, so the name must be `tca-lint`).
import PackageDescription

let package = Package(
    name: "PluginFixture",
    dependencies: [
        .package(path: "../tca-lint"),
    ],
    targets: [
        .target(
            name: "Feature",
            plugins: [.plugin(name: "TCALintBuildToolPlugin", package: "tca-lint")]
        ),
    ]
)

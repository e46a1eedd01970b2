// swift-tools-version:5.9
// tca-lint has no package dependencies on purpose: only the toolchain's Foundation,
// Dispatch and XCTest. Keep it that way (the product promises a zero-dependency install).
import PackageDescription

let package = Package(
    name: "tca-lint",
    products: [
        .executable(name: "tca-lint", targets: ["tca-lint"]),
        .library(name: "TCALint", targets: ["TCALint"]),
    ],
    targets: [
        // The engine: source bytes → tokens → reducer model → rules → diagnostics → reporters.
        .target(name: "TCALint", path: "Sources/TCALint"),
        // The command line: argument parsing, file walking, exit codes.
        .executableTarget(name: "tca-lint", dependencies: ["TCALint"], path: "Sources/tca-lint"),
        .testTarget(
            name: "TCALintTests",
            // Depending on the executable makes `swift test` build it, so end-to-end tests can run it.
            dependencies: ["TCALint", "tca-lint"],
            path: "Tests/TCALintTests",
            // Expected reporter outputs, read by the tests through #filePath (not bundled resources).
            exclude: ["Golden"]
        ),
    ]
)

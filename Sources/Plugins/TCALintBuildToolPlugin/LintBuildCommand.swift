import Foundation
import PackagePlugin

/// The build command of `TCALintBuildToolPlugin` (not the CLI's `LintCommand`): runs `tca-lint lint` on
/// the target's Swift files, from the package (or project) directory, as a user would in a terminal there:
/// the same configuration files apply (see `ConfigurationWatch`).
///
/// Inputs: the Swift files, the tool and the configuration digest; output: a stamp. A `.swift`
/// stamp, because SwiftPM treats any other output of a build command as a resource and would add
/// a resource bundle to the user's target; a comment-only file compiles to nothing. The stamp is
/// written only when no error-severity finding remains, so errors keep failing the build until
/// they are fixed.
enum LintBuildCommand {
    static func command(tool: URL, rootDirectory: URL, workDirectory: URL, targetName: String,
                        swiftFiles: [URL], configurationDigest: URL) -> Command {
        let stamp = workDirectory.appendingPathComponent("\(targetName)+TCALintStamp.swift")
        // `sh` runs the linter (its report goes to the build log) and then records success in the
        // stamp; `tca-lint lint` has no option to do both.
        let script = """
            cd "$1" || exit 2
            tool="$2"; stamp="$3"; shift 3
            "$tool" lint --reporter xcode --quiet "$@"
            status=$?
            if [ "$status" -eq 0 ]; then echo "// Linted by tca-lint: no error-severity findings." > "$stamp"; fi
            exit "$status"
            """
        return .buildCommand(
            displayName: "tca-lint \(targetName)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, "tca-lint-build-tool", rootDirectory.path, tool.path, stamp.path]
                + swiftFiles.map(\.path),
            inputFiles: swiftFiles + [tool, configurationDigest],
            outputFiles: [stamp]
        )
    }
}

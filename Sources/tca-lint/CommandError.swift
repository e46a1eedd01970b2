import TCALint

/// Why a command stopped early. Every case ends the process with exit status 2.
enum CommandError: Error {
    /// The command line itself is wrong; the message is followed by a pointer to `--help`.
    case usage(String)
    /// The command line is fine but the command cannot run (an unknown rule id, an unwritable file).
    case failure(String)
}

/// Exit statuses, as documented in `--help` and README.
enum ExitStatus {
    /// No error-severity finding.
    static let clean: Int32 = 0
    /// At least one error-severity finding (with `--strict`, any finding).
    static let findings: Int32 = 1
    /// Usage error, missing path, or a file that could not be linted.
    static let failure: Int32 = 2

    /// The status of a lint or fix run: 2 when some input could not be linted (or fixed), else 1 when a
    /// finding fails the run (an error, or any finding with `strict`), else 0.
    /// After `SeverityPolicy` (so `--strict` findings are errors by then).
    static func of(_ diagnostics: [Diagnostic], incomplete: Bool) -> Int32 {
        of(failed: diagnostics.contains { $0.severity == .error }, incomplete: incomplete)
    }

    /// The one precedence of every lint, fix and diff run: incomplete (2) over failed (1) over clean (0).
    /// `--diff` fails when there is a patch, as `diff` does.
    static func of(failed: Bool, incomplete: Bool) -> Int32 {
        incomplete ? failure : failed ? findings : clean
    }
}

/// `--exit-codes STYLE`: which exit statuses a run uses. tca-lint's own are those of ruff and ESLint (1: findings,
/// 2: could not lint); a CI script written for SwiftLint tests SwiftLint's instead: 2 when violations fail the run
/// (errors, or any violation with `--strict`, which reports every violation as an error there too) and 1 when
/// SwiftLint itself failed. (SwiftLint releases before its `--strict` upgraded warnings to errors exited 3 for
/// warnings under `--strict`; with `--strict` every finding is an error here, so such a run exits 2.)
enum ExitCodeStyle: String, CaseIterable {
    case tcaLint = "tca-lint"
    case swiftLint = "swiftlint"

    /// The status to exit with for tca-lint's own `status` (0, 1 or 2).
    func map(_ status: Int32) -> Int32 {
        guard self == .swiftLint else { return status }
        switch status {
        case ExitStatus.findings: return 2
        case ExitStatus.failure: return 1
        default: return status
        }
    }

    /// The style a command line asks for: its last `--exit-codes VALUE` or `--exit-codes=VALUE` before `--`.
    /// Read from the raw arguments, so that a command line rejected later (a usage error, exit 2 in tca-lint's
    /// style) still fails with the status of the style it asked for (1 for SwiftLint).
    static func requested(in arguments: ArraySlice<String>) -> ExitCodeStyle {
        var style = ExitCodeStyle.tcaLint
        var rest = arguments
        while let argument = rest.popFirst(), argument != "--" {
            if argument == "--exit-codes", let value = rest.first {
                style = ExitCodeStyle(rawValue: value) ?? style
            } else if argument.hasPrefix("--exit-codes=") {
                style = ExitCodeStyle(rawValue: String(argument.dropFirst("--exit-codes=".count))) ?? style
            }
        }
        return style
    }
}

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

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
}

import TCALint

/// The text of `tca-lint help`.
enum Usage {
    static var text: String {
        let reporters = ReporterRegistry.all.map { $0.identifier }.joined(separator: ", ")
        return """
        tca-lint \(TCALintVersion.current) — finds mistakes in reducers of The Composable Architecture.

        USAGE
          tca-lint [lint] [options] [paths...] lint every .swift file below paths (default: .)
          tca-lint rules [--config FILE]... [--enabled|--disabled]
                                               list the rules: id, severity, opt-in, fix, whether the
                                               configuration enables it, summary
          tca-lint rules <rule_id>             print a rule's document (also: explain <rule_id>)
          tca-lint dump tokens FILE            one token per line: <start> <end> <kind> (byte offsets)
          tca-lint dump reducers FILE...       the reducer model, one JSON object per reducer type
          tca-lint dump features [PATH...]     the project's feature model as JSON (default: .)
          tca-lint graph [options] [PATH...]   the feature tree with its findings: Mermaid, DOT, SVG, HTML,
                                               JSON (see tca-lint graph --help)
          tca-lint migrate [options] [PATH...] what stands between the code and the next TCA: deprecated
                                               APIs by feature, with what --fix can do (tca-lint migrate --help)
          tca-lint completions bash|zsh|fish   a shell completion script
          tca-lint lsp [--stdio]               run the language server (LSP 3.17 over stdin/stdout)
          tca-lint version                     print the version
          tca-lint help                        print this help

        LINT OPTIONS
          --reporter NAME   output format: \(reporters) (default: the configuration's reporter, else xcode)
          --strict          report every finding as an error (so any finding fails the run)
          --lenient         report every finding as a warning (exit status 0 unless a file fails)
          --quiet           no summary line on standard error
          --output FILE     write the report to FILE (atomically) instead of standard output
          --jobs N          files linted in parallel (default: number of active processors)
          --config FILE     configuration file; repeat to merge several, later ones win (default: every
                            .tca-lint.yml from the outermost folder down to each file's folder)
          --print-config    print the effective configuration and exit
          --baseline FILE   report only findings that are not recorded in FILE
          --write-baseline FILE   record the current findings in FILE (written atomically)
          --allow-zero-lintable-files   finding no file to lint is not an error
          --use-script-input-file-lists lint the files listed by an Xcode Run Script phase's input
                            file lists (SCRIPT_INPUT_FILE_LIST_*), for ENABLE_USER_SCRIPT_SANDBOXING
          --use-script-input-files      lint an Xcode Run Script phase's input files (SCRIPT_INPUT_FILE_*)
          --fix             apply the safe fixes in place (atomically), then report what remains
                            (with --use-stdin: print the fixed buffer on standard output)
          --unsafe          with --fix or --diff: also the fixes that change order semantics
          --diff            print the unified diff --fix would apply, write nothing (exit 1 if any)
          --use-stdin       lint standard input (an editor's buffer)...
          --stdin-path PATH ...as if it were the file PATH (its configuration and excludes apply)
          --read-only       refuse every option that writes a file (--fix, --autocorrect, --output,
                            --write-baseline); the SwiftPM command plugins pass it
          --exit-codes STYLE  tca-lint (default) or swiftlint: the exit statuses below, or SwiftLint's
          --target-tca VERSION  judge deprecations against TCA VERSION instead of the project's own (read
                            from Package.resolved, the manifest, or the configuration's tca_version)

        Accepted for SwiftLint scripts: --autocorrect (= --fix), --path PATH (= PATH), --force-exclude
        (excludes always apply), --no-cache and --cache-path (no cache is kept; a note says so).

        Directories are searched recursively for *.swift files, skipping hidden files and folders and
        .build, DerivedData, Pods, Carthage, .swiftpm and checkouts. Files named explicitly are
        linted whatever their name. Paths are printed as given.

        EXIT STATUS (tca-lint's, as ruff's and ESLint's)
          0  no error-severity finding
          1  at least one error-severity finding (with --strict: any finding); with --diff, a patch
          2  usage error, invalid configuration, missing path, no file to lint, a file that could
             not be linted, or a report, baseline or fix that could not be written
        With --exit-codes swiftlint, SwiftLint's: 0 as above, 2 instead of 1 (SwiftLint's "serious
        violations"), 1 instead of 2 (SwiftLint's own failures). SwiftLint versions whose --strict did
        not yet report warnings as errors exited 3 for them; here --strict findings are errors: 2.

        """
    }
}

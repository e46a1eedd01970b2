import TCALint

/// The text of `tca-lint help`.
enum Usage {
    static var text: String {
        let reporters = ReporterRegistry.all.map { $0.identifier }.joined(separator: ", ")
        return """
        tca-lint \(TCALintVersion.current) — finds mistakes in reducers of The Composable Architecture.

        USAGE
          tca-lint lint [options] [paths...]   lint every .swift file below paths (default: .)
          tca-lint rules                       list the rules: id, default severity, opt-in, summary
          tca-lint explain <rule_id>           print a rule's document
          tca-lint dump tokens FILE            one token per line: <start> <end> <kind> (byte offsets)
          tca-lint dump reducers FILE...       the reducer model, one JSON object per reducer type
          tca-lint lsp                         run the language server (LSP 3.17 over stdin/stdout)
          tca-lint version                     print the version
          tca-lint help                        print this help

        LINT OPTIONS
          --reporter NAME   output format: \(reporters) (default: xcode)
          --strict          warnings make the exit status 1 too
          --quiet           no summary line on standard error
          --output FILE     write the report to FILE (atomically) instead of standard output
          --jobs N          files linted in parallel (default: number of active processors)
          --config FILE     configuration file (default: the nearest .tca-lint.yml, here or above)
          --print-config    print the effective configuration and exit
          --baseline FILE   report only findings that are not recorded in FILE
          --write-baseline FILE   record the current findings in FILE (written atomically)
          --fix             apply the safe fixes in place (atomically), then report what remains
          --unsafe          with --fix or --diff: also the fixes that change order semantics
          --diff            print the unified diff --fix would apply, write nothing (exit 1 if any)
          --use-stdin       lint standard input (an editor's buffer)...
          --stdin-path PATH ...as if it were the file PATH (its configuration and excludes apply)

        Directories are searched recursively for *.swift files, skipping hidden folders and
        .build, DerivedData, Pods, Carthage, .swiftpm and checkouts. Files named explicitly are
        linted whatever their name. Paths are printed as given.

        EXIT STATUS
          0  no error-severity finding
          1  at least one error-severity finding (with --strict: any finding)
          2  usage error, missing path, or a file that could not be linted

        """
    }
}

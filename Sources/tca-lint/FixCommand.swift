import TCALint

/// `tca-lint lint --fix [--unsafe]` and `--diff`: the fix engine over the walked files, then the report
/// of what remains. The engine (Sources/TCALint/Fixes) decides what is safe; this only wires it to the CLI.
enum FixCommand {
    static func run(_ options: LintOptions, configuration: Configuration, linter: Linter,
                    reporter: any Reporter.Type, workingDirectory: String) throws -> Int32 {
        let walk = FileWalker().collect(options.paths)
        for problem in walk.problems { Output.error(problem.description) }
        let files = walk.files.filter { configuration.isIncluded($0) }
        let report = FixSession.run(paths: files, linter: linter, unsafe: options.unsafe, diffOnly: options.diff)
        for message in report.messages { Output.stderr(message + "\n") }

        if options.diff {
            // Like `diff`: the patch on standard output, exit 1 when there is any.
            Output.stdout(report.diff)
            if !options.quiet { Output.stderr(report.summary.replacingOccurrences(of: "Applied", with: "Would apply") + "\n") }
            if !walk.problems.isEmpty { return ExitStatus.failure }
            return report.hasChanges ? ExitStatus.findings : ExitStatus.clean
        }

        let context = ReportContext(filesLinted: files.count, currentDirectory: workingDirectory)
        let text = reporter.init().generateReport(report.remaining, context: context)
        if let path = options.outputPath {
            try Output.writeFileAtomically(text, to: path)
        } else {
            Output.stdout(text)
        }
        if !options.quiet {
            Output.stderr(report.summary + "\n")
            Output.stderr(FindingCounts(report.remaining).summaryLine(filesLinted: files.count) + "\n")
        }
        if !walk.problems.isEmpty { return ExitStatus.failure }
        let strict = options.strict || configuration.strict
        return report.remaining.contains { strict || $0.severity == .error } ? ExitStatus.findings : ExitStatus.clean
    }
}

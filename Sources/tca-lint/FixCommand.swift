import TCALint

/// `tca-lint lint --fix [--unsafe]` and `--diff`: the fix engine over the walked files, then the report
/// of what remains. The engine (Sources/TCALint/Fixes) decides what is safe; this only wires it to the CLI.
enum FixCommand {
    static func run(_ options: LintOptions, plan: LintPlan, configuration: Configuration, severityPolicy: SeverityPolicy,
                    reporter: any Reporter.Type, workingDirectory: String, configurationFiles: [String]) throws -> Int32 {
        let walk = (problems: plan.walkProblems, files: plan.fileCount)
        for problem in walk.problems { Output.error(problem.description) }
        try LintCommand.refuseInputs(options, inputs: plan.groups.flatMap(\.files), configurations: configurationFiles,
                                     baseline: options.baselinePath ?? configuration.baseline)
        // Read before anything is written: a missing or broken baseline stops the run (exit 2).
        let baseline = try LintCommand.readBaseline(options, configuration: configuration)
        // A baselined finding is accepted as it is: its fix is not applied (it would change the line the
        // baseline knows it by, and another rule's finding on that line would resurface).
        // Links are followed for reading; writes stay inside the real paths of what was given to lint.
        // Temporary files an interrupted run left beside the files to fix: named; removed by --fix when provably ours.
        let folders = plan.groups.flatMap(\.files).map(Paths.directory(of:))
        for leftover in LeftoverTemporaryFiles.sweep(directories: folders, remove: !options.diff) {
            Output.stderr("\(leftover)\n")
        }
        // The old files stay open until the very end: a process that keeps one open and writes to it after
        // the replacement is found by the last check, below, after the report.
        let replaced = ReplacedFiles()
        // Fixes are judged with the whole project's features (rules read other files; an unsafe fix may add a
        // member, `@Dependency(\.date) var date`, and must know the name is free in every file): every file
        // below the operands' project roots is indexed first, extensions of reducers included.
        let jobs = options.jobs ?? LintRunner.defaultJobs
        let project = ProjectIndexer.projectIndex(operands: options.paths, runFiles: plan.groups.flatMap(\.files), jobs: jobs)
        let report = plan.fix(unsafe: options.unsafe, diffOnly: options.diff, writableTree: WritableTree(operands: options.paths),
                              replacedFiles: replaced, project: project, jobs: jobs,
                              fixable: LintCommand.notBaselined(baseline, workingDirectory: workingDirectory))
        for message in report.messages { Output.stderr(message + "\n") }
        // Files that needed fixing but were left alone (changed meanwhile, hard-linked, read-only, failed
        // write) make the run incomplete: exit 2, as a file that could not be linted does.
        let incomplete = !walk.problems.isEmpty || !report.skippedFiles.isEmpty
        if !report.skippedFiles.isEmpty {
            Output.error("\(report.skippedFiles.count) file\(report.skippedFiles.count == 1 ? "" : "s") not fixed: "
                         + report.skippedFiles.joined(separator: ", "))
        }
        let remaining = severityPolicy.apply(try LintCommand.applyBaseline(baseline, options, to: report.remaining,
                                                                           workingDirectory: workingDirectory))

        if options.diff {
            // Like `diff`: the patch on standard output, exit 1 when there is any.
            try Output.report(report.diff, to: nil)
            if !options.quiet { Output.stderr(report.diffSummary + "\n") }
            return ExitStatus.of(failed: report.hasChanges, incomplete: incomplete)
        }

        let context = ReportContext(filesLinted: walk.files, currentDirectory: workingDirectory)
        try Output.report(reporter.init().generateReport(remaining, context: context), to: options.outputPath)
        if !options.quiet {
            Output.stderr(report.summary + "\n")
            if !SummaryLine.isInReport(reporter, outputPath: options.outputPath) {
                Output.stderr(FindingCounts(remaining).summaryLine(filesLinted: walk.files) + "\n")
            }
        }
        // The last check, as late as possible: a file found written now was put back, so its fix is undone.
        let late = replaced.finish()
        for problem in late { Output.stderr("\(problem)\n") }
        if !late.isEmpty {
            Output.error("\(late.count) file\(late.count == 1 ? "" : "s") written by another process after the fix, not fixed: "
                         + late.map(\.path).joined(separator: ", "))
        }
        return ExitStatus.of(remaining, incomplete: incomplete || !late.isEmpty)
    }
}

extension FixReport {
    /// `--diff`'s line: what `--fix` would do, or that it would change nothing.
    var diffSummary: String {
        let line = hasChanges ? summary.replacing("Applied", with: "Would apply")
                              : summary.replacing("No fixes applied", with: "No changes: --fix would change nothing")
        return line
    }
}

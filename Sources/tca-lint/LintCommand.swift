#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TCALint

/// `tca-lint lint [paths…]`: walk, lint in parallel, report, and decide the exit status.
enum LintCommand {
    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        let options = try LintOptions.parse(arguments)
        if options.showHelp {
            Output.stdout(Usage.text)
            return ExitStatus.clean
        }
        guard let reporterType = ReporterRegistry.reporter(named: options.reporterName) else {
            let names = ReporterRegistry.all.map { $0.identifier }.joined(separator: ", ")
            throw CommandError.usage("unknown reporter '\(options.reporterName)'; valid reporters: \(names)")
        }

        let walk = FileWalker().collect(options.paths)
        for problem in walk.problems { Output.error(problem.description) }

        let runner = LintRunner(linter: Linter(), jobs: options.jobs ?? LintRunner.defaultJobs)
        let outcome = runner.run(walk.files)
        // Per-file problems name the file first, like a compiler diagnostic, so editors can jump to it.
        for problem in outcome.problems { Output.stderr("\(problem.path): error: \(problem.message)\n") }

        let context = ReportContext(filesLinted: outcome.filesLinted, currentDirectory: currentDirectory())
        let report = makeReport(reporterType, outcome.diagnostics, context)
        if let path = options.outputPath {
            try Output.writeFileAtomically(report, to: path)
        } else {
            Output.stdout(report)
        }

        if !options.quiet {
            Output.stderr(summary(outcome.diagnostics, files: outcome.filesLinted) + "\n")
        }

        if !walk.problems.isEmpty || !outcome.problems.isEmpty { return ExitStatus.failure }
        let strict = options.strict
        let failing = outcome.diagnostics.contains { strict || $0.severity == .error }
        return failing ? ExitStatus.findings : ExitStatus.clean
    }

    static func makeReport(_ type: any Reporter.Type, _ diagnostics: [Diagnostic], _ context: ReportContext) -> String {
        let reporter = type.init()
        return reporter.generateReport(diagnostics, context: context)
    }

    /// `Found 3 warnings, 1 error in 212 files`.
    static func summary(_ diagnostics: [Diagnostic], files: Int) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        return "Found \(counted(warnings, "warning")), \(counted(errors, "error")) in \(counted(files, "file"))"
    }

    static func counted(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

    static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return String(cString: cwd)
    }
}

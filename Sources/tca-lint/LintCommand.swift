#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TCALint

/// `tca-lint lint [paths…]`: configure, walk, lint in parallel, filter (baseline), report, and
/// decide the exit status.
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
        let cwd = currentDirectory()
        let configuration = try loadConfiguration(options, workingDirectory: cwd)
        if options.printConfig {
            Output.stdout(configuration.printEffective())
            return ExitStatus.clean
        }
        let linter = makeLinter(configuration)
        if options.fix || options.diff {
            return try FixCommand.run(options, configuration: configuration, linter: linter, reporter: reporterType,
                                      workingDirectory: cwd)
        }

        var diagnostics: [Diagnostic]
        var filesLinted = 0
        var couldNotLintEverything = false
        if options.useStdin {
            let path = options.stdinPath ?? "<stdin>"
            let bytes = StandardInput.readAll()
            if let failure = TextCheck.check(bytes) {
                Output.stderr("\(path): error: \(failure.description), skipped\n")
                return ExitStatus.failure
            }
            // Config excludes apply to the buffer as to the file it stands for.
            let included = options.stdinPath.map { configuration.isIncluded($0) } ?? true
            diagnostics = included ? linter.lint(SourceFile(path: path, bytes: bytes)) : []
            filesLinted = included ? 1 : 0
        } else {
            let walk = FileWalker().collect(options.paths)
            for problem in walk.problems { Output.error(problem.description) }
            let files = walk.files.filter { configuration.isIncluded($0) }
            let outcome = LintRunner(linter: linter, jobs: options.jobs ?? LintRunner.defaultJobs).run(files)
            // Per-file problems name the file first, like a compiler diagnostic, so editors can jump to it.
            for problem in outcome.problems { Output.stderr("\(problem.path): error: \(problem.message)\n") }
            diagnostics = outcome.diagnostics
            filesLinted = outcome.filesLinted
            couldNotLintEverything = !walk.problems.isEmpty || !outcome.problems.isEmpty
        }

        let baselineRoot = configuration.baseDirectory
        if let path = options.writeBaselinePath {
            do {
                try Baseline(diagnostics: diagnostics, root: baselineRoot, workingDirectory: cwd).write(to: path)
            } catch {
                throw CommandError.failure("cannot write the baseline: \(error)")
            }
        }
        if let path = options.baselinePath {
            let baseline: Baseline
            do { baseline = try Baseline.read(from: path) } catch { throw CommandError.failure("\(error)") }
            diagnostics = baseline.filter(diagnostics, root: baselineRoot, workingDirectory: cwd)
        }

        let context = ReportContext(filesLinted: filesLinted, currentDirectory: cwd)
        let report = reporterType.init().generateReport(diagnostics, context: context)
        if let path = options.outputPath {
            try Output.writeFileAtomically(report, to: path)
        } else {
            Output.stdout(report)
        }
        if !options.quiet {
            Output.stderr(FindingCounts(diagnostics).summaryLine(filesLinted: filesLinted) + "\n")
        }

        if couldNotLintEverything { return ExitStatus.failure }
        let strict = options.strict || configuration.strict
        let failing = diagnostics.contains { strict || $0.severity == .error }
        return failing ? ExitStatus.findings : ExitStatus.clean
    }

    /// `--config FILE`, or the nearest `.tca-lint.yml` from the linted buffer's folder (`--stdin-path`) or
    /// the working directory upwards. A broken configuration stops the run (exit 2) with every problem listed.
    static func loadConfiguration(_ options: LintOptions, workingDirectory: String) throws -> Configuration {
        let searchFrom = options.stdinPath.map { path -> String in
            guard let slash = path.lastIndex(of: "/") else { return "." }
            return slash == path.startIndex ? "/" : String(path[..<slash])
        }
        do {
            return try ConfigurationLoader.load(explicitPath: options.configPath, searchFrom: searchFrom,
                                                workingDirectory: workingDirectory)
        } catch let error as ConfigurationError {
            throw CommandError.failure("invalid configuration\n" + error.description)
        }
    }

    /// The linter the configuration asks for: enabled rules, severities, per-rule excluded paths.
    static func makeLinter(_ configuration: Configuration) -> Linter {
        let rules = RuleRegistry.all.filter { configuration.isEnabled($0.description.id) }
        return Linter(rules: rules, severities: configuration.severities,
                      isRuleExcluded: { path, rule in configuration.isExcluded(path, forRule: rule) })
    }

    static func currentDirectory() -> String {
        guard let cwd = getcwd(nil, 0) else { return "." }
        defer { free(cwd) }
        return String(cString: cwd)
    }
}

/// Reads all of standard input (the editor's buffer for `--use-stdin`).
enum StandardInput {
    static func readAll() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, 1 << 16) }
            if n > 0 {
                bytes.append(contentsOf: chunk[0..<n])
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        return bytes
    }
}

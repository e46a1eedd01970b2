#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TCALint

/// `tca-lint lint [paths…]`: configure, walk, lint in parallel, filter (baseline), report, and
/// decide the exit status.
enum LintCommand {
    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        // An interrupted run must not leave temporary files (fixes, reports, baselines) behind.
        TemporaryFiles.installSignalCleanup()
        var options = try LintOptions.parse(arguments)
        if options.showHelp {
            try Output.stdout(Usage.text)
            return ExitStatus.clean
        }
        for note in options.notes { Output.stderr(note + "\n") }
        if options.useScriptInputFileLists { options.paths += try ScriptInputs.fileLists() }
        if options.useScriptInputFiles { options.paths += try ScriptInputs.files() }
        let cwd = Paths.currentDirectory()
        let resolver = ConfigurationResolver(explicitPaths: options.configPaths, workingDirectory: cwd)
        let resolved = try configurationError {
            try resolver.resolved(forDirectory: options.stdinPath.map(Paths.directory(of:)) ?? ".")
        }
        let configuration = resolved.configuration
        var linter = resolved.linter
        if options.useStdin && linter.rules.contains(where: { $0 is any DeprecationRule.Type }) {
            if let known = options.targetTCA ?? linter.tcaVersion {
                linter.tcaVersion = known
            } else if let detected = options.stdinPath.flatMap({ TCAVersionDetector.detect(root: TCAVersionDetector.projectRoot(of: $0)) }) {
                linter.judgeTCA(detected: detected)
            }
        }
        if options.printConfig {
            try Output.report(configuration.printEffective(), to: nil)
            return ExitStatus.clean
        }
        let reporterName = options.reporterName ?? configuration.reporter ?? "xcode"
        guard let reporterType = ReporterRegistry.reporter(named: reporterName) else {
            let names = ReporterRegistry.all.map { $0.identifier }
            throw CommandError.usage("unknown reporter '\(reporterName)'"
                                     + (EditDistance.likelyTypo(of: reporterName, in: names).map { "; did you mean \($0)?" } ?? "")
                                     + "; valid reporters: " + names.joined(separator: ", "))
        }
        let severityPolicy = SeverityPolicy(strict: options.strict || configuration.strict, lenient: options.lenient)
        if options.useStdin && options.fix {
            return try fixStandardInput(options, configuration: configuration, linter: linter)
        }
        if options.fix || options.diff {
            let plan = try makePlan(options, resolver: resolver, configuration: configuration)
            return try FixCommand.run(options, plan: plan, configuration: configuration, severityPolicy: severityPolicy, reporter: reporterType,
                                      workingDirectory: cwd, configurationFiles: resolved.configurationFiles)
        }

        var diagnostics: [Diagnostic]
        var filesLinted = 0
        var couldNotLintEverything = false
        var lintedFiles: [String] = []
        if options.useStdin {
            for warning in configuration.warnings { Output.stderr(warning.description + "\n") }
            let path = options.stdinPath ?? "<stdin>"
            let bytes = try StandardInput.readAll(as: path)
            if let failure = TextCheck.check(bytes) {
                Output.stderr("\(path): error: \(failure.description), skipped\n")
                return ExitStatus.failure
            }
            // Config excludes apply to the buffer as to the file it stands for.
            let included = options.stdinPath.map { configuration.isIncluded($0) } ?? true
            // The project the buffer belongs to is indexed around it, the buffer standing in for its file.
            let jobs = options.jobs ?? LintRunner.defaultJobs
            let project = included ? options.stdinPath.flatMap { stdinPath in
                ProjectIndexer.projectIndex(around: stdinPath, given: [ProjectIndexer.facts(path: stdinPath, bytes: bytes)],
                                            jobs: jobs, relevantOnly: true)
            } : nil
            diagnostics = included ? linter.lint(SourceFile(path: path, bytes: bytes), project: project) : []
            filesLinted = included ? 1 : 0
        } else {
            let plan = try makePlan(options, resolver: resolver, configuration: configuration)
            // Each folder's configuration is in the plan's groups now: the resolver's tables of every folder walked
            // (about 2 MB for 8,500 files) are let go before the files are read, not kept through the run's peak.
            _ = consume resolver
            for problem in plan.walkProblems { Output.error(problem.description) }
            lintedFiles = plan.groups.flatMap(\.files)
            let jobs = options.jobs ?? LintRunner.defaultJobs
            // Single files are linted with the model of the project each belongs to.
            let outcome = ProjectIndexer.areAllFiles(options.paths)
                ? plan.lintFilesOfProjects(jobs: jobs) : plan.lint(jobs: jobs)
            // Per-file problems name the file first, like a compiler diagnostic, so editors can jump to it.
            for problem in outcome.problems { Output.stderr("\(problem.path): error: \(problem.message)\n") }
            diagnostics = outcome.diagnostics
            filesLinted = outcome.filesLinted
            couldNotLintEverything = !plan.walkProblems.isEmpty || !outcome.problems.isEmpty
        }

        try refuseInputs(options, inputs: options.useStdin ? options.stdinPath.map { [$0] } ?? [] : lintedFiles,
                         configurations: resolved.configurationFiles, baseline: options.baselinePath ?? configuration.baseline)
        let baseline = try readBaseline(options, configuration: configuration)
        diagnostics = try applyBaseline(baseline, options, to: diagnostics, workingDirectory: cwd)
        diagnostics = severityPolicy.apply(diagnostics)

        let context = ReportContext(filesLinted: filesLinted, currentDirectory: cwd)
        try Output.report(reporterType.init().generateReport(diagnostics, context: context), to: options.outputPath)
        if !options.quiet && !SummaryLine.isInReport(reporterType, outputPath: options.outputPath) {
            Output.stderr(FindingCounts(diagnostics).summaryLine(filesLinted: filesLinted) + "\n")
        }
        return ExitStatus.of(diagnostics, incomplete: couldNotLintEverything)
    }

    // MARK: - Writing: reports, baselines (shared with FixCommand)

    /// `--output` and `--write-baseline` must not name a Swift file or an input of the run.
    /// `configurations`: the configuration files the run read; the baseline it reads may be rewritten by
    /// `--write-baseline` (updating a baseline in place), never by `--output`.
    static func refuseInputs(_ options: LintOptions, inputs: [String], configurations: [String], baseline: String?) throws {
        try Output.refuseInputs(options.outputPath, flag: "--output", inputs: inputs + configurations + (baseline.map { [$0] } ?? []))
        try Output.refuseInputs(options.writeBaselinePath, flag: "--write-baseline", inputs: inputs + configurations)
    }

    /// `--baseline FILE` or the configuration's `baseline:`, read before anything is written (nil when
    /// neither is given); missing or broken is a failure (exit 2).
    static func readBaseline(_ options: LintOptions, configuration: Configuration) throws -> (baseline: Baseline, path: String)? {
        guard let path = options.baselinePath ?? configuration.baseline else { return nil }
        do { return (try Baseline.read(from: path), path) } catch { throw CommandError.failure("\(error)") }
    }

    /// Writes `--write-baseline` from all findings, then leaves out those `baseline` covers. Paths in a
    /// baseline are relative to the folder it sits in.
    static func applyBaseline(_ baseline: (baseline: Baseline, path: String)?, _ options: LintOptions,
                              to diagnostics: [Diagnostic], workingDirectory cwd: String) throws -> [Diagnostic] {
        if let path = options.writeBaselinePath {
            let written = Baseline(diagnostics: diagnostics, root: Baseline.root(ofFile: path, workingDirectory: cwd),
                                   workingDirectory: cwd)
            try Output.writeFile(written.serialized(), to: path, what: "the baseline")
            if !options.quiet {
                let count = written.entries.count
                Output.stderr("tca-lint: wrote \(count) finding\(count == 1 ? "" : "s") to the baseline \(path)\n")
            }
        }
        return notBaselined(baseline, workingDirectory: cwd)(diagnostics)
    }

    /// The diagnostics `baseline` does not cover (all of them without one).
    static func notBaselined(_ baseline: (baseline: Baseline, path: String)?,
                             workingDirectory cwd: String) -> ([Diagnostic]) -> [Diagnostic] {
        guard let baseline else { return { $0 } }
        let root = Baseline.root(ofFile: baseline.path, workingDirectory: cwd)
        return { baseline.baseline.filter($0, root: root, workingDirectory: cwd) }
    }

    /// The files to lint with their configurations. Finding none is an error (a typo in
    /// `included:` or in a path must not pass CI silently) unless allowed.
    static func makePlan(_ options: LintOptions, resolver: ConfigurationResolver,
                         configuration: Configuration) throws -> LintPlan {
        // Looked for while the files are walked (most runs judge deprecations by it); unused when not needed.
        let root = TCAVersionDetector.projectRoot(of: options.paths.first ?? ".")
        let detected = options.targetTCA == nil ? InBackground { TCAVersionDetector.detect(root: root) } : nil
        var plan = try configurationError { try LintPlan(paths: options.paths, resolver: resolver) }
        plan.note(configuration.warnings)
        plan.judgeTCA(target: options.targetTCA, root: root) { detected?.value }
        for warning in plan.warnings { Output.stderr(warning + "\n") }
        let allowed = options.allowZeroLintableFiles || configuration.allowZeroLintableFiles
        if plan.fileCount == 0 && plan.walkProblems.isEmpty && !allowed {
            let paths = options.paths.map { "'\($0)'" }.joined(separator: ", ")
            throw CommandError.failure("no lintable files found at \(paths.isEmpty ? "the script's inputs" : "paths: " + paths)"
                + " (no .swift file there, or all of them outside `included:` or inside `excluded:`);"
                + " pass --allow-zero-lintable-files or set allow_zero_lintable_files: true if that is expected")
        }
        return plan
    }

    /// `--use-stdin --fix`: the fixed buffer on standard output (format-on-save), always exit 0
    /// unless the buffer cannot be read as text; what could not be fixed goes to standard error.
    static func fixStandardInput(_ options: LintOptions, configuration: Configuration, linter: Linter) throws -> Int32 {
        let path = options.stdinPath ?? "<stdin>"
        let bytes = try StandardInput.readAll(as: path)
        if let failure = TextCheck.check(bytes) {
            Output.stderr("\(path): error: \(failure.description), skipped\n")
            return ExitStatus.failure
        }
        var fixed = bytes
        if options.stdinPath.map({ configuration.isIncluded($0) }) ?? true {
            // As for files: the fixes are judged with the project the buffer belongs to (the files that name its
            // types, extensions of its reducers among them), the buffer standing in for its file.
            let project = options.stdinPath.flatMap { stdinPath in
                ProjectIndexer.projectIndex(around: stdinPath, given: [ProjectIndexer.facts(path: stdinPath, bytes: bytes)],
                                            jobs: options.jobs ?? LintRunner.defaultJobs, relevantOnly: true)
            }
            let outcome = FixEngine(linter: linter, includeUnsafe: options.unsafe, project: project).run(SourceFile(path: path, bytes: bytes))
            for message in outcome.messages { Output.stderr(message + "\n") }
            fixed = outcome.bytes
        }
        guard fixed.withUnsafeBytes({ Output.writeAll($0, to: STDOUT_FILENO) }) else {
            throw CommandError.failure("cannot write the fixed buffer to standard output: \(String(cString: strerror(errno)))")
        }
        return ExitStatus.clean
    }

    /// A broken configuration stops the run (exit 2) with every problem listed.
    static func configurationError<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ConfigurationError {
            throw CommandError.failure("invalid configuration\n" + error.description)
        }
    }

}

/// Reads all of standard input (the editor's buffer for `--use-stdin`), at most a source file's cap
/// (`FileReader.Limit.sourceFile`): standard input fed forever is refused, not read until memory runs out.
enum StandardInput {
    static func readAll(as path: String) throws -> [UInt8] {
        switch FileReader.readAll(descriptor: STDIN_FILENO) {
        case .success(let bytes): return bytes
        case .failure(let failure):
            throw CommandError.failure("\(path == "<stdin>" ? "standard input" : "\(path) (standard input)"): \(failure)")
        }
    }
}

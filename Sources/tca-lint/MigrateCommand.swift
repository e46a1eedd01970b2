import TCALint

/// `tca-lint migrate [paths…]`: the migration report — every use of an API a TCA release deprecated, by
/// deprecation and feature, with what `--fix` can do — as Markdown (for a pull request) or JSON.
enum MigrateCommand {
    struct Options {
        var paths: [String] = []
        var format = "markdown"
        var target: TCAVersion?
        var common = ProjectCommand.CommonOptions()
        var outputPath: String? { common.outputPath }
    }

    static let usage = """
    usage: tca-lint migrate [PATH...] [--target-tca VERSION] [--format markdown|json] [--output FILE] [--config FILE]

    Lists every use of an API a TCA release deprecated in the Swift files under PATH (default: the current folder),
    by deprecation and by feature, with how many `tca-lint --fix` rewrites safely, how many only with --unsafe, and
    how many need a person, then one "ready for" line. Every deprecation rule runs, whatever the configuration
    enables; the project's TCA version (its Package.resolved, manifest, or the configuration's tca_version) is
    shown.

      --target-tca VERSION  only what a project must change to build without deprecations on TCA VERSION
      --format FORMAT       markdown (default) or json; also chosen by --output's extension (.md, .json)
      --output, -o FILE     write to FILE (atomically)

    """

    static func parse(_ arguments: ArraySlice<String>) throws -> Options {
        var options = Options()
        var formatGiven = false
        try ProjectCommand.parse(arguments, command: "migrate", paths: &options.paths, common: &options.common) { name, inline, reader in
            switch name {
            case "--format":
                let value = try reader.value(for: name, inline: inline).lowercased()
                guard ["markdown", "md", "json"].contains(value) else {
                    throw CommandError.usage("unknown migrate format '\(value)'; expected markdown or json")
                }
                options.format = value == "json" ? "json" : "markdown"
                formatGiven = true
            case "--target-tca": options.target = try parseTargetTCA(try reader.value(for: name, inline: inline))
            default: return false
            }
            return true
        }
        if !formatGiven, let path = options.outputPath, path.lowercased().hasSuffix(".json") { options.format = "json" }
        return options
    }

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        let options = try parse(arguments)
        if options.common.showHelp {
            try Output.stdout(usage)
            return ExitStatus.clean
        }
        let run = try ProjectCommand(paths: options.paths, options: options.common)

        let rules = RuleRegistry.all.compactMap { $0 as? any DeprecationRule.Type }
        // The plan read the project's version already when its rules include a deprecation rule.
        let detected = run.plan.detectedTCA ?? TCAVersionDetector.detect(root: TCAVersionDetector.projectRoot(of: options.paths[0]))
        var linter = Linter(rules: rules)
        // Listed up to the target; without one, every deprecation of the releases tca-lint knows (what the next
        // releases bring too), with fixes judged as for a project on the newest of them.
        linter.tcaVersion = options.target ?? TCAVersion.newestRelease
        let reads = LintRunner(jobs: run.jobs).read(run.files)
        let outcome = LintRunner(linter: linter, jobs: run.jobs).lint(reads)
        let status = run.status(problems: outcome.problems)
        let report = MigrationReport(diagnostics: outcome.diagnostics, index: reads.project, rules: rules, detected: detected,
                                     configured: run.configuration.tcaVersion, target: options.target)
        try Output.report(options.format == "json" ? report.json() : report.markdown(), to: options.outputPath)
        if options.outputPath != nil { Output.stderr(report.summaryLine + "\n") }
        return status
    }
}

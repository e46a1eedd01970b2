import TCALint

/// What `graph` and `migrate` share with `lint`: the files of the paths under their configuration, with the
/// output file refused when it names one of them, and the options every such command takes.
struct ProjectCommand {
    /// `--config FILE` (repeatable), `--jobs N`, `--output FILE` / `-o FILE`, `--help`.
    struct CommonOptions {
        var configPaths: [String] = []
        var jobs: Int?
        var outputPath: String?
        var showHelp = false

        /// Reads the option `name` if it is one of these; false when it is another command's.
        mutating func read(_ name: String, inline: String?, from reader: inout Arguments) throws -> Bool {
            switch name {
            case "--config": configPaths.append(try reader.value(for: name, inline: inline))
            case "--jobs", "-j":
                let value = try reader.value(for: name, inline: inline)
                guard let jobs = Int(value), jobs > 0 else { throw CommandError.usage("--jobs needs a positive number, not '\(value)'") }
                self.jobs = jobs
            case "--output", "-o":
                let value = try reader.value(for: name, inline: inline)
                guard !value.isEmpty else { throw CommandError.usage("\(name) needs a file name") }
                outputPath = value
            case "--help", "-h": showHelp = true
            default: return false
            }
            return true
        }
    }

    /// Reads a project command's arguments: operands are paths (default `.`), the common options are read here,
    /// and `own` reads the command's own options (false: not one of them, a usage error naming `command`).
    static func parse(_ arguments: ArraySlice<String>, command: String, paths: inout [String], common: inout CommonOptions,
                      own: (_ name: String, _ inline: String?, _ reader: inout Arguments) throws -> Bool) throws {
        var reader = Arguments(arguments)
        while let item = reader.next() {
            switch item {
            case .operand(let path): paths.append(path)
            case .option(let name, let inline):
                if try common.read(name, inline: inline, from: &reader) { continue }
                guard try own(name, inline, &reader) else { throw CommandError.usage("unknown option '\(name)' for \(command)") }
            }
        }
        if paths.isEmpty { paths = ["."] }
    }

    let configuration: Configuration
    let plan: LintPlan
    let jobs: Int
    var files: [String] { plan.groups.flatMap(\.files) }

    /// Resolves the configuration, walks `paths` (missing ones are said on standard error), and refuses an output
    /// that names an input.
    init(paths: [String], options: CommonOptions) throws {
        TemporaryFiles.installSignalCleanup()
        let resolver = ConfigurationResolver(explicitPaths: options.configPaths, workingDirectory: Paths.currentDirectory())
        configuration = try LintCommand.configurationError { try resolver.resolved(forDirectory: ".") }.configuration
        var lintOptions = LintOptions()
        lintOptions.paths = paths
        plan = try LintCommand.makePlan(lintOptions, resolver: resolver, configuration: configuration)
        for problem in plan.walkProblems { Output.error(problem.description) }
        jobs = options.jobs ?? LintRunner.defaultJobs
        try Output.refuseInputs(options.outputPath, flag: "--output", inputs: plan.groups.flatMap(\.files))
    }

    /// Exit status of a command that drew or reported everything it could: 2 when a path or file failed.
    func status(problems: [LintRunner.FileProblem]) -> Int32 {
        for problem in problems { Output.stderr("\(problem.path): error: \(problem.message)\n") }
        return plan.walkProblems.isEmpty && problems.isEmpty ? ExitStatus.clean : ExitStatus.failure
    }
}

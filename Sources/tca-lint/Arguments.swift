import TCALint

/// A hand-written argument reader (the package has no dependencies, so no ArgumentParser).
/// Accepts `--name value` and `--name=value`; `--` ends the options.
struct Arguments {
    private var remaining: ArraySlice<String>
    private var onlyOperands = false

    init(_ arguments: ArraySlice<String>) { remaining = arguments }

    enum Item: Equatable {
        /// `--name` or `--name=value` (value split off), or `-h`.
        case option(name: String, inlineValue: String?)
        case operand(String)
    }

    mutating func next() -> Item? {
        guard let argument = remaining.popFirst() else { return nil }
        if onlyOperands { return .operand(argument) }
        if argument == "--" {
            onlyOperands = true
            return next()
        }
        if argument.hasPrefix("--") {
            if let equals = argument.firstIndex(of: "=") {
                return .option(name: String(argument[..<equals]),
                               inlineValue: String(argument[argument.index(after: equals)...]))
            }
            return .option(name: argument, inlineValue: nil)
        }
        // A lone `-` is an operand (a file named `-`); `-h` and friends are options.
        if argument.hasPrefix("-") && argument.count > 1 { return .option(name: argument, inlineValue: nil) }
        return .operand(argument)
    }

    /// The value of an option that takes one: inline (`--jobs=2`) or the next argument.
    mutating func value(for name: String, inline: String?) throws -> String {
        if let inline { return inline }
        guard let value = remaining.popFirst() else { throw CommandError.usage("option \(name) needs a value") }
        return value
    }
}

/// Options of `tca-lint lint`.
struct LintOptions {
    var paths: [String] = []
    /// `--reporter NAME`; nil: the configuration's `reporter`, else xcode.
    var reporterName: String?
    var strict = false
    /// `--lenient`: errors are reported (and counted) as warnings.
    var lenient = false
    var quiet = false
    var outputPath: String?
    var jobs: Int?
    var showHelp = false
    /// `--config FILE` (repeatable, later files override earlier ones); otherwise every
    /// `.tca-lint.yml` from the outermost folder down to each linted file's folder.
    var configPaths: [String] = []
    var printConfig = false
    /// `--baseline FILE`; nil: the configuration's `baseline`.
    var baselinePath: String?
    var writeBaselinePath: String?
    /// `--use-stdin`: lint standard input as if it were `stdinPath`.
    var useStdin = false
    var stdinPath: String?
    /// `--fix` (with `--unsafe`: also fixes that change order semantics); `--diff`: show, do not write.
    var fix = false
    var unsafe = false
    var diff = false
    var allowZeroLintableFiles = false
    /// Xcode Run Script inputs (`SCRIPT_INPUT_FILE_LIST_*`, `SCRIPT_INPUT_FILE_*`) added to `paths`.
    var useScriptInputFileLists = false
    var useScriptInputFiles = false
    /// `--read-only`: every option that writes a file is refused (the command plugins pass it).
    var readOnly = false
    /// The spellings given of the options that write files (`--autocorrect`, `--output`…), for `--read-only`'s error.
    var writingOptions: [String] = []
    /// `--exit-codes swiftlint`: SwiftLint's exit statuses (see `ExitCodeStyle`).
    var exitCodes = ExitCodeStyle.tcaLint
    /// Notes for standard error about accepted options that do nothing here.
    var notes: [String] = []
    /// `--target-tca VERSION`: judge deprecations against this TCA version instead of the project's.
    var targetTCA: TCAVersion?

    /// Options that take a value.
    static let valued = ["--reporter", "--output", "--config", "--baseline", "--write-baseline", "--stdin-path",
                         "--jobs", "-j", "--path", "--cache-path", "--exit-codes", "--target-tca"]
    /// Options that take none.
    static let flags = ["--strict", "--lenient", "--quiet", "-q", "--help", "-h", "--print-config", "--use-stdin",
                        "--fix", "--autocorrect", "--unsafe", "--diff", "--allow-zero-lintable-files",
                        "--use-script-input-file-lists", "--use-script-input-files", "--force-exclude", "--no-cache",
                        "--read-only"]

    static func parse(_ arguments: ArraySlice<String>) throws -> LintOptions {
        var options = LintOptions()
        var reader = Arguments(arguments)
        while let item = reader.next() {
            switch item {
            case .operand(let path):
                options.paths.append(path)
            case .option(let name, let inline) where valued.contains(name):
                let value = try reader.value(for: name, inline: inline)
                switch name {
                case "--reporter": options.reporterName = value
                case "--output": options.outputPath = value; options.writingOptions.append(name)
                case "--config": options.configPaths.append(value)
                case "--baseline": options.baselinePath = value
                case "--write-baseline": options.writeBaselinePath = value; options.writingOptions.append(name)
                case "--stdin-path": options.stdinPath = value
                case "--path": options.paths.append(value)   // SwiftLint's spelling of an operand
                case "--cache-path": options.notes.append(noCacheNote(name))
                case "--target-tca": options.targetTCA = try parseTargetTCA(value)
                case "--exit-codes":
                    guard let style = ExitCodeStyle(rawValue: value) else {
                        let names = ExitCodeStyle.allCases.map(\.rawValue)
                        throw CommandError.usage("--exit-codes takes " + names.joined(separator: " or ") + ", not '\(value)'"
                                                 + (EditDistance.likelyTypo(of: value, in: names).map { "; did you mean \($0)?" } ?? ""))
                    }
                    options.exitCodes = style
                default:
                    guard let jobs = Int(value), jobs >= 1, jobs <= 1024 else {
                        throw CommandError.usage("--jobs needs a whole number from 1 to 1024, not '\(value)'")
                    }
                    options.jobs = jobs
                }
            case .option(let name, let inline) where flags.contains(name):
                guard inline == nil else { throw CommandError.usage("option \(name) takes no value") }
                switch name {
                case "--strict": options.strict = true
                case "--lenient": options.lenient = true
                case "--quiet", "-q": options.quiet = true
                case "--print-config": options.printConfig = true
                case "--use-stdin": options.useStdin = true
                case "--fix", "--autocorrect": options.fix = true; options.writingOptions.append(name)
                case "--unsafe": options.unsafe = true
                case "--diff": options.diff = true
                case "--allow-zero-lintable-files": options.allowZeroLintableFiles = true
                case "--use-script-input-file-lists": options.useScriptInputFileLists = true
                case "--use-script-input-files": options.useScriptInputFiles = true
                // Configuration excludes always apply to named files here: nothing to force.
                case "--force-exclude": break
                case "--no-cache": options.notes.append(noCacheNote(name))
                case "--read-only": options.readOnly = true
                default: options.showHelp = true
                }
            case .option(let name, _):
                var message = "unknown option '\(name)' for lint"
                if let closest = closestOption(to: name) { message += "; did you mean \(closest)?" }
                throw CommandError.usage(message)
            }
        }
        try options.validate()
        return options
    }

    /// The option a typo most likely meant, compared without the dashes (which every name shares).
    static func closestOption(to name: String) -> String? {
        let bare = { (option: String) in String(option.drop(while: { $0 == "-" })) }
        let names = (valued + flags).filter { $0.hasPrefix("--") }
        return EditDistance.likelyTypo(of: bare(name), in: names.map(bare)).map { "--" + $0 }
    }

    private static func noCacheNote(_ option: String) -> String {
        "tca-lint: note: \(option) has no effect: tca-lint keeps no cache (it reads every file on each run)"
    }

    private mutating func validate() throws {
        // Checked on the parsed options, so no spelling (`--autocorrect`, `--output=x`) slips through.
        if readOnly, let writing = writingOptions.first {
            let what = writing == "--output" ? "writes the report to a file" : writing == "--write-baseline" ? "writes a baseline file" : "rewrites files"
            throw CommandError.usage("\(writing) \(what), which --read-only forbids (`swift package tca-lint` lints "
                                     + "read-only: apply fixes with `swift package tca-lint-fix`, and redirect standard output "
                                     + "to keep a report)")
        }
        if let output = outputPath, output.isEmpty {
            throw CommandError.usage("--output needs a file name")
        }
        if useStdin && !paths.isEmpty {
            throw CommandError.usage("--use-stdin lints standard input; give its path with --stdin-path, not as an operand")
        }
        if useStdin && (useScriptInputFileLists || useScriptInputFiles) {
            throw CommandError.usage("--use-stdin cannot be combined with Xcode's script inputs")
        }
        if unsafe && !(fix || diff) {
            throw CommandError.usage("--unsafe goes with --fix or --diff")
        }
        if useStdin && diff {
            throw CommandError.usage("--diff works on files; with --use-stdin, --fix prints the fixed buffer")
        }
        if strict && lenient {
            throw CommandError.usage("--strict and --lenient cannot be used together")
        }
        if stdinPath != nil && !useStdin {
            throw CommandError.usage("--stdin-path goes with --use-stdin")
        }
        for (flag, value) in [("--baseline", baselinePath), ("--write-baseline", writeBaselinePath),
                              ("--stdin-path", stdinPath)] + configPaths.map({ ("--config", Optional($0)) }) {
            if let value, value.isEmpty { throw CommandError.usage("\(flag) needs a file name") }
        }
        if paths.isEmpty && !useScriptInputFileLists && !useScriptInputFiles { paths = ["."] }
    }
}

/// The value of `--target-tca` (lint, migrate).
func parseTargetTCA(_ value: String) throws -> TCAVersion {
    guard let version = TCAVersion(value) else {
        throw CommandError.usage("--target-tca needs a TCA version such as 1.7.2, not '\(value)'")
    }
    return version
}

/// Operands only (for `explain`, `dump`): any option but `--help` is a usage error.
func operands(of arguments: ArraySlice<String>, command: String) throws -> (operands: [String], help: Bool) {
    var reader = Arguments(arguments)
    var result: [String] = []
    var help = false
    while let item = reader.next() {
        switch item {
        case .operand(let value): result.append(value)
        case .option(let name, _):
            guard name == "--help" || name == "-h" else {
                throw CommandError.usage("unknown option '\(name)' for \(command)")
            }
            help = true
        }
    }
    return (result, help)
}

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
    var reporterName = "xcode"
    var strict = false
    var quiet = false
    var outputPath: String?
    var jobs: Int?
    var showHelp = false
    /// `--config FILE`; otherwise the nearest `.tca-lint.yml` is used.
    var configPath: String?
    var printConfig = false
    var baselinePath: String?
    var writeBaselinePath: String?
    /// `--use-stdin`: lint standard input as if it were `stdinPath`.
    var useStdin = false
    var stdinPath: String?
    /// `--fix` (with `--unsafe`: also fixes that change order semantics); `--diff`: show, do not write.
    var fix = false
    var unsafe = false
    var diff = false

    static func parse(_ arguments: ArraySlice<String>) throws -> LintOptions {
        var options = LintOptions()
        var reader = Arguments(arguments)
        while let item = reader.next() {
            switch item {
            case .operand(let path):
                options.paths.append(path)
            case .option(let name, let inline):
                switch name {
                case "--reporter": options.reporterName = try reader.value(for: name, inline: inline)
                case "--output": options.outputPath = try reader.value(for: name, inline: inline)
                case "--config": options.configPath = try reader.value(for: name, inline: inline)
                case "--baseline": options.baselinePath = try reader.value(for: name, inline: inline)
                case "--write-baseline": options.writeBaselinePath = try reader.value(for: name, inline: inline)
                case "--stdin-path": options.stdinPath = try reader.value(for: name, inline: inline)
                case "--jobs", "-j":
                    let text = try reader.value(for: name, inline: inline)
                    guard let jobs = Int(text), jobs >= 1, jobs <= 1024 else {
                        throw CommandError.usage("--jobs needs a whole number from 1 to 1024, not '\(text)'")
                    }
                    options.jobs = jobs
                case "--strict", "--quiet", "--help", "-h", "-q", "--print-config", "--use-stdin", "--fix", "--unsafe", "--diff":
                    guard inline == nil else { throw CommandError.usage("option \(name) takes no value") }
                    switch name {
                    case "--strict": options.strict = true
                    case "--quiet", "-q": options.quiet = true
                    case "--print-config": options.printConfig = true
                    case "--use-stdin": options.useStdin = true
                    case "--fix": options.fix = true
                    case "--unsafe": options.unsafe = true
                    case "--diff": options.diff = true
                    default: options.showHelp = true
                    }
                default:
                    throw CommandError.usage("unknown option '\(name)' for lint")
                }
            }
        }
        if let output = options.outputPath, output.isEmpty {
            throw CommandError.usage("--output needs a file name")
        }
        if options.useStdin && !options.paths.isEmpty {
            throw CommandError.usage("--use-stdin lints standard input; give its path with --stdin-path, not as an operand")
        }
        if options.unsafe && !(options.fix || options.diff) {
            throw CommandError.usage("--unsafe goes with --fix or --diff")
        }
        if options.useStdin && (options.fix || options.diff) {
            throw CommandError.usage("--fix and --diff work on files, not on standard input")
        }
        if options.stdinPath != nil && !options.useStdin {
            throw CommandError.usage("--stdin-path goes with --use-stdin")
        }
        for (flag, value) in [("--config", options.configPath), ("--baseline", options.baselinePath),
                              ("--write-baseline", options.writeBaselinePath), ("--stdin-path", options.stdinPath)] {
            if let value, value.isEmpty { throw CommandError.usage("\(flag) needs a file name") }
        }
        if options.paths.isEmpty { options.paths = ["."] }
        return options
    }
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

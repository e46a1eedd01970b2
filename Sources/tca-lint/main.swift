#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TCALint

/// Runs the command named by the first argument and returns the exit status.
/// Every failure the user can cause ends here as `tca-lint: error: …` and status 2.
func runCommand(_ arguments: ArraySlice<String>) -> Int32 {
    // As in SwiftLint, `lint` is the default command: `tca-lint`, `tca-lint Sources`, `tca-lint --strict`.
    guard let command = arguments.first else { return runCommand(["lint"]) }
    let rest = arguments.dropFirst()
    do {
        if isLintArgument(command) { return try LintCommand.run(arguments) }
        switch command {
        case "lint": return try LintCommand.run(rest)
        case "rules": return try InfoCommands.rules(rest)
        case "explain": return try InfoCommands.explain(rest)
        case "dump": return try DumpCommand.run(rest)
        case "graph": return try GraphCommand.run(rest)
        case "migrate": return try MigrateCommand.run(rest)
        case "completions": return try Completions.run(rest)
        case "lsp":
            // The language server owns standard output from here on: nothing else may print to it.
            // `--stdio` is what most editor configurations pass; stdin/stdout is the only transport anyway.
            guard rest.allSatisfy({ $0 == "--stdio" }) else {
                throw CommandError.usage("lsp takes no arguments but --stdio (it speaks LSP over stdin/stdout)")
            }
            return LanguageServer(inputDescriptor: STDIN_FILENO, outputDescriptor: STDOUT_FILENO,
                                  fixProvider: EngineFixProvider()).run()
        case "version", "--version":
            try Output.stdout(TCALintVersion.current + "\n")
            return ExitStatus.clean
        case "help", "--help", "-h":
            try Output.stdout(Usage.text)
            return ExitStatus.clean
        default:
            var message = "unknown command '\(command)' (and no file or folder of that name to lint)"
            if let closest = EditDistance.likelyTypo(of: command, in: commandNames) { message += "; did you mean \(closest)?" }
            throw CommandError.usage(message)
        }
    } catch CommandError.usage(let message) {
        Output.error(message)
        Output.stderr("Run 'tca-lint help' for usage.\n")
        return ExitStatus.failure
    } catch CommandError.failure(let message) {
        Output.error(message)
        return ExitStatus.failure
    } catch {
        Output.error("\(error)")
        return ExitStatus.failure
    }
}

/// Whether the first argument starts a `lint` command line without naming it: an option other than
/// help and version, or an existing path that is not also a command's name.
func isLintArgument(_ argument: String) -> Bool {
    if argument.hasPrefix("-") && argument.count > 1 { return !["--help", "-h", "--version"].contains(argument) }
    if commandNames.contains(argument) { return false }
    var st = stat()
    return stat(argument, &st) == 0
}

let commandNames = ["lint", "rules", "explain", "dump", "graph", "migrate", "completions", "lsp", "version", "help"]

/// Arguments whose bytes are not UTF-8: Swift's `CommandLine.arguments` replaces such bytes with U+FFFD, so
/// a path named that way would be looked up under another name and reported missing. Said as what it is.
func invalidUTF8Arguments() -> [String] {
    (1..<Int(CommandLine.argc)).compactMap { i in
        guard let raw = CommandLine.unsafeArgv[i] else { return nil }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
        let decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.utf8.elementsEqual(bytes) ? nil : decoded
    }
}

if let invalid = invalidUTF8Arguments().first {
    Output.error("the argument '\(invalid)' is not valid UTF-8 (shown with U+FFFD for the bad bytes), so it cannot name a file: tca-lint reads paths as UTF-8; rename the file")
    exit(ExitCodeStyle.requested(in: CommandLine.arguments.dropFirst()).map(ExitStatus.failure))
}
let arguments = CommandLine.arguments.dropFirst()
exit(ExitCodeStyle.requested(in: arguments).map(runCommand(arguments)))

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TCALint

/// Runs the command named by the first argument and returns the exit status.
/// Every failure the user can cause ends here as `tca-lint: error: …` and status 2.
func runCommand(_ arguments: ArraySlice<String>) -> Int32 {
    guard let command = arguments.first else {
        Output.error("no command given")
        Output.stderr("\n" + Usage.text)
        return ExitStatus.failure
    }
    let rest = arguments.dropFirst()
    do {
        switch command {
        case "lint": return try LintCommand.run(rest)
        case "rules": return try InfoCommands.rules(rest)
        case "explain": return try InfoCommands.explain(rest)
        case "dump": return try DumpCommand.run(rest)
        case "lsp":
            // The language server owns standard output from here on: nothing else may print to it.
            guard rest.isEmpty else { throw CommandError.usage("lsp takes no arguments (it speaks LSP over stdin/stdout)") }
            return LanguageServer(inputDescriptor: STDIN_FILENO, outputDescriptor: STDOUT_FILENO,
                                  fixProvider: EngineFixProvider()).run()
        case "version", "--version":
            Output.stdout(TCALintVersion.current + "\n")
            return ExitStatus.clean
        case "help", "--help", "-h":
            Output.stdout(Usage.text)
            return ExitStatus.clean
        default:
            let commands = ["lint", "rules", "explain", "dump", "lsp", "version", "help"]
            var message = "unknown command '\(command)'"
            if let closest = Suggestion.closest(to: command, in: commands) { message += "; did you mean \(closest)?" }
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

exit(runCommand(CommandLine.arguments.dropFirst()))

import TCALint

/// `tca-lint completions bash|zsh|fish`: a completion script for the shell, on standard output. Every word it
/// offers comes from where the command line itself reads it: commands from `commandNames`, lint options from
/// `LintOptions`, reporters from `ReporterRegistry` (with SwiftLint's aliases), rule ids and their summaries from
/// `RuleRegistry`, so a new rule, reporter or option is completed without touching this file.
enum Completions {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        let (operands, help) = try operands(of: arguments, command: "completions")
        let shells = Shell.allCases.map(\.rawValue)
        if help {
            try Output.stdout("""
                usage: tca-lint completions bash|zsh|fish
                  bash: source <(tca-lint completions bash)   (or save it in ~/.local/share/bash-completion/completions/tca-lint)
                  zsh:  tca-lint completions zsh > "${fpath[1]}/_tca-lint"   (or: source <(tca-lint completions zsh))
                  fish: tca-lint completions fish > ~/.config/fish/completions/tca-lint.fish

                """)
            return ExitStatus.clean
        }
        guard operands.count == 1, let name = operands.first else {
            throw CommandError.usage("completions needs one shell: " + shells.joined(separator: ", "))
        }
        guard let shell = Shell(rawValue: name) else {
            throw CommandError.usage("unknown shell '\(name)'; expected " + shells.joined(separator: ", ")
                                     + (EditDistance.likelyTypo(of: name, in: shells).map { " (did you mean \($0)?)" } ?? ""))
        }
        try Output.stdout(script(for: shell))
        return ExitStatus.clean
    }

    // MARK: - What is completed

    /// Options whose value is a file name.
    static let fileValued: Set<String> = ["--output", "--config", "--baseline", "--write-baseline", "--stdin-path",
                                          "--path", "--cache-path"]

    /// The words a valued lint option takes, when there is a fixed list (nil: a file name, or free text).
    static func values(of option: String) -> [String]? {
        switch option {
        case "--reporter": return reporterNames
        case "--exit-codes": return ExitCodeStyle.allCases.map(\.rawValue)
        default: return nil
        }
    }

    static var commands: [String] { commandNames }
    /// Long options only: the short ones (`-q`, `-j`, `-h`) would crowd every list.
    static var lintValued: [String] { LintOptions.valued.filter { $0.hasPrefix("--") } }
    static var lintFlags: [String] { LintOptions.flags.filter { $0.hasPrefix("--") } + ["--version"] }
    static var reporterNames: [String] { ReporterRegistry.all.map { $0.identifier } + ReporterRegistry.aliases.keys.sorted() }
    static var reporterSummaries: [String: String] {
        var result: [String: String] = [:]
        for reporter in ReporterRegistry.all { result[reporter.identifier] = reporter.summary }
        for (alias, target) in ReporterRegistry.aliases { result[alias] = "same as \(target)" }
        return result
    }
    static var ruleIDs: [String] { RuleRegistry.all.map { $0.description.id } }
    static var ruleSummaries: [String: String] {
        Dictionary(uniqueKeysWithValues: RuleRegistry.all.map { ($0.description.id, $0.description.summary) })
    }
    static let dumpKinds = ["tokens", "reducers", "features"]
    static let rulesOptions = ["--config", "--enabled", "--disabled"]
    static var graphFormats: [String] { GraphCommand.Format.allCases.map(\.rawValue) }
    static let graphValued = ["--format", "--output", "--root", "--depth", "--config", "--jobs"]
    static let graphFlags = ["--only-findings", "--no-findings", "--help"]
    static let migrateOptions = ["--target-tca", "--format", "--output", "--config", "--jobs", "--help"]
    /// The commands that are not `lint`: after one of them, lint's options and paths are not offered.
    static var otherCommands: [String] { commands.filter { $0 != "lint" } }

    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: return bash()
        case .zsh: return zsh()
        case .fish: return fish()
        }
    }

    // MARK: - bash

    static func bash() -> String {
        let words = { (list: [String]) in list.joined(separator: " ") }
        let valuedPattern = lintValued.joined(separator: "|")
        var valueCases = ""
        for option in lintValued {
            if let values = values(of: option) {
                valueCases += "        \(option)) COMPREPLY=($(compgen -W \"\(words(values))\" -- \"$cur\")); return ;;\n"
            } else if fileValued.contains(option) {
                valueCases += "        \(option)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
            } else {
                valueCases += "        \(option)) return ;;\n"
            }
        }
        return """
            # bash completion for tca-lint, generated by `tca-lint completions bash`.
            # Use: source <(tca-lint completions bash), or save it as ~/.local/share/bash-completion/completions/tca-lint
            _tca_lint() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                local commands="\(words(commands))"
                local lint_options="\(words(lintValued + lintFlags))"
                local rule_ids="\(words(ruleIDs))"
                COMPREPLY=()
                # A lint option's value: a fixed list, a file name, or nothing to offer.
                case "$prev" in
            \(valueCases)    esac
                # The command: the first word that is neither an option nor an option's value (default: lint).
                local command="" i=1
                while [ "$i" -lt "$COMP_CWORD" ]; do
                    case "${COMP_WORDS[i]}" in
                        \(valuedPattern)) i=$((i + 2)); continue ;;
                        -*) ;;
                        *) command="${COMP_WORDS[i]}"; break ;;
                    esac
                    i=$((i + 1))
                done
                if [ -z "$command" ]; then
                    if [[ "$cur" == -* ]]; then
                        COMPREPLY=($(compgen -W "$lint_options --help" -- "$cur"))
                    else
                        COMPREPLY=($(compgen -W "$commands" -- "$cur"))
                    fi
                    return
                fi
                case "$command" in
                    rules)
                        if [ "$prev" = "--config" ]; then COMPREPLY=($(compgen -f -- "$cur")); return; fi
                        COMPREPLY=($(compgen -W "$rule_ids \(words(rulesOptions)) --help" -- "$cur")) ;;
                    explain) COMPREPLY=($(compgen -W "$rule_ids" -- "$cur")) ;;
                    dump)
                        if [ "$COMP_CWORD" -eq $((i + 1)) ]; then
                            COMPREPLY=($(compgen -W "\(words(dumpKinds))" -- "$cur"))
                        else
                            COMPREPLY=($(compgen -f -- "$cur"))
                        fi ;;
                    graph)
                        case "$prev" in
                            --format) COMPREPLY=($(compgen -W "\(words(graphFormats))" -- "$cur")); return ;;
                            --output|--config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                            --root|--depth|--jobs) return ;;
                        esac
                        if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "\(words(graphValued + graphFlags))" -- "$cur")); fi ;;
                    migrate)
                        case "$prev" in
                            --format) COMPREPLY=($(compgen -W "markdown json" -- "$cur")); return ;;
                            --output|--config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                            --target-tca|--jobs) return ;;
                        esac
                        if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "\(words(migrateOptions))" -- "$cur")); fi ;;
                    completions) COMPREPLY=($(compgen -W "\(words(Shell.allCases.map(\.rawValue)))" -- "$cur")) ;;
                    lsp) COMPREPLY=($(compgen -W "--stdio" -- "$cur")) ;;
                    version|help) ;;
                    *)
                        # lint, named or not: its options, else paths (left to the default file completion).
                        if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "$lint_options" -- "$cur")); fi ;;
                esac
            }
            complete -o default -F _tca_lint tca-lint

            """
    }

    // MARK: - zsh

    /// A single-quoted zsh word (`'` written as `'\''`).
    static func zshQuoted(_ s: String) -> String { "'" + s.replacing("'", with: "'\\''") + "'" }

    /// `_describe` entries: `name:description`, the colons of the name escaped, the description on one line.
    static func zshDescribed(_ names: [String], _ summaries: [String: String]) -> String {
        names.map { name in
            let summary = TextEscaping.singleLine(summaries[name] ?? "")
            return "    " + zshQuoted(name.replacing(":", with: "\\:") + ":" + summary)
        }.joined(separator: "\n")
    }

    static func zsh() -> String {
        var specs: [String] = []
        for option in lintValued {
            let repeatable = option == "--config" || option == "--path" ? "*" : ""
            let value: String
            if let values = values(of: option) {
                value = ":\(option.dropFirst(2)):(\(values.joined(separator: " ")))"
            } else if fileValued.contains(option) {
                value = ":file:_files"
            } else {
                value = ":\(option.dropFirst(2)): "
            }
            specs.append("    " + zshQuoted("\(repeatable)\(option)=\(value)"))
        }
        specs += lintFlags.map { "    " + zshQuoted($0) }
        specs.append("    " + zshQuoted("*:path:_files"))
        return """
            #compdef tca-lint
            # zsh completion for tca-lint, generated by `tca-lint completions zsh`.
            # Use: tca-lint completions zsh > "${fpath[1]}/_tca-lint" (then restart zsh), or source <(tca-lint completions zsh)
            _tca_lint() {
              local -a commands lint_specs reporters rules
              commands=(\(commands.joined(separator: " ")))
              reporters=(
            \(zshDescribed(reporterNames, reporterSummaries))
              )
              rules=(
            \(zshDescribed(ruleIDs, ruleSummaries))
              )
              lint_specs=(
            \(specs.joined(separator: "\n"))
              )
              if (( CURRENT == 2 )) && [[ $words[2] != -* ]]; then
                _alternative 'commands:command:compadd -a commands' 'paths:path:_files'
                return
              fi
              local command=$words[2]
              if [[ $command == lint ]] || (( ! ${commands[(Ie)$command]} )); then
                [[ $command == lint ]] && { shift words; (( CURRENT-- )) }
                _arguments -s $lint_specs
                return
              fi
              shift words; (( CURRENT-- ))
              case $command in
                rules)
                  _arguments '*--config=:file:_files' '(--disabled)--enabled' '(--enabled)--disabled' '1:rule:->rule'
                  [[ $state == rule ]] && _describe 'rule' rules ;;
                explain) (( CURRENT == 2 )) && _describe 'rule' rules ;;
                dump) _arguments '1:what:(\(dumpKinds.joined(separator: " ")))' '*:file:_files' ;;
                graph) _arguments '--format=:format:(\(graphFormats.joined(separator: " ")))' '--output=:file:_files' \\
                         '--root=:feature: ' '--depth=:depth: ' '*--config=:file:_files' '--jobs=:jobs: ' \\
                         '(--no-findings)--only-findings' '(--only-findings)--no-findings' '*:path:_files' ;;
                migrate) _arguments '--target-tca=:version: ' '--format=:format:(markdown json)' '--output=:file:_files' \\
                           '*--config=:file:_files' '--jobs=:jobs: ' '*:path:_files' ;;
                completions) _arguments '1:shell:(\(Shell.allCases.map(\.rawValue).joined(separator: " ")))' ;;
                lsp) _arguments '--stdio' ;;
              esac
            }
            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
              _tca_lint "$@"
            else
              compdef _tca_lint tca-lint
            fi

            """
    }

    // MARK: - fish

    /// A single-quoted fish word (`\` and `'` escaped with a backslash).
    static func fishQuoted(_ s: String) -> String {
        "'" + s.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    static func fish() -> String {
        let notOther = "not __fish_seen_subcommand_from \(otherCommands.joined(separator: " "))"
        var lines: [String] = [
            "# fish completion for tca-lint, generated by `tca-lint completions fish`.",
            "# Use: tca-lint completions fish > ~/.config/fish/completions/tca-lint.fish",
            "complete -c tca-lint -f",
            "complete -c tca-lint -n 'not __fish_seen_subcommand_from \(commands.joined(separator: " "))' -a '\(commands.joined(separator: " "))'",
            "# lint (also the default command): its options, and paths",
            "complete -c tca-lint -n '\(notOther)' -F",
        ]
        for option in lintValued {
            let long = "-l \(option.dropFirst(2))"
            if let values = values(of: option) {
                for value in values {
                    let summary = option == "--reporter" ? " -d " + fishQuoted(TextEscaping.singleLine(reporterSummaries[value] ?? "")) : ""
                    lines.append("complete -c tca-lint -n '\(notOther)' \(long) -x -a \(fishQuoted(value))\(summary)")
                }
            } else if fileValued.contains(option) {
                lines.append("complete -c tca-lint -n '\(notOther)' \(long) -r -F")
            } else {
                lines.append("complete -c tca-lint -n '\(notOther)' \(long) -x")
            }
        }
        for flag in lintFlags {
            lines.append("complete -c tca-lint -n '\(notOther)' -l \(flag.dropFirst(2))")
        }
        lines.append("# rules, explain: rule ids")
        for id in ruleIDs {
            let summary = fishQuoted(TextEscaping.singleLine(ruleSummaries[id] ?? ""))
            lines.append("complete -c tca-lint -n '__fish_seen_subcommand_from rules explain' -a \(fishQuoted(id)) -d \(summary)")
        }
        lines += [
            "complete -c tca-lint -n '__fish_seen_subcommand_from rules' -l config -r -F",
            "complete -c tca-lint -n '__fish_seen_subcommand_from rules' -l enabled",
            "complete -c tca-lint -n '__fish_seen_subcommand_from rules' -l disabled",
            "complete -c tca-lint -n '__fish_seen_subcommand_from dump; and not __fish_seen_subcommand_from \(dumpKinds.joined(separator: " "))' -a '\(dumpKinds.joined(separator: " "))'",
            "complete -c tca-lint -n '__fish_seen_subcommand_from dump; and __fish_seen_subcommand_from \(dumpKinds.joined(separator: " "))' -F",
            "complete -c tca-lint -n '__fish_seen_subcommand_from graph' -F",
            "complete -c tca-lint -n '__fish_seen_subcommand_from graph' -l format -x -a '\(graphFormats.joined(separator: " "))'",
            "complete -c tca-lint -n '__fish_seen_subcommand_from graph' -l output -r -F",
            "complete -c tca-lint -n '__fish_seen_subcommand_from graph' -l config -r -F",
            "complete -c tca-lint -n '__fish_seen_subcommand_from graph' -l root -x",
            "complete -c tca-lint -n '__fish_seen_subcommand_from graph' -l depth -x",
            "complete -c tca-lint -n '__fish_seen_subcommand_from graph' -l jobs -x",
            "complete -c tca-lint -n '__fish_seen_subcommand_from graph' -l only-findings",
            "complete -c tca-lint -n '__fish_seen_subcommand_from graph' -l no-findings",
            "complete -c tca-lint -n '__fish_seen_subcommand_from migrate' -F",
            "complete -c tca-lint -n '__fish_seen_subcommand_from migrate' -l target-tca -x",
            "complete -c tca-lint -n '__fish_seen_subcommand_from migrate' -l format -x -a 'markdown json'",
            "complete -c tca-lint -n '__fish_seen_subcommand_from migrate' -l output -r -F",
            "complete -c tca-lint -n '__fish_seen_subcommand_from migrate' -l config -r -F",
            "complete -c tca-lint -n '__fish_seen_subcommand_from completions' -a '\(Shell.allCases.map(\.rawValue).joined(separator: " "))'",
            "complete -c tca-lint -n '__fish_seen_subcommand_from lsp' -l stdio",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}

import TCALint

/// `tca-lint graph [paths…]`: the project's feature tree with the run's findings on its features, as Mermaid, DOT,
/// SVG, HTML or JSON. The files, configuration and findings are those `tca-lint lint` would use on the same paths.
enum GraphCommand {
    enum Format: String, CaseIterable {
        case mermaid, dot, svg, html, json

        /// The format an output file's extension names.
        static func of(path: String) -> Format? {
            guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
            switch path[path.index(after: dot)...].lowercased() {
            case "mmd", "mermaid", "md": return .mermaid
            case "dot", "gv": return .dot
            case "svg": return .svg
            case "html", "htm": return .html
            case "json": return .json
            default: return nil
            }
        }
    }

    struct Options {
        var paths: [String] = []
        var format: Format?
        var focus = FeatureGraph.Focus()
        var findings = true
        var common = ProjectCommand.CommonOptions()
        var outputPath: String? { common.outputPath }
    }

    static let usage = """
    usage: tca-lint graph [PATH...] [--format mermaid|dot|svg|html|json] [--output FILE]
                          [--root FEATURE] [--depth N] [--only-findings] [--no-findings] [--config FILE] [--jobs N]

    Draws the feature tree of the Swift files under PATH (default: the current folder): one node per feature, one
    edge per composition (Scope, ifLet, forEach, ifCaseLet, @Reducer enum case), and the findings of the rules the
    configuration enables on the features they belong to.

      --format FORMAT    mermaid (default on standard output), dot, svg, html (one self-contained page), json
      --output, -o FILE  write to FILE (atomically); without --format, FILE's extension chooses the format
      --root FEATURE     only FEATURE (qualified or last name) and what it composes
      --depth N          at most N compositions below the root (or below every feature no one composes)
      --only-findings    only features with findings and the features on the way to them
      --no-findings      draw the tree without linting
      --config FILE      the configuration to lint with (as for lint)
      --jobs N           threads to read files with

    """

    static func parse(_ arguments: ArraySlice<String>) throws -> Options {
        var options = Options()
        try ProjectCommand.parse(arguments, command: "graph", paths: &options.paths, common: &options.common) { name, inline, reader in
            switch name {
            case "--format":
                let value = try reader.value(for: name, inline: inline)
                guard let format = Format(rawValue: value.lowercased()) else {
                    throw CommandError.usage("unknown graph format '\(value)'; expected "
                                             + Format.allCases.map(\.rawValue).joined(separator: ", "))
                }
                options.format = format
            case "--root":
                let value = try reader.value(for: name, inline: inline)
                guard !value.isEmpty else { throw CommandError.usage("--root needs a feature name") }
                options.focus.root = value
            case "--depth":
                let value = try reader.value(for: name, inline: inline)
                guard let depth = Int(value), depth >= 0 else {
                    throw CommandError.usage("--depth needs a whole number of compositions (0 or more), not '\(value)'")
                }
                options.focus.depth = depth
            case "--only-findings": options.focus.onlyFindings = true
            case "--no-findings": options.findings = false
            default: return false
            }
            return true
        }
        if options.focus.onlyFindings && !options.findings {
            throw CommandError.usage("--only-findings and --no-findings contradict each other")
        }
        return options
    }

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        let options = try parse(arguments)
        if options.common.showHelp {
            try Output.stdout(usage)
            return ExitStatus.clean
        }
        let format: Format
        if let chosen = options.format {
            format = chosen
        } else if let path = options.outputPath {
            guard let byExtension = Format.of(path: path) else {
                throw CommandError.usage("cannot tell the format from '\(path)'; pass --format "
                                         + Format.allCases.map(\.rawValue).joined(separator: "|"))
            }
            format = byExtension
        } else {
            format = .mermaid
        }

        let run = try ProjectCommand(paths: options.paths, options: options.common)
        let project: FeatureIndex
        var diagnostics: [Diagnostic] = []
        var problems: [LintRunner.FileProblem] = []
        if options.findings {
            let (outcome, index) = run.plan.lintIndexed(jobs: run.jobs)
            diagnostics = outcome.diagnostics
            problems = outcome.problems
            project = index
        } else {
            project = LintRunner(jobs: run.jobs).read(run.files).project
        }
        let status = run.status(problems: problems)

        let graph: FeatureGraph
        do {
            graph = try FeatureGraph(index: project, diagnostics: diagnostics, relativeTo: Paths.currentDirectory()).focused(options.focus)
        } catch let error as FeatureGraph.FocusError {
            throw CommandError.failure(error.description)
        }
        let text: String
        switch format {
        case .mermaid: text = MermaidGraph.render(graph)
        case .dot: text = DOTGraph.render(graph)
        case .svg: text = SVGGraph.render(graph)
        case .html: text = HTMLGraph.render(graph)
        case .json: text = JSONGraph.render(graph)
        }
        try Output.report(text, to: options.outputPath)
        if let path = options.outputPath {
            let features = graph.nodes.filter { !$0.isUnresolved }.count
            Output.stderr("tca-lint: drew \(features) feature\(features == 1 ? "" : "s") and \(graph.edges.count) composition\(graph.edges.count == 1 ? "" : "s") to \(path)\n")
        }
        // A drawing is not a gate: findings do not fail it, files that could not be read do (as for lint).
        return status
    }
}

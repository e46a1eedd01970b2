import TCALint

/// The files of one run, each with the configuration that applies to it (a nested
/// `.tca-lint.yml` gives its folder its own rules), grouped so each group is linted by one linter.
struct LintPlan {
    struct Group {
        var linter: Linter
        var files: [String]
    }

    private(set) var groups: [Group] = []
    /// Problems with the given paths (missing, unreadable); the other paths are still linted.
    private(set) var walkProblems: [FileWalker.Problem] = []
    /// Warnings of every configuration involved (unknown keys…), once each, in the order met.
    private(set) var warnings: [String] = []

    var fileCount: Int { groups.reduce(0) { $0 + $1.files.count } }

    init(paths: [String], resolver: ConfigurationResolver) throws {
        // A folder the configuration where it sits excludes is not entered at all.
        let walker = FileWalker(shouldDescend: { directory in
            (try? resolver.configuration(forFile: directory))?.shouldDescend(intoDirectory: directory) ?? true
        })
        let walk = walker.collect(paths)
        walkProblems = walk.problems
        var groupIndex: [ObjectIdentifier: Int] = [:]
        for file in walk.files {
            let resolved = try resolver.resolved(forFile: file)
            let key = ObjectIdentifier(resolved)
            if groupIndex[key] == nil {
                groupIndex[key] = groups.count
                groups.append(Group(linter: resolved.linter, files: []))
                note(resolved.configuration.warnings)
            }
            if resolved.configuration.isIncluded(file) { groups[groupIndex[key]!].files.append(file) }
        }
        groups.removeAll { $0.files.isEmpty }
    }

    mutating func note(_ problems: [ConfigurationError.Problem]) {
        for problem in problems.map(\.description) where !warnings.contains(problem) { warnings.append(problem) }
    }

    /// Lints every group (each in parallel); the outcome is in report order as for one group. `project`:
    /// the project model to lint with; without one, a run of one group builds it from its files, and a run
    /// of several builds one from all of them first (nested configurations choose rules, not which files
    /// make up the project).
    func lint(jobs: Int, project: FeatureIndex? = nil) -> LintRunner.Outcome {
        var total = LintRunner(jobs: jobs).run([])
        var project = project
        // A rule that reads other files' features needs them all indexed before any file is linted.
        let readsFeatures = groups.contains { $0.linter.readsProjectFeatures }
        if project == nil && (groups.count > 1 || readsFeatures) {
            project = ProjectIndexer.index(paths: groups.flatMap(\.files), jobs: jobs,
                                           scope: readsFeatures ? .features : .reducerProtocols)
        }
        for group in groups {
            var runner = LintRunner(linter: group.linter, jobs: jobs)
            runner.project = project
            let outcome = runner.run(group.files)
            total.diagnostics += outcome.diagnostics
            total.problems += outcome.problems
            total.filesLinted += outcome.filesLinted
            total.filesAnalyzed += outcome.filesAnalyzed
            total.bytesLinted += outcome.bytesLinted
        }
        if groups.count > 1 {
            total.diagnostics.sort(by: Diagnostic.reportOrder)
            total.problems.sort { $0.path < $1.path }
        }
        return total
    }

    /// `FixSession` over every group, as one report.
    /// `writableTree`: where files may be written (see `WritableTree`).
    /// `replacedFiles`: the old files of the files written stay open there until the caller's `finish()`.
    /// `project`: the feature model the fixes see (see `FixSession.run`).
    func fix(unsafe: Bool, diffOnly: Bool, writableTree: WritableTree? = nil, replacedFiles: ReplacedFiles? = nil,
             project: FeatureIndex? = nil, fixable: @escaping ([Diagnostic]) -> [Diagnostic] = { $0 }) -> FixReport {
        var total = FixSession.run(paths: [], unsafe: unsafe, diffOnly: diffOnly)
        for group in groups {
            let report = FixSession.run(paths: group.files, linter: group.linter, unsafe: unsafe, diffOnly: diffOnly,
                                        fixable: fixable, writableTree: writableTree, replacedFiles: replacedFiles,
                                        project: project)
            total.applied.merge(report.applied, uniquingKeysWith: +)
            total.unsafeAvailable.merge(report.unsafeAvailable, uniquingKeysWith: +)
            total.remaining += report.remaining
            total.messages += report.messages
            total.diff += report.diff
            total.changedFiles += report.changedFiles
            total.writtenFiles += report.writtenFiles
            total.skippedFiles += report.skippedFiles
        }
        if groups.count > 1 { total.remaining.sort(by: Diagnostic.reportOrder) }
        return total
    }
}

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

    /// The TCA version found in the project's files, when `judgeTCA` had to look (`.some(nil)`: looked, found none).
    private(set) var detectedTCA: DetectedTCAVersion?? = nil
    /// The groups judged against `detectedTCA` (neither `--target-tca` nor their configuration names a version): a
    /// list of files of several projects judges each project's files against that project's version instead.
    private var judgedByDetection = Set<Int>()
    /// What was detected, by repository, for `lintFilesOfProjects` to start from.
    private var versions = TCAVersionsByProject()

    /// Sets the TCA version each group's deprecation rules judge against: `target` (`--target-tca`) over the
    /// group's configured `tca_version` over `detect()` (the project's `Package.resolved` or manifest), read once.
    /// `root`: the repository `detect` reads (`TCAVersionDetector.projectRoot`).
    mutating func judgeTCA(target: TCAVersion?, root: String, detect: () -> DetectedTCAVersion?) {
        guard groups.contains(where: { $0.linter.judgesByTCAVersion }) else { return }
        for i in groups.indices {
            if let target { groups[i].linter.tcaVersion = target; continue }
            if groups[i].linter.tcaVersion != nil { continue }
            if detectedTCA == nil {
                detectedTCA = .some(detect())
                versions.record(detectedTCA ?? nil, root: root)
            }
            groups[i].linter.judgeTCA(detected: detectedTCA ?? nil)
            judgedByDetection.insert(i)
        }
    }

    mutating func note(_ problems: [ConfigurationError.Problem]) {
        for problem in problems.map(\.description) where !warnings.contains(problem) { warnings.append(problem) }
    }

    /// Lints every group (each in parallel); the outcome is in report order as for one group. Every file is read
    /// and tokenized once, into one project model for all groups (nested configurations choose rules, not which
    /// files make up the project); `project` holds the facts of the project's other files when the run lints
    /// single files.
    func lint(jobs: Int, project: FeatureIndex? = nil) -> LintRunner.Outcome {
        let (outcome, model) = lintIndexed(jobs: jobs, project: project)
        KeptUntilExit.keep(model)
        return outcome
    }

    /// `lint(jobs:project:)` with the project model it linted with (`tca-lint graph` draws it).
    func lintIndexed(jobs: Int, project: FeatureIndex? = nil) -> (outcome: LintRunner.Outcome, project: FeatureIndex) {
        var reader = LintRunner(jobs: jobs)
        reader.project = project
        let reads = reader.read(groups.flatMap(\.files))
        var total = LintRunner(jobs: jobs).run([])
        let positions = groups.count > 1 ? reads.positions() : [:]
        for group in groups {
            let indices = groups.count > 1 ? group.files.compactMap { positions[$0] }.sorted() : Array(reads.paths.indices)
            let outcome = LintRunner(linter: group.linter, jobs: jobs).lint(reads, indices: indices)
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
        return (total, reads.project)
    }

    /// Lints files given one by one (an editor's, pre-commit's): each with the model of the project it belongs to
    /// (`ProjectIndexer.projectIndex(around:…relevantOnly:)`), so that it gets what a run over its project gives,
    /// whatever the other files of the list. Each file is tokenized once.
    func lintFilesOfProjects(jobs: Int) -> LintRunner.Outcome {
        let files = groups.flatMap(\.files)
        let reads = LintRunner(jobs: jobs).read(files, everyFile: true)
        var byRoot: [String: [String]] = [:]
        var roots: [String] = []
        for file in files {
            let root = ProjectIndexer.projectRoot(of: file) ?? ""
            if byRoot[root] == nil { roots.append(root) }
            byRoot[root, default: []].append(file)
        }
        var total = LintRunner(jobs: jobs).run([])
        // Each project's files are judged against the version its own files name, not the first path's project's.
        var versions = self.versions
        for root in roots {
            let members = Set(byRoot[root] ?? [])
            let given = reads.facts(of: members)
            let project = (root.isEmpty ? nil : ProjectIndexer.projectIndex(around: byRoot[root]![0], given: given, jobs: jobs, relevantOnly: true))
                ?? FeatureIndex(files: given)
            for (i, group) in groups.enumerated() {
                let only = members.intersection(group.files)
                guard !only.isEmpty else { continue }
                var linter = group.linter
                if judgedByDetection.contains(i) { linter.judgeTCA(detected: versions.version(around: byRoot[root]![0])) }
                let outcome = LintRunner(linter: linter, jobs: jobs).lint(reads, only: only, project: project)
                total.diagnostics += outcome.diagnostics
                total.problems += outcome.problems
                total.filesLinted += outcome.filesLinted
                total.filesAnalyzed += outcome.filesAnalyzed
                total.bytesLinted += outcome.bytesLinted
            }
        }
        total.diagnostics.sort(by: Diagnostic.reportOrder)
        total.problems.sort { $0.path < $1.path }
        return total
    }

    /// `FixSession` over every group, as one report.
    /// `writableTree`: where files may be written (see `WritableTree`).
    /// `replacedFiles`: the old files of the files written stay open there until the caller's `finish()`.
    /// `project`: the feature model the fixes see (see `FixSession.run`).
    func fix(unsafe: Bool, diffOnly: Bool, writableTree: WritableTree? = nil, replacedFiles: ReplacedFiles? = nil,
             project given: FeatureIndex? = nil, jobs: Int = LintRunner.defaultJobs, fixable: @escaping ([Diagnostic]) -> [Diagnostic] = { $0 }) -> FixReport {
        var total = FixSession.run(paths: [], unsafe: unsafe, diffOnly: diffOnly)
        // The project the files belong to, read once: each file's fixes are judged with the others' features.
        let files = groups.flatMap(\.files)
        let project = given ?? (files.isEmpty ? nil : ProjectIndexer.areAllFiles(files) && files.count < 64
            ? ProjectIndexer.projectIndex(around: files[0], given: [], jobs: jobs, relevantOnly: false)
            : LintRunner(jobs: jobs).read(files).project)
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

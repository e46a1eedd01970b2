import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lints many files on all cores with output that never depends on scheduling.
///
/// Workers take the next file index from a shared counter, so a few large files do not leave a
/// core idle. Each worker reads, checks and lints one file at a time and keeps only its
/// diagnostics, so memory is bounded by the largest files in flight, not by the tree.
/// Results are stored by file index and merged in path order.
public struct LintRunner {
    public var linter: Linter
    /// Worker count; 1 lints on the calling thread.
    public var jobs: Int

    public init(linter: Linter = Linter(), jobs: Int = LintRunner.defaultJobs) {
        self.linter = linter
        self.jobs = max(1, jobs)
    }

    public static var defaultJobs: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// A file that could not be linted (unreadable, too large, not UTF-8, binary).
    public struct FileProblem: Equatable, Sendable {
        public var path: String
        public var message: String

        public init(path: String, message: String) {
            self.path = path
            self.message = message
        }
    }

    /// What happened to one file.
    public enum FileOutcome: Sendable {
        /// Linted (possibly without findings). `analyzed` is false when the prefilter skipped tokenizing.
        case linted(diagnostics: [Diagnostic], bytes: Int, analyzed: Bool)
        case problem(FileProblem)
    }

    public struct Outcome: Sendable {
        /// Every diagnostic, in report order.
        public var diagnostics: [Diagnostic]
        /// Files that could not be linted, in path order.
        public var problems: [FileProblem]
        /// Files linted successfully (including those the prefilter proved finding-free).
        public var filesLinted: Int
        /// Files that passed the prefilter and were tokenized and parsed.
        public var filesAnalyzed: Int
        /// Bytes of the files linted successfully.
        public var bytesLinted: Int
    }

    /// The project-wide model to lint with. When nil, `run` builds one from the files of the run.
    public var project: FeatureIndex? = nil
    /// How much of each file the run's own model reads. `.declarations` (which types are reducers, through
    /// the project's protocols) costs little; a rule that queries features' parts across files needs `.full`,
    /// which costs about a third more time on a corpus made only of features (see `scripts/bench`).
    public var indexDetail: FileFactsExtractor.Detail = .declarations

    /// Lints `paths` (as returned by `FileWalker`, already sorted).
    public func run(_ paths: [String]) -> Outcome { runIndexed(paths).outcome }

    /// Lints `paths` and returns the project model it linted with (read to `indexDetail`).
    ///
    /// Without a given `project`, each file is tokenized once: it is linted alone and its facts are
    /// extracted on the way. Once the facts are merged, the files the project changes are linted again:
    /// those declaring a type through one of the project's own reducer protocols, and files without any
    /// needle that name such a protocol (searched for once the names are known).
    public func runIndexed(_ paths: [String]) -> (outcome: Outcome, project: FeatureIndex) {
        // A rule that reads other files' features needs every file's facts before any file is linted.
        let given = project ?? (linter.readsProjectFeatures ? ProjectIndexer.index(paths: paths, jobs: jobs, scope: .features) : nil)
        var results = parallelMap(count: paths.count, jobs: jobs) { i in analyzeFile(paths[i], project: given) }
        var index = given ?? FeatureIndex(files: results.compactMap { $0.facts })
        if given == nil {
            index = learnProjectProtocols(paths, &results, index: index)
            let project = index
            let stale = results.indices.filter { results[$0].facts.map(project.needsProjectContext) == true }
            let relinted = parallelMap(count: stale.count, jobs: jobs) { n in lintFile(paths[stale[n]], project: project) }
            for (n, i) in stale.enumerated() { results[i].outcome = relinted[n] }
        }
        return (merge(results.map { $0.outcome }), index)
    }

    /// Files that had no needle but name one of the project's reducer protocols: their facts, until no new name appears.
    private func learnProjectProtocols(_ paths: [String], _ results: inout [FileResult], index start: FeatureIndex) -> FeatureIndex {
        guard !start.projectReducerProtocols.isEmpty else { return start }
        var facts = results.map { $0.facts }
        let index = ProjectIndexer.learnReducerProtocols(
            paths: paths, facts: &facts, given: [], jobs: jobs, scope: indexDetail == .full ? .features : .reducers,
            isCandidate: { i in if case .linted(_, _, false) = results[i].outcome { return true } else { return false } })
        for i in results.indices { results[i].facts = facts[i] }
        return index
    }

    private func merge(_ results: [FileOutcome]) -> Outcome {
        var outcome = Outcome(diagnostics: [], problems: [], filesLinted: 0, filesAnalyzed: 0, bytesLinted: 0)
        for result in results {
            switch result {
            case .linted(let diagnostics, let bytes, let analyzed):
                outcome.diagnostics.append(contentsOf: diagnostics)
                outcome.filesLinted += 1
                outcome.bytesLinted += bytes
                if analyzed { outcome.filesAnalyzed += 1 }
            case .problem(let problem):
                outcome.problems.append(problem)
            }
        }
        // Files arrive in path order and each file's diagnostics in report order; the sort only
        // makes the order independent of how the walker and `Diagnostic.reportOrder` compare paths.
        outcome.diagnostics.sort(by: Diagnostic.reportOrder)
        return outcome
    }

    /// One file's outcome and, when the run builds the project model, its facts.
    struct FileResult {
        var outcome: FileOutcome
        var facts: FileFacts?
    }

    /// Reads, checks and lints one file (with the given project model); without one, also extracts the
    /// file's facts when it may hold any. Each file is tokenized at most once.
    func analyzeFile(_ path: String, project: FeatureIndex?) -> FileResult {
        let bytes: [UInt8]
        switch FileReader.read(path) {
        case .success(let b): bytes = b
        case .failure(let failure): return FileResult(outcome: .problem(FileProblem(path: path, message: failure.description)))
        }
        if let failure = TextCheck.check(bytes) {
            return FileResult(outcome: .problem(FileProblem(path: path, message: "\(failure.description), skipped")))
        }
        let lint = project.map { Prefilter.mayContainFinding(bytes, projectNames: $0.projectReducerProtocolNeedles) }
            ?? Prefilter.mayContainFinding(bytes)
        // Declarations that make reducers always name `Reducer` (or a learned protocol, searched for later):
        // the lint needles suffice. Parts (`coordinatorReduce()` in an extension) need the index's own.
        let index = project == nil && (indexDetail == .full ? ProjectIndexer.mayContainFacts(bytes) : lint)
        guard lint || index else { return FileResult(outcome: .linted(diagnostics: [], bytes: bytes.count, analyzed: false)) }
        let file = AnalyzedFile(source: SourceFile(path: path, bytes: bytes), project: project)
        return FileResult(outcome: .linted(diagnostics: lint ? linter.diagnostics(for: file) : [], bytes: bytes.count, analyzed: lint),
                          facts: index ? FileFactsExtractor.extract(file, detail: indexDetail) : nil)
    }

    /// Reads, checks and lints one file. Never throws or traps on file contents.
    public func lintFile(_ path: String, project: FeatureIndex? = nil) -> FileOutcome {
        let bytes: [UInt8]
        switch FileReader.read(path) {
        case .success(let b): bytes = b
        case .failure(let failure): return .problem(FileProblem(path: path, message: failure.description))
        }
        if let failure = TextCheck.check(bytes) {
            return .problem(FileProblem(path: path, message: "\(failure.description), skipped"))
        }
        guard Prefilter.mayContainFinding(bytes, projectNames: project?.projectReducerProtocolNeedles ?? NameNeedles([])) else {
            return .linted(diagnostics: [], bytes: bytes.count, analyzed: false)
        }
        let diagnostics = linter.lint(SourceFile(path: path, bytes: bytes), project: project)
        return .linted(diagnostics: diagnostics, bytes: bytes.count, analyzed: true)
    }
}

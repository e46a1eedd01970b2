import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lints many files on all cores with output that never depends on scheduling, tokenizing each file once.
///
/// Two phases. First every file is read and checked, and each that may hold facts or findings is tokenized and
/// its facts extracted (`FactsExtractor`); only the facts are kept. The facts of all files are merged into the
/// project model (`FeatureIndex`). Then every rule runs on each file's facts with the project model; a file
/// with findings (or disable comments) is read again — not tokenized — to locate them, and its text must be
/// the one its facts came from. Workers take the next file from a shared counter; results are stored by file
/// index and merged in path order.
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

    public struct Outcome: Sendable {
        /// Every diagnostic, in report order.
        public var diagnostics: [Diagnostic]
        /// Files that could not be linted, in path order.
        public var problems: [FileProblem]
        /// Files linted successfully (including those the prefilter proved finding-free).
        public var filesLinted: Int
        /// Files that passed the prefilter and were tokenized.
        public var filesAnalyzed: Int
        /// Bytes of the files linted successfully.
        public var bytesLinted: Int
    }

    /// The project-wide model the run's files belong to, with facts of files outside the run (a single file's
    /// project). When nil, `run` builds one from the files of the run.
    public var project: FeatureIndex? = nil

    /// Lints `paths` (as returned by `FileWalker`, already sorted).
    public func run(_ paths: [String]) -> Outcome { lint(read(paths)) }

    /// Lints `paths` and returns the project model it linted with.
    public func runIndexed(_ paths: [String]) -> (outcome: Outcome, project: FeatureIndex) {
        let reads = read(paths)
        return (lint(reads), reads.project)
    }

    /// What the first phase learned of one file.
    enum Read: Sendable {
        case problem(FileProblem)
        /// Read, nothing to tokenize (no needle); the names it may extend (`extension Feature`), in case one
        /// turns out to be a reducer: its members are then the feature's.
        case skipped(bytes: Int, extends: [String])
        case facts(FileFacts)
    }

    /// The first phase's result: every file read (and tokenized once where worth it), and the project model.
    public struct Reads: Sendable {
        public let paths: [String]
        let reads: [Read]
        public let project: FeatureIndex

        /// Each path's position in `paths`, for `lint(_:indices:project:)`.
        public func positions() -> [String: Int] {
            var result: [String: Int] = [:]
            for (i, path) in paths.enumerated() where result[path] == nil { result[path] = i }
            return result
        }

        /// The facts read from the files at these paths.
        public func facts(of paths: Set<String>) -> [FileFacts] {
            zip(self.paths, reads).compactMap { path, read in
                guard paths.contains(path), case .facts(let f) = read else { return nil }
                return f
            }
        }
    }

    /// The first phase: reads every file, extracts the facts of those that may hold facts or findings, learns the
    /// project's reducer protocols (reading the files that name them), and merges everything into the project
    /// model — into `project` when one is given (the project a list of single files belongs to).
    ///
    /// `everyFile`: tokenize every readable file, needles or not (files named one by one, whose project's own
    /// reducer protocols are not known yet).
    public func read(_ paths: [String], everyFile: Bool = false) -> Reads {
        let learned = project?.projectReducerProtocolNeedles ?? NameNeedles([])
        let names = SharedNames()
        var reads = parallelMap(count: paths.count, jobs: jobs) { i in read(paths[i], learned: learned, everyFile: everyFile, sharing: names) }
        if let project {
            let index = project.replacing(reads.compactMap { if case .facts(let f) = $0 { return f } else { return nil } })
            return Reads(paths: paths, reads: reads, project: index)
        } else {
            var facts: [FileFacts?] = reads.map { if case .facts(let f) = $0 { return f } else { return nil } }
            var index = ProjectIndexer.learnReducerProtocols(paths: paths, facts: &facts, given: [], jobs: jobs, names: names, isCandidate: { i in
                if case .skipped = reads[i] { return true } else { return false }
            })
            for (i, f) in facts.enumerated() { if let f, case .skipped = reads[i] { reads[i] = .facts(f) } }
            index = readExtensionsOfReducers(paths, &reads, index: index, sharing: names)
            return Reads(paths: paths, reads: reads, project: index)
        }
    }

    /// Files without a needle that extend one of the project's reducers (`extension Feature { var date: Date … }`
    /// with no `Reduce` in sight): tokenized too, so that the model holds every member a reducer has (a fix that
    /// adds one must know the name is free in every file). Only the names after `extension`, noted when the file
    /// was first read, are compared; the few files that match are read again.
    private func readExtensionsOfReducers(_ paths: [String], _ reads: inout [Read], index: FeatureIndex, sharing names: SharedNames) -> FeatureIndex {
        let reducers = index.reducerTypeNames
        let pending = reads.indices.filter { i in
            guard case .skipped(_, let extends) = reads[i] else { return false }
            return extends.contains(where: reducers.contains)
        }
        guard !pending.isEmpty else { return index }
        let found: [Read] = parallelMap(count: pending.count, jobs: jobs) { n in read(paths[pending[n]], learned: NameNeedles([]), everyFile: true, sharing: names) }
        var added: [FileFacts] = []
        for (n, read) in found.enumerated() {
            // A file that changed in between keeps what the first read saw (it holds no needle then).
            guard case .facts(let f) = read else { continue }
            reads[pending[n]] = read
            added.append(f)
        }
        return added.isEmpty ? index : index.replacing(added)
    }

    /// The second phase: every rule on the facts of the files read (those in `only`, when given), with the
    /// project model read (or `project`, which must hold their facts).
    public func lint(_ reads: Reads, only: Set<String>? = nil, project: FeatureIndex? = nil) -> Outcome {
        lint(reads, indices: reads.reads.indices.filter { only?.contains(reads.paths[$0]) ?? true }, project: project)
    }

    /// The same for the files at these positions of `reads.paths` (in increasing order): a run with one group per
    /// nested configuration selects each group's files by position (`Reads.positions`) instead of hashing every
    /// path of the run once per group (cubic in the nesting depth: the paths grow with it).
    public func lint(_ reads: Reads, indices selected: [Int], project: FeatureIndex? = nil) -> Outcome {
        let project = project ?? reads.project
        // Nearly every rule asks the model of the project: merged here, the merge has every core.
        if jobs > 1 && selected.count > 1 { project.mergeFeatures(jobs: jobs) }
        let results = parallelMap(count: selected.count, jobs: jobs) { n in lint(reads.reads[selected[n]], project: project) }
        // By position: a copy of the selected reads would be a second array of every file's facts at the run's peak.
        return merge(results, reads: reads.reads, at: selected)
    }

    /// Reads, checks and, when it may hold facts or findings, tokenizes one file and extracts its facts.
    func read(_ path: String, learned: NameNeedles, everyFile: Bool = false, sharing names: SharedNames? = nil) -> Read {
        let bytes: [UInt8]
        switch FileReader.read(path) {
        case .success(let b): bytes = b
        case .failure(let failure): return .problem(FileProblem(path: path, message: failure.description))
        }
        if let failure = TextCheck.check(bytes) {
            return .problem(FileProblem(path: path, message: "\(failure.description), skipped"))
        }
        guard everyFile || ProjectIndexer.isWorthReading(bytes, learned: learned) else {
            return .skipped(bytes: bytes.count, extends: ProjectIndexer.extendedNames(bytes))
        }
        return .facts(ProjectIndexer.facts(path: path, bytes: bytes, sharing: names))
    }

    /// The second phase for one file: the rules on its facts, located in its text read again.
    func lint(_ read: Read, project: FeatureIndex) -> [Diagnostic]? {
        guard case .facts(let facts) = read else { return [] }
        let file = AnalyzedFile(facts: facts, project: project)
        let (findings, enabled) = linter.findings(for: file)
        guard !findings.isEmpty || !facts.file.disableCommands.isEmpty || !facts.file.invalidCommands.isEmpty else { return [] }
        guard case .success(let bytes) = FileReader.read(facts.path), bytes.count == facts.byteCount,
              FactsExtractor.digest(bytes) == facts.digest else { return nil }
        return linter.diagnostics(findings, enabled: enabled, commands: facts.file, source: SourceFile(path: facts.path, bytes: bytes))
    }

    private func merge(_ results: [[Diagnostic]?], reads: [Read], at positions: [Int]) -> Outcome {
        var outcome = Outcome(diagnostics: [], problems: [], filesLinted: 0, filesAnalyzed: 0, bytesLinted: 0)
        for (result, position) in zip(results, positions) {
            let read = reads[position]
            switch read {
            case .problem(let problem):
                outcome.problems.append(problem)
            case .skipped(let bytes, _):
                outcome.filesLinted += 1
                outcome.bytesLinted += bytes
            case .facts(let facts):
                guard let diagnostics = result else {
                    outcome.problems.append(FileProblem(path: facts.path, message: "the file changed while it was being linted; lint it again"))
                    continue
                }
                outcome.diagnostics.append(contentsOf: diagnostics)
                outcome.filesLinted += 1
                outcome.filesAnalyzed += 1
                outcome.bytesLinted += facts.byteCount
            }
        }
        // Files arrive in path order and each file's diagnostics in report order; the sort only
        // makes the order independent of how the walker and `Diagnostic.reportOrder` compare paths.
        outcome.diagnostics.sort(by: Diagnostic.reportOrder)
        return outcome
    }

    /// Reads, checks and lints one file with the given project model (or its own). Never throws or traps on
    /// file contents.
    public func lintFile(_ path: String, project: FeatureIndex? = nil) -> Outcome {
        var runner = self
        runner.project = project ?? FeatureIndex(files: [])
        return runner.run([path])
    }
}

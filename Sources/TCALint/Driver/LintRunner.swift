import Dispatch

#if canImport(Glibc)
import Glibc
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

    /// Lints `paths` (as returned by `FileWalker`, already sorted).
    public func run(_ paths: [String]) -> Outcome {
        let results = UnsafeMutableBufferPointer<FileOutcome?>.allocate(capacity: paths.count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }

        let workers = min(jobs, paths.count)
        if workers <= 1 {
            for i in paths.indices { results[i] = lintFile(paths[i]) }
        } else {
            let next = WorkCounter()
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while let i = next.take(below: paths.count) {
                    // Each index is written by exactly one worker: no data race on the slots.
                    results[i] = lintFile(paths[i])
                }
            }
        }

        var outcome = Outcome(diagnostics: [], problems: [], filesLinted: 0, filesAnalyzed: 0, bytesLinted: 0)
        for result in results {
            switch result {
            case .linted(let diagnostics, let bytes, let analyzed)?:
                outcome.diagnostics.append(contentsOf: diagnostics)
                outcome.filesLinted += 1
                outcome.bytesLinted += bytes
                if analyzed { outcome.filesAnalyzed += 1 }
            case .problem(let problem)?:
                outcome.problems.append(problem)
            case nil:
                break
            }
        }
        // Files arrive in path order and each file's diagnostics in report order; the sort only
        // makes the order independent of how the walker and `Diagnostic.reportOrder` compare paths.
        outcome.diagnostics.sort(by: Diagnostic.reportOrder)
        return outcome
    }

    /// Reads, checks and lints one file. Never throws or traps on file contents.
    public func lintFile(_ path: String) -> FileOutcome {
        let bytes: [UInt8]
        switch FileReader.read(path) {
        case .success(let b): bytes = b
        case .failure(let failure): return .problem(FileProblem(path: path, message: failure.description))
        }
        if let failure = TextCheck.check(bytes) {
            return .problem(FileProblem(path: path, message: "\(failure.description), skipped"))
        }
        guard Prefilter.mayContainFinding(bytes) else {
            return .linted(diagnostics: [], bytes: bytes.count, analyzed: false)
        }
        let diagnostics = linter.lint(SourceFile(path: path, bytes: bytes))
        return .linted(diagnostics: diagnostics, bytes: bytes.count, analyzed: true)
    }
}

/// Hands out 0, 1, 2, … to concurrent workers.
private final class WorkCounter: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var next = 0

    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }

    func take(below limit: Int) -> Int? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        guard next < limit else { return nil }
        next += 1
        return next - 1
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The feature model of an editor's workspace, kept up to date one file at a time: the language server
/// builds it once from disk, then replaces a file's facts when the file is opened, changed or saved
/// (from the text the editor holds) and when the file changes on disk (watched-file events).
/// Each update re-merges facts already extracted; nothing else is read or tokenized again.
/// Safe to use from several threads: readers get an immutable `FeatureIndex` snapshot.
public final class WorkspaceIndex: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var current: FeatureIndex

    /// An empty index; `load(root:jobs:)` fills it from disk.
    public init(_ index: FeatureIndex = FeatureIndex(files: [])) {
        current = index
        pthread_mutex_init(&mutex, nil)
    }
    deinit { pthread_mutex_destroy(&mutex) }

    /// The index as of the last update.
    public var snapshot: FeatureIndex {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return current
    }

    /// Indexes every Swift file below `root` (as `dump features` does).
    public func load(root: String, jobs: Int) {
        let index = ProjectIndexer.index(paths: FileWalker().collect([root]).files, jobs: jobs)
        _ = update { _ in index }
    }

    /// The facts of an analysed buffer (an open document's current text) replace its file's.
    /// Returns the new snapshot.
    @discardableResult
    public func replace(with file: AnalyzedFile) -> FeatureIndex {
        replace(with: file.facts)
    }

    /// A file's facts (an open document's current text) replace its file's.
    @discardableResult
    public func replace(with facts: FileFacts) -> FeatureIndex {
        update { $0.replacing(facts) }
    }

    /// A file changed, appeared or disappeared on disk: read it again (or drop it).
    @discardableResult
    public func reload(path: String) -> FeatureIndex {
        guard let bytes = ProjectIndexer.readText(path) else { return update { $0.removing(path: path) } }
        let index = snapshot
        // Worth reading as a run reads it: a needle, or an extension of one of the project's reducers.
        guard ProjectIndexer.isWorthReading(bytes, learned: index.projectReducerProtocolNeedles)
                || ProjectIndexer.extendedNames(bytes).contains(where: index.reducerTypeNames.contains) else {
            return update { $0.removing(path: path) }
        }
        let facts = ProjectIndexer.facts(path: path, bytes: bytes)
        return update { $0.replacing(facts) }
    }

    private func update(_ change: (FeatureIndex) -> FeatureIndex) -> FeatureIndex {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        current = change(current)
        return current
    }
}

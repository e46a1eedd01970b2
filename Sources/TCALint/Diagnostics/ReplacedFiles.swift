#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// The old files that `--fix` replaced, kept open for a while after their rename.
///
/// A process that opened a file just before `AtomicFileWriter` renamed the fixed text over it writes into
/// the old, now nameless file: its bytes would be lost. The writer checks the old file right after the
/// rename and after the folder sync, but an editor or logger descheduled between its `open` and its
/// `write` can come later than that. So the old file stays open here and is checked again once it has
/// been replaced for `settleTime`: a write found then wins as before (the old content, that write
/// included, is put back and the fix reported as skipped). At most `maxOpen` files are held; the oldest
/// is checked first when one more comes.
public final class ReplacedFiles {
    struct Entry {
        var original: Int32
        var checked: stat
        var written: [UInt8]
        var path: String
        var replacedAt = DispatchTime.now().uptimeNanoseconds
    }

    public let settleTime: UInt64
    public let maxOpen: Int
    private var entries: [Entry] = []
    private var next = 0
    private var problems: [AtomicFileWriter.WriteError] = []

    /// - Parameters:
    ///   - settleTime: how long, in nanoseconds, an old file is watched after its rename (20 ms: far longer
    ///     than the gap between an `open` and its `write`, short next to a run).
    ///   - maxOpen: how many old files are held open at once.
    public init(settleTime: UInt64 = 20_000_000, maxOpen: Int = 128) {
        self.settleTime = settleTime
        self.maxOpen = max(1, maxOpen)
    }

    deinit { for entry in entries[next...] { close(entry.original) } }

    func add(_ entry: Entry) {
        if entries.count - next >= maxOpen { checkOldest() }
        entries.append(entry)
    }

    /// Checks every file still held, once each has been replaced for `settleTime`, and returns every file
    /// found written meanwhile (`changedOnDisk`: put back, fix skipped) or that could not be put back.
    public func settle() -> [AtomicFileWriter.WriteError] {
        while next < entries.count { checkOldest() }
        entries.removeAll()
        next = 0
        defer { problems.removeAll() }
        return problems
    }

    private func checkOldest() {
        let entry = entries[next]
        next += 1
        let age = DispatchTime.now().uptimeNanoseconds &- entry.replacedAt
        if age < settleTime { usleep(useconds_t((settleTime - age) / 1_000)) }
        defer { close(entry.original) }
        do {
            try AtomicFileWriter.restoreIfWrittenMeanwhile(entry.original, since: entry.checked,
                                                           replacing: entry.written, at: entry.path)
        } catch let error as AtomicFileWriter.WriteError {
            problems.append(error)
        } catch {
            problems.append(AtomicFileWriter.WriteError(path: entry.path, message: "\(error)"))
        }
        if next >= 1024 {  // keep the queue's memory bounded on long runs
            entries.removeFirst(next)
            next = 0
        }
    }
}

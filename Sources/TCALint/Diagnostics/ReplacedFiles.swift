#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// The old files that `--fix` replaced, kept open after their rename until the run ends.
///
/// A process that opened a file before `AtomicFileWriter` renamed the fixed text over it writes into the
/// old, now nameless file: its bytes would be lost. The writer checks the old file right after the rename
/// and after the folder sync, but an editor or logger descheduled between its `open` and its `write` can
/// come later than that, and a writer that keeps the file open (`exec 3>>F.swift`, a logger) writes
/// whenever it likes. So each old file stays open here:
/// - `settle()` checks every file once it has been replaced for `settleTime` (the end of `FixSession.run`):
///   a write found then wins as before (the old content, that write included, is put back and the fix
///   reported as skipped);
/// - `finish()` checks every file still held once more, as late as the caller can (the CLI: right before
///   it exits, after its report): a write found then was made by a process that holds the file open; the
///   old content, those writes included, is put back and the file named with exit 2. Nothing can be done
///   about writes such a process makes after tca-lint exits: they go to the old file, which no name
///   reaches any more (rename-replacement cannot prevent that; only the writer reopening the file can).
///
/// At most `maxOpen` old files are held (a share of the process's descriptor limit); beyond that the
/// oldest is checked once it has settled and closed, and later writes into it are not detected.
///
/// Not chosen: asking whether another process holds the file open for writing before replacing it. There is
/// no portable way (Linux has `/proc/*/fd` scans and read leases, `fcntl(F_SETLEASE)`, which fail on
/// network file systems and for files of other users; macOS has `proc_pidinfo`, a walk of every process),
/// and the answer can change right after it is given.
public final class ReplacedFiles {
    struct Entry {
        var original: Int32
        var checked: stat
        var written: [UInt8]
        var path: String
        var replacedAt = DispatchTime.now().uptimeNanoseconds
        /// Checked once settled: a later write is one made by a process that keeps the file open.
        var settled = false
    }

    public let settleTime: UInt64
    public let maxOpen: Int
    private var entries: [Entry] = []
    private var next = 0
    private var problems: [AtomicFileWriter.WriteError] = []

    /// - Parameters:
    ///   - settleTime: how long, in nanoseconds, an old file is watched after its rename before `settle()`
    ///     checks it (20 ms: far longer than the gap between an `open` and its `write`, short next to a run).
    ///   - maxOpen: how many old files are held open at once (default: a quarter of the descriptor limit,
    ///     at least 128).
    public init(settleTime: UInt64 = 20_000_000, maxOpen: Int = ReplacedFiles.defaultMaxOpen) {
        self.settleTime = settleTime
        self.maxOpen = max(1, maxOpen)
    }

    /// A quarter of the limit on open descriptors (`sysconf(_SC_OPEN_MAX)`, the soft RLIMIT_NOFILE), at least
    /// 128 and at most 16,384: the rest stays for reading and writing.
    public static var defaultMaxOpen: Int {
        let limit = sysconf(Int32(_SC_OPEN_MAX))
        return limit <= 0 ? 128 : min(16_384, max(128, limit / 4))
    }

    deinit { for entry in entries[next...] where entry.original >= 0 { close(entry.original) } }

    func add(_ entry: Entry) {
        if entries.count - next >= maxOpen { checkOldest() }
        entries.append(entry)
    }

    /// Checks every file held that was not checked yet, once each has been replaced for `settleTime`, and
    /// returns every file found written meanwhile (`changedOnDisk`: put back, fix skipped) or that could not
    /// be put back. The files stay open for `finish()`.
    public func settle() -> [AtomicFileWriter.WriteError] {
        for i in next..<entries.count where !entries[i].settled { check(i, late: false) }
        entries.removeAll { $0.original < 0 }
        next = 0
        defer { problems.removeAll() }
        return problems
    }

    /// Checks every file still held once more and closes it: a write found now came from a process that
    /// keeps the file open (see the type's documentation); its content, those writes included, is put back.
    public func finish() -> [AtomicFileWriter.WriteError] {
        for i in next..<entries.count where entries[i].original >= 0 {
            check(i, late: entries[i].settled)
            if entries[i].original >= 0 { close(entries[i].original) }
            entries[i].original = -1
        }
        entries.removeAll()
        next = 0
        defer { problems.removeAll() }
        return problems
    }

    /// Checks the entry at `i` (after its settle time unless `late`); a file found written is put back and
    /// closed at once (there is nothing more to watch).
    private func check(_ i: Int, late: Bool) {
        let entry = entries[i]
        if !late {
            let age = DispatchTime.now().uptimeNanoseconds &- entry.replacedAt
            if age < settleTime { usleep(useconds_t((settleTime - age) / 1_000)) }
        }
        entries[i].settled = true
        do {
            try AtomicFileWriter.restoreIfWrittenMeanwhile(entry.original, since: entry.checked,
                                                           replacing: entry.written, at: entry.path, heldOpen: late)
            return
        } catch let error as AtomicFileWriter.WriteError {
            problems.append(error)
        } catch {
            problems.append(AtomicFileWriter.WriteError(path: entry.path, message: "\(error)"))
        }
        close(entry.original)
        entries[i].original = -1
    }

    /// Over `maxOpen`: the oldest file is checked once settled and closed (later writes into it go unseen).
    private func checkOldest() {
        let i = next
        next += 1
        if entries[i].original >= 0 { check(i, late: entries[i].settled) }
        if entries[i].original >= 0 { close(entries[i].original) }
        entries[i].original = -1
        if next >= 1024 {  // keep the queue's memory bounded on long runs
            entries.removeFirst(next)
            next = 0
        }
    }
}

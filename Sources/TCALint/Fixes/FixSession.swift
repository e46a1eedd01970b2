/// What `tca-lint lint --fix` / `--diff` did over a set of files.
public struct FixReport {
    /// Fixes applied (or, with `diffOnly`, that would be applied), by rule id.
    public var applied: [String: Int] = [:]
    /// Fixes available only with `--unsafe`, by rule id (always empty with `unsafe: true`).
    public var unsafeAvailable: [String: Int] = [:]
    /// Diagnostics left after fixing, in report order (with `diffOnly`: those the fixed text would have).
    public var remaining: [Diagnostic] = []
    /// Dropped fixes, files changed on disk, read/write errors: one line each, `path[:line:col]: …`.
    public var messages: [String] = []
    /// Unified diff of every changed file, in the order the paths were given ("" when nothing changes).
    public var diff: String = ""
    /// Files whose text the fixes change (with `diffOnly` nothing is written).
    public var changedFiles: [String] = []
    /// Files actually rewritten on disk.
    public var writtenFiles: [String] = []
    /// Files that needed fixing but were not written (changed on disk meanwhile, hard-linked, read-only,
    /// a failed write), or could not be read; the reason of each is in `messages`.
    public var skippedFiles: [String] = []

    public var appliedTotal: Int { applied.values.reduce(0, +) }
    public var hasChanges: Bool { !changedFiles.isEmpty }

    /// One line for the end of the report, e.g.
    /// `Applied 3 fixes (binding_reducer_not_first: 2, leftover_print_changes: 1); 1 more with --unsafe (reduce_before_scope: 1)`.
    public var summary: String {
        func list(_ counts: [String: Int]) -> String {
            counts.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        }
        let total = appliedTotal
        var line = total == 0 ? "No fixes applied" : "Applied \(total) fix\(total == 1 ? "" : "es") (\(list(applied)))"
        let unsafe = unsafeAvailable.values.reduce(0, +)
        if unsafe > 0 { line += "; \(unsafe) more with --unsafe (\(list(unsafeAvailable)))" }
        return line
    }
}

/// The library entry point of `--fix`, `--fix --unsafe` and `--diff`: reads each file, runs the
/// `FixEngine`, and either writes the result or collects its diff.
///
/// A file is written only when its text changed, through `AtomicFileWriter` (temporary file in the same
/// folder, fsync, rename; owner, mode and extended attributes kept), and only if, right before the rename,
/// it is still the same file holding exactly the bytes that were read; otherwise it is left alone, named in
/// `skippedFiles` with the reason in `messages`, and its findings are those of the text on disk.
///
/// Refused on purpose (also in `skippedFiles`): a file with several hard links (replacing one name would
/// split the file; fix it through a copy) and a read-only file (no write bit, e.g. 0444, even for root:
/// read-only is a request not to edit, as for generated or vendored files).
public enum FixSession {
    /// - Parameters:
    ///   - paths: the files to fix (the CLI's file walker expands directories and applies excludes first).
    ///   - linter: the configured linter (enabled rules, severities, per-path exclusions); fixes are offered
    ///     only for enabled, non-excluded rules and for findings no disable comment suppresses.
    ///   - unsafe: also apply unsafe fixes (`--unsafe`).
    ///   - diffOnly: write nothing, fill `FixReport.diff` (`--diff`).
    ///   - fixable: the findings of a pass whose fixes may apply (`--baseline`: those it does not cover).
    ///   - writableTree: where files may be written (the CLI: inside what it was asked to lint); a file whose
    ///     real path lies outside is linted, not fixed, and with `diffOnly` not shown, as `--fix` would not
    ///     write it. Nil: anywhere.
    ///   - replacedFiles: where the old files stay open after their replacement; the caller then calls its
    ///     `finish()` as late as it can (the CLI: before exiting). Nil: a watch of this run, finished here.
    ///   - project: the project's feature model, for rules that read other files (and fixes that must know
    ///     other files' members); nil: each file is its own project.
    public static func run(paths: [String], linter: Linter = Linter(), unsafe: Bool = false, diffOnly: Bool = false,
                           maxPasses: Int = 4, fixable: @escaping ([Diagnostic]) -> [Diagnostic] = { $0 },
                           writableTree: WritableTree? = nil, replacedFiles: ReplacedFiles? = nil,
                           project: FeatureIndex? = nil) -> FixReport {
        var report = FixReport()
        let engine = FixEngine(linter: linter, includeUnsafe: unsafe, maxPasses: maxPasses, project: project, fixable: fixable)
        // Written files are counted once the old files they replaced have settled (see `ReplacedFiles`).
        var written: [(path: String, read: [UInt8], applied: [String: Int], remaining: [Diagnostic])] = []
        let replaced = replacedFiles ?? ReplacedFiles()
        func skip(_ path: String, _ error: Error, read: [UInt8]) {
            report.messages.append("\(error)")
            report.skippedFiles.append(path)
            // Report what is on disk now (what was read, or what someone else wrote meanwhile).
            let current = (try? FileSnapshot.read(path))?.bytes ?? read
            report.remaining.append(contentsOf: linter.lint(SourceFile(path: path, bytes: current), project: project))
        }
        for path in paths {
            let snapshot: FileSnapshot
            do { snapshot = try FileSnapshot.read(path) } catch {
                report.messages.append("\(error)")
                report.skippedFiles.append(path)
                continue
            }
            // What `lint` refuses (not UTF-8, NUL bytes) is neither fixed nor diffed: the same message, skipped.
            if let failure = TextCheck.check(snapshot.bytes) {
                report.messages.append("\(path): error: \(failure.description), skipped")
                report.skippedFiles.append(path)
                continue
            }
            let outcome = engine.run(SourceFile(path: path, bytes: snapshot.bytes))
            report.messages.append(contentsOf: outcome.messages)
            for (rule, n) in outcome.unsafeAvailable { report.unsafeAvailable[rule, default: 0] += n }
            guard outcome.bytes != snapshot.bytes else {
                report.remaining.append(contentsOf: outcome.remaining)
                continue
            }
            // A link (or a linked folder) leading out of the linted tree: never written, so never shown as a diff.
            if let refusal = writableTree?.refusal(for: path) {
                skip(path, AtomicFileWriter.WriteError(path: path, message: refusal), read: snapshot.bytes)
                continue
            }
            if diffOnly {
                report.changedFiles.append(path)
                report.diff += UnifiedDiff.make(old: snapshot.bytes, new: outcome.bytes, path: path)
                for (rule, n) in outcome.applied { report.applied[rule, default: 0] += n }
                report.remaining.append(contentsOf: outcome.remaining)
                continue
            }
            do {
                guard snapshot.linkCount <= 1 else {
                    throw AtomicFileWriter.WriteError(path: path, message: "the file has \(snapshot.linkCount) hard links and replacing it would split them; not fixed (fix a copy, or remove the other links)")
                }
                // Root may write anything; a file nobody may write is still a request not to edit it.
                guard snapshot.mode & 0o222 != 0 else {
                    throw AtomicFileWriter.WriteError(path: path, message: "the file is read-only (mode \(String(snapshot.mode, radix: 8))); not fixed")
                }
                try AtomicFileWriter.write(outcome.bytes, to: path, expecting: snapshot.bytes, watchedBy: replaced)
                written.append((path, snapshot.bytes, outcome.applied, outcome.remaining))
            } catch {
                skip(path, error, read: snapshot.bytes)
            }
        }
        // A write that reached an old file after its rename put that file's content back: not fixed after all.
        var lateProblems: [String: AtomicFileWriter.WriteError] = [:]
        for problem in replaced.settle() + (replacedFiles == nil ? replaced.finish() : []) where lateProblems[problem.path] == nil {
            lateProblems[problem.path] = problem
        }
        for file in written {
            if let problem = lateProblems[file.path] {
                skip(file.path, problem, read: file.read)
                continue
            }
            report.changedFiles.append(file.path)
            report.writtenFiles.append(file.path)
            for (rule, n) in file.applied { report.applied[rule, default: 0] += n }
            report.remaining.append(contentsOf: file.remaining)
        }
        report.remaining.sort(by: Diagnostic.reportOrder)
        return report
    }
}

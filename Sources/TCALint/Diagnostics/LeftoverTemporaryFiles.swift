#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Temporary files an earlier `--fix` left behind (`.Name.swift.tmp-PID-N`, see `AtomicFileWriter`): after
/// SIGKILL or a power cut, or when their folder became unwritable before they could be removed. `--fix`
/// and `--diff` name every one they find in the folders of the files they fix on standard error; `--fix`
/// removes those that are provably tca-lint's.
///
/// "Provably" means every one of these holds, so that removing the file cannot destroy anything anyone needs:
/// 1. the name is exactly what `AtomicFileWriter` makes: `.` + a `.swift` name + `.tmp-` + a process id +
///    `-` + an attempt number below 100, in decimal without leading zeros;
/// 2. no process with that id exists (`kill(pid, 0)` fails with ESRCH): nobody, tca-lint or another
///    program that happens to name files the same way, is writing it; a live process with that id, even
///    an unrelated one that reused it, keeps the file (named, not removed);
/// 3. it is a regular file (not a link), with one link, owned by the user running tca-lint;
/// 4. its content is what such a file holds: Swift text (valid UTF-8, no NUL), at most a source file's cap.
/// A file failing any of these is named with the reason and left alone.
public enum LeftoverTemporaryFiles {
    public struct Leftover: Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var pid: Int32
        /// Why it is left alone; nil when it is provably a leftover of tca-lint's.
        public var keptBecause: String?
        public var removed: Bool

        public var description: String {
            let what = "\(path): warning: temporary file of an interrupted tca-lint run (process \(pid))"
            if removed { return what + "; removed" }
            return what + "; not removed: " + (keptBecause ?? "nothing was to be removed (--diff)")
        }
    }

    /// The leftovers in `directories` (each searched once, not recursively), removed when provable and `remove`.
    public static func sweep(directories: [String], remove: Bool) -> [Leftover] {
        var found: [Leftover] = []
        var seen = Set<String>()
        for directory in directories where seen.insert(directory).inserted {
            guard let handle = opendir(directory) else { continue }
            var names: [String] = []
            while let entry = readdir(handle) {
                let name = withUnsafePointer(to: &entry.pointee.d_name) { p in
                    p.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
                }
                if name.hasPrefix("."), name.contains(".swift.tmp-") { names.append(name) }
            }
            closedir(handle)
            for name in names.sorted() {
                guard let pid = processID(inTemporaryName: name) else { continue }
                let path = Paths.join(directory, name)
                var leftover = Leftover(path: path, pid: pid, keptBecause: reasonToKeep(path, pid: pid), removed: false)
                if remove && leftover.keptBecause == nil {
                    if unlink(path) == 0 || errno == ENOENT {
                        leftover.removed = true
                    } else {
                        leftover.keptBecause = "it cannot be removed (\(String(cString: strerror(errno))))"
                    }
                }
                found.append(leftover)
            }
        }
        return found
    }

    /// The process id in `.<name>.swift.tmp-<pid>-<attempt>`, or nil when the name is not exactly of that form.
    static func processID(inTemporaryName name: String) -> Int32? {
        let bytes = Array(name.utf8), marker = Array(".swift.tmp-".utf8)
        guard bytes.first == UInt8(ascii: "."), bytes.count > marker.count + 1 else { return nil }
        // The last `.swift.tmp-`, after at least one byte of name.
        guard let at = stride(from: bytes.count - marker.count, through: 2, by: -1)
            .first(where: { bytes[$0..<$0 + marker.count].elementsEqual(marker) }) else { return nil }
        let numbers = bytes[(at + marker.count)...].split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard numbers.count == 2, numbers.allSatisfy(isPlainDecimal), let pid = Int32(numbers[0]), pid > 0,
              let attempt = Int(numbers[1]), attempt < 100 else { return nil }
        return pid
    }

    private static func isPlainDecimal(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= 10 && s.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && (s == "0" || s.first != "0")
    }

    /// Nil when the file at `path` is provably a leftover of tca-lint's (see the type's documentation).
    static func reasonToKeep(_ path: String, pid: Int32) -> String? {
        if pid == getpid() { return "its process id is this process's own" }
        if kill(pid, 0) == 0 || errno != ESRCH { return "process \(pid) is running" }
        var st = stat()
        guard lstat(path, &st) == 0 else { return "it cannot be examined (\(String(cString: strerror(errno))))" }
        guard st.st_mode & S_IFMT == S_IFREG, st.st_nlink == 1, st.st_uid == geteuid() else {
            return "it is not a regular file with one link owned by you"
        }
        switch FileReader.read(path) {
        case .success(let bytes):
            if TextCheck.check(bytes) != nil { return "it holds more than Swift text" }
            return nil
        case .failure(let failure):
            return "it cannot be read (\(failure))"
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Temporary files that exist only while `AtomicFileWriter` writes them, and signal handlers that unlink
/// them when SIGINT/SIGTERM/SIGHUP end the process, so an interrupted `--fix` leaves no
/// `.Name.swift.tmp-PID-N` behind in the source tree.
///
/// The handler does only async-signal-safe work: it walks a fixed table of C strings allocated in advance
/// (no Swift allocation, no lock), calls `unlink(2)`, restores the default action and re-raises the signal
/// so the exit status still says which signal ended the process.
public enum TemporaryFiles {
    private static let capacity = 64
    /// Slots of strdup'ed paths; nil is free. Written only by the (single) writing thread.
    nonisolated(unsafe) private static var slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        table.initialize(repeating: nil, count: capacity)
        return table
    }()
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the cleanup handlers (idempotent). Call from a command that writes files.
    public static func installSignalCleanup() {
        _ = slots  // initialise the table now, never inside the handler
        for number in signals { installHandler(number) }
    }

    private static func installHandler(_ number: Int32) {
        _ = signal(number, { received in
            let table = TemporaryFiles.slots
            for i in 0..<64 {
                if let path = table[i] { unlink(path) }
            }
            signal(received, SIG_DFL)
            raise(received)
        })
    }

    /// Paths currently registered (for tests).
    public static var registered: [String] {
        (0..<capacity).compactMap { slots[$0].map { String(cString: $0) } }
    }

    static func register(_ path: String) {
        for i in 0..<capacity where slots[i] == nil {
            slots[i] = strdup(path)
            return
        }
        // A full table only means this file is not cleaned on a signal; writing still works.
    }

    static func unregister(_ path: String) {
        for i in 0..<capacity {
            guard let stored = slots[i], String(cString: stored) == path else { continue }
            slots[i] = nil
            free(stored)
            return
        }
    }
}

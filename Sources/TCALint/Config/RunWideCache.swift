/// One answer per key, computed on first use and shared by every file and thread of a run: what a build description
/// on disk says (a folder's deployment target, the files an Xcode project holds). Two threads asking for the same key
/// at once may both compute it; the answers are the same, and the first stored wins.
final class RunWideCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = ThreadLock()
    private var answers: [Key: Value] = [:]

    init() { RunWideCaches.register { [weak self] in self?.forget() } }

    /// Drops every answer: the next question reads the disk again.
    func forget() { lock.withLock { answers = [:] } }

    func value(for key: Key, compute: (Key) -> Value) -> Value {
        if let known = lock.withLock({ answers[key] }) { return known }
        let found = compute(key)
        return lock.withLock {
            if let first = answers[key] { return first }
            answers[key] = found
            return found
        }
    }
}

/// Every run-wide cache, so that a process that outlives a run (the language server) can forget what the build
/// descriptions said when one of them changes.
enum RunWideCaches {
    private static let lock = ThreadLock()
    nonisolated(unsafe) private static var forgetters: [@Sendable () -> Void] = []

    static func register(_ forget: @escaping @Sendable () -> Void) { lock.withLock { forgetters.append(forget) } }

    static func forgetAll() { for forget in lock.withLock({ forgetters }) { forget() } }
}

/// One answer per key, computed on first use and shared by every file and thread of a run: what a build description
/// on disk says (a folder's deployment target, the files an Xcode project holds). Two threads asking for the same key
/// at once may both compute it; the answers are the same, and the first stored wins.
final class RunWideCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = ThreadLock()
    private var answers: [Key: Value] = [:]

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

import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Runs `work` for 0..<count on `jobs` workers and returns the results in index order, so the output
/// never depends on scheduling. Workers take the next index from a shared counter (a few large files do
/// not leave a core idle); each slot is written by exactly one worker.
func parallelMap<T>(count: Int, jobs: Int, _ work: (Int) -> T) -> [T] {
    guard count > 0 else { return [] }
    let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer {
        results.deinitialize()
        results.deallocate()
    }
    let workers = min(max(1, jobs), count)
    if workers <= 1 {
        for i in 0..<count { results[i] = work(i) }
    } else {
        let next = WorkCounter()
        withoutActuallyEscaping(work) { work in
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while let i = next.take(below: count) { results[i] = work(i) }
            }
        }
    }
    return results.map { $0! }
}

/// A lock for the few values threads share (a pthread mutex at a stable address: one stored inline in a class and
/// passed as `&mutex` is not guaranteed to stay where it was).
final class ThreadLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// Hands out 0, 1, 2, … to concurrent workers.
final class WorkCounter: @unchecked Sendable {
    private let lock = ThreadLock()
    private var next = 0

    func take(below limit: Int) -> Int? {
        lock.withLock {
            guard next < limit else { return nil }
            next += 1
            return next - 1
        }
    }
}

/// A value computed on first use, at most once, safely from any thread.
final class LockedLazy<T>: @unchecked Sendable {
    private let lock = ThreadLock()
    private var value: T?
    private let make: () -> T

    init(_ make: @escaping () -> T) { self.make = make }

    var wrapped: T { wrapped(makingFirst: make) }

    /// The value; made by `first` instead of `make` when this is the first use (the same value, made another way).
    func wrapped(makingFirst first: () -> T) -> T {
        lock.withLock {
            if let value { return value }
            let made = first()
            value = made
            return made
        }
    }
}

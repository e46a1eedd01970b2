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

/// Hands out 0, 1, 2, … to concurrent workers.
final class WorkCounter: @unchecked Sendable {
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

/// A value computed on first use, at most once, safely from any thread.
final class LockedLazy<T>: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var value: T?
    private let make: () -> T

    init(_ make: @escaping () -> T) {
        self.make = make
        pthread_mutex_init(&mutex, nil)
    }
    deinit { pthread_mutex_destroy(&mutex) }

    var wrapped: T { wrapped(makingFirst: make) }

    /// The value; made by `first` instead of `make` when this is the first use (the same value, made another way).
    func wrapped(makingFirst first: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        if let value { return value }
        let made = first()
        value = made
        return made
    }
}

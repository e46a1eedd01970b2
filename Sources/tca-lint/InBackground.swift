import Dispatch

/// A value made on another thread while the caller goes on (the TCA version is looked for in the project's
/// manifests while the walk of the files runs on the other core); `value` waits for it.
final class InBackground<T>: @unchecked Sendable {
    private var result: T?
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable () -> T) {
        DispatchQueue.global().async {
            self.result = work()
            self.done.signal()
        }
    }

    /// Waits for the value the first time; read from one thread only.
    lazy var value: T = {
        done.wait()
        return result!
    }()
}

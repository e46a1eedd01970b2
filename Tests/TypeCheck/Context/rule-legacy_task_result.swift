// What rules/legacy_task_result.md's fix example leaves out: TCA's `TaskResult` (in its deprecations since 1.4) and
// the async `Result(catching:)` of swift-concurrency-extras 1.1, which TCA 1.4 and later re-export.
public enum TaskResult<Success: Sendable>: Sendable {
    case success(Success)
    case failure(any Error)

    public init(catching body: @Sendable () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}

extension Result where Success: Sendable, Failure == any Error {
    public init(catching body: @Sendable () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}

struct Item: Sendable {}

struct APIClient: Sendable {
    func items() async throws -> [Item] { [] }
}

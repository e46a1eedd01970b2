// What the fire_and_forget document's fix example uses but does not declare.
struct AnalyticsClient: Sendable {
    func flush() async {}
}

struct Storage: Sendable {
    func save() async throws {}
}

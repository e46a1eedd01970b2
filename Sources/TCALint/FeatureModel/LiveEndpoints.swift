/// Which endpoints of the project's dependency clients cannot throw in the app: a feature's `@Dependency(\.api) var
/// api` names a `DependencyValues` key, the key's property names the client type (`var api: APIClient { get { self[
/// APIClient.self] } … }`), and the client's `liveValue` implements the endpoint with a closure that neither tries nor
/// throws (`LiveValueFacts`). `try await api.fetch()` on such an endpoint is marked `try` because the endpoint's type says
/// `throws`, but only a test's or a preview's implementation can make it throw.
public struct LiveEndpoints: Sendable {
    /// `DependencyValues` keys → the client type's last name, where every declaration of the key agrees.
    private var keyTypes: [String: String] = [:]
    /// Client type's last name → the endpoints every `liveValue` of that name implements without throwing.
    private var neverThrowing: [String: Set<String>] = [:]

    init(files: [FileFacts]) {
        var keys: [String: Set<String>] = [:]
        for file in files {
            for type in file.types where type.kind == "extension" && type.name.lastNameComponent == "DependencyValues" {
                for property in type.properties where !property.isStatic && !property.type.isEmpty {
                    keys[property.name, default: []].insert(property.type.withoutSpaces().lastNameComponent)
                }
            }
            for live in file.file.liveValues {
                let name = live.type.lastNameComponent
                let endpoints = Set(live.neverThrowing)
                neverThrowing[name] = neverThrowing[name].map { $0.intersection(endpoints) } ?? endpoints
            }
        }
        keyTypes = keys.compactMapValues { $0.count == 1 ? $0.first : nil }
    }

    /// Whether the call as written (`api.fetch`, `self.api.fetch`) is an endpoint of the feature's dependency `api` that
    /// cannot throw in the app.
    public func neverThrows(call: String, of feature: Feature) -> Bool {
        var names = call.split(separator: ".")
        if names.first == "self" { names.removeFirst() }
        guard names.count == 2, let dependency = feature.dependencies.first(where: { $0.name == names[0] }) else { return false }
        return neverThrows(String(names[1]), of: dependency)
    }

    /// Whether `endpoint` of the client a feature's dependency holds cannot throw in the app (see the type's comment).
    public func neverThrows(_ endpoint: String, of dependency: DependencyFacts) -> Bool {
        let type = dependency.keyType.map { $0.withoutSpaces().lastNameComponent }
            ?? dependency.keyPath.flatMap { path in keyTypes[String(path.prefix { $0 != "." })] }
        guard let type, dependency.keyPath.map({ !$0.contains(".") }) ?? true else { return false }
        return neverThrowing[type]?.contains(endpoint) == true
    }
}

// A stand-in for The Composable Architecture, just enough for `._printChanges()` to compile.
public protocol Reducer {}

public struct Reduce: Reducer {
    public init() {}
}

extension Reducer {
    public func _printChanges() -> Self { self }
}

public struct Feature {
    public init() {}

    public var body: some Reducer {
        Reduce()._printChanges()
    }
}

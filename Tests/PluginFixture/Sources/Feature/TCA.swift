// A stand-in for The Composable Architecture, just enough for `._printChanges()` to compile. It lives in
// a file of its own, as TCA's API does: a file that declares its own `_printChanges` calls that one.
public protocol Reducer {}

public struct Reduce: Reducer {
    public init() {}
}

extension Reducer {
    public func _printChanges() -> Self { self }
}

/// Which member names the project declares as async sequences that cannot throw: properties typed
/// `AsyncStream<…>` or returning one (`var connectivity: @Sendable () -> AsyncStream<Connectivity>`, the usual shape
/// of a dependency client's endpoint). `for try await x in client.connectivity()` compiles over such a sequence but
/// can throw nothing. A name declared anywhere in the project with another type (`AsyncThrowingStream`, a closure that
/// `throws`, anything else) is not taken: which of the declarations a call reaches is not known without types.
public struct SequenceNames: Sendable {
    /// Names called as a function (`client.connectivity()`): every function-typed declaration returns a
    /// non-throwing `AsyncStream`. A stored field of the same name (`var connectivity = Connectivity.online` in a
    /// state) cannot be called, so it does not count against it.
    private var calledNonThrowing: Set<String> = []
    /// Names read as a value (`for try await x in ticks`): every declaration is a non-throwing `AsyncStream`.
    private var readNonThrowing: Set<String> = []

    init(files: [FileFacts]) {
        var functionStreams = Set<String>(), otherFunctions = Set<String>()
        var valueStreams = Set<String>(), otherValues = Set<String>()
        for file in files {
            for type in file.types {
                for property in type.properties {
                    let isFunction = ASCIISearch.contains(property.type, "->")
                    let isStream = Self.isNonThrowingStream(property.type)
                    switch (isFunction, isStream) {
                    case (true, true): functionStreams.insert(property.name)
                    case (true, false): otherFunctions.insert(property.name)
                    case (false, true): valueStreams.insert(property.name)
                    case (false, false): otherValues.insert(property.name)
                    }
                }
            }
        }
        calledNonThrowing = functionStreams.subtracting(otherFunctions)
        readNonThrowing = valueStreams.subtracting(otherValues).subtracting(otherFunctions).subtracting(functionStreams)
    }

    /// `AsyncStream<T>`, `() -> AsyncStream<T>`, `@Sendable (ID) async -> AsyncStream<T>`; not `AsyncThrowingStream`,
    /// nor a closure that `throws` before it returns the stream.
    static func isNonThrowingStream(_ type: String) -> Bool {
        ASCIISearch.contains(type, "AsyncStream<") && !ASCIISearch.contains(type, "throws")
    }

    /// Iterating `name` (`name()` when `called`) cannot throw: every declaration of that name that could be the one
    /// meant is a non-throwing `AsyncStream` (or a closure returning one).
    public func neverThrows(_ name: String, called: Bool) -> Bool {
        called ? calledNonThrowing.contains(name) : readNonThrowing.contains(name)
    }
}

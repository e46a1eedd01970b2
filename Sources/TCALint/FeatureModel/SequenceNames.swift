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
    /// Project types whose iterator cannot throw: an `AsyncSequence` that borrows `AsyncStream`'s
    /// (`typealias AsyncIterator = AsyncStream<Element>.AsyncIterator`), by last name, when no other declaration of
    /// that name gives it another iterator.
    private var nonThrowingSequenceTypes: Set<String> = []

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
        var streamIterators = Set<String>(), otherIterators = Set<String>()
        for file in files {
            for alias in file.typealiases where alias.name == "AsyncIterator" && !alias.enclosing.isEmpty {
                let owner = alias.enclosing.lastNameComponent
                let target = alias.target.withoutSpaces()
                if target.hasPrefix("AsyncStream<"), target.hasSuffix(">.AsyncIterator") || target.hasSuffix(">.Iterator") {
                    streamIterators.insert(owner)
                } else {
                    otherIterators.insert(owner)
                }
            }
        }
        nonThrowingSequenceTypes = streamIterators.subtracting(otherIterators)
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

    /// Iterating a value of the project's type `name` cannot throw: its iterator is `AsyncStream`'s.
    public func iteratorNeverThrows(ofType name: String) -> Bool {
        nonThrowingSequenceTypes.contains(name)
    }
}

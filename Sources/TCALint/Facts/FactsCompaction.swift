/// A file's facts stay in memory for the whole run (the project model is made of them), while the arrays that hold
/// them were grown by appending, which doubles a buffer when it fills: up to half of each is spare room. Once a
/// file's facts are read, the arrays that hold many facts are copied to buffers of their own size, and the long names
/// a file repeats (an action's case name in its declaration, in the clauses that match it and in the sends of it; a
/// type's name in its nested types and in the properties it types) share one string — with the other files of the
/// run when `sharing` is given (an action's name is also written in its view's file, its tests and its parent's).
extension FileFacts {
    /// The same facts in arrays without spare room, with their long names shared.
    mutating func compact(sharing run: SharedNames? = nil) {
        types.fit()
        protocols.fit()
        typealiases.fit()
        var names = StringPool(run: run)
        for type in types { type.compact(&names) }
        file.compact(&names)
    }
}

/// One copy of each long string of a file's facts. A string of up to 15 UTF-8 bytes is stored inline, with nothing to
/// share; a longer one is a buffer of its own each time it is made from the file's bytes.
struct StringPool {
    private var strings = Set<Hashed<String>>()
    /// The run's pool, which then holds every name instead of this one.
    private let run: SharedNames?

    init(run: SharedNames? = nil) { self.run = run }

    /// The pool's copy of `string` when it already holds an equal one (nil for a short string: nothing to share).
    /// The file's own pool is asked first, the run's only for a name new to the file: a file's small pool is the cheap
    /// one to search, and most repeats are within a file.
    private mutating func pooled(_ string: String) -> String? {
        guard string.utf8.count > 15 else { return nil }
        let key = Hashed(string)
        let (inserted, member) = strings.insert(key)
        guard inserted else { return member.value }
        guard let shared = run?.pooled(key) else { return nil }
        strings.update(with: Hashed(shared, hash: key.hash))
        return shared
    }

    mutating func share(_ string: inout String) {
        if let copy = pooled(string) { string = copy }
    }

    mutating func share(_ string: inout String?) {
        if let value = string, let copy = pooled(value) { string = copy }
    }

    /// Lists of names (a state access's path, a clause's pattern, a property's attributes) repeat within a file even
    /// more than long names do, and each is a buffer of its own: an equal list already pooled is shared instead.
    private var lists = Set<Hashed<[String]>>()

    /// Writes only what it replaces, so an array that other facts share is not copied for nothing.
    mutating func share(_ path: inout [String]) {
        guard !path.isEmpty else { return }
        // One hash of the list: its long names are shared first (cheap, and nothing for short ones), so that the
        // list pooled is the one to keep.
        for i in path.indices { if let copy = pooled(path[i]) { path[i] = copy } }
        path.fit()
        let key = Hashed(path)
        let (inserted, member) = lists.insert(key)
        guard inserted else {
            path = member.value
            return
        }
        if let shared = run?.pooled(key) {
            lists.update(with: Hashed(shared, hash: key.hash))
            path = shared
        }
    }

    mutating func share(_ path: inout [String]?) {
        guard var value = path else { return }
        path = nil
        share(&value)
        path = value
    }

    mutating func share(_ paths: inout CasePatterns) {
        for i in paths.indices { share(&paths[i]) }
    }

    mutating func share(_ paths: inout [[String]]) {
        guard !paths.isEmpty else { return }
        paths.fit()
        for i in paths.indices { share(&paths[i]) }
    }
}

/// The long names and lists of names of every file of a run, shared across files (`FileFacts.compact(sharing:)`):
/// the facts of all files stay in memory together, and an action's or a type's name recurs in the files of its feature,
/// its views, its tests and its parents. Safe from any thread: the names are spread over shards by hash, each with its
/// own lock, so that the workers extracting facts seldom wait for each other. Only the files' facts keep the shared
/// copies once the run's reads are done: the pool itself can go.
final class SharedNames: @unchecked Sendable {
    private final class Shard: @unchecked Sendable {
        let lock = ThreadLock()
        var strings = Set<Hashed<String>>()
        var lists = Set<Hashed<[String]>>()
    }

    private let shards: [Shard] = (0..<32).map { _ in Shard() }

    /// The shared copy of a string when the pool already held an equal one; nil when it is now the shared one.
    func pooled(_ key: Hashed<String>) -> String? {
        let shard = shards[key.hash & 31]
        let (inserted, member) = shard.lock.withLock { shard.strings.insert(key) }
        return inserted ? nil : member.value
    }

    /// The same for a list of names.
    func pooled(_ key: Hashed<[String]>) -> [String]? {
        let shard = shards[key.hash & 31]
        let (inserted, member) = shard.lock.withLock { shard.lists.insert(key) }
        return inserted ? nil : member.value
    }
}

/// A value with its hash, computed once: for a file's pool, then for the run's shard and the shard's set.
struct Hashed<Value: Hashable>: Hashable {
    let value: Value
    let hash: Int

    init(_ value: Value) {
        self.value = value
        hash = value.hashValue
    }

    init(_ value: Value, hash: Int) {
        self.value = value
        self.hash = hash
    }

    static func == (a: Self, b: Self) -> Bool { a.hash == b.hash && a.value == b.value }
    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

extension TypeFacts {
    func compact(_ names: inout StringPool) {
        // A nested type's enclosing name is the qualified name of the type before it; members name types the file
        // declares.
        names.share(&qualifiedName)
        names.share(&enclosing)
        names.share(&inherits)
        names.share(&selfConstraints)
        names.share(&genericParameters)
        names.share(&attributes)
        cases.fit()
        for i in cases.indices {
            names.share(&cases[i].name)
            names.share(&cases[i].payload)
        }
        properties.fit()
        for i in properties.indices {
            names.share(&properties[i].type)
            names.share(&properties[i].attributes)
            names.share(&properties[i].getterReads)
            names.share(&properties[i].getterCalls)
        }
        functions.fit()
        for i in functions.indices {
            names.share(&functions[i].returnType)
            names.share(&functions[i].labels)
        }
        builders.fit()
        logic.fit()
        dependencies.fit()
        for builder in builders {
            builder.tree.fit()
            builder.edges.fit()
            for i in builder.edges.indices {
                names.share(&builder.edges[i].statePath)
                names.share(&builder.edges[i].actionPath)
                names.share(&builder.edges[i].childType)
            }
        }
        for unit in logic { unit.compact(&names) }
    }
}

extension LogicFacts {
    func compact(_ names: inout StringPool) {
        names.share(&owner)
        names.share(&actionType)
        names.share(&stateType)
        names.share(&labels)
        names.share(&actionPrefix)
        names.share(&cancelledIDs)
        clauses.fit()
        for i in clauses.indices {
            names.share(&clauses[i].patterns)
            names.share(&clauses[i].boundNames)
            clauses[i].code.compact(&names)
        }
        everyAction?.compact(&names)
        effects.fit()
        for i in effects.indices {
            names.share(&effects[i].sentPaths)
            names.share(&effects[i].cancellableIDs)
        }
        sideEffects.fit()
        uncontrolled.fit()
        callSites.fit()
        for i in callSites.indices { names.share(&callSites[i].cancellableIDs) }
    }
}

extension CodeFacts {
    mutating func compact(_ names: inout StringPool) {
        accesses.fit()
        sends.fit()
        for i in accesses.indices { names.share(&accesses[i].path) }
        for i in sends.indices {
            names.share(&sends[i].path)
            names.share(&sends[i].chained)
        }
        names.share(&calls)
        names.share(&cancelledIDs)
        names.share(&clearedFields)
    }
}

extension FileWideFacts {
    mutating func compact(_ names: inout StringPool) {
        bindingWrites.fit()
        boundPaths.fit()
        liveValues.fit()
        stackBindings.fit()
        presentedFields.fit()
        scopedFields.fit()
        caseLets.fit()
        cachedScopes.fit()
        uncachedHandoffs.fit()
        untrackedReads.fit()
        viewSends.fit()
        for i in viewSends.indices { names.share(&viewSends[i].path) }
        disappearSends.fit()
        storeScopes.fit()
        storeRoots.fit()
        reduceCalls.fit()
        stackIDLiterals.fit()
        alerts.fit()
        deprecatedUses.fit()
    }
}

extension Array {
    /// Copies the elements to a buffer of their own size when more than 64 bytes of it are spare: a buffer made to size
    /// has at most the allocator's rounding spare (16 bytes), so an array is copied once at most.
    mutating func fit() {
        guard (capacity - count) * MemoryLayout<Element>.stride > 64 else { return }
        var fitted: [Element] = []
        fitted.reserveCapacity(count)
        fitted.append(contentsOf: self)
        self = fitted
    }
}

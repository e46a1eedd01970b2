/// Which type's member block holds each token of a file, asked in increasing token order by the readers that walk
/// every token once (`StoreBindingReader`, `UncachedStoreReader`): the innermost type, as a position in `names`.
///
/// The blocks' bounds are read out of the types once (a class's property read per token is an exclusivity check
/// each), and a caller reads a type's name only where it finds a fact (a name held per token would be retained and
/// released per token).
struct EnclosingTypes {
    /// The types' names as the caller wants them, in the order their member blocks open.
    let names: [String]
    private let blocks: [(open: Int, close: Int)]
    /// Positions of the blocks open at the last token asked, innermost last.
    private var open: [Int] = []
    private var next = 0

    init(_ types: [TypeFacts], name: (TypeFacts) -> String) {
        let ordered = types.filter { $0.membersOpen.token < $0.membersClose.token }.sorted { $0.membersOpen.token < $1.membersOpen.token }
        names = ordered.map(name)
        blocks = ordered.map { ($0.membersOpen.token, $0.membersClose.token) }
    }

    /// The innermost type whose member block holds token i, or nil outside every type. `i` never decreases from
    /// one call to the next, and may skip tokens: a reader asks only at the tokens that may start a fact.
    mutating func innermost(at i: Int) -> Int? {
        while next < blocks.count && blocks[next].open <= i {
            // Blocks closed before this one opens are no longer around it (blocks nest or follow each other).
            let opening = blocks[next].open
            while let last = open.last, blocks[last].close < opening { open.removeLast() }
            open.append(next)
            next += 1
        }
        while let last = open.last, blocks[last].close < i { open.removeLast() }
        return open.last
    }
}

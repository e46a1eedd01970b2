/// The tokenizer's output while it runs: a manually grown buffer, because `Array.append`'s
/// uniqueness and capacity checks cost a measurable share of tokenizing time. The owner must
/// call `deallocate()`; `makeArray()` copies the result out.
struct TokenBuffer {
    private(set) var base: UnsafeMutablePointer<Token>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    mutating func append(_ token: Token) {
        if count == capacity { grow() }
        (base + count).initialize(to: token)
        count += 1
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Token>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    subscript(_ i: Int) -> Token {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    /// Drops the tokens from index `newCount` on.
    mutating func truncate(to newCount: Int) {
        count = min(count, newCount)
    }

    func makeArray() -> [Token] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    func deallocate() {
        base.deallocate()
    }
}

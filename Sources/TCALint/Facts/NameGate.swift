/// Whether an identifier may be one of a few names, told by its length and first byte alone. A reader that walks every
/// token of a file asks it before comparing the token with each of the names its readers start at: most identifiers
/// fail here at once. Built from the names themselves, so the gate and the readers cannot disagree on a name's shape.
struct NameGate: Sendable {
    /// Entry `length << 8 | first byte`, for lengths below 64.
    private let shapes: [Bool]

    init<Names: Sequence>(_ names: Names) where Names.Element == String {
        var shapes = [Bool](repeating: false, count: 64 << 8)
        for name in names {
            let utf8 = Array(name.utf8)
            guard let first = utf8.first, utf8.count < 64 else { continue }
            shapes[utf8.count << 8 | Int(first)] = true
        }
        self.shapes = shapes
    }

    /// Whether the token at i has the length and first byte of one of the names.
    func admits(_ i: Int, in code: CodeTokens) -> Bool {
        let t = code.tokens[i]
        return t.length < 64 && shapes[t.length << 8 | Int(code.bytes[t.startOffset])]
    }
}

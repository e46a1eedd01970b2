/// Recognises reserved words straight from UTF-8 bytes, without building a `String`.
///
/// A handful of keywords change how the *next* token is lexed (regex-versus-division, see
/// `LexerPrevious`), so the lookup also says which of those it was.
struct KeywordTable {
    /// What a reserved word means for the lexer's look-behind.
    enum Role: UInt8 {
        case notKeyword
        /// Any reserved word that may be followed by an expression (`return`, `case`, `in`, …).
        case plain
        /// `try`: a following postfix `?`/`!` makes the lexer prefer a regex literal next.
        case `try`
        /// `func`, `operator`: the next operator is never the start of a regex literal.
        case declaresOperator
        /// `true false Any nil self Self super`: expressions themselves, so `/` after them divides.
        case expression
        /// `_`: the lexer's `wildcard` token, which behaves like an identifier.
        case wildcard
    }

    /// Longest reserved word (`associatedtype`, `precedencegroup`).
    static let maxLength = 15
    /// Each word occupies one fixed slot: its bytes, zero-padded.
    private static let slotSize = 16

    /// Per `length * 256 + firstByte`: first slot index (high 16 bits) and slot count (low 16).
    private let buckets: UnsafePointer<UInt32>
    private let words: UnsafePointer<UInt8>
    private let roles: UnsafePointer<Role>

    /// Built once for the process and never freed (raw pointers: no refcounting in the lookup).
    static let shared = KeywordTable()

    private init() {
        var grouped: [Int: [([UInt8], Role)]] = [:]
        for word in Keywords.reserved {
            let bytes = Array(word.utf8)
            let role: Role
            switch word {
            case "try": role = .try
            case "func", "operator": role = .declaresOperator
            case "true", "false", "Any", "nil", "self", "Self", "super": role = .expression
            case "_": role = .wildcard
            default: role = .plain
            }
            grouped[bytes.count * 256 + Int(bytes[0]), default: []].append((bytes, role))
        }
        let bucketCount = (Self.maxLength + 1) * 256
        let buckets = UnsafeMutablePointer<UInt32>.allocate(capacity: bucketCount)
        let words = UnsafeMutablePointer<UInt8>.allocate(capacity: Keywords.reserved.count * Self.slotSize)
        words.initialize(repeating: 0, count: Keywords.reserved.count * Self.slotSize)
        let roles = UnsafeMutablePointer<Role>.allocate(capacity: Keywords.reserved.count)
        var slot = 0
        for key in 0..<bucketCount {
            // Sorted so the table is the same on every run.
            let list = (grouped[key] ?? []).sorted { $0.0.lexicographicallyPrecedes($1.0) }
            buckets[key] = UInt32(slot) << 16 | UInt32(list.count)
            for (bytes, role) in list {
                for (k, b) in bytes.enumerated() { words[slot * Self.slotSize + k] = b }
                roles[slot] = role
                slot += 1
            }
        }
        self.buckets = UnsafePointer(buckets)
        self.words = UnsafePointer(words)
        self.roles = UnsafePointer(roles)
    }

    /// The role of the word `base[start..<end]` (all ASCII identifier bytes).
    @inline(__always)
    func role(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Role {
        let length = end - start
        if length > Self.maxLength { return .notKeyword }
        let bucket = buckets[length &* 256 &+ Int(base[start])]
        var slot = Int(bucket >> 16)
        let stop = slot + Int(bucket & 0xFFFF)
        while slot < stop {
            let word = words + slot * Self.slotSize
            var j = 1
            while j < length && word[j] == base[start + j] { j += 1 }
            if j == length { return roles[slot] }
            slot += 1
        }
        return .notKeyword
    }
}

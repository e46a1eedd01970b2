/// A precompiled glob over `/`-separated paths.
///
/// - `*` matches any run of characters within one path component, `?` exactly one character,
///   `[abc]`, `[a-z]`, `[!abc]` / `[^abc]` one character of (or not of) a set; `\x` is a literal `x`.
/// - A component that is exactly `**` matches zero or more whole components
///   (`Sources/**/*.swift` matches `Sources/a.swift` and `Sources/x/y/a.swift`).
///   `**` inside a component (`a**b`) behaves as `*`.
///
/// Matching never backtracks exponentially: both levels (characters within a component,
/// components within the path) use the classic greedy matcher that only remembers the last
/// star, so the cost is at most O(pattern × text) per level.
public struct Glob: Sendable, CustomStringConvertible {
    public let pattern: String
    private let segments: [Segment]

    private enum Atom: Equatable, Sendable {
        case byte(UInt8)
        case anyCharacter
        case star
        case set(ranges: [ClosedRange<UInt32>], negated: Bool)
    }

    private enum Segment: Equatable, Sendable {
        case anyComponents
        case literal([UInt8])
        case wildcard([Atom])
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        self.segments = pattern.split(separator: "/", omittingEmptySubsequences: true).compactMap { part in
            if part == "**" { return .anyComponents }
            if part == "." { return nil }
            let atoms = Glob.compile(Array(part.utf8))
            if atoms.allSatisfy({ if case .byte = $0 { return true } else { return false } }) {
                return .literal(atoms.map { if case .byte(let b) = $0 { return b } else { return 0 } })
            }
            return .wildcard(atoms)
        }
    }

    public var description: String { pattern }

    /// Whether the whole path matches. Empty components and `.` components of the path are ignored,
    /// so `a//b/./c` is `a/b/c`; the path is taken as written otherwise (no `..` resolution).
    public func matches(_ path: String) -> Bool {
        matches(components: Glob.components(of: path))
    }

    /// The path split as `matches` splits it, for matching one path against many globs.
    public static func components(of path: String) -> [ArraySlice<UInt8>] {
        let bytes = Array(path.utf8)
        return bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
            .filter { !($0.count == 1 && $0.first == UInt8(ascii: ".")) }
    }

    public func matches(components: [ArraySlice<UInt8>]) -> Bool {
        var p = 0, c = 0
        var starP = -1, starC = -1
        while c < components.count {
            if p < segments.count {
                if segments[p] == .anyComponents {
                    starP = p
                    starC = c
                    p += 1
                    continue
                }
                if Glob.segment(segments[p], matches: components[c]) {
                    p += 1
                    c += 1
                    continue
                }
            }
            if starP >= 0 {
                p = starP + 1
                starC += 1
                c = starC
                continue
            }
            return false
        }
        while p < segments.count && segments[p] == .anyComponents { p += 1 }
        return p == segments.count
    }

    // MARK: - Components

    private static func segment(_ segment: Segment, matches component: ArraySlice<UInt8>) -> Bool {
        switch segment {
        case .anyComponents: return true
        case .literal(let bytes): return component.elementsEqual(bytes)
        case .wildcard(let atoms): return match(atoms, component)
        }
    }

    private static func match(_ atoms: [Atom], _ text: ArraySlice<UInt8>) -> Bool {
        var p = 0
        var s = text.startIndex
        var starP = -1
        var starS = s
        let end = text.endIndex
        while s < end {
            if p < atoms.count {
                switch atoms[p] {
                case .star:
                    starP = p
                    starS = s
                    p += 1
                    continue
                case .anyCharacter:
                    s += scalarLength(text, s)
                    p += 1
                    continue
                case .byte(let b):
                    if text[s] == b {
                        s += 1
                        p += 1
                        continue
                    }
                case .set(let ranges, let negated):
                    let (value, length) = decodeScalar(text, s)
                    if ranges.contains(where: { $0.contains(value) }) != negated {
                        s += length
                        p += 1
                        continue
                    }
                }
            }
            if starP >= 0 {
                p = starP + 1
                starS += scalarLength(text, starS)
                s = starS
                continue
            }
            return false
        }
        while p < atoms.count && atoms[p] == .star { p += 1 }
        return p == atoms.count
    }

    // MARK: - Compiling

    private static func compile(_ bytes: [UInt8]) -> [Atom] {
        var atoms: [Atom] = []
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "*"):
                if atoms.last != .star { atoms.append(.star) }  // `**` within a component is `*`
                i += 1
            case UInt8(ascii: "?"):
                atoms.append(.anyCharacter)
                i += 1
            case UInt8(ascii: "\\") where i + 1 < bytes.count:
                atoms.append(.byte(bytes[i + 1]))
                i += 2
            case UInt8(ascii: "["):
                if let (set, next) = compileSet(bytes, from: i) {
                    atoms.append(set)
                    i = next
                } else {
                    atoms.append(.byte(b))  // an unclosed `[` is literal
                    i += 1
                }
            default:
                atoms.append(.byte(b))
                i += 1
            }
        }
        return atoms
    }

    /// `[…]` at `start`; nil when it is not closed. A `]` first in the set is literal.
    private static func compileSet(_ bytes: [UInt8], from start: Int) -> (Atom, Int)? {
        var i = start + 1
        var negated = false
        if i < bytes.count && (bytes[i] == UInt8(ascii: "!") || bytes[i] == UInt8(ascii: "^")) {
            negated = true
            i += 1
        }
        var ranges: [ClosedRange<UInt32>] = []
        var first = true
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "]") && !first {
                return (.set(ranges: ranges, negated: negated), i + 1)
            }
            first = false
            var (low, length) = decodeScalar(bytes[...], i)
            if bytes[i] == UInt8(ascii: "\\") && i + 1 < bytes.count {
                (low, length) = decodeScalar(bytes[...], i + 1)
                length += 1
            }
            i += length
            if i + 1 < bytes.count && bytes[i] == UInt8(ascii: "-") && bytes[i + 1] != UInt8(ascii: "]") {
                let (high, highLength) = decodeScalar(bytes[...], i + 1)
                i += 1 + highLength
                if low <= high { ranges.append(low...high) }
            } else {
                ranges.append(low...low)
            }
        }
        return nil
    }

    // MARK: - UTF-8

    private static func scalarLength(_ text: ArraySlice<UInt8>, _ i: Int) -> Int {
        decodeScalar(text, i).1
    }

    /// The Unicode scalar value at `i` and its length in bytes; a malformed byte counts as itself, length 1.
    private static func decodeScalar(_ text: ArraySlice<UInt8>, _ i: Int) -> (UInt32, Int) {
        let b = text[i]
        let length: Int
        var value: UInt32
        switch b {
        case 0x00...0x7F: return (UInt32(b), 1)
        case 0xC0...0xDF: length = 2; value = UInt32(b & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(b & 0x0F)
        case 0xF0...0xF7: length = 4; value = UInt32(b & 0x07)
        default: return (UInt32(b), 1)
        }
        guard i + length <= text.endIndex else { return (UInt32(b), 1) }
        for k in 1..<length {
            let c = text[i + k]
            guard c & 0xC0 == 0x80 else { return (UInt32(b), 1) }
            value = value << 6 | UInt32(c & 0x3F)
        }
        return (value, length)
    }
}

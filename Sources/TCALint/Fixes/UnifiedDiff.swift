/// `diff -u` output for two versions of a file: `--- a/path` / `+++ b/path` headers, hunks with
/// 3 lines of context, GNU range spelling (`-l` for one line, `-l,0` after line l for none) and
/// `\ No newline at end of file` markers. Lines are compared as bytes (a `\r` before `\n` is part of
/// the line, as diff sees it). The line matching is Myers' O(ND) algorithm in linear space
/// (middle snakes), run on an explicit work stack: no recursion, memory O(N + M).
public enum UnifiedDiff {
    public static let contextLines = 3

    /// A header file name as git writes it: a name holding a control character (a hostile file name's
    /// ESC or BEL would drive the terminal showing the patch; a bidi override would reorder what it shows), `"` or a backslash is C-quoted, `"a/e\033[31m.swift"`,
    /// which `git apply` and GNU `patch` read back; any other name is written as it is.
    static func headerName(_ name: String) -> String {
        let named: [Unicode.Scalar: String] = ["\u{07}": "a", "\u{08}": "b", "\t": "t", "\n": "n", "\u{0B}": "v",
                                               "\u{0C}": "f", "\r": "r", "\"": "\"", "\\": "\\"]
        func needsQuoting(_ c: Unicode.Scalar) -> Bool {
            c.value < 0x20 || (0x7F...0x9F).contains(c.value) || c == "\"" || c == "\\" || TextEscaping.isBidiControl(c)
        }
        guard name.unicodeScalars.contains(where: needsQuoting) else { return name }
        var out = "\""
        for scalar in name.unicodeScalars {
            if let letter = named[scalar] {
                out += "\\" + letter
            } else if needsQuoting(scalar) {
                for byte in String(scalar).utf8 {
                    let octal = String(byte, radix: 8)
                    out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// The diff text, or "" when the two versions are identical.
    public static func make(old: [UInt8], new: [UInt8], path: String, context: Int = contextLines) -> String {
        guard old != new else { return "" }
        let a = Line.split(old), b = Line.split(new)
        var ids: [Line: Int] = [:]
        let ax = a.map { line -> Int in if let id = ids[line] { return id }; let id = ids.count; ids[line] = id; return id }
        let bx = b.map { line -> Int in if let id = ids[line] { return id }; let id = ids.count; ids[line] = id; return id }
        let ops = script(ax, bx)
        let shown = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        let separator = shown.hasPrefix("/") ? "" : "/"
        // A name holding a space ends with a tab, as `git diff` writes it: GNU `patch` otherwise reads the
        // name only up to the first space (`diff -u` puts a tab and a timestamp there).
        let tab = shown.contains(" ") ? "\t" : ""
        var out = "--- \(headerName("a" + separator + shown))\(tab)\n+++ \(headerName("b" + separator + shown))\(tab)\n"
        // Lines of each side before the current hunk, counted as the hunks go (once over `ops` in all).
        var counted = 0, before = (a: 0, b: 0)
        for hunk in hunks(ops, context: context) {
            for op in ops[counted..<hunk.lowerBound] {
                switch op {
                case .equal: before.a += 1; before.b += 1
                case .delete: before.a += 1
                case .insert: before.b += 1
                }
            }
            counted = hunk.lowerBound
            out += header(hunk, ops: ops, before: before)
            for op in ops[hunk] {
                switch op {
                case let .equal(i, _): out += a[i].render(" ")
                case let .delete(i): out += a[i].render("-")
                case let .insert(j): out += b[j].render("+")
                }
            }
        }
        return out
    }

    // MARK: lines

    struct Line: Hashable {
        var content: ArraySlice<UInt8>
        var terminated: Bool

        static func split(_ bytes: [UInt8]) -> [Line] {
            var lines: [Line] = []
            var start = 0
            var i = 0
            while i < bytes.count {
                if bytes[i] == 0x0A {
                    lines.append(Line(content: bytes[start..<i], terminated: true))
                    start = i + 1
                }
                i += 1
            }
            if start < bytes.count { lines.append(Line(content: bytes[start..<bytes.count], terminated: false)) }
            return lines
        }

        func render(_ prefix: String) -> String {
            prefix + String(decoding: content, as: UTF8.self) + (terminated ? "\n" : "\n\\ No newline at end of file\n")
        }
    }

    // MARK: edit script

    enum Op: Equatable {
        case equal(Int, Int)
        case delete(Int)
        case insert(Int)

        var isChange: Bool { if case .equal = self { return false }; return true }
    }

    /// The edit script turning `a` into `b`: equal lines, and per gap deletions before insertions.
    static func script(_ a: [Int], _ b: [Int]) -> [Op] {
        let matches = matchingPairs(a, b)
        var ops: [Op] = []
        ops.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        for (mi, mj) in matches + [(a.count, b.count)] {
            while i < mi { ops.append(.delete(i)); i += 1 }
            while j < mj { ops.append(.insert(j)); j += 1 }
            if mi < a.count && mj < b.count { ops.append(.equal(mi, mj)) }
            i = mi + 1
            j = mj + 1
        }
        return ops
    }

    /// Index pairs of a longest common subsequence, increasing in both coordinates.
    static func matchingPairs(_ a: [Int], _ b: [Int]) -> [(Int, Int)] {
        var matches: [(Int, Int)] = []
        var work: [(Int, Int, Int, Int)] = [(0, a.count, 0, b.count)]
        while var (aLo, aHi, bLo, bHi) = work.popLast() {
            while aLo < aHi && bLo < bHi && a[aLo] == b[bLo] { matches.append((aLo, bLo)); aLo += 1; bLo += 1 }
            while aLo < aHi && bLo < bHi && a[aHi - 1] == b[bHi - 1] { matches.append((aHi - 1, bHi - 1)); aHi -= 1; bHi -= 1 }
            if aLo == aHi || bLo == bHi { continue }
            let (x, y, u, v) = middleSnake(a, aLo, aHi, b, bLo, bHi)
            for k in 0..<(u - x) { matches.append((x + k, y + k)) }
            work.append((aLo, x, bLo, y))
            work.append((u, aHi, v, bHi))
        }
        matches.sort { $0.0 < $1.0 }
        return matches
    }

    /// The middle snake of the box: a diagonal run (x, y)…(u, v) (absolute indices, possibly empty) that
    /// lies on an optimal path and splits it into two halves of at most ⌈D/2⌉ edits each.
    /// Requires a[aLo] ≠ b[bLo] and a[aHi-1] ≠ b[bHi-1] (common ends are trimmed by the caller).
    static func middleSnake(_ a: [Int], _ aLo: Int, _ aHi: Int, _ b: [Int], _ bLo: Int, _ bHi: Int) -> (Int, Int, Int, Int) {
        let n = aHi - aLo, m = bHi - bLo
        let delta = n - m
        let odd = delta & 1 != 0
        let maxD = (n + m + 1) / 2
        let offset = maxD + 1
        var forward = [Int](repeating: 0, count: 2 * maxD + 3)
        var backward = [Int](repeating: 0, count: 2 * maxD + 3)
        for d in 0...maxD {
            var k = -d
            while k <= d {
                var x = (k == -d || (k != d && forward[offset + k - 1] < forward[offset + k + 1]))
                    ? forward[offset + k + 1] : forward[offset + k - 1] + 1
                var y = x - k
                let x0 = x, y0 = y
                while x < n && y < m && a[aLo + x] == b[bLo + y] { x += 1; y += 1 }
                forward[offset + k] = x
                let kb = delta - k
                if odd && kb >= -(d - 1) && kb <= d - 1 && x + backward[offset + kb] >= n {
                    return (aLo + x0, bLo + y0, aLo + x, bLo + y)
                }
                k += 2
            }
            k = -d
            while k <= d {
                var x = (k == -d || (k != d && backward[offset + k - 1] < backward[offset + k + 1]))
                    ? backward[offset + k + 1] : backward[offset + k - 1] + 1
                var y = x - k
                let x0 = x, y0 = y
                while x < n && y < m && a[aHi - 1 - x] == b[bHi - 1 - y] { x += 1; y += 1 }
                backward[offset + k] = x
                let kf = delta - k
                if !odd && kf >= -d && kf <= d && x + forward[offset + kf] >= n {
                    return (aHi - x, bHi - y, aHi - x0, bHi - y0)
                }
                k += 2
            }
        }
        // Unreachable for valid input; fall back to "replace everything", which is still a correct diff.
        return (aLo, bLo, aLo, bLo)
    }

    // MARK: hunks

    /// Ranges of `ops` to print: each change with `context` equal lines around it, merged when close.
    static func hunks(_ ops: [Op], context: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var i = 0
        while i < ops.count {
            guard ops[i].isChange else { i += 1; continue }
            let start = max(0, i - context)
            var end = i
            // Extend while the next change is within 2 × context equal lines.
            var j = i
            while j < ops.count {
                if ops[j].isChange { end = j; j += 1; continue }
                var k = j
                while k < ops.count && !ops[k].isChange { k += 1 }
                if k < ops.count && k - j <= 2 * context { j = k; continue }
                break
            }
            let stop = min(ops.count, end + 1 + context)
            if let last = result.last, last.upperBound >= start {
                result[result.count - 1] = last.lowerBound..<stop
            } else {
                result.append(start..<stop)
            }
            i = stop
        }
        return result
    }

    /// `before`: the lines of each side before the hunk, for a side with no line in it.
    static func header(_ hunk: Range<Int>, ops: [Op], before: (a: Int, b: Int)) -> String {
        var aCount = 0, bCount = 0
        var aFirst: Int? = nil, bFirst: Int? = nil
        for op in ops[hunk] {
            switch op {
            case let .equal(i, j):
                aCount += 1; bCount += 1
                if aFirst == nil { aFirst = i }
                if bFirst == nil { bFirst = j }
            case let .delete(i):
                aCount += 1
                if aFirst == nil { aFirst = i }
            case let .insert(j):
                bCount += 1
                if bFirst == nil { bFirst = j }
            }
        }
        let (aBefore, bBefore) = before
        func range(_ first: Int?, _ count: Int, _ before: Int) -> String {
            let start = count == 0 ? before : (first ?? before) + 1
            return count == 1 ? "\(start)" : "\(start),\(count)"
        }
        return "@@ -\(range(aFirst, aCount, aBefore)) +\(range(bFirst, bCount, bBefore)) @@\n"
    }
}

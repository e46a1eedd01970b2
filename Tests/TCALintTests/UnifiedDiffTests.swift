import XCTest
@testable import TCALint

final class UnifiedDiffTests: XCTestCase {
    func diff(_ a: String, _ b: String, path: String = "Sources/F.swift") -> String {
        UnifiedDiff.make(old: Array(a.utf8), new: Array(b.utf8), path: path)
    }

    func testIdenticalTextsHaveNoDiff() {
        XCTAssertEqual(diff("a\nb\n", "a\nb\n"), "")
        XCTAssertEqual(diff("", ""), "")
    }

    func testOneChangedLineWithContext() {
        let old = "1\n2\n3\n4\n5\n6\n7\n8\n9\n"
        let new = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n"
        XCTAssertEqual(diff(old, new), """
            --- a/Sources/F.swift
            +++ b/Sources/F.swift
            @@ -2,7 +2,7 @@
             2
             3
             4
            -5
            +five
             6
             7
             8

            """)
    }

    func testDistantChangesMakeTwoHunksAndCloseOnesMerge() {
        let old = (1...20).map { "\($0)\n" }.joined()
        let twoHunks = old.replacingOccurrences(of: "\n2\n", with: "\n2b\n").replacingOccurrences(of: "\n18\n", with: "\n")
        XCTAssertEqual(diff(old, twoHunks), """
            --- a/Sources/F.swift
            +++ b/Sources/F.swift
            @@ -1,5 +1,5 @@
             1
            -2
            +2b
             3
             4
             5
            @@ -15,6 +15,5 @@
             15
             16
             17
            -18
             19
             20

            """)
        // Changes 6 lines apart share a hunk.
        let merged = old.replacingOccurrences(of: "\n2\n", with: "\n2b\n").replacingOccurrences(of: "\n9\n", with: "\n9b\n")
        XCTAssertEqual(diff(old, merged).components(separatedBy: "@@ -").count - 1, 1)
    }

    func testInsertionIntoEmptyFileAndDeletionOfEverything() {
        XCTAssertEqual(diff("", "a\n"), "--- a/F\n+++ b/F\n@@ -0,0 +1 @@\n+a\n".replacingOccurrences(of: "/F\n", with: "/Sources/F.swift\n"))
        XCTAssertEqual(diff("a\nb\n", ""), "--- a/Sources/F.swift\n+++ b/Sources/F.swift\n@@ -1,2 +0,0 @@\n-a\n-b\n")
    }

    func testMissingFinalNewlineIsMarked() {
        XCTAssertEqual(diff("a\nb", "a\nb\n"), """
            --- a/Sources/F.swift
            +++ b/Sources/F.swift
            @@ -1,2 +1,2 @@
             a
            -b
            \\ No newline at end of file
            +b

            """)
    }

    func testCRLFIsPartOfTheLineAndPathsAreNormalised() {
        XCTAssertEqual(diff("a\r\nb\r\n", "a\r\nc\r\n", path: "./F.swift"),
                       "--- a/F.swift\n+++ b/F.swift\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n")
        XCTAssertTrue(diff("a\n", "b\n", path: "/abs/F.swift").hasPrefix("--- a/abs/F.swift\n+++ b/abs/F.swift\n"))
    }

    /// Random line sequences: applying the printed hunks to the old text gives the new text, and the
    /// number of changed lines is minimal (n + m − 2·LCS, LCS by dynamic programming).
    func testRandomDiffsApplyAndAreMinimal() {
        var rng = SplitMix64(seed: 0x5EED)
        for _ in 0..<400 {
            let a = (0..<Int(rng.next() % 14)).map { _ in ["a", "b", "c", "d"][Int(rng.next() % 4)] }
            let b = (0..<Int(rng.next() % 14)).map { _ in ["a", "b", "c", "d"][Int(rng.next() % 4)] }
            let old = a.map { $0 + "\n" }.joined(), new = b.map { $0 + "\n" }.joined()
            let text = diff(old, new)
            if a == b { XCTAssertEqual(text, ""); continue }
            XCTAssertEqual(applyPatch(text, to: a), b, "\(a) → \(b)\n\(text)")
            let changed = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { ($0.hasPrefix("-") && !$0.hasPrefix("---")) || ($0.hasPrefix("+") && !$0.hasPrefix("+++")) }.count
            XCTAssertEqual(changed, a.count + b.count - 2 * lcsLength(a, b), "\(a) → \(b)\n\(text)")
        }
    }

    /// Applies a unified diff (as printed above) to lines, checking context and deletions match.
    func applyPatch(_ diff: String, to old: [String]) -> [String]? {
        var result: [String] = []
        var cursor = 0
        for line in diff.split(separator: "\n").dropFirst(2) {
            if line.hasPrefix("@@ ") {
                let minus = line.split(separator: " ")[1].dropFirst()
                let parts = minus.split(separator: ",")
                let start = Int(parts[0]) ?? 0, count = parts.count > 1 ? Int(parts[1]) ?? 0 : 1
                let firstIndex = count == 0 ? start : start - 1
                guard firstIndex >= cursor else { return nil }
                result += old[cursor..<firstIndex]
                cursor = firstIndex
            } else if line.hasPrefix(" ") || line.hasPrefix("-") {
                guard cursor < old.count, old[cursor] == String(line.dropFirst()) else { return nil }
                if line.hasPrefix(" ") { result.append(old[cursor]) }
                cursor += 1
            } else if line.hasPrefix("+") {
                result.append(String(line.dropFirst()))
            }
        }
        return result + old[cursor...]
    }

    /// Names are quoted as `git diff` quotes them (core.quotePath off: UTF-8 stays as it is).
    func testHeaderNamesWithControlCharactersQuotesOrBackslashesAreCQuotedAsGitDoes() {
        XCTAssertEqual(UnifiedDiff.headerName("a/Plain é.swift"), "a/Plain é.swift")
        XCTAssertEqual(UnifiedDiff.headerName("a/e\u{1B}[31m\u{07}.swift"), #""a/e\033[31m\a.swift""#)
        XCTAssertEqual(UnifiedDiff.headerName("a/t\tn\nq\"b\\.swift"), #""a/t\tn\nq\"b\\.swift""#)
        XCTAssertEqual(UnifiedDiff.headerName("a/del\u{7F}c1\u{85}.swift"), #""a/del\177c1\302\205.swift""#)
        let patch = UnifiedDiff.make(old: Array("x\n".utf8), new: Array("y\n".utf8), path: "./q\".swift")
        XCTAssertTrue(patch.hasPrefix("--- \"a/q\\\".swift\"\n+++ \"b/q\\\".swift\"\n@@ -1 +1 @@\n"), patch)
    }

    func lcsLength(_ a: [String], _ b: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0..<a.count { for j in 0..<b.count {
            table[i + 1][j + 1] = a[i] == b[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
        } }
        return table[a.count][b.count]
    }
}

/// Small deterministic generator for seeded tests.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

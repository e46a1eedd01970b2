import XCTest
@testable import TCALint

final class DriverTests: XCTestCase {
    func testTextCheckAcceptsValidUTF8() {
        for text in ["", "let a = 1\n", "let ñ = \"日本語 🎉\"\n", String(repeating: "abcdefg", count: 100) + "é",
                     "\u{FEFF}import Foo", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}"] {
            XCTAssertNil(TextCheck.check(Array(text.utf8)), text)
        }
    }

    func testTextCheckRejectsInvalidUTF8AtTheRightOffset() {
        let cases: [([UInt8], Int)] = [
            ([0x80], 0),                          // lone continuation
            ([0x61, 0xC3, 0x28], 1),              // bad continuation
            ([0xC0, 0xAF], 0),                    // overlong "/"
            ([0xE0, 0x80, 0xAF], 0),              // overlong 3-byte
            ([0xED, 0xA0, 0x80], 0),              // UTF-16 surrogate
            ([0xF4, 0x90, 0x80, 0x80], 0),        // above U+10FFFF
            ([0xF5, 0x80, 0x80, 0x80], 0),
            (Array("12345678".utf8) + [0xE2, 0x82], 8),  // truncated at end, after a fast-path word
            ([0xFF], 0),
        ]
        for (bytes, offset) in cases {
            XCTAssertEqual(TextCheck.check(bytes), .invalidUTF8(offset: offset), "\(bytes)")
        }
    }

    func testTextCheckRejectsNULAnywhere() {
        for position in [0, 1, 7, 8, 9, 15, 16, 30] {
            var bytes = Array(repeating: UInt8(ascii: "a"), count: 31)
            bytes[position] = 0
            XCTAssertEqual(TextCheck.check(bytes), .nulByte(offset: position))
        }
    }

    func testPrefilterFindsEachNeedleAndNothingElse() {
        XCTAssertTrue(Prefilter.mayContainFinding(Array("@Reducer struct F {}".utf8)))
        XCTAssertTrue(Prefilter.mayContainFinding(Array("struct F: ReducerProtocol {}".utf8)))
        XCTAssertTrue(Prefilter.mayContainFinding(Array("x._printChanges()".utf8)))
        XCTAssertTrue(Prefilter.mayContainFinding(Array("// tca-lint:disable:this foo".utf8)))
        XCTAssertFalse(Prefilter.mayContainFinding(Array("struct ContentView: View { var body: some View { Text(\"reducer\") } }".utf8)))
        XCTAssertFalse(Prefilter.mayContainFinding([]))
        XCTAssertFalse(Prefilter.mayContainFinding(Array("Reduce".utf8)))
    }

    func testPrefilterFallbackSearch() {
        let hay = Array("xxReducReducerxx".utf8), needle = Array("Reducer".utf8), absent = Array("Reducers".utf8)
        hay.withUnsafeBytes { h in
            needle.withUnsafeBytes { n in XCTAssertTrue(Prefilter.search(h.baseAddress!, h.count, n.baseAddress!, n.count)) }
            absent.withUnsafeBytes { n in XCTAssertFalse(Prefilter.search(h.baseAddress!, h.count, n.baseAddress!, n.count)) }
        }
    }

    func testFileReaderReadsEmptyAndLargeFilesAndRefusesDirectories() throws {
        let tree = try ScratchTree()
        try tree.write("empty.swift", "")
        let big = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try tree.write("big.bin", bytes: big)
        XCTAssertEqual(try FileReader.read(tree.path("empty.swift")).get(), [])
        XCTAssertEqual(try FileReader.read(tree.path("big.bin")).get(), big)
        XCTAssertEqual(FileReader.read(tree.root.path), .failure(.notRegularFile))
        guard case .failure(.cannotOpen) = FileReader.read(tree.path("missing")) else {
            return XCTFail("a missing file cannot be opened")
        }
        XCTAssertEqual(FileReader.maximumSize, 4_294_967_295)
    }

    func testRunnerKeepsPathOrderAndCountsProblems() throws {
        let tree = try ScratchTree()
        let paths = (0..<40).map { tree.path("F\($0).swift") }
        for (i, path) in paths.enumerated() {
            let bytes: [UInt8] = i % 10 == 3 ? [0xFF] : Array("let v = \(i)\n".utf8)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        let sorted = paths.sorted()
        for jobs in [1, 2, 5] {
            let outcome = LintRunner(linter: Linter(rules: []), jobs: jobs).run(sorted)
            XCTAssertEqual(outcome.problems.map(\.path), sorted.filter { $0.hasSuffix("3.swift") }, "jobs \(jobs)")
            XCTAssertEqual(outcome.filesLinted, 36)
            XCTAssertEqual(outcome.filesAnalyzed, 0, "no needle in any file: nothing tokenized")
        }
    }
}

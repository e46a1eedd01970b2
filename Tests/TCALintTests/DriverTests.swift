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
        XCTAssertEqual(FileReader.maximumSize, 128 << 20)
    }

    /// Every read is capped: a regular file above its cap is refused from its size, without reading it.
    func testFileReaderRefusesFilesAboveTheirCap() throws {
        let tree = try ScratchTree()
        let bytes = [UInt8](repeating: 0x61, count: 5000)
        try tree.write("a.swift", bytes: bytes)
        XCTAssertEqual(FileReader.read(tree.path("a.swift"), limit: 4999), .failure(.tooLarge(size: 5000, limit: 4999)))
        XCTAssertEqual(try FileReader.read(tree.path("a.swift"), limit: 5000).get(), bytes)
        XCTAssertEqual(FileReader.Failure.tooLarge(size: 5000, limit: 4999).description,
                       "file too large (5000 bytes; the limit is 4999)")
        XCTAssertEqual(FileReader.Failure.tooLarge(size: nil, limit: 4999).description,
                       "file too large (more than 4999 bytes; the limit is 4999)")
        XCTAssertEqual(FileReader.read("/dev/null"), .failure(.notRegularFile))
    }

    /// A file that announces size 0 and never ends (procfs) is read only up to the cap.
    func testFileReaderStopsAnEndlessFileAtTheCap() throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/pagemap") else {
            throw XCTSkip("no /proc/self/pagemap (not Linux): the endless file of this test does not exist")
        }
        let tree = try ScratchTree()
        try tree.symlink("P.swift", to: "/proc/self/pagemap")
        XCTAssertEqual(FileReader.read(tree.path("P.swift"), limit: 1 << 20), .failure(.tooLarge(size: nil, limit: 1 << 20)))
    }

    /// Standard input that keeps coming is refused at the cap; a pipe that ends is read whole.
    func testReadAllFromADescriptorIsCapped() throws {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let writeEnd = fds[1]
        let writer = Thread {
            // More than the cap, then the end: the reader must give up before reading it all.
            let chunk = [UInt8](repeating: 0x20, count: 4096)
            for _ in 0..<100 { _ = chunk.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) } }
            close(writeEnd)
        }
        writer.start()
        let result = FileReader.readAll(descriptor: fds[0], limit: 100_000)
        XCTAssertEqual(result, .failure(.tooLarge(size: nil, limit: 100_000)))
        // Drain, so the writer ends without SIGPIPE.
        var sink = [UInt8](repeating: 0, count: 65536)
        while sink.withUnsafeMutableBytes({ read(fds[0], $0.baseAddress, $0.count) }) > 0 {}
        close(fds[0])
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        XCTAssertEqual(write(ends[1], "abc", 3), 3)
        close(ends[1])
        XCTAssertEqual(try FileReader.readAll(descriptor: ends[0], limit: 100).get(), Array("abc".utf8))
        close(ends[0])
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

    /// What two rules ask of a file alike is computed once per file: the second asker gets the first answer; another
    /// question, or another file, computes its own.
    func testAFileComputesASharedAnswerOnce() {
        let file = AnalyzedFile(source: SourceFile(path: "A.swift", bytes: Array("struct A {}\n".utf8)))
        let other = AnalyzedFile(source: SourceFile(path: "B.swift", bytes: Array("struct B {}\n".utf8)))
        var calls = 0
        let make = { () -> [Int] in calls += 1; return [calls] }
        XCTAssertEqual(file.computedOnce(by: Int.self, make), [1])
        XCTAssertEqual(file.computedOnce(by: Int.self, make), [1], "asked again: the kept answer")
        XCTAssertEqual(file.computedOnce(by: String.self, make), [2], "another question")
        XCTAssertEqual(other.computedOnce(by: Int.self, make), [3], "another file")
        XCTAssertEqual(calls, 3)
    }
}

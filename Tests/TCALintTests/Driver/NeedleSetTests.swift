import XCTest
@testable import TCALint

/// `NeedleSet` answers as asking each needle in turn with `Prefilter.contains` (libc's `memmem`) would.
final class NeedleSetTests: XCTestCase {
    func testEdges() {
        let set = NeedleSet(["Reduce", ": /", "Action.", "x"])
        XCTAssertFalse(set.occurs(in: []))
        XCTAssertTrue(set.occurs(in: Array("x".utf8)), "a one-byte needle")
        XCTAssertTrue(set.occurs(in: Array("  Reduce".utf8)), "at the very end")
        XCTAssertFalse(set.occurs(in: Array("  Reduc".utf8)), "cut off by the end")
        XCTAssertTrue(set.occurs(in: Array("Feature.Action.tap".utf8)))
        XCTAssertFalse(set.occurs(in: Array("https://a.b (/r/) Act".utf8)))
        XCTAssertFalse(NeedleSet([String]()).occurs(in: Array("anything".utf8)))
        XCTAssertFalse(NeedleSet([""]).occurs(in: Array("anything".utf8)), "an empty needle is left out")
        // Two needles with the same first two bytes: the second is tried when the first fails.
        XCTAssertTrue(NeedleSet(["abX", "abY"]).occurs(in: Array("..abY".utf8)))
    }

    /// Seeded random haystacks over a small alphabet, so that needles occur, almost occur and overlap.
    func testAnswersAsEachNeedleInTurn() {
        var rng = SplitMix64(seed: 20261206)
        let alphabet = Array("ab: /.(\\R".utf8)
        func random(_ count: Int) -> [UInt8] { (0..<count).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] } }
        for _ in 0..<2_000 {
            let needles = (0..<Int(rng.next() % 6)).map { _ in random(1 + Int(rng.next() % 4)) }
            let set = NeedleSet(needles)
            let haystack = random(Int(rng.next() % 80))
            let expected = needles.contains { Prefilter.contains(haystack, needle: $0) }
            XCTAssertEqual(set.occurs(in: haystack), expected, "\(needles.map { String(decoding: $0, as: UTF8.self) }) in \(String(decoding: haystack, as: UTF8.self))")
        }
    }

    /// Needles of three bytes or more that share bytes and pairs, over a longer haystack.
    func testAnswersAsEachNeedleInTurnWithLongNeedles() {
        var rng = SplitMix64(seed: 20261207)
        let alphabet = Array("ab: /.".utf8)
        func random(_ count: Int) -> [UInt8] { (0..<count).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] } }
        for _ in 0..<2_000 {
            let shortest = 3 + Int(rng.next() % 4)
            let needles = (0..<(1 + Int(rng.next() % 5))).map { _ in random(shortest + Int(rng.next() % 4)) }
            let set = NeedleSet(needles)
            let haystack = random(Int(rng.next() % 120))
            let expected = needles.contains { Prefilter.contains(haystack, needle: $0) }
            XCTAssertEqual(set.occurs(in: haystack), expected, "\(needles.map { String(decoding: $0, as: UTF8.self) }) in \(String(decoding: haystack, as: UTF8.self))")
        }
        XCTAssertTrue(NeedleSet(["abcdef"]).occurs(in: Array("xabcdef".utf8)), "at an odd position, at the end")
        XCTAssertTrue(NeedleSet(["abcdef", "xyz"]).occurs(in: Array("..xyz".utf8)))
        XCTAssertFalse(NeedleSet(["abcdef", "xyz"]).occurs(in: Array("abcdexy".utf8)))
    }

    /// The driver's set: every file of the fixtures is worth reading or not exactly as before.
    func testTheDriversSetAgreesWithMemmemOnTheFixtures() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: PackagePaths.root.appendingPathComponent("fixtures").path)
            .filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 20)
        for file in files {
            let bytes = Array(try Data(contentsOf: PackagePaths.root.appendingPathComponent("fixtures/" + file)))
            let each = ProjectIndexer.worthReadingNeedles.contains { Prefilter.contains(bytes, needle: $0) }
            XCTAssertEqual(ProjectIndexer.worthReading.occurs(in: bytes), each, file)
            XCTAssertEqual(Prefilter.mayContainFinding(bytes), Prefilter.needles.contains { Prefilter.contains(bytes, needle: $0) }, file)
        }
    }
}

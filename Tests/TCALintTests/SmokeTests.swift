import XCTest
@testable import TCALint

final class SmokeTests: XCTestCase {
    func testLineStartsHandleAllLineBreaks() {
        let f = SourceFile(path: "x", bytes: Array("a\nb\r\nc\rd".utf8))
        XCTAssertEqual(f.lineStarts, [0, 2, 5, 7])
        XCTAssertEqual(f.location(of: 7).line, 4)
    }

    /// Without `\r` the line ends are searched with `memchr`: the same starts as splitting at every `\n`.
    func testLineStartsWithoutCarriageReturns() {
        for text in ["", "a", "\n", "\n\n", "a\nb", "a\nb\n", "é\n日本\n\nx", String(repeating: "let x = 1\n", count: 1_000) + "end"] {
            var expected = [0]
            for (i, byte) in text.utf8.enumerated() where byte == 0x0A { expected.append(i + 1) }
            XCTAssertEqual(SourceFile(path: "x", bytes: Array(text.utf8)).lineStarts, expected, text)
        }
    }
}

import XCTest
@testable import TCALint

final class SmokeTests: XCTestCase {
    func testLineStartsHandleAllLineBreaks() {
        let f = SourceFile(path: "x", bytes: Array("a\nb\r\nc\rd".utf8))
        XCTAssertEqual(f.lineStarts, [0, 2, 5, 7])
        XCTAssertEqual(f.location(of: 7).line, 4)
    }
}

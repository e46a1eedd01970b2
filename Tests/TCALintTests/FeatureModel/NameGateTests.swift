import XCTest
@testable import TCALint

/// A reader's gate admits every identifier shaped like one of its names (length and first byte) and nothing else.
final class NameGateTests: XCTestCase {
    func testAdmitsTheNamesShapesOnly() {
        let gate = NameGate(["scope", "CaseLet", "navigationDestination", String(repeating: "x", count: 70)])
        let code = FileSyntax(source: SourceFile(path: "x.swift", bytes: Array(
            "scope sheet Scope scoped CaseLet Columns navigationDestination nav \(String(repeating: "x", count: 70))\n".utf8))).code
        let admitted = (0..<code.count).filter { gate.admits($0, in: code) }.map { code.text($0) }
        // `sheet` has `scope`'s shape; `Columns` has `CaseLet`'s; a name of 64 bytes or more is never admitted.
        XCTAssertEqual(admitted, ["scope", "sheet", "CaseLet", "Columns", "navigationDestination"])
    }
}

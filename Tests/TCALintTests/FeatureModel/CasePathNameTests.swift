import XCTest
@testable import TCALint

/// A name in a case path is read without the backticks that let it be a keyword (`` case `default` ``).
final class CasePathNameTests: XCTestCase {
    func testABacktickedNameIsReadWithoutItsBackticks() {
        let syntax = FileSyntax(source: SourceFile(path: "x.swift", bytes: Array("case `default`, plain, `é`, `self`\n".utf8)))
        let code = syntax.code
        let names = (0..<code.count).filter { code.kind($0) == .identifier }.map { CasePath.name($0, code: code) }
        XCTAssertEqual(names, ["default", "plain", "é", "self"])
    }

    func testANestedKeyNamesItsLastPart() {
        XCTAssertEqual(FeatureMerger.nestedName("App.State", in: "App"), "State")
        XCTAssertEqual(FeatureMerger.nestedName("Écran.Action.View", in: "Écran.Action"), "View")
        XCTAssertEqual(FeatureMerger.nestedName("A{Sources/É/A.swift}.State", in: "A{Sources/É/A.swift}"), "State")
    }
}

import XCTest
@testable import TCALint

/// The byte-wise answers the model uses instead of Foundation's: they must agree with what they replace.
final class ASCIISearchTests: XCTestCase {
    func testLastDotComponentAnswersAsSplitsLastDid() {
        let names = ["Feature", "App.Feature", "A.B.C", "A.", "A..B", ".A", "...", "", "Ünïcode.Nâme", "Home{Sources/A.swift}.State"]
        for name in names {
            XCTAssertEqual(name.lastDotComponent.map(String.init), name.split(separator: ".").last.map(String.init), name)
            let sub = Substring(name)
            XCTAssertEqual(sub.lastDotComponent.map(String.init), sub.split(separator: ".").last.map(String.init), name)
        }
        XCTAssertEqual("App.Feature".lastDotComponent, "Feature")
        XCTAssertNil("..".lastDotComponent)
    }

    func testContainsFindsAnASCIINeedleAnywhereAndOnlyWhereItIs() {
        XCTAssertTrue(ASCIISearch.contains("PresentationAction<Child.Action>", "Action>"))
        XCTAssertTrue(ASCIISearch.contains("StackAction", "StackAction"))
        XCTAssertFalse(ASCIISearch.contains("StackActio", "StackAction"))
        XCTAssertFalse(ASCIISearch.contains("Stack Action", "StackAction"))
        XCTAssertTrue(ASCIISearch.contains("x", ""))
        XCTAssertTrue(ASCIISearch.contains("NotificationCenter", "notification", ignoringCase: true))
        XCTAssertFalse(ASCIISearch.contains("NotificationCenter", "notification"))
    }
}

import XCTest
@testable import TCALint

/// How case paths are read from patterns and shown in messages: a name without the backticks that let it be a keyword
/// (`` case `default` ``), a stack's or identified array's element followed into its action.
final class CasePathNameTests: XCTestCase {
    func paths(_ patterns: String) -> [[String]] {
        let syntax = FileSyntax(source: SourceFile(path: "x.swift", bytes: Array(patterns.utf8)))
        return CasePath.patterns(code: syntax.code, from: 0, to: syntax.code.count).map(\.path)
    }

    func testAnElementsPatternIsFollowedIntoItsActionArgument() {
        XCTAssertEqual(paths(".path(.element(id: _, action: .detail(.saveTapped(let x))))"), [["path", "element", "detail", "saveTapped"]])
        XCTAssertEqual(paths("let .rows(.element(id: id, action: .toggle))"), [["rows", "element", "toggle"]])
        // An id given by a call or a literal is skipped whole; without an `action:` argument the path ends at
        // `element`, as does another case's labelled first argument.
        XCTAssertEqual(paths(".rows(.element(id: ids[0], action: .toggle)), .rows(.element(id: _))"),
                       [["rows", "element", "toggle"], ["rows", "element"]])
        XCTAssertEqual(paths(".alert(.presented(.confirm(id: _, action: .x)))"), [["alert", "presented", "confirm"]])
    }

    /// A value passed under a label keeps it, so a send and a pattern of the same labelled value read alike and
    /// a message quotes the code: `.changed(opacity: .zero)`, not `.changed(.zero)`.
    func testALabelledValueIsReadWithItsLabelAndShownAsWritten() {
        XCTAssertEqual(paths(".changed(opacity: .zero), .inner(.sheet(filterType: .date(let d)))"),
                       [["changed", "opacity:zero"], ["inner", "sheet", "filterType:date"]])
        XCTAssertEqual(CasePath.shown(["changed", "opacity:zero"]), ".changed(opacity: .zero)")
        XCTAssertEqual(CasePath.shown(["inner", "sheet", "filterType:date"]), ".inner(.sheet(filterType: .date))")
        // A labelled binding or literal adds nothing.
        XCTAssertEqual(paths(".changed(opacity: let o), .moved(to: 3)"), [["changed"], ["moved"]])
    }

    func testAPathIsShownWithTheLabelsOfAnElementsArguments() {
        XCTAssertEqual(CasePath.shown(["path", "element", "detail", "saveTapped"]), ".path(.element(id: _, action: .detail(.saveTapped)))")
        XCTAssertEqual(CasePath.shown(["home", "settingsTapped"]), ".home(.settingsTapped)")
        XCTAssertEqual(CasePath.shown(["rows", "element"]), ".rows(.element)")
        XCTAssertEqual(CasePath.shown(["element", "x"]), ".element(.x)")
        XCTAssertEqual(CasePath.childPart(of: ["path", "element", "detail", "saveTapped"], composedAt: ["path"]), ["detail", "saveTapped"])
        XCTAssertEqual(CasePath.childPart(of: ["path", "element"], composedAt: ["path"]), nil)
    }

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

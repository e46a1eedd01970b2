import XCTest
@testable import TCALint

final class GlobTests: XCTestCase {
    func testDoubleStarComponents() {
        let previews = Glob("**/Previews/**")
        XCTAssertTrue(previews.matches("Previews/A.swift"))
        XCTAssertTrue(previews.matches("App/Feature/Previews/A.swift"))
        XCTAssertTrue(previews.matches("/abs/App/Previews/Deep/B.swift"))
        XCTAssertFalse(previews.matches("App/PreviewsX/A.swift"))
        XCTAssertFalse(previews.matches("App/MyPreviews/A.swift"))

        let sources = Glob("Sources/**/*.swift")
        XCTAssertTrue(sources.matches("Sources/a.swift"))
        XCTAssertTrue(sources.matches("Sources/x/y/a.swift"))
        XCTAssertFalse(sources.matches("Sources/x/a.swiftx"))
        XCTAssertFalse(sources.matches("Other/Sources/a.swift"))
        XCTAssertFalse(sources.matches("Sources"))
    }

    func testStarStaysWithinAComponent() {
        XCTAssertTrue(Glob("Sources/*.swift").matches("Sources/a.swift"))
        XCTAssertFalse(Glob("Sources/*.swift").matches("Sources/x/a.swift"))
        XCTAssertTrue(Glob("*Tests*").matches("AppTests"))
        XCTAssertTrue(Glob("a**b").matches("axxb"))
        XCTAssertFalse(Glob("a**b").matches("ax/xb"))
        XCTAssertTrue(Glob("*").matches(".hidden"))
    }

    func testQuestionMarkAndSets() {
        XCTAssertTrue(Glob("file?.swift").matches("file1.swift"))
        XCTAssertFalse(Glob("file?.swift").matches("file.swift"))
        XCTAssertTrue(Glob("file?.swift").matches("fileé.swift"))  // one character, two bytes
        XCTAssertTrue(Glob("[abc].txt").matches("b.txt"))
        XCTAssertFalse(Glob("[abc].txt").matches("d.txt"))
        XCTAssertTrue(Glob("[a-c]x").matches("cx"))
        XCTAssertTrue(Glob("[!a-c]x").matches("dx"))
        XCTAssertFalse(Glob("[^a-c]x").matches("ax"))
        XCTAssertTrue(Glob("[]]").matches("]"))
        XCTAssertTrue(Glob("[é]").matches("é"))
        XCTAssertTrue(Glob("a[").matches("a["))  // unclosed set is literal
        XCTAssertTrue(Glob(#"a\*"#).matches("a*"))
        XCTAssertFalse(Glob(#"a\*"#).matches("ab"))
    }

    func testPathNormalisation() {
        XCTAssertTrue(Glob("a/b/c").matches("a//b/./c"))
        XCTAssertTrue(Glob("./a/*").matches("a/x"))
    }

    func testPathologicalPatternsFinishFast() {
        let long = String(repeating: "a", count: 20_000)
        let start = Date()
        XCTAssertFalse(Glob("a*a*a*a*a*a*a*a*b").matches(long))
        XCTAssertTrue(Glob("a*a*a*a*a*a*a*a*a").matches(long))
        let deep = Array(repeating: "a", count: 2_000).joined(separator: "/")
        XCTAssertFalse(Glob("**/a/**/a/**/a/**/a/**/b").matches(deep))
        XCTAssertTrue(Glob("**/a/**/a/**/a/**/a").matches(deep))
        XCTAssertLessThan(Date().timeIntervalSince(start), 2.0)
    }
}

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

    /// Backtracking over these would not finish (timings are `scripts/bench`'s job, not the suite's).
    func testPathologicalPatternsFinish() {
        let long = String(repeating: "a", count: 20_000)
        XCTAssertFalse(Glob("a*a*a*a*a*a*a*a*b").matches(long))
        XCTAssertTrue(Glob("a*a*a*a*a*a*a*a*a").matches(long))
        let deep = Array(repeating: "a", count: 2_000).joined(separator: "/")
        XCTAssertFalse(Glob("**/a/**/a/**/a/**/a/**/b").matches(deep))
        XCTAssertTrue(Glob("**/a/**/a/**/a/**/a").matches(deep))
    }
}

final class PathsTests: XCTestCase {
    /// The fast path must agree with splitting and joining on every shape.
    func testNormalizeFastPathAgreesWithTheSlowPath() {
        let samples = ["/", "", ".", "..", "a", "/a", "a/", "/a/", "a//b", "//a", "./a", "a/.", "a/..", "../a", "a/../b",
                       "/a/./b", "/a/.b", "/a/..b", "/a/...", ".hidden/x", "a/b/c.swift", "/r/Sources/A B/日本.swift", "/.."]
        for path in samples {
            let slow = Paths.components(path).joined(separator: "/")
            let expected = path.hasPrefix("/") ? "/" + slow : (slow.isEmpty ? "." : slow)
            XCTAssertEqual(Paths.normalize(path), expected, path)
        }
        XCTAssertTrue(Paths.isNormalized("/a/b/.c/..d"))
        XCTAssertFalse(Paths.isNormalized("/a/b/"))
        XCTAssertEqual(Paths.relative("/x/y/f", to: "/x/z"), "../y/f")
        XCTAssertEqual(Paths.relative("/x/y", to: "/x/y"), ".")
    }

    /// A walk from `.` spells every path `./…`: joined without splitting when the rest is normalized, and the same
    /// as joining and normalizing on every shape.
    func testAbsoluteFastPathAgreesWithNormalizing() {
        let samples = ["./a", "././a/b", "./a/../b", "./", ".", "./.", "./..", "a", "a/./b", ".//a", "./a/", "../a", ".../a",
                       "./.hidden/x.swift", "./a/b/c.swift"]
        for base in ["/r", "/", "/r/s"] {
            for path in samples {
                XCTAssertEqual(Paths.absolute(path, base: base), Paths.normalize(base + "/" + path), "\(base) + \(path)")
            }
        }
        XCTAssertEqual(Paths.absolute("./Sources/A", base: "/r"), "/r/Sources/A")
        XCTAssertEqual(Paths.absolute("/x/./y", base: "/r"), "/x/y")
    }

    func testDirectoryOfAPath() {
        XCTAssertEqual(Paths.directory(of: "/a/b/c.yml"), "/a/b")
        XCTAssertEqual(Paths.directory(of: "/c.yml"), "/")
        XCTAssertEqual(Paths.directory(of: "c.yml"), ".")
        XCTAssertEqual(Paths.directory(of: "./é/ü.swift"), "./é")
    }
}

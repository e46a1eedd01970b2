import XCTest
@testable import TCALint

/// `SourceTokens`: the full token list (comments included) and its lookups by byte offset, which the fix
/// mechanics and the disable comments use. Its positions are not `CodeTokens` positions: the same token
/// sits at different places in the two lists once a comment precedes it.
final class SourceTokensTests: XCTestCase {
    //                         0         1         2
    //                         0123456789012345678901234567
    private let text = "let a = 1 /* c */ // d\nlet b"

    private var file: FileSyntax { FileSyntax(source: SourceFile(path: "A.swift", bytes: Array(text.utf8))) }

    func testLookupsByOffset() {
        let tokens = file.tokens
        XCTAssertEqual(tokens.count, 8)  // let a = 1 /* c */ // d let b
        let comment = tokens.index(containing: 12)
        XCTAssertNotNil(comment)
        XCTAssertEqual(comment.map { tokens[$0].kind }, .comment)
        XCTAssertNil(tokens.index(containing: 9), "a space between tokens belongs to no token")
        XCTAssertNil(tokens.index(containing: text.utf8.count), "past the end")
        XCTAssertEqual(tokens.token(startingAt: 8)?.kind, .number)
        XCTAssertNil(tokens.token(startingAt: 11), "inside a token, not at its start")
        XCTAssertEqual(tokens.comment(startingAt: 18)?.endOffset, 22)
        XCTAssertNil(tokens.comment(startingAt: 0), "`let` is not a comment")
    }

    func testHasCommentCountsPartlyCoveredComments() {
        let tokens = file.tokens
        XCTAssertFalse(tokens.hasComment(in: 0..<10))
        XCTAssertTrue(tokens.hasComment(in: 0..<11), "the block comment starts at 10")
        XCTAssertTrue(tokens.hasComment(in: 16..<17), "ends inside the block comment")
        XCTAssertFalse(tokens.hasComment(in: 23..<28))
    }

    func testTheTwoListsIndexTheSameTokenDifferently() {
        let file = self.file
        let code = file.code
        // `let` of line 2 is the 7th of all tokens (after two comments) but the 5th code token.
        let inAll = file.tokens.index(containing: 23)!
        XCTAssertEqual(file.tokens.distance(from: file.tokens.startIndex, to: inAll), 6)
        XCTAssertEqual(code.firstIndex(endingAfter: 23), 4)
        XCTAssertEqual(file.tokens[inAll], code.tokens[4])
        XCTAssertEqual(code.firstIndex(endingAfter: 12), 4, "the next code token after a comment")
    }

    /// Text shown in a message on one line: a line break and its indentation become one space between words and after a
    /// comma, nothing next to brackets, dots, commas and colons.
    func testShownTextJoinsItsLinesAsTheyRead() {
        XCTAssertEqual(CodeTokens.oneLine("URLSession\n    .shared"), "URLSession.shared")
        XCTAssertEqual(CodeTokens.oneLine("store.scope(state: \\.items,\n             action: \\.itemAction)"),
                       "store.scope(state: \\.items, action: \\.itemAction)")
        XCTAssertEqual(CodeTokens.oneLine("Scope(\n  state: \\.a,\n  action: \\.a\n)"), "Scope(state: \\.a, action: \\.a)")
        XCTAssertEqual(CodeTokens.oneLine("let x =\r\n  y"), "let x = y")
        XCTAssertEqual(CodeTokens.oneLine("a \n b"), "a b", "a space already there is not doubled")
    }
}

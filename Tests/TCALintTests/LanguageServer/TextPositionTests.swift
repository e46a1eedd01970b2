import XCTest
@testable import TCALint

final class TextPositionTests: XCTestCase {
    private func index(_ text: String) -> LineIndex { LineIndex(bytes: Array(text.utf8)) }

    func testPositionsCountUTF16UnitsAfterNonASCII() {
        // "a😀é" + "b": 😀 is 4 bytes / 2 units, é 2 bytes / 1 unit.
        let i = index("a😀éb\nx")
        XCTAssertEqual(i.position(ofByte: 0), LSPPosition(line: 0, character: 0))
        XCTAssertEqual(i.position(ofByte: 1), LSPPosition(line: 0, character: 1))
        XCTAssertEqual(i.position(ofByte: 5), LSPPosition(line: 0, character: 3))
        XCTAssertEqual(i.position(ofByte: 7), LSPPosition(line: 0, character: 4))
        XCTAssertEqual(i.position(ofByte: 9), LSPPosition(line: 1, character: 0))
        XCTAssertEqual(i.byteOffset(of: LSPPosition(line: 0, character: 3)), 5)
        XCTAssertEqual(i.byteOffset(of: LSPPosition(line: 0, character: 4)), 7)
        // Inside the surrogate pair: the start of the emoji.
        XCTAssertEqual(i.byteOffset(of: LSPPosition(line: 0, character: 2)), 1)
    }

    func testLineBreaksCRLFAndLoneCR() {
        let i = index("ab\r\ncd\re\n")
        XCTAssertEqual(i.lineCount, 4)
        XCTAssertEqual(i.byteOffset(of: LSPPosition(line: 1, character: 1)), 5)
        XCTAssertEqual(i.byteOffset(of: LSPPosition(line: 2, character: 0)), 7)
        XCTAssertEqual(i.position(ofByte: 5), LSPPosition(line: 1, character: 1))
        // Past the end of a line: the end of its content, before `\r\n`.
        XCTAssertEqual(i.byteOffset(of: LSPPosition(line: 0, character: 99)), 2)
        XCTAssertEqual(i.byteOffset(of: LSPPosition(line: 1, character: 99)), 6)
        // Past the last line: the end of the text; negative line: the start.
        XCTAssertEqual(i.byteOffset(of: LSPPosition(line: 42, character: 0)), 9)
        XCTAssertEqual(i.byteOffset(of: LSPPosition(line: -1, character: 0)), 0)
    }

    func testCombiningMarksAndEmojiModifiersCountTheirUTF16Units() {
        // "e\u{301}" is 3 bytes and 2 UTF-16 units, "👍🏽" 8 bytes and 4 units.
        let i = index("e\u{301}👍🏽x\r\ny")
        XCTAssertEqual(i.position(ofByte: 11), LSPPosition(line: 0, character: 6))
        XCTAssertEqual(i.byteOffset(of: LSPPosition(line: 0, character: 6)), 11)
        XCTAssertEqual(i.position(ofByte: 14), LSPPosition(line: 1, character: 0))
    }

    func testIncrementalChangesApplyInOrderWithCRLF() throws {
        var store = DocumentStore()
        store.open(uri: "u", languageID: "swift", version: 1, text: "let a = 1\r\nlet 😀 = 2\r\n")
        try store.change(uri: "u", version: 2, changes: [
            ["range": ["start": ["line": 1, "character": 4], "end": ["line": 1, "character": 6]], "text": "b"],
            ["range": ["start": ["line": 0, "character": 9], "end": ["line": 1, "character": 0]], "text": " "],
        ])
        XCTAssertEqual(String(decoding: store["u"]!.bytes, as: UTF8.self), "let a = 1 let b = 2\r\n")
        XCTAssertEqual(store["u"]?.version, 2)
        try store.change(uri: "u", version: 3, changes: [["text": "full"]])
        XCTAssertEqual(String(decoding: store["u"]!.bytes, as: UTF8.self), "full")
    }

    func testInvalidChangesLeaveTheDocumentUntouched() {
        var store = DocumentStore()
        store.open(uri: "u", languageID: "swift", version: 1, text: "abc")
        XCTAssertThrowsError(try store.change(uri: "u", version: 2, changes: [
            ["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 1]], "text": "X"],
            ["range": ["start": ["line": 0]], "text": "Y"],
        ]))
        XCTAssertEqual(store["u"]?.bytes, Array("abc".utf8))
        XCTAssertEqual(store["u"]?.version, 1)
        XCTAssertThrowsError(try store.change(uri: "other", version: 2, changes: []))
        // An end before its start is an empty range at the start.
        XCTAssertNoThrow(try store.change(uri: "u", version: 2, changes: [
            ["range": ["start": ["line": 0, "character": 2], "end": ["line": 0, "character": 1]], "text": "-"],
        ]))
        XCTAssertEqual(store["u"]?.bytes, Array("ab-c".utf8))
    }

    func testFileURIs() {
        XCTAssertEqual(FileURI.path(of: "file:///a/My%20Feature%C3%A9.swift"), "/a/My Featureé.swift")
        XCTAssertEqual(FileURI.path(of: "file://localhost/a/b.swift"), "/a/b.swift")
        XCTAssertEqual(FileURI.path(of: "FILE:///x%2"), "/x%2")
        XCTAssertNil(FileURI.path(of: "untitled:Untitled-1"))
        XCTAssertNil(FileURI.path(of: "file://server/share/x.swift"))
        XCTAssertEqual(FileURI.uri(ofPath: "/a b/é.swift"), "file:///a%20b/%C3%A9.swift")
    }
}

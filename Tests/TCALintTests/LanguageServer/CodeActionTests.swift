import Foundation
import XCTest
@testable import TCALint

final class CodeActionTests: XCTestCase {
    private var workspace: URL!

    override func setUpWithError() throws {
        workspace = FileManager.default.temporaryDirectory.appendingPathComponent("tca-lint-code-actions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: workspace)
    }

    private func actions(_ text: String, line: Int, only: [String]? = nil, fixProvider: CodeActionFixProvider? = nil,
                         documentChanges: Bool = false) -> [LSPObject] {
        let uri = FileURI.uri(ofPath: workspace.path + "/A.swift")
        let document = TextDocument(uri: uri, languageID: "swift", version: 4, bytes: Array(text.utf8))
        let result = DocumentLinter.lint(document, configuration: WorkspaceConfiguration(rootPath: workspace.path), resultID: "1")
        guard CodeActions.admitsQuickFixes(only) else { return [] }
        let range = LSPRange(start: LSPPosition(line: line, character: 0), end: LSPPosition(line: line, character: 0))
        return CodeActions(result: result, fixProvider: fixProvider, useDocumentChanges: documentChanges).actions(forLines: range)
    }

    private func onlyEdit(_ action: LSPObject?) -> String {
        guard let changes = action?.object("edit")?.object("changes"), let edits = changes.values.first as? [Any],
              edits.count == 1 else { return "no single edit in \(String(describing: action))" }
        return LSPTestClient.canonical(String(decoding: LSPJSON.serialize(edits[0]), as: UTF8.self))
    }

    func testDisableCommentKeepsTabIndentationAndCRLF() {
        let text = "struct A {\r\n\tvar body: some Reducer {\r\n\t\tReduce()._printChanges()\r\n\t}\r\n}\r\n"
        let result = actions(text, line: 2)
        XCTAssertEqual(result.count, 1)
        XCTAssertEqual(result.first?.string("title"), "Disable leftover_print_changes for this line")
        XCTAssertEqual(onlyEdit(result.first), LSPTestClient.canonical("""
            {"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":0}},
             "newText":"\\t\\t// tca-lint:disable:next leftover_print_changes\\r\\n"}
            """))
        XCTAssertTrue(actions(text, line: 1).isEmpty, "no finding on line 1")
        XCTAssertTrue(actions(text, line: 2, only: ["refactor"]).isEmpty)
        XCTAssertEqual(actions(text, line: 2, only: ["quickfix"]).count, 1)
    }

    func testAnExistingDisableNextCommentGetsTheRuleAppended() {
        let text = "let a = 1\n    // tca-lint:disable:next expensive_body\n    let v = x._printChanges()\n"
        let result = actions(text, line: 2)
        XCTAssertEqual(result.map { $0.string("title") }, ["Disable leftover_print_changes for this line"])
        XCTAssertEqual(onlyEdit(result.first), LSPTestClient.canonical("""
            {"range":{"start":{"line":1,"character":43},"end":{"line":1,"character":43}},"newText":" leftover_print_changes"}
            """))
        // The now superfluous `expensive_body` disable on line 1 gets no "disable" action of its own.
        XCTAssertTrue(actions(text, line: 1).isEmpty)
    }

    func testFixesFromTheProviderComeFirstWithVersionedEdits() {
        struct RemoveCall: CodeActionFixProvider {
            func fixes(for diagnostic: Diagnostic, in file: AnalyzedFile) -> [CodeActionFix] {
                // `._printChanges()`: bytes 13 (the dot, after "let v = x" and the 4-byte 😀) to 29.
                [CodeActionFix(title: "Remove ._printChanges()", edits: [CodeActionEdit(byteRange: 13..<29, replacement: "")])]
            }
        }
        let result = actions("let v = x😀._printChanges()\n", line: 0, fixProvider: RemoveCall(), documentChanges: true)
        XCTAssertEqual(result.map { $0.string("title") }, ["Remove ._printChanges()", "Disable leftover_print_changes for this line"])
        XCTAssertEqual(result.first?.bool("isPreferred"), true)
        let edit = result.first?.object("edit").map { String(decoding: LSPJSON.serialize($0), as: UTF8.self) } ?? ""
        let uri = FileURI.uri(ofPath: workspace.path + "/A.swift")
        XCTAssertEqual(LSPTestClient.canonical(edit), LSPTestClient.canonical("""
            {"documentChanges":[{"textDocument":{"uri":"\(uri)","version":4},"edits":[
              {"range":{"start":{"line":0,"character":11},"end":{"line":0,"character":27}},"newText":""}]}]}
            """))
    }
}

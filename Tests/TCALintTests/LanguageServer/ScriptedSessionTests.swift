import Foundation
import XCTest
@testable import TCALint

/// A whole editing session, message by message: open, incremental edit, code action, applying
/// its edit, close, shutdown, exit. Every message from the server is compared in full.
/// Runs twice: against a `LanguageServer` in this process, and against the `tca-lint lsp`
/// executable (skipped, with the reason, while the CLI has no `lsp` command).
final class ScriptedSessionTests: XCTestCase {
    func testScriptedSessionInProcess() throws {
        // The same fix provider as `tca-lint lsp`, so both runs expect the same messages.
        let (client, _) = LSPTestClient.inProcess(fixProvider: EngineFixProvider())
        client.send(Self.initializeRequest)
        try Self.runSession(client)
    }

    func testScriptedSessionAgainstTheExecutable() throws {
        let (client, reason) = try LSPTestClient.process(initializeMessage: Self.initializeRequest)
        guard let client else { throw XCTSkip(reason ?? "tca-lint lsp unavailable") }
        try Self.runSession(client)
    }

    static let workspace = "/tmp/tca-lint-lsp-session-\(getpid())"
    static let uri = "file://\(workspace)/Sources/Feature%20One.swift"

    static let initializeRequest = message([
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": [
            "processId": NSNull(),
            "rootUri": "file://\(workspace)",
            "capabilities": ["textDocument": ["codeAction": ["codeActionLiteralSupport": [:]]]],
            "initializationOptions": ["debounceMilliseconds": 5],
        ],
    ])

    /// Line 7 has a non-ASCII comment before the call: 🧪 is two UTF-16 units, é one, so
    /// `_printChanges` starts at UTF-16 character 16 (byte 21, grapheme column 16).
    static let text = """
        import ComposableArchitecture

        struct Feature: Reducer {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              .none
            }
            /* 🧪 é */ ._printChanges()
          }
        }

        """

    static let printChangesMessage = "Remove ._printChanges() before merging; it is a debugging aid (underscored, unversioned API) that prints every action and state diff"

    static func diagnostic(line: Int) -> String {
        """
        {"range": {"start": {"line": \(line), "character": 16}, "end": {"line": \(line), "character": 29}},
         "severity": 2, "code": "leftover_print_changes",
         "codeDescription": {"href": "https://github.com/tca-lint/tca-lint/blob/main/rules/leftover_print_changes.md"},
         "source": "tca-lint", "message": "\(printChangesMessage)"}
        """
    }

    static func runSession(_ client: LSPTestClient) throws {
        client.expect("""
            {"jsonrpc": "2.0", "id": 1, "result": {
              "capabilities": {
                "positionEncoding": "utf-16",
                "textDocumentSync": {"openClose": true, "change": 2, "save": {"includeText": false}},
                "codeActionProvider": {"codeActionKinds": ["quickfix"], "resolveProvider": false}},
              "serverInfo": {"name": "tca-lint", "version": "\(TCALintVersion.current)"}}}
            """)
        client.send(#"{"jsonrpc": "2.0", "method": "initialized", "params": {}}"#)

        // Open: diagnostics for version 1, the range covering `_printChanges` in UTF-16 units.
        client.send(message(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
            "textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": text],
        ]]))
        client.expect("""
            {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
             "params": {"uri": "\(uri)", "version": 1, "diagnostics": [\(diagnostic(line: 7))]}}
            """)

        // Two incremental changes in one notification, the second read against the first's result:
        // a line with an emoji inserted after line 6's `}`, then `Feature` renamed on line 2.
        client.send(message(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
            "textDocument": ["uri": uri, "version": 2],
            "contentChanges": [
                ["range": ["start": ["line": 6, "character": 5], "end": ["line": 6, "character": 5]],
                 "text": "\n    // 🎉 added"],
                ["range": ["start": ["line": 2, "character": 7], "end": ["line": 2, "character": 14]],
                 "text": "Counter"],
            ],
        ]]))
        client.expect("""
            {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
             "params": {"uri": "\(uri)", "version": 2, "diagnostics": [\(diagnostic(line: 8))]}}
            """)

        // Code actions on the finding: the engine's quick fix (remove the modifier, keeping the comment
        // before it on that line), then disabling it for this line with the line's indentation.
        client.send("""
            {"jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction", "params": {
              "textDocument": {"uri": "\(uri)"},
              "range": {"start": {"line": 8, "character": 20}, "end": {"line": 8, "character": 20}},
              "context": {"diagnostics": [\(diagnostic(line: 8))], "only": ["quickfix"]}}}
            """)
        let disableEdit = """
            {"range": {"start": {"line": 8, "character": 0}, "end": {"line": 8, "character": 0}},
             "newText": "    // tca-lint:disable:next leftover_print_changes\\n"}
            """
        client.expect("""
            {"jsonrpc": "2.0", "id": 2, "result": [{
              "title": "Remove ._printChanges()", "kind": "quickfix", "isPreferred": true,
              "diagnostics": [\(diagnostic(line: 8))],
              "edit": {"changes": {"\(uri)": [
                {"range": {"start": {"line": 8, "character": 15}, "end": {"line": 8, "character": 31}}, "newText": ""}]}}
            }, {
              "title": "Disable leftover_print_changes for this line", "kind": "quickfix",
              "diagnostics": [\(diagnostic(line: 8))],
              "edit": {"changes": {"\(uri)": [\(disableEdit)]}}}]}
            """)

        // The client applies the edit: the finding is suppressed and the disable comment is used.
        client.send("""
            {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
              "textDocument": {"uri": "\(uri)", "version": 3}, "contentChanges": [\(disableEdit)]}}
            """.replacingOccurrences(of: "newText", with: "text"))
        client.expect("""
            {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
             "params": {"uri": "\(uri)", "version": 3, "diagnostics": []}}
            """)

        // Close clears the document's diagnostics.
        client.send(#"{"jsonrpc": "2.0", "method": "textDocument/didClose", "params": {"textDocument": {"uri": "\#(uri)"}}}"#)
        client.expect("""
            {"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": {"uri": "\(uri)", "diagnostics": []}}
            """)

        client.send(#"{"jsonrpc": "2.0", "id": 3, "method": "shutdown"}"#)
        client.expect(#"{"jsonrpc": "2.0", "id": 3, "result": null}"#)
        client.send(#"{"jsonrpc": "2.0", "method": "exit"}"#)
        XCTAssertEqual(client.exitStatus(), 0, "exit after shutdown is status 0")
    }

    static func message(_ value: [String: Any]) -> String {
        let data = try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}

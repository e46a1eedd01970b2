import Foundation
import XCTest
@testable import TCALint

/// Lifecycle and error handling: the server answers every malformed request with the right
/// JSON-RPC error and keeps serving.
final class LanguageServerProtocolTests: XCTestCase {
    private let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#

    private func initialized() -> LSPTestClient {
        let (client, _) = LSPTestClient.inProcess()
        client.send(initialize)
        _ = try? client.receive()
        client.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        return client
    }

    func testRequestsBeforeInitializeAreRefusedAndNotificationsDropped() {
        let (client, _) = LSPTestClient.inProcess()
        client.send(#"{"jsonrpc":"2.0","id":"a","method":"textDocument/codeAction","params":{}}"#)
        client.expect(#"{"jsonrpc":"2.0","id":"a","error":{"code":-32002,"message":"server not initialized"}}"#)
        client.send(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///x.swift","text":"x._printChanges()"}}}"#)
        client.expectSilence()
        client.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        XCTAssertEqual(client.exitStatus(), 1, "exit without shutdown is status 1")
    }

    func testMalformedMessagesGetJSONRPCErrorsAndTheServerKeepsGoing() {
        let client = initialized()
        client.send("{not json")
        client.expect(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: the body is not valid JSON"}}"#)
        client.send(String(repeating: "[", count: 10_000))
        client.expect(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: the body is not valid JSON"}}"#)
        client.send(#"[{"jsonrpc":"2.0","id":5,"method":"shutdown"}]"#)
        client.expect(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: batch messages are not part of LSP"}}"#)
        client.send("42")
        client.expect(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: a message must be a JSON object"}}"#)
        client.send(#"{"jsonrpc":"2.0","id":7}"#)
        client.expect(#"{"jsonrpc":"2.0","id":7,"error":{"code":-32600,"message":"invalid request: a message needs a `method`"}}"#)
        client.send(#"{"jsonrpc":"2.0","id":8,"method":3}"#)
        client.expect(#"{"jsonrpc":"2.0","id":8,"error":{"code":-32600,"message":"invalid request: `method` must be a string"}}"#)
        client.send(#"{"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"}"#)
        client.expect(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: `id` must be a string or a number"}}"#)
        client.send(#"{"jsonrpc":"2.0","id":9,"method":"workspace/symbol","params":{"query":""}}"#)
        client.expect(#"{"jsonrpc":"2.0","id":9,"error":{"code":-32601,"message":"method not found: workspace/symbol"}}"#)
        client.send(#"{"jsonrpc":"2.0","id":10,"method":"textDocument/codeAction","params":{"textDocument":{}}}"#)
        client.expect(#"{"jsonrpc":"2.0","id":10,"error":{"code":-32602,"message":"invalid params: `textDocument.uri` and `range` are required"}}"#)
        client.send(#"{"jsonrpc":"2.0","id":11,"method":"initialize","params":{}}"#)
        client.expect(#"{"jsonrpc":"2.0","id":11,"error":{"code":-32600,"message":"invalid request: `initialize` was already received"}}"#)
        // Framing errors: a negative length, then a huge one; the following message is still read.
        client.sendRaw(Array("Content-Length: -1\r\n\r\n{}Content-Length: 999999999999\r\n\r\n".utf8))
        client.expect(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: Content-Length is not a non-negative integer: '-1'"}}"#)
        client.expect(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: Content-Length 999999999999 exceeds the limit of 67108864 bytes"}}"#)
        // Unknown notifications and responses to requests we never sent are ignored.
        client.send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#)
        client.send(#"{"jsonrpc":"2.0","method":"custom/whatever"}"#)
        client.send(#"{"jsonrpc":"2.0","id":"x","result":null}"#)
        // A bad notification is logged (it cannot be answered).
        client.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///nope.swift","version":2},"contentChanges":[]}}"#)
        client.expect(#"{"jsonrpc":"2.0","method":"window/logMessage","params":{"type":1,"message":"tca-lint: textDocument/didChange: invalid params: file:///nope.swift is not open"}}"#)
        client.send(#"{"jsonrpc":"2.0","id":12,"method":"shutdown"}"#)
        client.expect(#"{"jsonrpc":"2.0","id":12,"result":null}"#)
        client.send(#"{"jsonrpc":"2.0","id":13,"method":"textDocument/diagnostic","params":{}}"#)
        client.expect(#"{"jsonrpc":"2.0","id":13,"error":{"code":-32600,"message":"invalid request: the server is shut down; only `exit` is accepted"}}"#)
        client.send(#"{"jsonrpc":"2.0","method":"exit"}"#)
        XCTAssertEqual(client.exitStatus(), 0)
    }

    func testEndOfInputEndsTheServer() {
        let client = initialized()
        client.closeInput()
        XCTAssertEqual(client.exitStatus(), 1, "the client vanished without shutdown")
    }

    func testPullDiagnosticsReplacePushAndReportUnchangedResults() {
        let (client, _) = LSPTestClient.inProcess()
        client.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{"textDocument":{"diagnostic":{}}}}}"#)
        let reply = (try? client.receive()) ?? ""
        XCTAssertTrue(reply.contains(#""diagnosticProvider":{"identifier":"tca-lint","interFileDependencies":false,"workspaceDiagnostics":false}"#), reply)
        let uri = "untitled:Untitled-1"
        client.send(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"swift","version":1,"text":"let v = view._printChanges()\n"}}}"#)
        client.expectSilence()
        client.send(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/diagnostic","params":{"textDocument":{"uri":"\#(uri)"}}}"#)
        client.expect("""
            {"jsonrpc":"2.0","id":2,"result":{"kind":"full","resultId":"1","items":[
              {"range":{"start":{"line":0,"character":13},"end":{"line":0,"character":26}},"severity":2,
               "code":"leftover_print_changes",
               "codeDescription":{"href":"https://github.com/tca-lint/tca-lint/blob/main/rules/leftover_print_changes.md"},
               "source":"tca-lint","message":"\(ScriptedSessionTests.printChangesMessage)"}]}}
            """)
        client.send(#"{"jsonrpc":"2.0","id":3,"method":"textDocument/diagnostic","params":{"textDocument":{"uri":"\#(uri)"},"previousResultId":"1"}}"#)
        client.expect(#"{"jsonrpc":"2.0","id":3,"result":{"kind":"unchanged","resultId":"1"}}"#)
        client.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"text":"let v = view\n"}]}}"#)
        client.send(#"{"jsonrpc":"2.0","id":4,"method":"textDocument/diagnostic","params":{"textDocument":{"uri":"\#(uri)"},"previousResultId":"1"}}"#)
        client.expect(#"{"jsonrpc":"2.0","id":4,"result":{"kind":"full","resultId":"2","items":[]}}"#)
    }

    func testRapidChangesAreDebouncedIntoOnePublishAndCodeActionsSeeTheLatestText() throws {
        let (client, _) = LSPTestClient.inProcess()
        client.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{},"initializationOptions":{"debounceMilliseconds":1000}}}"#)
        _ = try client.receive()
        let uri = "untitled:Debounce"
        client.send(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"swift","version":1,"text":"let a = 1\n"}}}"#)
        client.expect(#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"\#(uri)","version":1,"diagnostics":[]}}"#)
        for version in 2...4 {
            client.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[{"text":"let v = x._printChanges()\n"}]}}"#)
        }
        // Within the debounce nothing is published; a code action forces the lint, publishes, then answers.
        client.expectSilence(for: 0.1)
        client.send(#"{"jsonrpc":"2.0","id":2,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"\#(uri)"},"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"context":{"diagnostics":[]}}}"#)
        let published = try client.receive()
        XCTAssertTrue(published.contains(#""version":4"#) && published.contains("leftover_print_changes"), published)
        let reply = try client.receive()
        XCTAssertTrue(reply.contains(#""id":2"#) && reply.contains("Disable leftover_print_changes for this line"), reply)
        // The debounce that was pending has been served: nothing more comes.
        client.expectSilence(for: 1.3)  // past the debounce that was pending
    }
}

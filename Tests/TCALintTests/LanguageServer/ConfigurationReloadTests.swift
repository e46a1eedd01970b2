import Foundation
import XCTest
@testable import TCALint

/// The workspace's `.tca-lint.yml` applies to open documents and is read again when the client
/// reports it changed.
final class ConfigurationReloadTests: XCTestCase {
    func testConfigurationIsAppliedAndReloadedOnWatchedFileChange() throws {
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("tca-lint-lsp-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: workspace) }
        let configURL = workspace.appendingPathComponent(".tca-lint.yml")
        try "disabled_rules:\n  - leftover_print_changes\n".write(to: configURL, atomically: true, encoding: .utf8)
        let root = FileURI.uri(ofPath: workspace.path)
        let uri = root + "/Sources/A.swift"
        let configURI = root + "/.tca-lint.yml"

        let (client, _) = LSPTestClient.inProcess()
        client.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root)","capabilities":{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}}}}}"#)
        _ = try client.receive()
        client.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        client.expect("""
            {"jsonrpc":"2.0","id":"tca-lint-1","method":"client/registerCapability","params":{"registrations":[
              {"id":"tca-lint-configuration-watcher","method":"workspace/didChangeWatchedFiles",
               "registerOptions":{"watchers":[{"globPattern":"**/.tca-lint.yml"},{"globPattern":"**/.package.resolved"},{"globPattern":"**/Dependencies.swift"},
                 {"globPattern":"**/Package.resolved"},{"globPattern":"**/Package.swift"},{"globPattern":"**/Podfile.lock"},
                 {"globPattern":"**/Project.swift"},{"globPattern":"**/project.pbxproj"}]}}]}}
            """)
        client.send(#"{"jsonrpc":"2.0","id":"tca-lint-1","result":null}"#)

        client.send(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"swift","version":1,"text":"let v = view._printChanges()\n"}}}"#)
        client.expect(#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"\#(uri)","version":1,"diagnostics":[]}}"#)

        // The rule is enabled again, as an error.
        try "leftover_print_changes: error\n".write(to: configURL, atomically: true, encoding: .utf8)
        client.send(#"{"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[{"uri":"\#(configURI)","type":2}]}}"#)
        let published = try client.receive()
        XCTAssertTrue(published.contains(#""code":"leftover_print_changes""#) && published.contains(#""severity":1"#), published)

        // Unrelated watched files change nothing.
        client.send(#"{"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[{"uri":"\#(root)/README.md","type":2}]}}"#)
        client.expectSilence()

        // A broken configuration is reported once, and the defaults (a warning) apply meanwhile.
        try "strict: maybe\n".write(to: configURL, atomically: true, encoding: .utf8)
        client.send(#"{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":{"uri":"\#(configURI)"}}}"#)
        let shown = try client.receive()
        XCTAssertTrue(shown.contains(#""method":"window/showMessage""#) && shown.contains(#""type":1"#), shown)
        XCTAssertTrue(shown.contains("\(configURL.path):1:9: error: 'strict' expects true or false"), shown)
        let republished = try client.receive()
        XCTAssertTrue(republished.contains(#""severity":2"#), republished)
        client.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"text":"let v = view._printChanges() \n"}]}}"#)
        let afterEdit = try client.receive()
        XCTAssertTrue(afterEdit.contains(#""method":"textDocument/publishDiagnostics""#), "no second showMessage: \(afterEdit)")

        // Changed on disk without any notification (a client without file watching): the next lint
        // notices the new modification time and applies it.
        try "disabled_rules:\n  - leftover_print_changes\n".write(to: configURL, atomically: true, encoding: .utf8)
        client.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":3},"contentChanges":[{"text":"let v = view._printChanges()  \n"}]}}"#)
        client.expect(#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"\#(uri)","version":3,"diagnostics":[]}}"#)

        // Deleted without notification: the defaults apply again.
        try FileManager.default.removeItem(at: configURL)
        client.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":4},"contentChanges":[{"text":"let v = view._printChanges()\n"}]}}"#)
        let afterDelete = try client.receive()
        XCTAssertTrue(afterDelete.contains(#""code":"leftover_print_changes""#) && afterDelete.contains(#""version":4"#), afterDelete)

        // An unknown key is a warning shown once; the rest of the file applies.
        try "disabled_rule:\n  - x\nleftover_print_changes: error\n".write(to: configURL, atomically: true, encoding: .utf8)
        client.send(#"{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":{"uri":"\#(configURI)"}}}"#)
        let warned = try client.receive()
        XCTAssertTrue(warned.contains(#""type":2"#) && warned.contains("unknown key 'disabled_rule' ignored; did you mean 'disabled_rules'?"), warned)
        let applied = try client.receive()
        XCTAssertTrue(applied.contains(#""method":"textDocument/publishDiagnostics""#) && applied.contains(#""severity":1"#), applied)
    }
}

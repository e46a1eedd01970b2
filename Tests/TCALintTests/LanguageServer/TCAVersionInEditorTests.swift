import Foundation
import XCTest
@testable import TCALint

/// An open document is judged against the TCA version of its own project, as `tca-lint lint` at that project's root
/// judges it: a deprecation of a later release than the project builds with is not reported in the editor either.
final class TCAVersionInEditorTests: XCTestCase {
    private static let view = """
        import ComposableArchitecture
        import SwiftUI

        struct CounterView: View {
          let store: StoreOf<Counter>
          var body: some View {
            WithViewStore(self.store, observe: { $0 }) { viewStore in
              Text("\\(viewStore.count)")
            }
          }
        }

        """

    /// A project (its own git root) pinning TCA at `version` in its `Package.resolved`, with the view in it.
    private func project(pinning version: String) throws -> (root: URL, uri: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tca-lint-lsp-version-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        try #"{"pins":[{"identity":"swift-composable-architecture","kind":"remoteSourceControl","location":"https://github.com/pointfreeco/swift-composable-architecture","state":{"revision":"abc","version":"\#(version)"}}],"version":2}"#
            .write(to: root.appendingPathComponent("Package.resolved"), atomically: true, encoding: .utf8)
        let file = root.appendingPathComponent("Sources/CounterView.swift")
        try Self.view.write(to: file, atomically: true, encoding: .utf8)
        return (root, FileURI.uri(ofPath: file.path))
    }

    /// The rule ids published for the document when it is opened in a server whose workspace is `root`.
    private func publishedRules(root: URL, uri: String) throws -> [String] {
        try openedRules(root: root, uri: uri).rules
    }

    /// The same, with the client, to go on with the session.
    private func openedRules(root: URL, uri: String) throws -> (rules: [String], client: LSPTestClient) {
        let (client, _) = LSPTestClient.inProcess()
        client.send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(FileURI.uri(ofPath: root.path))","capabilities":{}}}"#)
        _ = try client.receive()
        client.send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        let text = String(data: try JSONSerialization.data(withJSONObject: [Self.view], options: []), encoding: .utf8)!.dropFirst().dropLast()
        client.send(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"swift","version":1,"text":\#(text)}}}"#)
        return (try Self.rules(in: try client.receive()), client)
    }

    /// Rewrites the project's `Package.resolved` to pin `to` instead of `from`, as `swift package update` does; its URL.
    @discardableResult
    private func repin(_ root: URL, from: String, to: String) throws -> URL {
        let resolved = root.appendingPathComponent("Package.resolved")
        try String(contentsOf: resolved, encoding: .utf8).replacingOccurrences(of: from, with: to)
            .write(to: resolved, atomically: true, encoding: .utf8)
        return resolved
    }

    private static func rules(in published: String) throws -> [String] {
        let message = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(published.utf8)) as? [String: Any])
        let diagnostics = try XCTUnwrap((message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]], published)
        return diagnostics.compactMap { $0["code"] as? String }
    }

    func testDeprecationsOfLaterReleasesAreNotReportedInTheEditor() throws {
        let old = try project(pinning: "1.2.0")
        defer { try? FileManager.default.removeItem(at: old.root) }
        XCTAssertEqual(try publishedRules(root: old.root, uri: old.uri), [], "WithViewStore was deprecated in 1.7")
        // The command line agrees, at the project's root.
        let cli = try CLI.run(["lint", "--reporter", "json", "."], in: old.root)
        XCTAssertFalse(cli.stdout.contains("legacy_view_store"), cli.stdout)

        let new = try project(pinning: "1.15.0")
        defer { try? FileManager.default.removeItem(at: new.root) }
        XCTAssertEqual(try publishedRules(root: new.root, uri: new.uri), ["legacy_view_store"])
        let newCLI = try CLI.run(["lint", "--reporter", "json", "."], in: new.root)
        XCTAssertTrue(newCLI.stdout.contains("legacy_view_store"), newCLI.stdout)
    }

    /// Upgrading TCA while the editor is open: the changed `Package.resolved` (reported by a watching client, or saved
    /// in the editor) makes the server read the version again and lint the open documents with it.
    func testAChangedLockFileIsReadAgain() throws {
        let project = try project(pinning: "1.2.0")
        defer { try? FileManager.default.removeItem(at: project.root) }
        let (rules, client) = try openedRules(root: project.root, uri: project.uri)
        XCTAssertEqual(rules, [])
        let resolved = try repin(project.root, from: "1.2.0", to: "1.15.0")
        client.send(#"{"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[{"uri":"\#(FileURI.uri(ofPath: resolved.path))","type":2}]}}"#)
        XCTAssertEqual(try Self.rules(in: try client.receive()), ["legacy_view_store"])
        // And back, saved in an editor that does not watch files.
        try repin(project.root, from: "1.15.0", to: "1.2.0")
        client.send(#"{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":{"uri":"\#(FileURI.uri(ofPath: resolved.path))"}}}"#)
        XCTAssertEqual(try Self.rules(in: try client.receive()), [])
    }

    /// Upgraded outside the editor (`swift package update` in a terminal) in a client that neither watches files nor
    /// saves the lock file: the next lint of the document sees the lock file changed on disk and reads it again.
    func testALockFileChangedOnDiskIsReadAgainWithoutANotification() throws {
        let project = try project(pinning: "1.2.0")
        defer { try? FileManager.default.removeItem(at: project.root) }
        let (rules, client) = try openedRules(root: project.root, uri: project.uri)
        XCTAssertEqual(rules, [])
        let resolved = try repin(project.root, from: "1.2.0", to: "1.15.0")
        let edited = String(data: try JSONSerialization.data(withJSONObject: [Self.view + "\n"], options: []), encoding: .utf8)!.dropFirst().dropLast()
        client.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(project.uri)","version":2},"contentChanges":[{"text":\#(edited)}]}}"#)
        XCTAssertEqual(try Self.rules(in: try client.receive()), ["legacy_view_store"])
        // Deleted: no version is known, and the rule judges by the code alone again (as `tca-lint lint` does there).
        try FileManager.default.removeItem(at: resolved)
        client.send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(project.uri)","version":3},"contentChanges":[{"text":\#(edited)}]}}"#)
        let afterDelete = try Self.rules(in: try client.receive())
        let cli = try CLI.run(["lint", "--reporter", "json", "."], in: project.root)
        XCTAssertEqual(afterDelete.contains("legacy_view_store"), cli.stdout.contains("legacy_view_store"), cli.stdout)
    }
}

import Foundation
import XCTest
import TCALint

/// The rule documents are compiled into the binary (Generated/RuleDocs.swift), not read from a bundle or the
/// source tree: a `tca-lint` copied alone into an empty directory still explains every rule.
final class StandaloneBinaryTests: XCTestCase {
    func testCopiedBinaryExplainsEveryRule() throws {
        let tree = try ScratchTree()
        let copy = tree.root.appendingPathComponent("bin/tca-lint")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLI.executable, to: copy)
        for rule in RuleRegistry.all {
            let id = rule.description.id
            let process = Process()
            process.executableURL = copy
            process.arguments = ["explain", id]
            process.currentDirectoryURL = tree.root
            let output = tree.root.appendingPathComponent("out-\(id)")
            FileManager.default.createFile(atPath: output.path, contents: nil)
            let handle = try FileHandle(forWritingTo: output)
            process.standardOutput = handle
            try process.run()
            process.waitUntilExit()
            try handle.close()
            let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
            let document = try PackagePaths.read(PackagePaths.rulesDirectory.appendingPathComponent("\(id).md"))
            XCTAssertEqual(process.terminationStatus, 0, id)
            XCTAssertTrue(text.hasSuffix(document.hasSuffix("\n") ? document : document + "\n"),
                          "\(id): the copied binary does not print rules/\(id).md")
        }
    }
}

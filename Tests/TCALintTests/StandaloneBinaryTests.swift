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

    /// Foundation proper costs a Linux run ~7 MB and its start-up (its libraries and ICU's data); the linter needs only
    /// `FoundationEssentials`. One `import Foundation` anywhere in the module links it whole (its members are then
    /// visible in every file), so each must be the fallback of `#if canImport(FoundationEssentials)`.
    func testFoundationIsImportedOnlyWhereFoundationEssentialsIsMissing() throws {
        var checked = 0
        for folder in ["Sources/TCALint", "Sources/tca-lint"] {
            let root = PackagePaths.root.appendingPathComponent(folder)
            let files = try XCTUnwrap(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
            for file in files where file.hasSuffix(".swift") && !file.hasPrefix("Generated/") {
                let lines = try PackagePaths.read(root.appendingPathComponent(file)).split(separator: "\n", omittingEmptySubsequences: false)
                for (i, line) in lines.enumerated() where Self.importsFoundation(line) {
                    checked += 1
                    let guarded = line == "import Foundation" && i >= 3 && lines[i - 1] == "#else"
                        && lines[i - 3] == "#if canImport(FoundationEssentials)" && lines[i - 2] == "import FoundationEssentials"
                    XCTAssertTrue(guarded, "\(folder)/\(file):\(i + 1) imports Foundation outside `#if canImport(FoundationEssentials)`")
                }
            }
        }
        XCTAssertGreaterThan(checked, 0, "no import found: the scan reads nothing")
        #if os(Linux)
        let ldd = Process()
        ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        guard FileManager.default.isExecutableFile(atPath: ldd.executableURL!.path) else { return }
        ldd.arguments = [CLI.executable.path]
        let pipe = Pipe()
        ldd.standardOutput = pipe
        try ldd.run()
        let libraries = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ldd.waitUntilExit()
        XCTAssertTrue(libraries.contains("libFoundationEssentials"), libraries)
        XCTAssertFalse(libraries.contains("libFoundation.so"), "tca-lint links Foundation proper:\n\(libraries)")
        #endif
    }

    /// `import Foundation`, `@preconcurrency import Foundation`, `import struct Foundation.Date` — not `FoundationEssentials`.
    private static func importsFoundation(_ line: Substring) -> Bool {
        let words = line.split(separator: " ")
        guard let k = words.firstIndex(of: "import") else { return false }
        return words.dropFirst(k + 1).prefix(2).contains { $0 == "Foundation" || $0.hasPrefix("Foundation.") }
    }
}

import Foundation
import XCTest
@testable import TCALint

/// `Sources/TCALint/Generated/RuleDocs.swift` is generated from `rules/*.md` by `scripts/generate-rule-docs`
/// and checked in (no build-tool plugin): this test is what keeps the two from drifting. It compares the
/// compiled-in documents with the files on disk, not with the generator's output, so a generator bug that
/// mangles a document fails here too.
final class EmbeddedRuleDocumentsTests: XCTestCase {
    func testCompiledInDocumentsAreExactlyTheFilesInRules() throws {
        let files = try PackagePaths.ruleDocumentFiles()
        XCTAssertFalse(files.isEmpty)
        let stale = "Sources/TCALint/Generated/RuleDocs.swift is stale: run scripts/generate-rule-docs"
        XCTAssertEqual(Set(RuleDocs.documents.keys), Set(files.map(\.id)), stale)
        for (id, url) in files {
            let onDisk = try PackagePaths.read(url)
            XCTAssertTrue(RuleDocs.documents[id] == onDisk, "rules/\(id).md differs: \(stale)")
        }
    }

    /// The generator's raw-string delimiter must survive any `"#` or `\#` run a document may contain: the
    /// script run on a document holding them gives a file whose literal is the document again.
    func testGeneratorKeepsHashRunsAndBackslashesVerbatim() throws {
        try XCTSkipUnless(CLI.run([], launcher: ["/bin/sh", "-c", "command -v python3"]).status == 0,
                          "no python3 to run scripts/generate-rule-docs (the compiled-in documents are still checked)")
        let tree = try ScratchTree()
        let script = PackagePaths.root.appendingPathComponent("scripts/generate-rule-docs")
        try FileManager.default.createDirectory(at: tree.root.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: script, to: tree.root.appendingPathComponent("scripts/generate-rule-docs"))
        let tricky = "# tricky\n\n\"\"\"## \\## \"# \\(x) `#\"a\"#` ##\"\"\"##\n"
        try tree.write("rules/tricky.md", tricky)
        try tree.write("rules/README.md", "not a rule\n")
        let result = try generate([], in: tree)
        XCTAssertEqual(result.status, 0, result.stderr)
        let generated = try String(contentsOf: tree.root.appendingPathComponent("Sources/TCALint/Generated/RuleDocs.swift"), encoding: .utf8)
        XCTAssertFalse(generated.contains("not a rule"), "README.md is not a rule document")
        // `"##` is the longest run after a quote: the delimiter is three `#`s.
        XCTAssertTrue(generated.contains("\"tricky\": ###\"\"\"\n" + tricky + "\n\"\"\"###,\n"), generated)
        let check = try generate(["--check"], in: tree)
        XCTAssertEqual(check.status, 0, check.stderr)
        try tree.write("rules/tricky.md", tricky + "edited\n")
        let stale = try generate(["--check"], in: tree)
        XCTAssertEqual(stale.status, 1)
        XCTAssertTrue(stale.stderr.contains("RuleDocs.swift is stale"), stale.stderr)
    }

    /// `python3 scripts/generate-rule-docs arguments…` in the tree (through `CLI.run`'s launcher, which passes
    /// the tca-lint path as `$0`, unused here).
    private func generate(_ arguments: [String], in tree: ScratchTree) throws -> CLI.Result {
        try CLI.run(arguments, in: tree.root, launcher: ["/bin/sh", "-c", "exec python3 scripts/generate-rule-docs \"$@\""])
    }
}

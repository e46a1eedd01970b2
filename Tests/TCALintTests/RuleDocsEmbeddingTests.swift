import XCTest
import TCALint

/// `tca-lint explain` prints the embedded copy of rules/<id>.md; it must not drift from the file.
final class RuleDocsEmbeddingTests: XCTestCase {
    func testEmbeddedDocumentsEqualRuleFiles() throws {
        let hint = "run scripts/embed-rule-docs to regenerate Sources/TCALint/Rules/RuleDocs.swift"
        var onDisk: [String: String] = [:]
        for (id, url) in try PackagePaths.ruleDocumentFiles() { onDisk[id] = try PackagePaths.read(url) }
        XCTAssertFalse(onDisk.isEmpty, "no rules/*.md found")
        XCTAssertEqual(Set(RuleDocs.documents.keys), Set(onDisk.keys), "embedded document ids differ from rules/*.md; \(hint)")
        for (id, text) in onDisk.sorted(by: { $0.key < $1.key }) where RuleDocs.documents[id] != text {
            XCTFail("embedded document for \(id) differs from rules/\(id).md; \(hint)")
        }
    }
}

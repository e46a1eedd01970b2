import Foundation

/// Paths inside the package checkout, found from this source file so tests run from any directory.
enum PackagePaths {
    /// `<root>/Tests/TCALintTests/Support/PackagePaths.swift` → `<root>`.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // TCALintTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static var rulesDirectory: URL { root.appendingPathComponent("rules") }
    static var fixturesDirectory: URL { root.appendingPathComponent("fixtures") }

    /// `rules/*.md` except README.md, keyed by rule id (file name without `.md`), sorted by id.
    static func ruleDocumentFiles() throws -> [(id: String, url: URL)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: rulesDirectory.path)
        return names.filter { $0.hasSuffix(".md") && $0 != "README.md" }
            .sorted()
            .map { (String($0.dropLast(3)), rulesDirectory.appendingPathComponent($0)) }
    }

    /// Every `fixtures/**/*.swift`, sorted by relative path.
    static func fixtureFiles() -> [(relativePath: String, url: URL)] {
        guard let walker = FileManager.default.enumerator(atPath: fixturesDirectory.path) else { return [] }
        var result: [(String, URL)] = []
        while let relative = walker.nextObject() as? String {
            if relative.hasSuffix(".swift") {
                result.append((relative, fixturesDirectory.appendingPathComponent(relative)))
            }
        }
        return result.sorted { $0.0 < $1.0 }
    }

    static func read(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }
}

import Foundation
import XCTest
@testable import TCALint

/// Every place a user lints lints alike: a list of files (pre-commit's, an editor's), one file, or standard
/// input standing for a file, gives each file exactly what `tca-lint lint <its project root>` gives it,
/// whatever the other files of the list. `fixtures/Projects` holds two projects (`Package.swift` each) that
/// declare the same type names with different logic, an extension of a reducer declared in another file
/// (`Cart+Checkout.swift`), a parent whose finding needs its child's file, and a reducer only through the
/// project's own protocol, declared in another file.
final class ListOfFilesTests: XCTestCase {
    static let projects = PackagePaths.fixturesDirectory.appendingPathComponent("Projects")
    static let roots = ["Notes", "Shop"].map { projects.appendingPathComponent($0).path }

    /// `file:line:col rule` lines of a text report, sorted.
    func findings(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").compactMap { line -> String? in
            guard let rule = line.split(separator: "(").last?.dropLast(), line.contains(": warning: ") || line.contains(": error: ") else { return nil }
            let location = line.components(separatedBy: ": ").first ?? ""
            return "\(Paths.normalize(String(location))) \(rule)"
        }.sorted()
    }

    /// The Swift files below a folder, sorted.
    func swiftFiles(_ root: String) -> [String] {
        FileWalker().collect([root]).files.filter { $0.hasSuffix(".swift") }.sorted()
    }

    func lint(_ arguments: [String]) throws -> [String] {
        let result = try CLI.run(["lint", "--config", PackagePaths.fixturesDirectory.appendingPathComponent(".tca-lint.yml").path,
                                  "--reporter", "xcode"] + arguments)
        XCTAssertTrue(result.status == 0 || result.status == 1, "\(arguments): \(result.stderr)")
        return findings(result.stdout)
    }

    func testEveryFileListedAloneOrWithOthersGetsWhatItsProjectRunGives() throws {
        // What a run over each project root gives, per file.
        var expected: [String: [String]] = [:]
        for root in Self.roots {
            for finding in try lint([root]) { expected[String(finding.split(separator: ":").first!), default: []].append(finding) }
        }
        // The markers say what that is: read from the files, not from the linter.
        var marked: [String] = []
        for file in Self.roots.flatMap(swiftFiles) {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            marked += CaretMarkers.parse(text).expected.map { "\(Paths.normalize(file)):\($0.line):\($0.column) \($0.ruleID)" }
        }
        XCTAssertEqual(expected.values.flatMap { $0 }.sorted(), marked.sorted())
        XCTAssertTrue(marked.contains { $0.contains("Cart+Checkout.swift") && $0.hasSuffix("send_for_logic_reuse") }, "\(marked)")
        XCTAssertTrue(marked.contains { $0.contains("Shop/Sources/Shop/Profile.swift") && $0.hasSuffix("reduce_before_scope") }, "\(marked)")
        XCTAssertFalse(marked.contains { $0.contains("Notes/Sources/Notes/Profile.swift") && $0.hasSuffix("reduce_before_scope") }, "\(marked)")

        let files = Self.roots.flatMap(swiftFiles)
        // Each file alone.
        for file in files {
            XCTAssertEqual(try lint([file]), expected[Paths.normalize(file)] ?? [], file)
        }
        // Every file of both projects in one list, and lists mixing one file of each project.
        XCTAssertEqual(try lint(files), expected.values.flatMap { $0 }.sorted())
        let shop = files.filter { $0.contains("/Shop/") }, notes = files.filter { $0.contains("/Notes/") }
        for (a, b) in zip(shop, notes.reversed()) {
            XCTAssertEqual(try lint([a, b]), ((expected[Paths.normalize(a)] ?? []) + (expected[Paths.normalize(b)] ?? [])).sorted(), "\(a) \(b)")
        }
    }

    /// Two projects (each its own repository) pinning TCA at different versions: in one list, each file is judged
    /// against its own project's version, as a run at its root judges it (WithViewStore was deprecated in 1.7).
    func testEachProjectOfAListIsJudgedAgainstItsOwnTCAVersion() throws {
        let tree = try ScratchTree()
        let view = """
            import ComposableArchitecture
            import SwiftUI

            struct CounterView: View {
              let store: StoreOf<Counter>
              var body: some View {
                WithViewStore(self.store, observe: { $0 }) { viewStore in Text("\\(viewStore.count)") }
              }
            }

            """
        var files: [String] = []
        for (name, version) in [("Old", "1.2.0"), ("New", "1.15.0")] {
            try tree.mkdir("\(name)/.git")
            _ = try tree.write("\(name)/Package.resolved", #"{"pins":[{"identity":"swift-composable-architecture","location":"https://github.com/pointfreeco/swift-composable-architecture","state":{"revision":"abc","version":"\#(version)"}}],"version":2}"#)
            files.append(try tree.write("\(name)/Sources/CounterView.swift", view).path)
        }
        func rules(_ arguments: [String]) throws -> [String] {
            let result = try CLI.run(["lint", "--reporter", "xcode"] + arguments)
            XCTAssertTrue(result.status == 0 || result.status == 1, "\(arguments): \(result.stderr)")
            return findings(result.stdout).map { String($0.split(separator: " ").last!) + " " + ($0.contains("/Old/") ? "Old" : "New") }
        }
        XCTAssertEqual(try rules([tree.root.appendingPathComponent("Old").path]), [])
        XCTAssertEqual(try rules([tree.root.appendingPathComponent("New").path]), ["legacy_view_store New"])
        XCTAssertEqual(try rules(files), ["legacy_view_store New"])
        XCTAssertEqual(try rules(files.reversed()), ["legacy_view_store New"])
    }

    func testStandardInputStandingForAFileGetsWhatItsProjectRunGives() throws {
        for file in Self.roots.flatMap(swiftFiles) {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let result = try CLI.run(["lint", "--config", PackagePaths.fixturesDirectory.appendingPathComponent(".tca-lint.yml").path,
                                      "--reporter", "xcode", "--use-stdin", "--stdin-path", file], stdin: text)
            let marked = CaretMarkers.parse(text).expected.map { "\(Paths.normalize(file)):\($0.line):\($0.column) \($0.ruleID)" }
            XCTAssertEqual(findings(result.stdout), marked.sorted(), file)
        }
    }

    /// The model behind it: a run's project holds an extension of a reducer that names no needle (no
    /// `Reduce`, no `Effect`), so the reducer's members in every file are known (a fix adding
    /// `@Dependency(\.date) var date` must know `date` is free).
    func testARunReadsExtensionsOfReducersThatNameNoNeedle() throws {
        let tree = try ScratchTree()
        let feature = try tree.write("Feature.swift", "@Reducer\nstruct Feature {\n  var body: some ReducerOf<Self> { EmptyReducer() }\n}\n").path
        let members = try tree.write("Feature+Members.swift", "extension Feature {\n  var date: Date { .now }\n}\n").path
        let unrelated = try tree.write("Other+Members.swift", "extension Other {\n  var clock: Int { 0 }\n}\n").path
        let reads = LintRunner(jobs: 2).read([feature, members, unrelated].sorted())
        XCTAssertEqual(reads.project.feature("Feature")?.memberNames.contains("date"), true)
        XCTAssertEqual(Set(reads.project.files.keys), [feature, members], "a file extending no reducer is not tokenized")
        XCTAssertEqual(ProjectIndexer.extendedNames(Array("extension App.Feature: P {}\n// extension Foo\nlet extensionX = 1".utf8)),
                       ["App", "Feature", "Foo"])
    }
}

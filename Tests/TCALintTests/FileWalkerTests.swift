import Foundation
import XCTest
@testable import TCALint

final class FileWalkerTests: XCTestCase {
    /// Runs the walker with the scratch root as current directory, so paths are relative.
    private func collect(_ paths: [String], in tree: ScratchTree) -> FileWalker.Result {
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(tree.root.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        return FileWalker().collect(paths)
    }

    func testFindsSwiftFilesRecursivelyAndSkipsHiddenAndBuildFolders() throws {
        let tree = try ScratchTree()
        try tree.write("Sources/App/App.swift", "")
        try tree.write("Sources/Feature/Deep/Nested/Feature.swift", "")
        try tree.write("Sources/README.md", "")
        try tree.write("Sources/notswift.swiftx", "")
        for skipped in [".build", "DerivedData", "Pods", "Carthage", ".swiftpm", "checkouts", ".git", ".hidden"] {
            try tree.write("Sources/\(skipped)/Skipped.swift", "")
            try tree.write("\(skipped)/Skipped.swift", "")
        }
        try tree.write("Sources/._Resource.swift", "")  // macOS resource fork: hidden
        let result = collect(["."], in: tree)
        XCTAssertEqual(result.files, ["Sources/App/App.swift", "Sources/Feature/Deep/Nested/Feature.swift"])
        XCTAssertEqual(result.problems, [])
    }

    func testPathsAreReportedAsGiven() throws {
        let tree = try ScratchTree()
        try tree.write("Sources/A.swift", "")
        try tree.write("Sources/Sub/B.swift", "")
        XCTAssertEqual(collect(["Sources"], in: tree).files, ["Sources/A.swift", "Sources/Sub/B.swift"])
        XCTAssertEqual(collect(["Sources/"], in: tree).files, ["Sources/A.swift", "Sources/Sub/B.swift"])
        XCTAssertEqual(collect(["./Sources"], in: tree).files, ["./Sources/A.swift", "./Sources/Sub/B.swift"])
        XCTAssertEqual(collect(["."], in: tree).files, ["Sources/A.swift", "Sources/Sub/B.swift"])
        let absolute = tree.path("Sources")
        XCTAssertEqual(FileWalker().collect([absolute]).files, [absolute + "/A.swift", absolute + "/Sub/B.swift"])
    }

    func testExplicitFilesAreLintedWhateverTheirNameAndHiddenRootsAreWalked() throws {
        let tree = try ScratchTree()
        try tree.write("script.txt", "")
        try tree.write(".config/Hidden.swift", "")
        try tree.write("Pods/Explicit.swift", "")
        let result = collect(["script.txt", ".config", "Pods/Explicit.swift"], in: tree)
        XCTAssertEqual(result.files, [".config/Hidden.swift", "Pods/Explicit.swift", "script.txt"])
    }

    func testMissingPathIsAProblemAndOtherPathsStillCount() throws {
        let tree = try ScratchTree()
        try tree.write("A.swift", "")
        let result = collect(["nope", "A.swift", "also/missing.swift"], in: tree)
        XCTAssertEqual(result.files, ["A.swift"])
        XCTAssertEqual(result.problems, [.missing(path: "nope"), .missing(path: "also/missing.swift")])
    }

    func testSymlinkLoopTerminatesAndLinkedDirectoriesAreFollowedOnce() throws {
        let tree = try ScratchTree()
        try tree.write("root/a/A.swift", "")
        try tree.symlink("root/a/loop", to: "..")          // a → root → a → …
        try tree.symlink("root/a/self", to: ".")           // a → a
        try tree.write("elsewhere/E.swift", "")
        try tree.symlink("root/linked", to: "../elsewhere") // a real directory outside, via a link
        try tree.symlink("root/LinkedFile.swift", to: "../elsewhere/E.swift")
        try tree.symlink("root/dangling.txt", to: "nowhere")
        let result = collect(["root"], in: tree)
        // E.swift is reachable twice (linked dir, linked file): kept once, under the path sorting first.
        XCTAssertEqual(result.files, ["root/LinkedFile.swift", "root/a/A.swift"])
        XCTAssertEqual(result.problems, [])
    }

    /// One folder's listing with kinds, links followed, without a `stat` per plain entry (`TCAVersionDetector` lists
    /// every folder of a repository with it).
    func testEntriesOfAFolderHaveTheirKindsThroughLinks() throws {
        let tree = try ScratchTree()
        try tree.write("root/Package.swift", "")
        try tree.write("root/Sub/Package.resolved", "")
        try tree.write("root/.hidden/Podfile.lock", "")
        try tree.write("elsewhere/Package.resolved", "")
        try tree.symlink("root/LinkedFolder", to: "../elsewhere")
        try tree.symlink("root/LinkedFile.swift", to: "../elsewhere/Package.resolved")
        try tree.symlink("root/Dangling", to: "nowhere")
        XCTAssertEqual(mkfifo(tree.root.appendingPathComponent("root/Package.resolved").path, 0o644), 0)
        let entries = try XCTUnwrap(FileWalker.entries(of: tree.root.appendingPathComponent("root").path))
        let kinds = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, "\($0.kind)") })
        XCTAssertEqual(kinds, [".hidden": "directory", "LinkedFile.swift": "file", "LinkedFolder": "directory",
                               "Package.resolved": "other", "Package.swift": "file", "Sub": "directory"])
        XCTAssertNil(FileWalker.entries(of: tree.root.appendingPathComponent("missing").path))
        // The version detector finds lock files through linked folders, and never reads a FIFO (it would wait forever).
        XCTAssertEqual(TCAVersionDetector.candidateFiles(under: tree.root.appendingPathComponent("root").path).map {
            String($0.dropFirst(tree.root.path.count + 6))  // "/root/"
        }, [".hidden/Podfile.lock", "LinkedFolder/Package.resolved", "Package.swift", "Sub/Package.resolved"])
    }

    func testDanglingSwiftLinkIsReported() throws {
        let tree = try ScratchTree()
        try tree.symlink("Gone.swift", to: "nowhere.swift")
        let result = collect(["."], in: tree)
        XCTAssertEqual(result.files, [])
        XCTAssertEqual(result.problems, [.missing(path: "Gone.swift")])
    }

    /// Excluded folders are pruned, not walked and then filtered: a problem inside one (here a
    /// dangling `.swift` link) is never met, and the explicit root is entered whatever the predicate says.
    func testShouldDescendPrunesFoldersButNotRoots() throws {
        let tree = try ScratchTree()
        try tree.write("Sources/A.swift", "")
        try tree.write("Sources/Generated/B.swift", "")
        try tree.symlink("Sources/Generated/Gone.swift", to: "nowhere.swift")
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(tree.root.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        var asked: [String] = []
        let walker = FileWalker(shouldDescend: { path in
            asked.append(path)
            return !path.hasSuffix("Generated")
        })
        let result = walker.collect(["Sources"])
        XCTAssertEqual(result.files, ["Sources/A.swift"])
        XCTAssertEqual(result.problems, [])
        XCTAssertEqual(asked, ["Sources/Generated"])
        XCTAssertEqual(walker.collect(["Sources/Generated"]).files, ["Sources/Generated/B.swift"])
    }

    func testSpacesAndNonASCIINames() throws {
        let tree = try ScratchTree()
        try tree.write("My Project/Fëätüre Ω/Ünïcode Feature.swift", "")
        try tree.write("My Project/日本語.swift", "")
        let result = collect(["My Project"], in: tree)
        XCTAssertEqual(result.files, ["My Project/Fëätüre Ω/Ünïcode Feature.swift", "My Project/日本語.swift"])
    }

    func testResultIsSortedAndDeduplicated() throws {
        let tree = try ScratchTree()
        for name in ["b/Z.swift", "a/Y.swift", "B.swift", "a.swift", "c/a/X.swift"] { try tree.write(name, "") }
        let result = collect(["c", ".", "a/Y.swift", "a"], in: tree)
        XCTAssertEqual(result.files, ["B.swift", "a.swift", "a/Y.swift", "b/Z.swift", "c/a/X.swift"])
    }

    func testDeepDirectoryNestingIsWalkedWithoutRecursion() throws {
        let tree = try ScratchTree()
        let deep = Array(repeating: "d", count: 200).joined(separator: "/")
        try tree.write(deep + "/Deep.swift", "")
        XCTAssertEqual(collect(["."], in: tree).files, [deep + "/Deep.swift"])
    }

    func testNonRegularFileIsAProblem() throws {
        let tree = try ScratchTree()
        XCTAssertEqual(mkfifo(tree.path("pipe.swift"), 0o600), 0)
        XCTAssertEqual(collect(["pipe.swift"], in: tree).problems, [.notRegularFile(path: "pipe.swift")])
        // Inside a walked directory a FIFO is not a Swift file to read (reading it would block).
        XCTAssertEqual(collect(["."], in: tree).files, [])
    }
}

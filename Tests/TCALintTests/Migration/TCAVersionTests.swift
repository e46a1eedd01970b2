import Foundation
import XCTest
@testable import TCALint

/// Reading the TCA version a project builds with, from lock files and manifests written here.
final class TCAVersionTests: XCTestCase {
    func testVersionsParseAndOrderAsSwiftPMDoes() {
        XCTAssertEqual(TCAVersion("1.7.2"), TCAVersion(1, 7, 2))
        XCTAssertEqual(TCAVersion("v0.57"), TCAVersion(0, 57, 0))
        XCTAssertEqual(TCAVersion("1.10.0-beta.1"), TCAVersion(1, 10, 0))
        XCTAssertNil(TCAVersion("main"))
        XCTAssertNil(TCAVersion("1"))
        XCTAssertNil(TCAVersion("1.x.0"))
        XCTAssertLessThan(TCAVersion(1, 9, 9), TCAVersion(1, 10, 0))
        XCTAssertLessThan(TCAVersion(0, 59, 0), TCAVersion(1, 0, 0))
    }

    static let resolvedV2 = """
    {
      "originHash" : "x",
      "pins" : [
        { "identity" : "swift-case-paths", "kind" : "remoteSourceControl",
          "location" : "https://github.com/pointfreeco/swift-case-paths", "state" : { "revision" : "a", "version" : "1.5.0" } },
        { "identity" : "swift-composable-architecture", "kind" : "remoteSourceControl",
          "location" : "https://github.com/pointfreeco/swift-composable-architecture", "state" : { "revision" : "b", "version" : "1.12.1" } }
      ],
      "version" : 3
    }
    """
    static let resolvedV1 = """
    { "object": { "pins": [
        { "package": "ComposableArchitecture", "repositoryURL": "https://github.com/pointfreeco/swift-composable-architecture.git",
          "state": { "branch": null, "revision": "c", "version": "0.52.0" } } ] }, "version": 1 }
    """

    func testResolvedFormatsOneToThree() {
        XCTAssertEqual(TCAVersionDetector.resolvedVersion(in: Data(Self.resolvedV2.utf8)), TCAVersion(1, 12, 1))
        XCTAssertEqual(TCAVersionDetector.resolvedVersion(in: Data(Self.resolvedV1.utf8)), TCAVersion(0, 52, 0))
        let branch = Self.resolvedV2.replacingOccurrences(of: "\"version\" : \"1.12.1\"", with: "\"branch\" : \"main\"")
        XCTAssertNil(TCAVersionDetector.resolvedVersion(in: Data(branch.utf8)), "a branch pin names no version")
        // A package added by a URL with a fragment (copied from the README's #Installation heading): SwiftPM keeps it.
        let fragment = #"{"pins":[{"identity":"swift-composable-architecture#installation","kind":"remoteSourceControl","location":"https://github.com/pointfreeco/swift-composable-architecture#Installation","state":{"revision":"776bc5c","version":"1.7.1"}}],"version":2}"#
        XCTAssertEqual(TCAVersionDetector.resolvedVersion(in: Data(fragment.utf8)), TCAVersion(1, 7, 1))
        XCTAssertTrue(TCAVersionDetector.isTCA("https://github.com/pointfreeco/swift-composable-architecture.git?ref=main"))
        XCTAssertFalse(TCAVersionDetector.isTCA("https://github.com/pointfreeco/swift-composable-architecture-extras#readme"))
        XCTAssertNil(TCAVersionDetector.resolvedVersion(in: Data("not json".utf8)))
    }

    func testCocoaPodsLockFile() {
        let lock = "PODS:\n  - Alamofire (5.6.4)\n  - ComposableArchitecture (0.34.0):\n    - CasePaths (>= 0.8.0)\n"
        XCTAssertEqual(TCAVersionDetector.podVersion(in: lock), TCAVersion(0, 34, 0))
        XCTAssertNil(TCAVersionDetector.podVersion(in: "PODS:\n  - Alamofire (5.6.4)\n"))
    }

    func testManifestRequirementsGiveTheirLowerBound() {
        let forms: [(String, TCAVersion?)] = [
            (#".package(url: "https://github.com/pointfreeco/swift-composable-architecture", from: "1.7.0"),"#, TCAVersion(1, 7, 0)),
            (#".package(url: "https://github.com/pointfreeco/swift-composable-architecture.git", exact: "0.56.0")"#, TCAVersion(0, 56, 0)),
            (".package(\n  url: \"https://github.com/pointfreeco/swift-composable-architecture\",\n  .upToNextMajor(from: \"1.2.0\")\n)", TCAVersion(1, 2, 0)),
            (#".remote(url: "https://github.com/pointfreeco/swift-composable-architecture", requirement: .upToNextMajor(from: "0.52.0")),"#, TCAVersion(0, 52, 0)),
            (#".package(url: "https://github.com/pointfreeco/swift-composable-architecture", "1.3.0"..<"2.0.0")"#, TCAVersion(1, 3, 0)),
            // A product's use names the package but no requirement; a branch names no version.
            (#".product(name: "ComposableArchitecture", package: "swift-composable-architecture")"#, nil),
            (#".package(url: "https://github.com/pointfreeco/swift-composable-architecture", branch: "main")"#, nil),
        ]
        for (manifest, expected) in forms {
            XCTAssertEqual(TCAVersionDetector.requirementLowerBound(in: manifest), expected, manifest)
        }
    }

    func testDetectionPrefersALockFileAndTakesTheLowestVersion() throws {
        let tree = try ScratchTree()
        try tree.write(".git/HEAD", "ref: refs/heads/main\n")
        try tree.write("App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved", Self.resolvedV2)
        try tree.write("Tuist/Package.resolved", Self.resolvedV2.replacingOccurrences(of: "1.12.1", with: "1.9.0"))
        try tree.write("Package.swift", #".package(url: "https://github.com/pointfreeco/swift-composable-architecture", from: "1.0.0")"#)
        // Checkouts and build products are never read.
        try tree.write(".build/checkouts/x/Package.resolved", Self.resolvedV1)
        try tree.write("Sources/App/App.swift", "struct A {}\n")
        let root = TCAVersionDetector.projectRoot(of: tree.root.appendingPathComponent("Sources/App/App.swift").path)
        XCTAssertEqual(URL(fileURLWithPath: root).standardizedFileURL.path, tree.root.standardizedFileURL.path)
        let found = try XCTUnwrap(TCAVersionDetector.detect(root: root))
        XCTAssertEqual(found.version, TCAVersion(1, 9, 0))
        XCTAssertEqual(found.kind, .resolved)
        XCTAssertTrue(found.source.hasSuffix("Tuist/Package.resolved"), found.source)
        XCTAssertEqual(found.others, [TCAVersion(1, 12, 1)])
    }

    /// Tuist's copy of the lock file at the project root, `.package.resolved` (wooda-ege/lovebird-ios pins 1.2.0 there,
    /// with no `Package.swift` and no Xcode project in git): it pins the version like a `Package.resolved`.
    func testTuistsRootLockFileIsALockFile() throws {
        let tree = try ScratchTree()
        try tree.write(".git/HEAD", "ref: refs/heads/main\n")
        try tree.write("Tuist/Config.swift", "import ProjectDescription\n")
        try tree.write("App/Project.swift", #"packages: [.remote(url: "https://github.com/pointfreeco/swift-composable-architecture", requirement: .upToNextMajor(from: "1.0.0"))]"#)
        try tree.write(".package.resolved", Self.resolvedV2.replacingOccurrences(of: "1.12.1", with: "1.2.0"))
        let found = try XCTUnwrap(TCAVersionDetector.detect(root: tree.root.path))
        XCTAssertEqual(found.version, TCAVersion(1, 2, 0))
        XCTAssertEqual(found.kind, .resolved)
        XCTAssertTrue(found.source.hasSuffix("/.package.resolved"), found.source)
        XCTAssertTrue(TCAVersionDetector.buildDescriptionNames.contains(".package.resolved"), "an editor re-reads it when it changes")
    }

    /// A pin below what the manifest requires is a lock file left behind (MixTeam's root `Package.resolved` of
    /// 0.52.0 beside `from: "1.11.2"` and the Xcode project's 1.11.2): the pins that can build are read; when none
    /// can, the requirement's lower bound is.
    func testAPinBelowTheManifestsRequirementIsStale() throws {
        let tree = try ScratchTree()
        try tree.write("Package.resolved", Self.resolvedV2.replacingOccurrences(of: "1.12.1", with: "0.52.0"))
        try tree.write("App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved", Self.resolvedV2.replacingOccurrences(of: "1.12.1", with: "1.11.2"))
        try tree.write("Package.swift", #".package(url: "https://github.com/pointfreeco/swift-composable-architecture", from: "1.11.2")"#)
        let found = try XCTUnwrap(TCAVersionDetector.detect(root: tree.root.path))
        XCTAssertEqual(found.version, TCAVersion(1, 11, 2))
        XCTAssertEqual(found.kind, .resolved)
        XCTAssertTrue(found.source.hasSuffix("swiftpm/Package.resolved"), found.source)
        try FileManager.default.removeItem(at: tree.root.appendingPathComponent("App.xcodeproj"))
        let onlyStale = try XCTUnwrap(TCAVersionDetector.detect(root: tree.root.path))
        XCTAssertEqual(onlyStale.version, TCAVersion(1, 11, 2))
        XCTAssertEqual(onlyStale.kind, .requirement)
        // A pin at or above the requirement is the version built with.
        try tree.write("Package.resolved", Self.resolvedV2.replacingOccurrences(of: "1.12.1", with: "1.13.0"))
        XCTAssertEqual(TCAVersionDetector.detect(root: tree.root.path)?.version, TCAVersion(1, 13, 0))
    }

    /// A `Package.resolved` that pins TCA's `main` by revision, with no version (ku-ring/ios-app): the snapshot is fixed
    /// but unnumbered. It decides over the manifest (whose `branch:` gives no bound), and the rules judge against the
    /// lowest version the code's macros need: `@ObservableState` (1.7) hears 1.7's deprecation of `WithViewStore`,
    /// not 1.25's of `debounce`; `@Reducer` alone (1.4) hears neither; code with no macro, both (nothing known).
    func testARevisionPinIsJudgedByTheVersionTheCodeNeeds() throws {
        let tree = try ScratchTree()
        try tree.write(".git/HEAD", "ref: refs/heads/main\n")
        try tree.write("Package.resolved", Self.resolvedV2.replacingOccurrences(of: #""revision" : "b", "version" : "1.12.1""#,
                                                                              with: #""branch" : "main", "revision" : "94faadf""#))
        try tree.write("Package.swift", #".package(url: "https://github.com/pointfreeco/swift-composable-architecture", branch: "main")"#)
        let found = try XCTUnwrap(TCAVersionDetector.detect(root: tree.root.path))
        XCTAssertNil(found.version)
        XCTAssertEqual(found.kind, .revision)
        XCTAssertTrue(found.source.hasSuffix("Package.resolved"), found.source)
        func feature(_ attributes: String) -> String {
            """
            import ComposableArchitecture
            \(attributes)
            struct Autosave: Reducer {
              struct State: Equatable {}
              enum Action { case edited, saved }
              @Dependency(\\.mainQueue) var mainQueue
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  .run { send in await send(.saved) }
                    .debounce(id: "autosave", for: 1, scheduler: mainQueue)
                }
              }
            }
            struct AutosaveView: View {
              let store: StoreOf<Autosave>
              var body: some View {
                WithViewStore(store, observe: { $0 }) { viewStore in Text("") }
              }
            }

            """
        }
        func rules(_ attributes: String) throws -> [String] {
            try tree.write("Sources/Autosave.swift", feature(attributes))
            let result = try CLI.run(["lint", "--quiet", "."], in: tree.root)
            return ["legacy_view_store", "legacy_effect_scheduling"].filter { result.stdout.contains("(\($0))") }
        }
        XCTAssertEqual(try rules("@Reducer\n@ObservableState"), ["legacy_view_store"])
        XCTAssertEqual(try rules("@Reducer"), [])
        XCTAssertEqual(try rules(""), ["legacy_view_store", "legacy_effect_scheduling"])
        // A manifest asking for a version cannot be satisfied by a branch's revision: the pin is a lock file left behind
        // (ml-opensource/reality-check: `prerelease/1.0` pinned, `from: "1.2.0"` required), and the requirement counts.
        try tree.write("Package.swift", #".package(url: "https://github.com/pointfreeco/swift-composable-architecture", from: "1.2.0")"#)
        let required = try XCTUnwrap(TCAVersionDetector.detect(root: tree.root.path))
        XCTAssertEqual(required.version, TCAVersion(1, 2, 0))
        XCTAssertEqual(required.kind, .requirement)
    }

    /// A relative file name and `.`: Foundation on Linux traps on `"." .deletingLastPathComponent`, which once
    /// crashed every `tca-lint lint File.swift`.
    func testTheProjectRootOfARelativeFileOrTheCurrentFolder() throws {
        let tree = try ScratchTree()
        try tree.write("Clean.swift", "struct A {}\n")
        let result = try CLI.run(["lint", "Clean.swift"], in: tree.root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let dot = try CLI.run(["lint", "."], in: tree.root)
        XCTAssertEqual(dot.status, 0, dot.stderr)
        XCTAssertTrue(TCAVersionDetector.projectRoot(of: ".").hasPrefix("/"))
        XCTAssertTrue(TCAVersionDetector.projectRoot(of: "Missing.swift").hasPrefix("/"))
    }

    func testDetectionFallsBackToTheManifestAndElseKnowsNothing() throws {
        let tree = try ScratchTree()
        try tree.write("Tuist/Dependencies.swift", #".remote(url: "https://github.com/pointfreeco/swift-composable-architecture", requirement: .exact("0.58.0"))"#)
        let found = try XCTUnwrap(TCAVersionDetector.detect(root: tree.root.path))
        XCTAssertEqual(found.version, TCAVersion(0, 58, 0))
        XCTAssertEqual(found.kind, .requirement)
        let empty = try ScratchTree()
        try empty.write("Package.swift", "let package = Package(name: \"X\")\n")
        XCTAssertNil(TCAVersionDetector.detect(root: empty.root.path))
    }

    /// An Xcode project that depends on TCA without a committed `Package.resolved`: its package requirement in
    /// `project.pbxproj` gives the lower bound, so a project pinned to 1.2.0 hears nothing about 1.4's deprecations.
    static func pbxproj(_ requirement: String, url: String = "https://github.com/pointfreeco/swift-composable-architecture.git") -> String {
        """
        // !$*UTF8*$!
        {
        	objects = {
        		P /* Project object */ = {isa = PBXProject; mainGroup = M; packageReferences = (T, K); };
        		M = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
        		T /* XCRemoteSwiftPackageReference "swift-composable-architecture" */ = {
        			isa = XCRemoteSwiftPackageReference;
        			repositoryURL = "\(url)";
        			requirement = {\(requirement)};
        		};
        		K = {isa = XCRemoteSwiftPackageReference; repositoryURL = "https://github.com/kakao/kakao-ios-sdk"; requirement = {kind = exactVersion; version = 0.1.0; }; };
        	};
        	rootObject = P /* Project object */;
        }

        """
    }

    func testAnXcodeProjectsPackageRequirementGivesItsLowerBound() {
        let forms: [(String, TCAVersion?)] = [
            ("kind = exactVersion; version = 1.2.0;", TCAVersion(1, 2, 0)),
            ("kind = upToNextMajorVersion; minimumVersion = 1.9.2;", TCAVersion(1, 9, 2)),
            ("kind = upToNextMinorVersion; minimumVersion = 1.10.0;", TCAVersion(1, 10, 0)),
            ("kind = versionRange; maximumVersion = 2.0.0; minimumVersion = 1.5.0;", TCAVersion(1, 5, 0)),
            ("branch = main; kind = branch;", nil),
            ("kind = revision; revision = 0123abcd;", nil),
        ]
        for (requirement, expected) in forms {
            var parser = PropertyListParser(Array(Self.pbxproj(requirement).utf8))
            let root = parser.parse()
            XCTAssertNotNil(root, requirement)
            XCTAssertEqual(root.flatMap(XcodeProject.tcaRequirement(in:)), expected, requirement)
        }
        // Another package's requirement says nothing of TCA's.
        var other = PropertyListParser(Array(Self.pbxproj("kind = exactVersion; version = 1.2.0;", url: "https://github.com/pointfreeco/swift-dependencies").utf8))
        XCTAssertNil(other.parse().flatMap(XcodeProject.tcaRequirement(in:)))
    }

    func testDetectionReadsAnXcodeProjectWhenNoLockFileIsCommitted() throws {
        let tree = try ScratchTree()
        try tree.write(".git/HEAD", "ref: refs/heads/main\n")
        try tree.write("App/App.xcodeproj/project.pbxproj", Self.pbxproj("kind = exactVersion; version = 1.2.0;"))
        try tree.write("App/Feature.swift", """
            import ComposableArchitecture
            struct FeatureView: View {
              let store: StoreOf<Feature>
              var body: some View {
                WithViewStore(store, observe: { $0 }) { viewStore in Text(viewStore.title) }
              }
            }

            """)
        let found = try XCTUnwrap(TCAVersionDetector.detect(root: tree.root.path))
        XCTAssertEqual(found.version, TCAVersion(1, 2, 0))
        XCTAssertEqual(found.kind, .requirement)
        XCTAssertTrue(found.source.hasSuffix("App/App.xcodeproj/project.pbxproj"), found.source)
        // WithViewStore is deprecated from TCA 1.7: on 1.2.0 it is the current API, and nothing is reported.
        let quiet = try CLI.run(["lint", "--quiet", "."], in: tree.root)
        XCTAssertEqual(quiet.stdout, "", quiet.stderr)
        let upgraded = try CLI.run(["lint", "--quiet", "--target-tca", "1.7.0", "."], in: tree.root)
        XCTAssertTrue(upgraded.stdout.contains("(legacy_view_store)"), upgraded.stdout)
    }

    func testConfigurationKeyTcaVersion() throws {
        let c = try Configuration(parsing: Array("tca_version: 1.7.2\n".utf8), path: "/repo/.tca-lint.yml",
                                  knownRules: knownRulesForTests, workingDirectory: "/repo")
        XCTAssertEqual(c.tcaVersion, TCAVersion(1, 7, 2))
        XCTAssertTrue(c.printEffective().contains("tca_version: \"1.7.2\""))
        XCTAssertEqual(Linter(configuration: c).tcaVersion, TCAVersion(1, 7, 2))
        XCTAssertThrowsError(try Configuration(parsing: Array("tca_version: latest\n".utf8), path: "/repo/.tca-lint.yml",
                                               knownRules: knownRulesForTests, workingDirectory: "/repo")) { error in
            XCTAssertTrue("\(error)".contains("'tca_version' expects a TCA version such as 1.7.2"), "\(error)")
        }
    }
}

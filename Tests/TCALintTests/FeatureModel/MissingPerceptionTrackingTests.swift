import Foundation
import XCTest
@testable import TCALint

/// `missing_perception_tracking` end to end: the deployment target read from the package that compiles the view,
/// the view's untracked reads, its feature's observable state, and the two messages.
final class MissingPerceptionTrackingTests: XCTestCase {
    static let feature = """
        import ComposableArchitecture
        @Reducer
        struct Profile {
          @ObservableState
          struct State { var name = ""; var level = 0.5; @ObservationStateIgnored var controller = 0 }
          enum Action { case tapped }
          var body: some ReducerOf<Self> { EmptyReducer() }
        }

        """

    static let views = """
        import ComposableArchitecture
        import SwiftUI
        struct ProfileView: View {
          let store: StoreOf<Profile>
          var body: some View {
            Text(store.name)
          }
        }
        struct GaugeView: View {
          let store: StoreOf<Profile>
          var body: some View {
            WithPerceptionTracking {
              GeometryReader { _ in Text("\\(1)").opacity(store.level) }
            }
          }
        }
        struct ControllerView: View {
          let store: StoreOf<Profile>
          var body: some View { Text(store.controller.description) }
        }

        """

    func lint(platforms: String, app: String? = nil) throws -> [(file: String, line: Int, message: String)] {
        let tree = try ScratchTree()
        let root = try tree.write("Package.swift", "let package = Package(name: \"P\", \(platforms) products: [.library(name: \"App\", targets: [\"App\"])], targets: [])\n").path
        if let app { try tree.write("iOSApp/iOSApp.xcodeproj/project.pbxproj", app) }
        try FileManager.default.createDirectory(atPath: Paths.join(Paths.directory(of: root), ".git"), withIntermediateDirectories: true)
        let paths = [try tree.write("Sources/App/Profile.swift", Self.feature).path, try tree.write("Sources/App/Views.swift", Self.views).path]
        return withExtendedLifetime(tree) {
            LintRunner(linter: Linter(rules: [MissingPerceptionTrackingRule.self]), jobs: 2).run(paths).diagnostics
                .map { (($0.path as NSString).lastPathComponent, $0.line, $0.message) }
        }
    }

    func testReadsOutsideTrackingAreReportedWhenThePackageDeploysBeforeObservation() throws {
        let found = try lint(platforms: "platforms: [.iOS(.v16)],")
        XCTAssertEqual(found.map { "\($0.file):\($0.line)" }, ["Views.swift:6", "Views.swift:13"])
        let iOS16 = DeploymentTarget(platform: "iOS", major: 16, minor: 0, source: "")
        XCTAssertEqual(found.map(\.message), [
            MissingPerceptionTrackingRule.message(view: "ProfileView", member: "name", feature: "Profile", target: iOS16),
            MissingPerceptionTrackingRule.escapingMessage(view: "GaugeView", member: "level", closure: "GeometryReader", target: iOS16),
        ])
        XCTAssertTrue(found[0].message.contains("built for iOS 16.0"))
    }

    /// A package for iOS 16 that the repository's own app links (`XCSwiftPackageProductDependency` of its product `App`,
    /// no remote package) and builds for iOS 17 runs only there (Shepherd-Dog/SpeakList): nothing is reported. An app
    /// for iOS 16, or one linking another package's product, leaves the package's own target in force.
    func testAPackageOnlyAnObservationAppLinksIsSilent() throws {
        func app(target: String, product: String) -> String {
            """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tP1 /* Project object */ = {isa = PBXProject; mainGroup = G0; targets = (); };
            \t\tG0 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
            \t\tD1 /* \(product) */ = {isa = XCSwiftPackageProductDependency; productName = \(product); };
            \t\tD2 = {isa = XCSwiftPackageProductDependency; package = R1; productName = App; };
            \t\tR1 = {isa = XCRemoteSwiftPackageReference; repositoryURL = "https://example.com/other"; };
            \t\tC1 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = \(target); }; name = Debug; };
            \t};
            \trootObject = P1 /* Project object */;
            }

            """
        }
        XCTAssertEqual(try lint(platforms: "platforms: [.iOS(.v16)],", app: app(target: "17.0", product: "App")).count, 0)
        XCTAssertEqual(try lint(platforms: "platforms: [.iOS(.v16)],", app: app(target: "16.0", product: "App")).count, 2)
        XCTAssertEqual(try lint(platforms: "platforms: [.iOS(.v16)],", app: app(target: "17.0", product: "Other")).count, 2)
    }

    func testAPackageForObservationOrWithoutPlatformsIsSilent() throws {
        XCTAssertEqual(try lint(platforms: "platforms: [.iOS(.v17), .macOS(.v14)],").count, 0)
        XCTAssertEqual(try lint(platforms: "").count, 0)
    }

    /// An Xcode project for iOS 16 that holds `App/Profile.swift` and `App/Views.swift` through a group, not the copy
    /// of the views left in `Old/`: that copy is built by no target, so its reads are not reported.
    static let pbxproj = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjects = {
        \t\tP1 /* Project object */ = {isa = PBXProject; mainGroup = G0; targets = (); };
        \t\tG0 = {isa = PBXGroup; children = (G1, F3 /* Orphan */); sourceTree = "<group>"; };
        \t\tG1 /* App */ = {isa = PBXGroup; children = (F1 /* Profile.swift */, F2); path = App; sourceTree = "<group>"; };
        \t\tF1 /* Profile.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Profile.swift; sourceTree = "<group>"; };
        \t\tF2 = {isa = PBXFileReference; path = "Views.swift"; sourceTree = "<group>"; };
        \t\tC1 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = 16.0; }; name = Debug; };
        \t};
        \trootObject = P1 /* Project object */;
        }

        """

    func testAFileTheXcodeProjectDoesNotHoldIsNotReported() throws {
        let tree = try ScratchTree()
        _ = try tree.write("App.xcodeproj/project.pbxproj", Self.pbxproj)
        try FileManager.default.createDirectory(atPath: Paths.join(tree.root.path, ".git"), withIntermediateDirectories: true)
        let paths = [try tree.write("App/Profile.swift", Self.feature).path, try tree.write("App/Views.swift", Self.views).path,
                     try tree.write("Old/Views.swift", Self.views).path]
        let found = withExtendedLifetime(tree) {
            LintRunner(linter: Linter(rules: [MissingPerceptionTrackingRule.self]), jobs: 2).run(paths).diagnostics
                .map { "\(Paths.directory(of: $0.path).split(separator: "/").last ?? ""):\(($0.path as NSString).lastPathComponent):\($0.line)" }
        }
        XCTAssertEqual(found, ["App:Views.swift:6", "App:Views.swift:13"])
    }
}

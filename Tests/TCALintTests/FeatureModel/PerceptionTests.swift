import Foundation
import XCTest
@testable import TCALint

/// The deployment target a file is built for (`DeploymentTarget`), and the reads of a store's state a view's body
/// evaluates without `WithPerceptionTracking` (`PerceptionReader`).
final class PerceptionTests: XCTestCase {
    func testManifestsAndProjectsNameTheirTargets() {
        func shown(_ targets: [DeploymentTarget]) -> [String] { targets.map(\.description) }
        XCTAssertEqual(shown(DeploymentTarget.manifestTargets(in: "platforms: [.iOS(.v16), .macOS(.v10_15), .watchOS(\"9.4\")]", source: "P")),
                       ["iOS 16.0", "macOS 10.15", "watchOS 9.4"])
        XCTAssertEqual(shown(DeploymentTarget.manifestTargets(in: "deploymentTargets: .iOS(\"16.2\"), destinations: .iOS", source: "P")), ["iOS 16.2"])
        XCTAssertEqual(shown(DeploymentTarget.manifestTargets(in: "deploymentTarget: .iOS(targetVersion: \"15.0\", devices: [.iphone])", source: "P")), ["iOS 15.0"])
        XCTAssertEqual(shown(DeploymentTarget.xcodeTargets(in: "IPHONEOS_DEPLOYMENT_TARGET = 16.0;\nTVOS_DEPLOYMENT_TARGET = 13.3;\nMACOSX_DEPLOYMENT_TARGET = 13.5;", source: "X")),
                       ["iOS 16.0", "macOS 13.5"])
    }

    func testOnlyTargetsAllBelowObservationCount() {
        let t16 = DeploymentTarget(platform: "iOS", major: 16, minor: 4, source: "")
        let t17 = DeploymentTarget(platform: "iOS", major: 17, minor: 0, source: "")
        let m13 = DeploymentTarget(platform: "macOS", major: 13, minor: 0, source: "")
        XCTAssertTrue(t16.needsPerception)
        XCTAssertFalse(t17.needsPerception)
        XCTAssertEqual(DeploymentTarget.lowestBelowObservation([t16, m13])?.description, "macOS 13.0")
        XCTAssertNil(DeploymentTarget.lowestBelowObservation([t16, t17]))
    }

    func testTheNearestBuildDescriptionThatCompilesTheFileDecides() throws {
        let tree = try ScratchTree()
        let pkg = "// swift-tools-version:5.9\nlet p = Package(platforms: [.iOS(.v16)], targets: [.target(name: \"UI\", path: \"Modules/UI\")])\n"
        let root = try tree.write("Package.swift", pkg).path
        let folder = Paths.directory(of: root)
        try FileManager.default.createDirectory(atPath: Paths.join(folder, ".git"), withIntermediateDirectories: true)
        let inSources = try tree.write("Sources/App/AppView.swift", "").path
        let inPath = try tree.write("Modules/UI/Row.swift", "").path
        let outside = try tree.write("fixtures/Example.swift", "").path
        let app = try tree.write("Apps/iOS/App/View.swift", "").path
        _ = try tree.write("Apps/iOS/App.xcodeproj/project.pbxproj", "IPHONEOS_DEPLOYMENT_TARGET = 17.0;\nIPHONEOS_DEPLOYMENT_TARGET = 16.0;")
        let widget = try tree.write("Widget/W.swift", "").path
        _ = try tree.write("Widget/Widget.xcodeproj/project.pbxproj", "IPHONEOS_DEPLOYMENT_TARGET = 15.0;")
        XCTAssertEqual(DeploymentTarget.search(from: Paths.directory(of: inSources))?.description, "iOS 16.0")
        XCTAssertEqual(DeploymentTarget.search(from: Paths.directory(of: inPath))?.description, "iOS 16.0")
        // Not compiled by the package: nothing above it builds it.
        XCTAssertNil(DeploymentTarget.search(from: Paths.directory(of: outside)))
        // An Xcode project with an iOS 17 target and an iOS 16 one: which builds the file is not read.
        XCTAssertNil(DeploymentTarget.search(from: Paths.directory(of: app)))
        XCTAssertEqual(DeploymentTarget.search(from: Paths.directory(of: widget))?.description, "iOS 15.0")
        withExtendedLifetime(tree) {}
    }

    func reads(_ source: String) -> [String] {
        ProjectIndexer.facts(path: "V.swift", bytes: Array(source.utf8)).file.untrackedReads.map { "\($0.view).\($0.member)" }
    }

    func testReadsTheBodyEvaluatesAreRead() {
        XCTAssertEqual(reads("""
            struct A: View {
              let store: StoreOf<F>
              var body: some View {
                VStack(spacing: 0) {
                  if store.isOn { Text(store.title) }
                  ForEach(self.store.rows) { row in Text(row.name) }
                  Button { store.send(.tapped(store.hidden)) } label: { Text(store.label) }
                }
                .overlay { Text(store.badge) }
                .task { print(store.inTask) }
                .onAppear { _ = store.inAppear }
                .sheet(item: $store.scope(state: \\.child, action: \\.child)) { _ in }
              }
            }
            """), ["A.isOn", "A.title", "A.rows", "A.label", "A.badge"])
    }

    func escaping(_ source: String) -> [String] {
        ProjectIndexer.facts(path: "V.swift", bytes: Array(source.utf8)).file.untrackedReads.map { "\($0.member):\($0.escapingClosure ?? "-")" }
    }

    /// A `GeometryReader`'s content, a `ForEach`'s rows and a sheet's content run later, outside the body's tracking; a
    /// lazy stack's content runs in the body (`LazyVStack(content:)` is not escaping), so `ForEach(store.rows)`'s data
    /// argument there is tracked and only the row's `store.bold` is not.
    func testEscapingClosuresInsideTrackingNeedTheirOwn() {
        XCTAssertEqual(escaping("""
            struct A: View {
              @Bindable var store: StoreOf<F>
              var body: some View {
                WithPerceptionTracking {
                  Text(store.title)
                  GeometryReader { proxy in Text(store.size) }
                  LazyVStack { ForEach(store.rows) { Text($0.name).bold(store.bold) } }
                  LazyHStack { WithPerceptionTracking { Text(store.wrapped) } }
                }
                .sheet(isPresented: $store.isHelpShown) { Text(store.help) }
                .navigationTitle(store.name)
              }
            }
            struct B: View {
              @Bindable var store: StoreOf<F>
              var body: some View {
                WithPerceptionTracking {
                  NavigationStack(path: $store.scope(state: \\.path, action: \\.path)) {
                    Text("Root")
                  } destination: { store in
                    switch store.case { case let .detail(store): DetailView(store: store) }
                    Text(store.title)
                  }
                }
              }
            }
            """), ["size:GeometryReader", "bold:ForEach", "help:sheet", "name:-"])
    }

    func testABodyWithTrackingOrAViewForNewOSesIsNotRead() {
        XCTAssertEqual(reads("""
            struct A: View {
              let store: StoreOf<F>
              var body: some View { WithPerceptionTracking { Text(store.title) } }
            }
            @available(iOS 17, *)
            struct B: View {
              let store: StoreOf<F>
              var body: some View { Text(store.title) }
            }
            struct C: View {
              let store: StoreOf<F>
              var content: some View { Text(store.title) }
              var body: some View { content.onAppear { store.send(.appeared) } }
            }
            """), [])
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The lowest OS a file's code is built for, read from the nearest build description above it: a SwiftPM
/// `Package.swift` (`platforms: [.iOS(.v16)]`), an Xcode project (`IPHONEOS_DEPLOYMENT_TARGET = 16.0;` in
/// `project.pbxproj`) or a Tuist `Project.swift` (`deploymentTargets: .iOS("16.0")`). Rules about Observation use
/// it: before iOS 17, macOS 14, tvOS 17 and watchOS 10, TCA's observation runs on the Perception back-port, which
/// tracks state only inside `WithPerceptionTracking`.
public struct DeploymentTarget: Sendable, Equatable, CustomStringConvertible {
    /// `iOS`, `macOS`, `tvOS`, `watchOS`.
    public var platform: String
    public var major: Int
    public var minor: Int
    /// The file it was read from.
    public var source: String

    public var description: String { "\(platform) \(major).\(minor)" }

    /// The first release of each platform with Swift's Observation.
    static let observationMajors: [String: (Int, Int)] = ["iOS": (17, 0), "macOS": (14, 0), "tvOS": (17, 0), "watchOS": (10, 0)]

    /// Built for an OS older than Observation: views track store state only inside `WithPerceptionTracking`.
    public var needsPerception: Bool {
        guard let (major, minor) = Self.observationMajors[platform] else { return false }
        return (self.major, self.minor) < (major, minor)
    }

    /// The lowest target below Observation that the nearest build description above `path` (a file) names, at or
    /// below the project root; nil when that description names none, names only newer ones, or mixes both (an
    /// Xcode project with an iOS 16 app and an iOS 17 widget: which one builds the file is not read).
    public static func needingPerception(forFile path: String) -> DeploymentTarget? {
        cache.value(for: Paths.directory(of: Paths.absolute(path, base: Paths.currentDirectory())), compute: search(from:))
    }

    private static let cache = RunWideCache<String, DeploymentTarget?>()

    /// Walks up from `directory` to the first folder holding a build description that builds it.
    static func search(from directory: String) -> DeploymentTarget? {
        let fm = FileManager.default
        var current = directory
        for _ in 0..<64 {
            // The first build description up the tree decides; one that names no target builds for its tool's
            // default (Xcode: the SDK's own version), which is not read.
            if let targets = targets(inFolder: current, building: directory, fileManager: fm) {
                guard !targets.isEmpty, let lowest = lowestBelowObservation(targets) else { return nil }
                // A package the repository's own apps link, all built for Observation, runs only there.
                if lowest.source.hasSuffix("/Package.swift"), builtOnlyForObservation(package: lowest.source) { return nil }
                return lowest
            }
            if fm.fileExists(atPath: Paths.join(current, ".git")) { return nil }
            let parent = Paths.directory(of: current)
            if parent == current || parent.isEmpty { return nil }
            current = parent
        }
        return nil
    }

    /// The targets the folder's build descriptions name (empty when it has some that name none), or nil when it has
    /// no build description.
    /// A `Package.swift` counts only for the folders its targets compile (`Sources/…`, or a `path:` it names): a
    /// package's `fixtures/` or `Examples/` are no part of it.
    static func targets(inFolder folder: String, building directory: String, fileManager fm: FileManager) -> [DeploymentTarget]? {
        var found: [DeploymentTarget] = []
        var hasDescription = false
        for name in ["Package.swift", "Project.swift"] {
            let path = Paths.join(folder, name)
            if let text = try? String(contentsOfFile: path, encoding: .utf8) {
                if name == "Package.swift", !compiles(manifest: text, in: folder, directory) { continue }
                hasDescription = true
                found += manifestTargets(in: text, source: path)
            }
        }
        if let entries = try? fm.contentsOfDirectory(atPath: folder) {
            for entry in entries.sorted() where entry.hasSuffix(".xcodeproj") {
                if let project = XcodeProject.at(Paths.join(Paths.join(folder, entry), "project.pbxproj")) {
                    hasDescription = true
                    found += project.targets
                }
            }
        }
        return hasDescription ? found : nil
    }

    /// Whether the `Package.swift` at `manifest` is a local package of Xcode projects in its repository (their targets
    /// link a product it declares, `name: "AppFeature"`) and every one of them is built for Observation (an app at
    /// iOS 17 that links the package declaring iOS 16): the package's code runs only in those apps. False when no
    /// project of the repository links it (a library others may use on the older OS).
    static func builtOnlyForObservation(package manifest: String) -> Bool {
        linkedOnlyByObservationApps.value(for: manifest, compute: findsOnlyObservationConsumers(of:))
    }

    /// Per package, once a run: every folder of the package asks (walking the repository for each would cost its size).
    private static let linkedOnlyByObservationApps = RunWideCache<String, Bool>()

    private static func findsOnlyObservationConsumers(of manifest: String) -> Bool {
        guard let text = try? String(contentsOfFile: manifest, encoding: .utf8) else { return false }
        let root = TCAVersionDetector.projectRoot(of: Paths.directory(of: manifest))
        var consumers: [XcodeProject] = []
        for file in TCAVersionDetector.candidateFiles(under: root) where file.hasSuffix("/project.pbxproj") {
            guard let project = XcodeProject.at(file),
                  project.localPackageProducts.contains(where: { text.contains("\"" + $0 + "\"") }) else { continue }
            consumers.append(project)
        }
        return !consumers.isEmpty && consumers.allSatisfy { !$0.targets.isEmpty && !$0.targets.contains(where: \.needsPerception) }
    }

    /// Whether a package at `folder` compiles the files of `directory`: it lies under `Sources/`, or under a
    /// target's `path: "…"`.
    static func compiles(manifest: String, in folder: String, _ directory: String) -> Bool {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard directory.hasPrefix(prefix) else { return false }
        let relative = String(directory.dropFirst(prefix.count)) + "/"
        if relative.hasPrefix("Sources/") { return true }
        var rest = Substring(manifest)
        while let range = rest.firstRange(of: "path:") {
            rest = rest[range.upperBound...]
            let value = rest.drop { $0 == " " }
            guard value.first == "\"" else { continue }
            var path = String(value.dropFirst().prefix { $0 != "\"" })
            while path.hasPrefix("./") { path.removeFirst(2) }
            if !path.isEmpty, relative.hasPrefix(path.hasSuffix("/") ? path : path + "/") { return true }
        }
        return false
    }

    /// The lowest target when every target named is below Observation; nil when any is not.
    static func lowestBelowObservation(_ targets: [DeploymentTarget]) -> DeploymentTarget? {
        guard targets.allSatisfy(\.needsPerception) else { return nil }
        return targets.min { ($0.major, $0.minor) < ($1.major, $1.minor) }
    }

    /// `.iOS(.v16)`, `.macOS(.v10_15)`, `.iOS("16.4")`, `.iOS(targetVersion: "16.0", …)` in a manifest.
    static func manifestTargets(in text: String, source: String) -> [DeploymentTarget] {
        var result: [DeploymentTarget] = []
        for platform in observationMajors.keys.sorted() {
            var rest = Substring(text)
            while let range = rest.firstRange(of: "." + platform + "(") {
                rest = rest[range.upperBound...]
                let argument = rest.prefix(80).prefix { $0 != ")" }
                if let version = version(inArgument: String(argument)) {
                    result.append(DeploymentTarget(platform: platform, major: version.0, minor: version.1, source: source))
                }
            }
        }
        return result
    }

    /// `.v16`, `.v10_15`, `"16.4"`, `targetVersion: "16.0", devices: …` → (16, 0), (10, 15), (16, 4), (16, 0).
    static func version(inArgument argument: String) -> (Int, Int)? {
        let trimmed = argument.trimmingBlanks()
        if trimmed.hasPrefix(".v") {
            let parts = trimmed.dropFirst(2).prefix { $0.isNumber || $0 == "_" }.split(separator: "_")
            guard let major = parts.first.flatMap({ Int($0) }) else { return nil }
            return (major, parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
        }
        guard let open = trimmed.firstIndex(of: "\"") else { return nil }
        let quoted = trimmed[trimmed.index(after: open)...].prefix { $0 != "\"" }
        let parts = quoted.split(separator: ".")
        guard let major = parts.first.flatMap({ Int($0) }) else { return nil }
        return (major, parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
    }

    /// `IPHONEOS_DEPLOYMENT_TARGET = 16.0;` and `MACOSX_DEPLOYMENT_TARGET` in a `project.pbxproj`. A project that
    /// sets only a tvOS or watchOS target builds its iOS targets for the SDK's own version: those settings alone
    /// say nothing of the app's files.
    static func xcodeTargets(in text: String, source: String) -> [DeploymentTarget] {
        let settings = ["IPHONEOS_DEPLOYMENT_TARGET": "iOS", "MACOSX_DEPLOYMENT_TARGET": "macOS"]
        var result: [DeploymentTarget] = []
        for (setting, platform) in settings.sorted(by: { $0.key < $1.key }) {
            var rest = Substring(text)
            while let range = rest.firstRange(of: setting + " = ") {
                rest = rest[range.upperBound...]
                let value = rest.prefix { $0.isNumber || $0 == "." }
                let parts = value.split(separator: ".")
                if let major = parts.first.flatMap({ Int($0) }) {
                    result.append(DeploymentTarget(platform: platform, major: major, minor: parts.count > 1 ? Int(parts[1]) ?? 0 : 0, source: source))
                }
            }
        }
        return result
    }
}

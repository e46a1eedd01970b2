#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A TCA release number (`1.7.2`), ordered as SwiftPM orders versions (pre-release labels are ignored).
public struct TCAVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(_ major: Int, _ minor: Int, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// The newest TCA release tca-lint's deprecation rules know of. `tca-lint migrate` without `--target-tca` reads a
    /// project as upgraded to it; a rename only TCA's main branch has (`legacy_scope_label`, named 1.26) is listed
    /// only when asked for with `--target-tca`.
    public static let newestRelease = TCAVersion(1, 25, 5)

    /// `1.7`, `1.7.2`, `v1.7.2`, `1.7.2-beta`; nil for anything else.
    public init?(_ text: String) {
        var t = Substring(text.trimmingWhitespace())
        if t.first == "v" { t = t.dropFirst() }
        if let dash = t.firstIndex(where: { $0 == "-" || $0 == "+" }) { t = t[..<dash] }
        let parts = t.split(separator: ".", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
              let major = Int(parts[0]), let minor = Int(parts[1]) else { return nil }
        self.init(major, minor, parts.count == 3 ? Int(parts[2]) ?? 0 : 0)
    }

    public var description: String { "\(major).\(minor).\(patch)" }

    public static func < (a: TCAVersion, b: TCAVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// The TCA version a project builds with, and where it was read: the resolved version in a `Package.resolved`
/// (the root's, an Xcode project's or workspace's, Tuist's) or CocoaPods' `Podfile.lock`, else the lowest version the requirement in a
/// `Package.swift`, a Tuist `Project.swift` / `Package.swift` or an Xcode project's `project.pbxproj` allows.
public struct DetectedTCAVersion: Sendable, Equatable {
    /// Nil for a pin of a revision (`kind == .revision`): the version has no number.
    public var version: TCAVersion?
    /// The file it was read from.
    public var source: String
    /// `resolved` (a Package.resolved pin), `requirement` (the lower bound of a manifest's requirement), or
    /// `revision` (a Package.resolved pin of a branch's revision, no version: a fixed snapshot of unknown number).
    public var kind: Kind
    /// Other versions found in other files of the project (a monorepo's apps, a stale lock file), when they differ.
    public var others: [TCAVersion] = []

    public enum Kind: String, Sendable { case resolved, requirement, revision }
}

/// The TCA version of each repository a run or a server meets, detected once per repository: files of several
/// projects (a list of files, the documents of an editor) are each judged against their own project's version.
public struct TCAVersionsByProject {
    private var detected: [String: DetectedTCAVersion?] = [:]
    /// The lock files and manifests each detection read, as they were then: `isStale` tells when one changed.
    private var read: [(path: String, stamp: FileStamp)] = []

    public init() {}

    /// The version the repository around `path` (a file or a folder) names; nil when it names none.
    public mutating func version(around path: String) -> DetectedTCAVersion? {
        let root = TCAVersionDetector.projectRoot(of: path)
        if detected[root] == nil {
            let files = TCAVersionDetector.candidateFiles(under: root)
            read += files.map { ($0, FileStamp(path: $0)) }
            detected[root] = .some(TCAVersionDetector.detect(root: root, files: files))
        }
        return detected[root] ?? nil
    }

    /// Whether a lock file or manifest a detection read was since edited, replaced or deleted (a few `stat`s): the
    /// language server asks before each lint, so an upgrade made outside the editor applies without a client that
    /// watches files. A lock file created where detection found none is seen at the next reload.
    public var isStale: Bool { read.contains { FileStamp(path: $0.path) != $0.stamp } }

    /// Records what was already detected at the repository `root` (`TCAVersionDetector.projectRoot`), by a run that
    /// looked before it knew the other projects.
    public mutating func record(_ version: DetectedTCAVersion?, root: String) {
        detected[root] = .some(version)
    }
}

public enum TCAVersionDetector {
    /// Folders never looked into: build products, checkouts of dependencies, vendored code.
    static let skippedFolders: Set<String> = [".build", ".git", "Pods", "Carthage", "DerivedData", "SourcePackages",
                                               "node_modules", ".swiftpm", "checkouts", "Derived"]
    /// How deep below the project root lock files and manifests are looked for (`app-ios/Package.resolved`,
    /// `App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved` is 4 deep).
    static let maxDepth = 5

    /// The project root of `path`: the nearest folder at or above it holding `.git`, else the folder itself (absolute).
    /// Paths are handled by `Paths`, not `NSString`: Foundation on Linux traps on `"." .deletingLastPathComponent`.
    public static func projectRoot(of path: String) -> String {
        let fm = FileManager.default
        let absolute = Paths.absolute(path, base: Paths.currentDirectory())
        let start = FileReader.isDirectory(absolute) ? absolute : Paths.directory(of: absolute)
        var current = start
        for _ in 0..<64 {
            if fm.fileExists(atPath: Paths.join(current, ".git")) { return current }
            let parent = Paths.directory(of: current)
            if parent == current || parent.isEmpty { break }
            current = parent
        }
        return start
    }

    /// The version the project at `root` builds with, or nil when no lock file or manifest names TCA.
    public static func detect(root: String) -> DetectedTCAVersion? {
        detect(root: root, files: candidateFiles(under: root))
    }

    /// The same, from the project's lock files and manifests (`candidateFiles(under: root)`).
    static func detect(root: String, files: [String]) -> DetectedTCAVersion? {
        var resolved: [(TCAVersion, String)] = []
        var pods: [(TCAVersion, String)] = []
        var required: [(TCAVersion, String)] = []
        var xcodeProjects: [String] = []
        var revisionPins: [String] = []
        for file in files {
            let name = file.split(separator: "/").last.map(String.init) ?? file
            if name == "project.pbxproj" { xcodeProjects.append(file); continue }
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            if lockFileNames.contains(name) {
                switch resolvedPin(in: data) {
                case .version(let v)?: resolved.append((v, file))
                case .revision?: revisionPins.append(file)
                case nil: break
                }
            } else if name == "Podfile.lock" {
                if let text = String(data: data, encoding: .utf8), let v = podVersion(in: text) { pods.append((v, file)) }
            } else if let text = String(data: data, encoding: .utf8), let v = requirementLowerBound(in: text) {
                required.append((v, file))
            }
        }
        // An Xcode project's requirement matters only where no lock file decides: its property list is parsed then only.
        if resolved.isEmpty && pods.isEmpty {
            for file in xcodeProjects {
                if let v = XcodeProject.at(file)?.tcaRequirement { required.append((v, file)) }
            }
        }
        // A pin below the lowest version any manifest allows is a lock file left behind (a root `Package.resolved`
        // of 0.52.0 beside `from: "1.11.2"`): SwiftPM cannot build with it, so it says nothing of the version used.
        if let floor = required.map(\.0).min() { resolved.removeAll { $0.0 < floor } }
        // The lowest version found: the rules must not speak of an API as deprecated for a part of the project
        // that still builds against an older TCA.
        func pick(_ found: [(TCAVersion, String)], _ kind: DetectedTCAVersion.Kind) -> DetectedTCAVersion? {
            guard let lowest = found.min(by: { ($0.0, $0.1) < ($1.0, $1.1) }) else { return nil }
            let others = Array(Set(found.map(\.0)).subtracting([lowest.0])).sorted()
            return DetectedTCAVersion(version: lowest.0, source: lowest.1, kind: kind, others: others)
        }
        // SwiftPM's lock files first: a `Podfile.lock` beside them is often left over from before the move to SwiftPM.
        // A revision pinned without a version (`branch: "main"`) is what the project builds with, only unnumbered, when
        // no manifest asks for a version (a branch pin cannot satisfy `from: "1.2.0"`: beside one it is a lock file
        // left behind); the code's own API use then tells its version (`Linter`).
        return pick(resolved, .resolved) ?? pick(pods, .resolved) ?? pick(required, .requirement)
            ?? revisionPins.first.map { DetectedTCAVersion(version: nil, source: $0, kind: .revision) }
    }

    /// SwiftPM's lock file, and the copy Tuist keeps of it at the project root for Xcode's package integration
    /// (`Project.swift`'s `packages:`), which the team commits as its source of truth while the workspace is generated
    /// and ignored (https://github.com/tuist/tuist/issues/5210).
    static let lockFileNames: Set<String> = ["Package.resolved", ".package.resolved"]

    /// The files that say which TCA a project builds with (and for which OS).
    public static let buildDescriptionNames: Set<String> = ["Package.resolved", ".package.resolved", "Package.swift", "Project.swift",
                                                            "Dependencies.swift", "Podfile.lock", "project.pbxproj"]

    /// `Package.resolved` (or Tuist's `.package.resolved`), `Package.swift`, `Project.swift`, Tuist's `Dependencies.swift`, `Podfile.lock` and Xcode's
    /// `project.pbxproj` below `root`, in path order, at most `maxDepth` folders down, skipping build products and
    /// dependency checkouts.
    static func candidateFiles(under root: String) -> [String] {
        let names = buildDescriptionNames
        var result: [String] = []
        var stack: [(String, Int)] = [(root, 0)]
        while let (folder, depth) = stack.popLast() {
            guard let entries = FileWalker.entries(of: folder) else { continue }
            for (entry, kind) in entries.sorted(by: { $0.name > $1.name }) {
                let path = Paths.join(folder, entry)
                switch kind {
                case .directory:
                    if depth < maxDepth && !skippedFolders.contains(entry) { stack.append((path, depth + 1)) }
                case .file where names.contains(entry):
                    result.append(path)
                case .file, .other:
                    break
                }
            }
        }
        return result.sorted()
    }

    /// The version of TCA's pin in a `Package.resolved` (format 1: `object.pins[].repositoryURL`; formats 2 and 3:
    /// `pins[].location` / `identity`); nil when TCA is not pinned or is pinned to a branch or revision.
    static func resolvedVersion(in data: Data) -> TCAVersion? {
        if case .version(let v)? = resolvedPin(in: data) { return v }
        return nil
    }

    /// How a `Package.resolved` pins TCA: a version, or a revision of a branch with no version.
    enum Pin: Equatable { case version(TCAVersion), revision }

    static func resolvedPin(in data: Data) -> Pin? {
        guard let json = (try? JSONReader.parse([UInt8](data))) as? [String: Any] else { return nil }
        let pins = (json["pins"] as? [[String: Any]]) ?? ((json["object"] as? [String: Any])?["pins"] as? [[String: Any]]) ?? []
        for pin in pins {
            let names = [pin["identity"], pin["package"], pin["location"], pin["repositoryURL"]].compactMap { $0 as? String }
            guard names.contains(where: isTCA) else { continue }
            let state = pin["state"] as? [String: Any]
            if let version = (state?["version"] as? String).flatMap(TCAVersion.init) { return .version(version) }
            if state?["revision"] is String { return .revision }
        }
        return nil
    }

    /// CocoaPods' lock file: `  - ComposableArchitecture (0.34.0)` under `PODS:`.
    static func podVersion(in lock: String) -> TCAVersion? {
        for line in lock.split(separator: "\n") {
            let t = line.trimmingWhitespace()
            guard t.hasPrefix("- ComposableArchitecture ("), let close = t.firstIndex(of: ")") else { continue }
            let start = t.index(t.startIndex, offsetBy: "- ComposableArchitecture (".count)
            if start < close, let v = TCAVersion(String(t[start..<close])) { return v }
        }
        return nil
    }

    /// `swift-composable-architecture`, its GitHub URL (with or without `.git`), any case.
    static func isTCA(_ name: String) -> Bool {
        var n = name.lowercased()
        // A URL copied with its fragment (`…/swift-composable-architecture#Installation`, from the README's heading)
        // names the same package; SwiftPM keeps the fragment in the identity (`swift-composable-architecture#installation`).
        if let cut = n.firstIndex(where: { $0 == "#" || $0 == "?" }) { n = String(n[..<cut]) }
        if n.hasSuffix(".git") { n.removeLast(4) }
        if n.hasSuffix("/") { n.removeLast() }
        return n == "swift-composable-architecture" || n.hasSuffix("/swift-composable-architecture")
    }

    /// The lowest version a manifest's TCA requirement allows: `.package(url: "…/swift-composable-architecture",
    /// from: "1.7.0")`, `exact:`, `.upToNextMajor(from:)`, `.upToNextMinor(from:)`, `"1.2.0"..<"2.0.0"`, Tuist's
    /// `.remote(url:requirement:)`. Read from the text after the URL up to the closing parenthesis of the call.
    static func requirementLowerBound(in manifest: String) -> TCAVersion? {
        let bytes = Array(manifest.utf8)
        let needle = Array("swift-composable-architecture".utf8)
        var i = 0
        while let found = Prefilter.firstIndex(of: needle, in: bytes, from: i) {
            i = found + needle.count
            // The call's text: up to the parenthesis that closes the one the URL is in (or 300 bytes).
            var depth = 0
            var end = i
            while end < bytes.count && end < i + 300 {
                let b = bytes[end]
                if b == UInt8(ascii: "(") { depth += 1 }
                if b == UInt8(ascii: ")") { if depth == 0 { break }; depth -= 1 }
                end += 1
            }
            let call = String(decoding: bytes[i..<end], as: UTF8.self)
            // Only a dependency's declaration, not a product's use (`.product(name:package: "swift-composable-architecture")`).
            guard call.contains("from:") || call.contains("exact:") || call.contains("..<") || call.contains("...")
                    || call.contains("requirement") || call.contains("upToNext") else { continue }
            if let version = firstQuotedVersion(in: call) { return version }
        }
        return nil
    }

    /// The first piece between two quotes that is a version. Every piece is tried: the text starts inside the URL's
    /// string (`", from: "1.7.0")`), so quotes do not pair from its start.
    static func firstQuotedVersion(in text: String) -> TCAVersion? {
        let pieces = text.split(separator: "\"", omittingEmptySubsequences: false)
        for piece in pieces.dropFirst() { if let v = TCAVersion(String(piece)) { return v } }
        return nil
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An Xcode project's `project.pbxproj`, read once a run for every question asked of it: the deployment targets its
/// build settings name (`DeploymentTarget`), the files it holds (`XcodeProjectFiles`), the version of TCA its
/// package requirement allows (`TCAVersionDetector`) and the local packages' products it links (`DeploymentTarget`).
/// Every folder under the project that looks for its build description reaches the same file.
struct XcodeProject: Sendable {
    /// `IPHONEOS_DEPLOYMENT_TARGET`, `MACOSX_DEPLOYMENT_TARGET`: empty when the project sets none.
    let targets: [DeploymentTarget]
    /// Nil when the file is not a project `XcodeProjectFiles` understands.
    let files: XcodeProjectFiles?
    /// The lowest TCA version the project's package requirement allows; nil when it names none or names a branch
    /// or a revision.
    let tcaRequirement: TCAVersion?
    /// The products of local packages its targets link (`XCSwiftPackageProductDependency` with no remote `package`):
    /// `AppFeature` of the repository's own `Package.swift`.
    let localPackageProducts: Set<String>

    /// The project whose `project.pbxproj` is at `pbxproj`; nil when it cannot be read.
    static func at(_ pbxproj: String) -> XcodeProject? { cache.value(for: pbxproj, compute: read) }

    private static let cache = RunWideCache<String, XcodeProject?>()

    private static func read(_ pbxproj: String) -> XcodeProject? {
        guard let text = try? String(contentsOfFile: pbxproj, encoding: .utf8) else { return nil }
        var parser = PropertyListParser(Array(text.utf8))
        let root = parser.parse()
        // The project sits in the folder that holds the `.xcodeproj`.
        return XcodeProject(targets: DeploymentTarget.xcodeTargets(in: text, source: pbxproj),
                            files: root.flatMap { XcodeProjectFiles(root: $0, sourceRoot: Paths.directory(of: Paths.directory(of: pbxproj))) },
                            tcaRequirement: root.flatMap(tcaRequirement(in:)),
                            localPackageProducts: root.map(localPackageProducts(in:)) ?? [])
    }

    /// The project's objects by identifier (`objects = { … }`), or nil when the property list holds none.
    static func objects(in root: PropertyListParser.Value) -> [String: PropertyListParser.Value]? {
        guard case .dictionary(let top) = root, case .dictionary(let objects)? = top["objects"] else { return nil }
        return objects
    }

    static func localPackageProducts(in root: PropertyListParser.Value) -> Set<String> {
        guard let objects = objects(in: root) else { return [] }
        var names = Set<String>()
        for case .dictionary(let object) in objects.values {
            guard case .string("XCSwiftPackageProductDependency")? = object["isa"], case .string(let name)? = object["productName"]
            else { continue }
            // A remote package's product names its `XCRemoteSwiftPackageReference`; a local one names an
            // `XCLocalSwiftPackageReference` or nothing (a package folder dragged into the project).
            if case .string(let reference)? = object["package"], case .dictionary(let package)? = objects[reference],
               case .string("XCRemoteSwiftPackageReference")? = package["isa"] { continue }
            names.insert(name)
        }
        return names
    }

    /// An `XCRemoteSwiftPackageReference` to TCA's repository: its `requirement`'s `version` (`kind = exactVersion`)
    /// or `minimumVersion` (`upToNextMajorVersion`, `upToNextMinorVersion`, `versionRange`). Of several, the lowest.
    static func tcaRequirement(in root: PropertyListParser.Value) -> TCAVersion? {
        guard let objects = objects(in: root) else { return nil }
        var lowest: TCAVersion?
        for case .dictionary(let object) in objects.values {
            guard case .string("XCRemoteSwiftPackageReference")? = object["isa"],
                  case .string(let url)? = object["repositoryURL"], TCAVersionDetector.isTCA(url),
                  case .dictionary(let requirement)? = object["requirement"],
                  case .string(let kind)? = requirement["kind"] else { continue }
            let key = kind == "exactVersion" ? "version" : "minimumVersion"
            guard ["exactVersion", "upToNextMajorVersion", "upToNextMinorVersion", "versionRange"].contains(kind),
                  case .string(let text)? = requirement[key], let version = TCAVersion(text) else { continue }
            lowest = min(lowest ?? version, version)
        }
        return lowest
    }
}

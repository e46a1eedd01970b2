import Foundation

/// An Xcode project's `project.pbxproj`, read once a run for every question asked of it: the deployment targets its
/// build settings name (`DeploymentTarget`) and the files it holds (`XcodeProjectFiles`). Every folder under the
/// project that looks for its build description reaches the same file.
struct XcodeProject: Sendable {
    /// `IPHONEOS_DEPLOYMENT_TARGET`, `MACOSX_DEPLOYMENT_TARGET`: empty when the project sets none.
    let targets: [DeploymentTarget]
    /// Nil when the file is not a project `XcodeProjectFiles` understands.
    let files: XcodeProjectFiles?

    /// The project whose `project.pbxproj` is at `pbxproj`; nil when it cannot be read.
    static func at(_ pbxproj: String) -> XcodeProject? { cache.value(for: pbxproj, compute: read) }

    private static let cache = RunWideCache<String, XcodeProject?>()

    private static func read(_ pbxproj: String) -> XcodeProject? {
        guard let text = try? String(contentsOfFile: pbxproj, encoding: .utf8) else { return nil }
        // The project sits in the folder that holds the `.xcodeproj`.
        return XcodeProject(targets: DeploymentTarget.xcodeTargets(in: text, source: pbxproj),
                            files: XcodeProjectFiles(pbxproj: text, sourceRoot: Paths.directory(of: Paths.directory(of: pbxproj))))
    }
}

/// A view of an `@ObservableState` feature whose `body` reads the store's state with no `WithPerceptionTracking`, in
/// code built for an OS older than Observation (iOS 17, macOS 14, tvOS 17, watchOS 10). There TCA's observation runs
/// on Perception, which tracks a read only inside `WithPerceptionTracking`: the view does not update when the value
/// changes, and Perception warns "Perceptible state was accessed but is not being tracked." Asked of the model: the
/// view's reads (`FileWideFacts.untrackedReads`), its store's feature, and the file's deployment target (and, when an
/// Xcode project gives it, whether that project holds the file).
public struct MissingPerceptionTrackingRule: Rule {
    public static let description = RuleDescription(
        id: "missing_perception_tracking",
        name: "Missing Perception Tracking",
        summary: "A view reads an `@ObservableState` store in `body` without `WithPerceptionTracking` while the app deploys before iOS 17: the view does not update",
        defaultSeverity: .warning,
        prefilterNeedles: ["StoreOf<", "Store<"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode, !file.facts.file.untrackedReads.isEmpty, let target = file.deploymentTarget,
              target.needsPerception else { return [] }
        // A file the Xcode project that gives the target does not hold is built by none of its targets: it never runs.
        if target.source.hasSuffix(".pbxproj"), XcodeProjectFiles.leaveOut(file.path, projectFile: target.source) { return [] }
        var findings: [Finding] = []
        var reported = Set<String>()
        for read in file.facts.file.untrackedReads where !reported.contains(read.view) {
            // The view holds one feature's store, and that feature's state is observable; a field it marks
            // `@ObservationStateIgnored` is not observed on any OS.
            guard let names = file.facts.file.storesByType[read.view], names.count == 1,
                  let feature = file.project.feature(named: names[0], from: "", near: file.path),
                  let state = feature.state, state.isObservable,
                  !state.fields.contains(where: { $0.name == read.member && $0.attributes.contains("ObservationStateIgnored") })
            else { continue }
            reported.insert(read.view)
            let message = read.escapingClosure.map { Self.escapingMessage(view: read.view, member: read.member, closure: $0, target: target) }
                ?? Self.message(view: read.view, member: read.member, feature: feature.name, target: target)
            findings.append(finding(at: read.anchor, message))
        }
        return findings
    }

    static func escapingMessage(view: String, member: String, closure: String, target: DeploymentTarget) -> String {
        "\(view) reads store.\(member) in \(closure)'s closure, which SwiftUI runs outside body's WithPerceptionTracking, and this code is built for \(target): the read is not tracked, so the content does not update when \(member) changes and Perception warns \"Perceptible state was accessed but is not being tracked\" — wrap the closure's content in its own WithPerceptionTracking { … }"
    }

    static func message(view: String, member: String, feature: String, target: DeploymentTarget) -> String {
        "\(view) reads store.\(member) in body outside WithPerceptionTracking, and this code is built for \(target): before Observation, \(feature)'s @ObservableState is tracked only inside WithPerceptionTracking, so \(view) does not update when \(member) changes and Perception warns \"Perceptible state was accessed but is not being tracked\" — wrap body's content in WithPerceptionTracking { … }"
    }
}

/// A feature that calls its `@Dependency(\.dismiss)` while no reducer of the project presents it, nor any reducer
/// above it: TCA dismisses the nearest feature an `ifLet` or `forEach` presents, and with none it reports "A
/// reducer requested dismissal at …, but couldn't be dismissed." (Sources/ComposableArchitecture/Dependencies/
/// Dismiss.swift) and closes nothing. Asked of the project model (`presentationReach(of:)`): silent where part of
/// the chain of parents is out of sight, where the feature checks `@Dependency(\.isPresented)`, and in a project that
/// builds a dismissal of its own (`DismissEffect { … }`, a UIKit host).
public struct DismissWithoutPresentationRule: Rule {
    public static let description = RuleDescription(
        id: "dismiss_without_presentation",
        name: "Dismiss Without Presentation",
        summary: "A feature calls `@Dependency(\\.dismiss)` but no `ifLet` or `forEach` presents it or a feature above it; TCA reports that it couldn't be dismissed, and nothing closes",
        defaultSeverity: .warning,
        prefilterNeedles: ["dismiss"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode, !file.project.providesDismiss else { return [] }
        let project = file.project
        var findings: [Finding] = []
        for type in file.facts.types {
            for dependency in type.dependencies where dependency.keyPath == "dismiss" && !dependency.isConditional {
                guard let feature = project.feature(owning: dependency.anchor.offset, in: file.path),
                      !feature.isProtocol, !feature.isHelper,
                      feature.calledNames.contains(dependency.name),
                      !feature.dependencies.contains(where: { $0.keyPath == "isPresented" }),
                      case .neverPresented(let roots) = project.presentationReach(of: feature) else { continue }
                // A chain that reaches no store is code nothing runs (a feature not wired in yet): no harm.
                let running = roots.compactMap { project.feature($0) }.compactMap { root in
                    project.storesRooted(at: root).first.map { (root, $0) }
                }
                guard let (root, store) = running.first else { continue }
                findings.append(finding(at: dependency.anchor, Self.message(
                    feature: feature.name, dismiss: dependency.name, root: root === feature ? nil : root.name,
                    store: "\(store.location.path.split(separator: "/").last ?? ""):\(store.location.line)")))
            }
        }
        return findings
    }

    /// `root`: the feature at the root of the store, when it is not the feature itself; `store`: where it is built.
    static func message(feature: String, dismiss: String, root: String?, store: String) -> String {
        let where_ = root.map { "\(feature) runs inside \($0), the root of the store built at \(store), through Scope or a body, and no .ifLet or .forEach presents either" }
            ?? "\(feature) is the root of the store built at \(store), and no .ifLet or .forEach of the project presents it"
        return "\(feature) calls \(dismiss)() but nothing presents it: \(where_), so TCA reports \"A reducer requested dismissal at …, but couldn't be dismissed.\" and nothing closes — present \(feature) with .ifLet or .forEach, or check @Dependency(\\.isPresented) before dismissing"
    }
}

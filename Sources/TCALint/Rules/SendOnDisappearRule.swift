/// A view that sends its feature an action from `.onDisappear` while the feature's state can go away under it: a
/// presented, stacked or enum-case feature is dismissed, popped or switched away by removing its state first, so
/// SwiftUI calls `onDisappear` when there is no state left, the action never reaches the feature's reducer, and TCA
/// reports it (`An "ifLet" … received a presentation action when destination state was absent`, `A "forEach" …
/// received an action for a missing element`; swift-composable-architecture #3519). Asked of the model: the view's
/// sends (`FileWideFacts.disappearSends`) and how the feature's state goes away (`FeatureIndex.removal(of:)`).
public struct SendOnDisappearRule: Rule {
    public static let description = RuleDescription(
        id: "send_on_disappear",
        name: "Send On Disappear",
        summary: "A view sends an action from `.onDisappear` while its feature is presented, pushed or an enum case: by then its state is gone, the action is lost and TCA reports it",
        defaultSeverity: .warning,
        prefilterNeedles: ["onDisappear"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode else { return [] }
        let project = file.project
        var findings: [Finding] = []
        for send in file.facts.file.disappearSends {
            // The view holds this feature's store and no other, so the send is to it.
            guard file.facts.file.storesByType[send.view]?.count == 1,
                  let feature = project.feature(named: send.feature, from: "", near: file.path),
                  !feature.isProtocol, !feature.isHelper,
                  let removal = project.removal(of: feature) else { continue }
            findings.append(finding(at: send.anchor, Self.message(view: send.view, action: send.action, feature: feature.name, removal)))
        }
        return findings
    }

    static func message(view: String, action: String, feature: String, _ removal: Removal) -> String {
        let how: String
        let warning: String
        switch removal {
        case .presented(let parent):
            how = "\(parent)'s .ifLet presents \(feature): dismissing it sets its state to nil"
            warning = "An \"ifLet\" at … received a presentation action when destination state was absent."
        case .stacked(let parent):
            how = "\(parent)'s .forEach pushes \(feature) onto a stack: popping it removes its state"
            warning = "A \"forEach\" at … received an action for a missing element."
        case .caseSwitched(let enumName):
            how = "\(feature) is a case of \(enumName): switching to another case removes its state"
            warning = "A \"Scope\" at … received a child action when child state was set to a different case."
        }
        return "\(view) sends \(action) from .onDisappear, but \(how) before SwiftUI calls onDisappear, so the action never reaches \(feature)'s reducer and TCA reports \"\(warning)\" — do this work where the parent removes \(feature), or in an effect started from .task, which ends when the view goes away"
    }
}

/// `._printChanges()` left in code (`FileWideFacts.printChanges`: comments, strings and regex literals are
/// single tokens, so text inside them never matches; debug-only and preview calls are left out).
public struct LeftoverPrintChangesRule: Rule {
    public static let description = RuleDescription(
        id: "leftover_print_changes",
        name: "Leftover Print Changes",
        summary: "`._printChanges()` is a debugging aid (underscored, unversioned API); remove it before merging",
        defaultSeverity: .warning,
        fixAvailability: .sometimes,
        prefilterNeedles: ["_printChanges"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        // Tests, DocC tutorials and demo, sample or preview apps print changes on purpose: that is what
        // they are for (TCA's own Examples and tutorials do), so nothing there is left over.
        guard file.role.isDisjoint(with: [.test, .documentation, .demo]), !file.facts.file.usesTestStore else { return [] }
        let calls = file.facts.file.printChanges
        let reported = Set(calls.map(\.anchor.token))
        var findings: [Finding] = []
        var chain: (fix: Fix?, calls: Set<Int>) = (nil, [])
        for call in calls {
            // Adjacent calls share one fix (it removes them together): found once per chain, so a chain of
            // n calls costs n, not n².
            if let syntax = file.syntax, !chain.calls.contains(call.anchor.token) {
                let removal = PrintChangesRemoval(file: syntax, reported: reported).removal(at: call.anchor.token)
                chain.calls = removal.covered
                chain.fix = removal.range.map {
                    fix("Remove ._printChanges()", .safe, edits: [.delete($0)], findingOffsets: removal.findingOffsets)
                }
            }
            findings.append(finding(at: call.anchor, Self.message(isSwiftUIView: call.isSwiftUIView, isOnViewStore: call.isOnViewStore),
                                    fix: chain.fix))
        }
        return findings
    }

    /// TCA's `_printChanges` is an instance method of a reducer (and of `WithViewStore`); `Self._printChanges()` is
    /// SwiftUI's static `View._printChanges()`, a debugging aid too, which prints why a view's body was evaluated.
    /// `WithViewStore`'s `_printChanges()` prints a diff of its view state each time the view is computed.
    static func message(isSwiftUIView: Bool, isOnViewStore: Bool = false) -> String {
        if isSwiftUIView {
            return "Remove Self._printChanges() before merging; it is SwiftUI's debugging aid (underscored, unversioned API) that prints why the view's body was evaluated, every time it is"
        }
        if isOnViewStore {
            return "Remove ._printChanges() before merging; it is WithViewStore's debugging aid (underscored, unversioned API) that prints a diff of the view state every time the view's body is computed"
        }
        return "Remove ._printChanges() before merging; it is a debugging aid (underscored, unversioned API) that prints every action and state diff"
    }
}

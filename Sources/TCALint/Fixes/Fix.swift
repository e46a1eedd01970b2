/// Whether a fix is applied by `--fix` alone or only with `--fix --unsafe`.
public enum FixApplicability: String, Sendable, Comparable {
    /// Cannot change behaviour the user did not ask to change.
    case safe
    /// Changes behaviour on purpose (e.g. reducer order); applied only with `--unsafe`.
    case unsafe

    public static func < (a: Self, b: Self) -> Bool { a == .safe && b == .unsafe }
}

/// A correction for one or more findings of one rule, as text edits on the file it was computed from.
/// The edits of a fix are applied all together or not at all.
public struct Fix: Equatable, Sendable {
    public var ruleID: String
    /// Short, for messages: "Move BindingReducer() to the top of body".
    public var title: String
    public var applicability: FixApplicability
    /// Non-overlapping edits, offsets in the file the fix was computed on.
    public var edits: [TextEdit]
    /// Byte offsets of the findings this fix resolves (the rule's reported positions).
    public var findingOffsets: [Int]

    public init(ruleID: String, title: String, applicability: FixApplicability, edits: [TextEdit], findingOffsets: [Int]) {
        self.ruleID = ruleID
        self.title = title
        self.applicability = applicability
        self.edits = edits
        self.findingOffsets = findingOffsets
    }

    /// Smallest offset any edit touches (the fix's position in the deterministic order).
    public var firstOffset: Int { edits.map(\.range.lowerBound).min() ?? 0 }

    /// True when any edit of one fix conflicts with any edit of the other.
    public func conflicts(with other: Fix) -> Bool {
        edits.contains { a in other.edits.contains { a.conflicts(with: $0) } }
    }
}

/// Which names stand for a navigation stack in the project: the `StackState` fields of its features' states and
/// the action cases that carry a `StackAction`. A name also used for something else that has elements with ids
/// (an `IdentifiedArray` field, an `IdentifiedAction` case) is not taken for a stack: `rows[id: 0]` and
/// `.rows(.element(id: 0, action: …))` are ordinary ids there.
public struct StackNames: Sendable {
    private var stackFields: Set<String> = []
    private var otherFields: Set<String> = []
    private var stackCases: Set<String> = []
    private var otherCases: Set<String> = []
    /// Names of enum cases the project declares itself among `StackAction`'s (`popFrom`, `push`, `element`).
    private var ownStackActionCases: Set<String> = []

    init(features: [Feature], files: [FileFacts]) {
        for feature in features {
            for field in feature.state?.fields ?? [] {
                if field.isStack { stackFields.insert(field.name) }
                else if field.isIdentifiedArray { otherFields.insert(field.name) }
            }
            let children = PresentedChildren(of: feature)
            for (name, container) in children.containers {
                switch container {
                case .stack: stackCases.insert(name)
                case .identifiedArray: otherCases.insert(name)
                case .presentation, .unknown: break
                }
            }
        }
        for file in files {
            for type in file.types {
                for c in type.cases where Self.stackActionCases.contains(c.name) { ownStackActionCases.insert(c.name) }
            }
        }
    }

    static let stackActionCases: Set<String> = ["popFrom", "push", "element"]

    /// `name` is a `StackState` field of some feature's state, and no feature's field of that name holds
    /// identified elements of another kind.
    public func isStackField(_ name: String) -> Bool { stackFields.contains(name) && !otherFields.contains(name) }

    /// `name` is an action case carrying a `StackAction` in some feature, and in none an `IdentifiedAction`.
    public func isStackActionCase(_ name: String) -> Bool { stackCases.contains(name) && !otherCases.contains(name) }

    /// The project declares an enum case of this name itself (`case push(id: Int)`), so `.push(id: 0)` may be
    /// its own, not `StackAction`'s.
    public func declaresOwnCase(_ name: String) -> Bool { ownStackActionCases.contains(name) }
}

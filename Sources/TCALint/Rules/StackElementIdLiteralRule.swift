/// An integer literal written as a `StackElementID` outside tests (`state.path[id: 0]`, `.popFrom(id: 1)`):
/// `StackElementID`'s `init(integerLiteral:)` calls `fatalError` unless a test is running
/// (Sources/ComposableArchitecture/Reducer/Reducers/StackReducer.swift), so the app stops where the line runs.
/// A subscript or `pop(from:)` counts only on a `StackState` field of the project's features, an `.element(id:…)`
/// only inside an action case that carries a `StackAction`.
public struct StackElementIdLiteralRule: Rule {
    public static let description = RuleDescription(
        id: "stack_element_id_literal",
        name: "Stack Element ID Literal",
        summary: "An integer literal is used as a stack element ID outside tests; TCA stops the app with `fatalError` there",
        defaultSeverity: .error,
        // A file without any of these byte strings is skipped unread; a test fails if the rule fires without one.
        prefilterNeedles: ["[id:", "popFrom(", "push(id:", ".element(id:", "pop(from:", "pop(to:", "StackElementID"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        // In a test process the literal is the documented shorthand for the generation of an id.
        guard !file.role.contains(.test), !file.role.contains(.documentation), !file.facts.file.usesTestStore else { return [] }
        let literals = file.facts.file.stackIDLiterals
        guard !literals.isEmpty else { return [] }
        let stacks = file.project.stackNames
        var findings: [Finding] = []
        for literal in literals {
            switch literal.form {
            case .subscript, .pop:
                guard let name = literal.receiver, stacks.isStackField(name) else { continue }
            case .popFrom, .push:
                guard !stacks.declaresOwnCase(literal.form.rawValue) else { continue }
            case .element:
                guard let name = literal.receiver, stacks.isStackActionCase(name) else { continue }
            case .typed:
                break
            }
            // The stack the message names: the literal's receiver when the model knows it as one.
            let stack = literal.receiver.flatMap { stacks.isStackField($0) || stacks.isStackActionCase($0) ? $0 : nil }
            findings.append(finding(at: literal.anchor, Self.message(literal, stack: stack)))
        }
        return findings
    }

    static func message(_ literal: StackIDLiteralFacts, stack name: String?) -> String {
        let stack = name ?? "path"
        let instead: String
        switch literal.form {
        case .subscript, .pop, .typed:
            instead = "use an id the stack gave (`state.\(stack).ids`, or the id a `.element(id:action:)` action arrived with)"
        case .popFrom:
            // Sent from a view as often as from a reducer: the ids are the stack's, read through state or store.
            instead = "send an id the stack gave (`\(stack).ids`), or pop in the reducer (`state.\(stack).removeLast()`)"
        case .push:
            instead = "append in the reducer (`state.\(stack).append(…)`), which gives the element its id"
        case .element:
            instead = "send the id of the element (from `\(stack).ids`, or the id it arrived with)"
        }
        return "\(literal.literal) is an integer literal used as a stack element ID (\(literal.written)): outside tests TCA stops the app here with fatalError(\"Specifying stack element IDs by integer literal is not allowed outside of tests.\") — \(instead)"
    }
}

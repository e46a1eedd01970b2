/// `reduce_before_scope`: move every `Scope(…)` element listed after the first parent logic (`Reduce`,
/// `Reduce(self.core)`, a helper building a Reduce) of a builder list — with its child closure,
/// modifiers and attached comments — to just before that parent logic, keeping their order.
///
/// Unsafe: the child now runs before the parent for every action, which is the point of the rule but a
/// change of behaviour the user should review (ruff's "unsafe fix"), so it is applied only with `--unsafe`.
/// Not fixed: a list where a `let`/`var` sits between the parent logic and a Scope, and elements that
/// share a line with other code.
public enum ScopeBeforeReduceFix: FixProvider {
    public static let ruleID = ReduceBeforeScopeRule.description.id

    public static func fixes(for file: AnalyzedFile) -> [Fix] {
        let code = file.code
        var fixes: [Fix] = []
        for reducer in file.model.reducers {
            let functions = file.model.declarations(of: reducer).flatMap { $0.functions }
            for body in reducer.bodies {
                for list in body.reducerBuilderLists {
                    var firstLogic: Int? = nil
                    var scopes: [Int] = []
                    // The rule's findings: each parent logic element that some later Scope follows.
                    var pending: [Int] = []
                    var reported: [Int] = []
                    for (index, element) in list.enumerated() {
                        if ParentLogic.find(element, functions: functions, code: code) != nil {
                            if firstLogic == nil { firstLogic = index }
                            pending.append(index)
                        } else if element.isScope, firstLogic != nil {
                            scopes.append(index)
                            reported.append(contentsOf: pending)
                            pending.removeAll()
                        }
                    }
                    guard let target = firstLogic, let last = scopes.last,
                          !ElementMove.hasDeclaration(in: list, from: target, through: last),
                          let edits = ElementMove.edits(moving: scopes.map { list[$0] }, before: list[target], in: file)
                    else { continue }
                    fixes.append(Fix(ruleID: ruleID,
                                     title: scopes.count == 1 ? "Move the Scope above the parent Reduce"
                                         : "Move \(scopes.count) Scopes above the parent Reduce",
                                     applicability: .unsafe, edits: edits,
                                     findingOffsets: reported.map { code.tokens[list[$0].nameToken].startOffset }))
                }
            }
        }
        return fixes
    }
}

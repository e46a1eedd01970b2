/// `binding_reducer_not_first`: move every `BindingReducer()` of a builder list that has a reducer above
/// it — with its chained modifiers, its trailing comment and the comments directly above it — to just
/// before the list's first reducer, at that reducer's indentation. `let`/`var` statements above the first
/// reducer stay above (a moved `.onChange { }` may use them).
///
/// Not fixed: a list where a declaration sits between the first reducer and a `BindingReducer()`, and
/// elements that share a line with other code.
public enum BindingReducerFirstFix: FixProvider {
    public static let ruleID = BindingReducerNotFirstRule.description.id

    public static func fixes(for file: AnalyzedFile) -> [Fix] {
        var fixes: [Fix] = []
        for reducer in file.model.reducers {
            for body in reducer.bodies {
                for list in body.reducerBuilderLists {
                    let isTopLevel = list.first === body.elements.first
                    if let fix = fix(list, isTopLevel: isTopLevel, file: file) { fixes.append(fix) }
                }
            }
        }
        return fixes
    }

    private static func fix(_ list: [BuilderElement], isTopLevel: Bool, file: AnalyzedFile) -> Fix? {
        // The rule's reading of the list: the first reducer that is not a BindingReducer, and every
        // BindingReducer below it.
        var firstReducer: Int? = nil
        var flagged: [Int] = []
        for (index, element) in list.enumerated() {
            if element.name == "BindingReducer" && element.kind == .expression {
                if firstReducer != nil { flagged.append(index) }
                continue
            }
            if firstReducer == nil && element.isReducerElement { firstReducer = index }
        }
        guard let target = firstReducer, let last = flagged.last,
              !ElementMove.hasDeclaration(in: list, from: target, through: last),
              let edits = ElementMove.edits(moving: flagged.map { list[$0] }, before: list[target], in: file)
        else { return nil }
        return Fix(ruleID: ruleID,
                   title: "Move BindingReducer() to the top of \(isTopLevel ? "body" : "its builder")",
                   applicability: .safe, edits: edits,
                   findingOffsets: flagged.map { file.code.tokens[list[$0].nameToken].startOffset })
    }
}

/// `BindingReducer()` listed after another reducer in the same builder list: the reducers above it
/// run before the binding action has written its field, and read the old value.
public struct BindingReducerNotFirstRule: Rule {
    public static let description = RuleDescription(
        id: "binding_reducer_not_first",
        name: "Binding Reducer Not First",
        summary: "`BindingReducer()` is not the first reducer of its builder; reducers above it read fields before the binding is written",
        defaultSeverity: .warning,
        fixability: .safe
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        var findings: [Finding] = []
        for reducer in file.model.reducers {
            for body in reducer.bodies {
                for list in body.reducerBuilderLists {
                    let isTopLevel = list.first === body.elements.first
                    var firstReducer: BuilderElement? = nil
                    for element in list {
                        if element.name == "BindingReducer" && element.kind == .expression {
                            if let above = firstReducer {
                                let place = isTopLevel ? "in body" : "in this builder"
                                findings.append(finding(
                                    at: file.code.tokens[element.nameToken].startOffset,
                                    "BindingReducer() is not the first reducer \(place); \(above.displayName) above it reads fields before the binding is written"))
                            }
                            continue
                        }
                        if firstReducer == nil && element.isReducerElement { firstReducer = element }
                    }
                }
            }
        }
        return findings
    }
}

/// `tca-lint dump features`: the feature model as one JSON array, one object per feature, ordered by
/// qualified name (keys sorted, as every JSON the tool writes). Case paths are written dotted
/// (`view.task`), locations as `path:line:column`.
public enum FeatureDump {
    public static func json(_ features: [Feature]) -> String {
        JSONWriter.prettyPrinted(.array(features.map(feature))) + "\n"
    }

    static func feature(_ f: Feature) -> JSONValue {
        var object: JSONObject = [
            "feature": .string(f.qualifiedName),
            "kind": .string(f.kind),
            "at": at(f.location),
            "reducer": strings(f.reducerEvidence),
            "declarations": .array(f.declarations.map(at)),
            "builders": .array(f.builders.map(builder)),
            "children": .array(f.children.map(child)),
            "logic": .array(f.logic.map(logic)),
            "action": action(f.action),
            "state": f.state.map(state) ?? .null,
        ]
        if !f.protocolDefaults.isEmpty { object.members.append(.init(key: "protocolDefaults", value: strings(f.protocolDefaults))) }
        if !f.enumCases.isEmpty { object.members.append(.init(key: "cases", value: .array(f.enumCases.map(enumCase)))) }
        return .object(object)
    }

    static func at(_ l: FactLocation) -> JSONValue { .string("\(l.path):\(l.line):\(l.column)") }

    static func strings(_ s: [String]) -> JSONValue { .array(s.map { .string($0) }) }

    static func enumCase(_ c: EnumCaseFacts) -> JSONValue {
        c.payload.isEmpty ? .string(c.name) : .string("\(c.name)(\(c.payload))")
    }

    static func builder(_ b: BuilderFacts) -> JSONValue {
        .object(["name": .string(b.name), "kind": .string(b.kind.rawValue), "at": at(b.location),
                 "elements": strings(b.elements)])
    }

    static func child(_ c: Composition) -> JSONValue {
        var object: JSONObject = [
            "operator": .string(c.edge.operation), "state": .string(c.edge.statePath), "action": .string(c.edge.actionPath),
            "builder": .string(c.builder), "at": at(c.edge.location), "child": c.child.map { .string($0) } ?? .null,
        ]
        if let outer = c.edge.scopedIn { object.members.append(.init(key: "scopedIn", value: .string(outer))) }
        if c.edge.isIdentity { object.members.append(.init(key: "identity", value: .bool(true))) }
        if let from = c.resolvedFrom { object.members.append(.init(key: "resolvedFrom", value: .string(from))) }
        if let field = c.stateField { object.members.append(.init(key: "stateType", value: .string(field.type))) }
        return .object(object)
    }

    static func logic(_ l: LogicFacts) -> JSONValue {
        var object: JSONObject = [
            "kind": .string(l.kind.rawValue), "owner": .string(l.owner), "at": at(l.location),
            "actionName": .string(l.actionName), "cases": .array(l.clauses.map(clause)),
            "everyAction": l.everyAction.map(code) ?? .null,
        ]
        if !l.labels.isEmpty { object.members.append(.init(key: "labels", value: strings(l.labels))) }
        return .object(object)
    }

    static func clause(_ c: CaseFacts) -> JSONValue {
        var object = codeObject(c.code)
        object.members.append(.init(key: "patterns", value: c.isDefault ? strings(["default"])
                                        : strings(c.patterns.map { $0.joined(separator: ".") })))
        object.members.append(.init(key: "at", value: at(c.location)))
        return .object(object)
    }

    static func code(_ c: CodeFacts) -> JSONValue { .object(codeObject(c)) }

    static func codeObject(_ c: CodeFacts) -> JSONObject {
        ["noOp": .bool(c.isNoOp), "writes": strings(c.writes), "reads": strings(c.reads), "calls": strings(c.calls),
         "sends": .array(c.sends.map(send))]
    }

    static func send(_ s: SendFacts) -> JSONValue {
        var object: JSONObject = ["action": .string(s.path.joined(separator: ".")), "how": .string(s.how.rawValue),
                                  "at": at(s.location)]
        if !s.chained.isEmpty { object.members.append(.init(key: "chained", value: strings(s.chained))) }
        return .object(object)
    }

    static func action(_ a: ActionModel) -> JSONValue {
        var object: JSONObject = ["enums": .array(a.enums.map { e in
            .object(["name": .string(e.name), "cases": .array(e.cases.map(enumCase)), "declarations": .array(e.declarations.map(at))])
        })]
        if let alias = a.alias { object.members.append(.init(key: "alias", value: .string(alias))) }
        return .object(object)
    }

    static func state(_ s: StateModel) -> JSONValue {
        var object: JSONObject = [
            "type": .string(s.qualifiedName), "kind": .string(s.kind), "observable": .bool(s.isObservable),
            "declarations": .array(s.declarations.map(at)),
            "fields": .array(s.fields.map { p in
                .object(["name": .string(p.name), "type": .string(p.type), "wrappers": strings(p.attributes),
                         "stored": .bool(!p.isComputed), "let": .bool(p.isLet)])
            }),
        ]
        if !s.cases.isEmpty { object.members.append(.init(key: "cases", value: .array(s.cases.map(enumCase)))) }
        return .object(object)
    }
}

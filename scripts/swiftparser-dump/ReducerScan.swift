// Finds reducer types and describes them, one JSON object per type.
//
// Same output as `oracle reducers` (its header, "REDUCERS"): a reducer type is a struct / enum /
// class / actor / extension with an attribute whose last name component is `Reducer`, or an
// inheritance entry whose base name is `Reducer` or `ReducerProtocol`. Nested types count.
// Fields, in this order: file, type, qualifiedName, kind, line, reducerAttribute, inherits,
// hasBody, bodyLine, hasReduce, reduceLine, body (see BodyElements.swift for the elements).

import SwiftParser
import SwiftSyntax

final class ReducerScanner: SyntaxVisitor {
    private let path: String
    private let lines: LineLookup
    /// Names of the enclosing type declarations (any kind of type, reducer or not).
    private var enclosingTypes: [String] = []
    private(set) var records: [String] = []

    init(path: String, tree: SourceFileSyntax) {
        self.path = path
        self.lines = LineLookup(tree: tree, path: path)
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Type declarations

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(TypeDeclaration(kind: "struct", name: node.name.text, nameNode: Syntax(node.name),
                              attributes: node.attributes, inheritance: node.inheritanceClause, members: node.memberBlock))
    }
    override func visitPost(_ node: StructDeclSyntax) { enclosingTypes.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(TypeDeclaration(kind: "enum", name: node.name.text, nameNode: Syntax(node.name),
                              attributes: node.attributes, inheritance: node.inheritanceClause, members: node.memberBlock))
    }
    override func visitPost(_ node: EnumDeclSyntax) { enclosingTypes.removeLast() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(TypeDeclaration(kind: "class", name: node.name.text, nameNode: Syntax(node.name),
                              attributes: node.attributes, inheritance: node.inheritanceClause, members: node.memberBlock))
    }
    override func visitPost(_ node: ClassDeclSyntax) { enclosingTypes.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(TypeDeclaration(kind: "actor", name: node.name.text, nameNode: Syntax(node.name),
                              attributes: node.attributes, inheritance: node.inheritanceClause, members: node.memberBlock))
    }
    override func visitPost(_ node: ActorDeclSyntax) { enclosingTypes.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(TypeDeclaration(kind: "extension", name: node.extendedType.trimmedDescription, nameNode: Syntax(node.extendedType),
                              attributes: node.attributes, inheritance: node.inheritanceClause, members: node.memberBlock))
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { enclosingTypes.removeLast() }

    private func enter(_ declaration: TypeDeclaration) -> SyntaxVisitorContinueKind {
        if let record = describeIfReducer(declaration) { records.append(record) }
        enclosingTypes.append(declaration.name)
        return .visitChildren
    }

    // MARK: Reducer description

    private struct TypeDeclaration {
        let kind: String
        let name: String
        let nameNode: Syntax
        let attributes: AttributeListSyntax
        let inheritance: InheritanceClauseSyntax?
        let members: MemberBlockSyntax
    }

    private func describeIfReducer(_ declaration: TypeDeclaration) -> String? {
        let hasReducerAttribute = declaration.attributes.contains { element in
            guard case .attribute(let attribute) = element else { return false }
            return lastNameComponent(of: attribute.attributeName) == "Reducer"
        }
        let reducerConformances = (declaration.inheritance?.inheritedTypes ?? []).compactMap { inherited -> String? in
            let base = lastNameComponent(of: inherited.type)
            return base == "Reducer" || base == "ReducerProtocol" ? inherited.type.trimmedDescription : nil
        }
        guard hasReducerAttribute || !reducerConformances.isEmpty else { return nil }

        var bodyLine: Int?
        var bodyElements: [String]?
        var reduceLine: Int?
        let describer = BodyElementDescriber(lines: lines)
        for member in flattenedMembers(declaration.members.members) {
            if let variable = member.as(VariableDeclSyntax.self) {
                let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
                for binding in variable.bindings where !isStatic {
                    guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
                        pattern.identifier.text == "body" || pattern.identifier.text == "`body`"
                    else { continue }
                    // When several match (e.g. in #if branches), the last one is reported.
                    bodyLine = lines.line(of: pattern)
                    bodyElements = describer.elements(ofBodyBinding: binding)
                }
            } else if let function = member.as(FunctionDeclSyntax.self), function.name.text == "reduce" {
                let labels = function.signature.parameterClause.parameters.map(\.firstName.text)
                if labels == ["into", "action"] { reduceLine = lines.line(of: function.name) }
            }
        }

        var object = JSONObject()
        object.add("file", string: path)
        object.add("type", string: declaration.name)
        object.add("qualifiedName", string: (enclosingTypes + [declaration.name]).joined(separator: "."))
        object.add("kind", string: declaration.kind)
        object.add("line", int: lines.line(of: declaration.nameNode))
        object.add("reducerAttribute", bool: hasReducerAttribute)
        object.add("inherits", raw: jsonArray(reducerConformances.map(jsonQuoted)))
        object.add("hasBody", bool: bodyLine != nil)
        object.add("bodyLine", int: bodyLine)
        object.add("hasReduce", bool: reduceLine != nil)
        object.add("reduceLine", int: reduceLine)
        object.add("body", raw: bodyElements.map(jsonArray) ?? "null")
        return object.text
    }
}

/// `Reducer` for `Reducer`, `ComposableArchitecture.Reducer`, `Reducer<S, A>`, `@preconcurrency Reducer`.
private func lastNameComponent(of type: TypeSyntax) -> String? {
    var current = type
    while let attributed = current.as(AttributedTypeSyntax.self) { current = attributed.baseType }
    if let identifier = current.as(IdentifierTypeSyntax.self) { return identifier.name.text }
    if let member = current.as(MemberTypeSyntax.self) { return member.name.text }
    return nil
}

/// Member declarations with the contents of `#if` blocks (every clause) spliced in, in source order.
private func flattenedMembers(_ list: MemberBlockItemListSyntax) -> [DeclSyntax] {
    var result: [DeclSyntax] = []
    var pending: [MemberBlockItemListSyntax.Iterator] = [list.makeIterator()]
    // An explicit stack instead of recursion: nesting depth of #if comes from the input.
    while !pending.isEmpty {
        guard let item = pending[pending.count - 1].next() else {
            pending.removeLast()
            continue
        }
        guard let conditional = item.decl.as(IfConfigDeclSyntax.self) else {
            result.append(item.decl)
            continue
        }
        var clauseLists: [MemberBlockItemListSyntax] = []
        for clause in conditional.clauses {
            if case .decls(let inner)? = clause.elements { clauseLists.append(inner) }
        }
        // Clauses are visited in order: push them in reverse so the first one runs next.
        for inner in clauseLists.reversed() { pending.append(inner.makeIterator()) }
    }
    return result
}

/// 1-based line numbers of nodes, as the compiler reports them.
struct LineLookup {
    private let converter: SourceLocationConverter

    init(tree: SourceFileSyntax, path: String) {
        converter = SourceLocationConverter(fileName: path, tree: tree)
    }

    func line(of node: some SyntaxProtocol) -> Int {
        converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }
}

func runReducers(_ options: CommandOptions) {
    guard !options.files.isEmpty else { exitWithUsageError("reducers: no FILE") }
    var output = OutputBuffer()
    for path in options.files {
        let bytes = readFileBytes(path)
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let scanner = ReducerScanner(path: path, tree: tree)
        scanner.walk(tree)
        for record in scanner.records { output.append(record + "\n") }
    }
    output.flush()
}

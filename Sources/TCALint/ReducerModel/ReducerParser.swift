/// Builds the `FileModel` from the code tokens in one forward pass over type declarations,
/// then a member scan of each reducer type (and of the extensions of reducer types in the file).
public struct ReducerParser {
    let code: CodeTokens
    /// The project's own reducer protocols, declared in other files (`FeatureIndex.projectReducerProtocols`):
    /// inheriting one makes a type a reducer as inheriting `Reducer` does.
    let projectReducerProtocols: Set<String>
    /// Names of the project's reducer types (`FeatureIndex.reducerTypeNames`): an `extension Root` in a file
    /// that does not declare `Root` (zashi's `RootCoordinator.swift`) is a part of that reducer.
    let projectReducerTypes: Set<String>

    public init(code: CodeTokens, projectReducerProtocols: Set<String> = [], projectReducerTypes: Set<String> = []) {
        self.code = code
        self.projectReducerProtocols = projectReducerProtocols
        self.projectReducerTypes = projectReducerTypes
    }

    /// A type declaration header, found by the forward scan.
    struct TypeHeader {
        var kind: ReducerDeclaration.Kind
        var name: String
        var qualifiedName: String
        var nameToken: Int
        var hasReducerAttribute: Bool
        var inherits: [String]
        var open: Int
        var close: Int
        /// The header of the type this one is declared in (an index into the file's headers), if any.
        var parent: Int? = nil
    }

    public func parseFile() -> FileModel {
        let headers = typeHeaders()
        var model = FileModel()
        let reducerNames = Set(headers.filter { $0.hasReducerAttribute || !$0.inherits.isEmpty }.map { $0.name })
        for h in headers {
            let extendsReducerHere = h.kind == .extension && reducerNames.contains(h.name.lastNameComponent)
            // An extension of a reducer that another file declares is that reducer's part in this file.
            let extendsProjectReducer = h.kind == .extension && !extendsReducerHere && !projectReducerTypes.isEmpty
                && projectReducerTypes.contains(h.name.lastNameComponent)
            let isReducer = h.hasReducerAttribute || !h.inherits.isEmpty || extendsProjectReducer
            // Extensions of a reducer declared in this file carry members that count for it.
            let isRelatedExtension = !isReducer && extendsReducerHere
            guard isReducer || isRelatedExtension else { continue }
            let type = ReducerDeclaration(name: h.name, qualifiedName: h.qualifiedName, kind: h.kind, nameToken: h.nameToken,
                                   hasReducerAttribute: h.hasReducerAttribute, inherits: h.inherits,
                                   membersOpen: h.open, membersClose: h.close)
            MemberScanner(code: code, type: type).scan()
            if isReducer { model.reducers.append(type) } else { model.relatedExtensions.append(type) }
        }
        model.declarationsByName = Self.groupDeclarations(model.reducers + model.relatedExtensions, headers: headers)
        model.usesTestStore = containsIdentifier("TestStore")
        model.typeHeaders = headers
        // By the name as written only: hashing a qualified name costs its length, which grows with nesting.
        for (i, h) in headers.enumerated() {
            model.typeHeadersByName[h.name, default: []].append(i)
            // `extension App.Feature.State` is found by the `Feature.State` its reducer looks up.
            if h.kind == .extension {
                let components = h.name.split(separator: ".")
                if components.count > 2 {
                    model.typeHeadersByName[components.suffix(2).joined(separator: "."), default: []].append(i)
                }
            }
            model.typeHeaderByNameToken[h.nameToken] = i
            if let parent = h.parent { model.nestedTypeHeaders[parent, default: []].append(i) }
        }
        return model
    }

    /// Which declarations are the same type. Every struct/enum/class/actor is its own type (two local
    /// `struct Child` in different test functions are different types); an extension joins the one
    /// declaration it names (`extension Library.Book` → the `Book` nested in `Library`), or, when that is
    /// absent or ambiguous, the other extensions written with the same name.
    static func groupDeclarations(_ decls: [ReducerDeclaration], headers: [TypeHeader]) -> [String: [ReducerDeclaration]] {
        // Declared types by the last component of their name, so that an extension looks only at its namesakes.
        var primaries: [String: [TypeHeader]] = [:]
        for h in headers where h.kind != .extension { primaries[h.name.lastNameComponent, default: []].append(h) }
        var groups: [String: [ReducerDeclaration]] = [:]
        for decl in decls.sorted(by: { $0.nameToken < $1.nameToken }) {
            let key: String
            if decl.kind != .extension {
                key = "#\(decl.nameToken)"
            } else {
                let candidates = (primaries[decl.name.lastNameComponent] ?? []).filter {
                    $0.qualifiedName == decl.name || $0.qualifiedName.hasSuffix("." + decl.name)
                }
                key = candidates.count == 1 ? "#\(candidates[0].nameToken)" : "extension " + decl.name
            }
            decl.identity = key
            groups[key, default: []].append(decl)
        }
        return groups
    }

    private func containsIdentifier(_ word: StaticString) -> Bool {
        for i in 0..<code.count where code.tokens[i].kind == .identifier && code.is(i, word) { return true }
        return false
    }

    /// How deep types nest before the parser stops reading them. Each header holds its qualified name, as
    /// long as its nesting is deep, so n levels cost n² bytes (16k levels: 978 MB); real code nests a
    /// handful of levels, and nothing deeper than this is read (it holds no reducer tca-lint reports).
    public static let maxTypeNesting = 64

    /// Every struct/enum/class/actor/extension declaration with a member block, outermost first, down to
    /// `maxTypeNesting` levels. Enclosing types are tracked with a stack of member-block ends, never by recursion.
    func typeHeaders() -> [TypeHeader] {
        var result: [TypeHeader] = []
        // Each enclosing type's qualified name: a nested type's is its parent's plus its own name, one
        // append (joining every enclosing name for every header made deep nesting quadratic).
        var enclosing: [(qualifiedName: String, close: Int, index: Int)] = []
        // The open braces around the current token: a type declared inside a function body (a test's local
        // `struct Child`) is local to it, and two such types in different functions are different types.
        var braces: [Int] = []
        let n = code.count
        var i = 0
        while i < n {
            while let last = enclosing.last, last.close < i { enclosing.removeLast() }
            while let last = braces.last, (code.partnerOf(last) ?? n) < i { braces.removeLast() }
            let t = code.tokens[i]
            guard t.kind == .keyword || t.kind == .identifier, enclosing.count < Self.maxTypeNesting,
                  let kind = declarationKind(at: i) else {
                if t.kind == .punct && code.isPunct(i, .lbrace) { braces.append(i) }
                i += 1
                continue
            }
            var scope = enclosing.last?.qualifiedName
            if let brace = braces.last, brace != enclosing.last.map({ result[$0.index].open }) {
                // Local: named after the scope's position, so that it matches no type declared elsewhere.
                scope = (scope.map { $0 + "." } ?? "") + "(local@\(code.offset(brace)))"
            }
            guard var header = parseHeader(kind: kind, at: i, enclosedIn: scope) else {
                i += 1
                continue
            }
            header.parent = enclosing.last?.index
            result.append(header)
            enclosing.append((header.qualifiedName, header.close, result.count - 1))
            if header.open < n { braces.append(header.open) }
            i = header.open + 1
        }
        return result
    }

    /// The declaration kind introduced at i, if i is such a keyword in declaration position.
    private func declarationKind(at i: Int) -> ReducerDeclaration.Kind? {
        let t = code.tokens[i]
        // `import struct Module.Type` names a declaration, it declares none.
        if code.is(i - 1, "import") { return nil }
        if t.kind == .keyword {
            if code.is(i, "struct") { return .struct }
            if code.is(i, "enum") { return .enum }
            if code.is(i, "extension") { return .extension }
            if code.is(i, "class") {
                // `class func`, `class var` are modifiers, not declarations.
                return code.isNameLike(i + 1) && code.tokens[i + 1].kind == .identifier ? .class : nil
            }
            return nil
        }
        if code.is(i, "actor") {
            // Contextual: only `actor Name {`/`actor Name:`/`actor Name<`.
            guard code.tokens.indices.contains(i + 2), code.tokens[i + 1].kind == .identifier else { return nil }
            return code.isPunct(i + 2, .lbrace) || code.isPunct(i + 2, .colon) || code.isOperator(i + 2, "<") ? .actor : nil
        }
        return nil
    }

    private func parseHeader(kind: ReducerDeclaration.Kind, at i: Int, enclosedIn outer: String?) -> TypeHeader? {
        let n = code.count
        var j = i + 1
        guard j < n, code.isNameLike(j) else { return nil }
        let nameToken = j
        var name: String
        if kind == .extension {
            // Extended type: a dotted name, possibly with generic arguments.
            var last = j
            j += 1
            while j < n {
                if code.isDot(j), code.isNameLike(j + 1) { last = j + 1; j += 2; continue }
                if let g = code.skipGenericArguments(j, limit: n) { last = g - 1; j = g; continue }
                if code.isOptionalMark(j) { last = j; j += 1; continue }
                break
            }
            name = code.sourceText(from: nameToken, through: last)
        } else {
            name = code.text(j)
            j += 1
            if let g = code.skipGenericArguments(j, limit: n) { j = g }
        }
        // Inheritance clause and `where` clause up to the member block.
        var inherits: [String] = []
        if code.isPunct(j, .colon) {
            j += 1
            var itemStart = j
            while j < n && !code.isPunct(j, .lbrace) {
                if code.tokens[j].kind == .keyword && code.is(j, "where") { break }
                if code.isPunct(j, .comma) {
                    if let inh = reducerInheritance(from: itemStart, to: j) { inherits.append(inh) }
                    j += 1
                    itemStart = j
                    continue
                }
                if let g = code.skipGenericArguments(j, limit: n) { j = g; continue }
                if code.isPunct(j, .lparen) || code.isPunct(j, .lbracket) { j = code.skipGroup(j, limit: n); continue }
                // A declaration keyword means this was not a type header after all.
                if code.tokens[j].kind == .keyword && !(code.is(j, "Any") || code.is(j, "Self")) { return nil }
                j += 1
            }
            if let inh = reducerInheritance(from: itemStart, to: j) { inherits.append(inh) }
        }
        while j < n && !code.isPunct(j, .lbrace) {
            // `where` clause: skip to the brace; give up on anything that cannot be in one.
            if code.isPunct(j, .semicolon) || code.isPunct(j, .rbrace) { return nil }
            j = code.skipGroup(j, limit: n)
        }
        // A declaration cut off before its member block (end of file) still declares the type,
        // as SwiftParser sees it: with no members.
        guard j < n else {
            return TypeHeader(kind: kind, name: name, qualifiedName: outer.map { $0 + "." + name } ?? name,
                              nameToken: nameToken, hasReducerAttribute: hasReducerAttribute(before: i),
                              inherits: inherits, open: n, close: n)
        }
        let open = j
        let close = code.partnerOf(open).map { $0 > open ? $0 : n } ?? n
        return TypeHeader(kind: kind, name: name, qualifiedName: outer.map { $0 + "." + name } ?? name,
                          nameToken: nameToken, hasReducerAttribute: hasReducerAttribute(before: i),
                          inherits: inherits, open: open, close: close)
    }

    /// The inherited type written in [from, to) if its base name is `Reducer` or `ReducerProtocol`.
    private func reducerInheritance(from: Int, to: Int) -> String? {
        guard from < to else { return nil }
        // Base name: the last name component before any generic arguments.
        var base: Int? = nil
        var j = from
        while j < to {
            if code.isNameLike(j) { base = j; j += 1; continue }
            if code.isDot(j) { j += 1; continue }
            if code.tokens[j].kind == .identifier || code.tokens[j].kind == .keyword { j += 1; continue }
            break
        }
        guard let b = base, code.is(b, "Reducer") || code.is(b, "ReducerProtocol")
                || (!projectReducerProtocols.isEmpty && projectReducerProtocols.contains(code.text(b))) else { return nil }
        // `some Reducer` is not inheritance, and attributes like `@unchecked` precede other names.
        if code.is(from, "some") || code.is(from, "any") { return nil }
        return code.sourceText(from: from, through: to - 1)
    }

    /// Whether the declaration keyword at i carries an attribute whose last name component is `Reducer`.
    /// Walks back over modifiers and attributes (with arguments) that precede the keyword.
    private func hasReducerAttribute(before i: Int) -> Bool {
        var j = i - 1
        var steps = 0
        while j >= 0 && steps < 64 {
            steps += 1
            let t = code.tokens[j]
            if code.isPunct(j, .rparen) {
                guard let o = code.partnerOf(j), o < j else { return false }
                j = o - 1
                continue
            }
            if t.kind == .identifier || t.kind == .keyword {
                // Attribute name `@A.B.Reducer`: walk to the `@`.
                var k = j
                var lastName = j
                while k - 2 >= 0 && code.isDot(k - 1) && code.isNameLike(k - 2) { k -= 2 }
                if k - 1 >= 0 && code.isPunct(k - 1, .at) {
                    if code.is(lastName, "Reducer") { return true }
                    lastName = k
                    j = k - 2
                    continue
                }
                if isDeclarationModifier(j) { j -= 1; continue }
                return false
            }
            return false
        }
        return false
    }

    private func isDeclarationModifier(_ j: Int) -> Bool {
        let words: [StaticString] = ["public", "private", "fileprivate", "internal", "open", "final", "indirect",
                                     "nonisolated", "package", "static", "dynamic", "isolated", "nonmutating"]
        return words.contains { code.is(j, $0) }
    }
}

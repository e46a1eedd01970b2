/// Reads the `FileFacts` of one analysed file: every protocol, typealias and type declaration with its
/// inheritance, attributes, enum cases, properties, functions, reducer builders and logic.
/// Unlike `ReducerParser` it keeps every type (a `State` extension, a `struct X: FeatureReducer`): whether
/// a type is a reducer is only known once the facts of every file are merged (`FeatureIndex`).
public struct FileFactsExtractor {
    /// How much of a file to read.
    public enum Detail: Sendable {
        /// Protocols, typealiases and type headers (names, inheritance, attributes): enough to tell which
        /// types are reducers, project-wide. What a lint run needs while no rule asks for more.
        case declarations
        /// Also every type's members: cases, properties, functions, builders, composition edges and logic.
        case full
    }

    let source: SourceFile
    let code: CodeTokens
    let headers: [ReducerParser.TypeHeader]
    let detail: Detail

    public init(file: AnalyzedFile, detail: Detail = .full) {
        self.source = file.source
        self.code = file.code
        self.headers = file.model.typeHeaders
        self.detail = detail
    }

    public static func extract(_ file: AnalyzedFile, detail: Detail = .full) -> FileFacts {
        FileFactsExtractor(file: file, detail: detail).extract()
    }

    public func extract() -> FileFacts {
        var facts = FileFacts(path: source.path)
        facts.detail = detail
        readProtocolsAndTypealiases(headers: headers, into: &facts)
        var enclosingStack: [(qualifiedName: String, close: Int)] = []
        for header in headers {
            while let last = enclosingStack.last, last.close < header.nameToken { enclosingStack.removeLast() }
            let enclosing = enclosingStack.last?.qualifiedName ?? ""
            if let type = typeFacts(header, enclosing: enclosing) { facts.types.append(type) }
            enclosingStack.append((header.qualifiedName, header.close))
        }
        return facts
    }

    /// Line and column of a token, as `SourceFile.location(of:)` gives them; an ASCII line prefix (the usual
    /// case) is counted directly instead of by grapheme clusters.
    func location(_ token: Int) -> FactLocation {
        let offset = code.offset(token)
        let line = source.line(of: offset)
        let start = source.lineStarts[line - 1]
        var ascii = line > 1 || source.bytes.count < 3 || source.bytes[0] != 0xEF
        var i = start
        while ascii && i < offset {
            if source.bytes[i] >= 0x80 { ascii = false }
            i += 1
        }
        guard ascii else {
            let l = source.location(of: offset)
            return FactLocation(path: source.path, line: l.line, column: l.column)
        }
        return FactLocation(path: source.path, line: line, column: offset - start + 1)
    }

    // MARK: protocols and typealiases

    /// `protocol P: …` and `typealias X = Y` anywhere, with the type each typealias is declared in.
    private func readProtocolsAndTypealiases(headers: [ReducerParser.TypeHeader], into facts: inout FileFacts) {
        var h = 0
        var enclosing: [(name: String, close: Int)] = []
        for i in 0..<code.count where code.kind(i) == .keyword {
            let isProtocol = code.is(i, "protocol") && code.kind(i + 1) == .identifier
            let isTypealias = code.is(i, "typealias") && code.isNameLike(i + 1)
            guard isProtocol || isTypealias else { continue }
            while h < headers.count && headers[h].nameToken < i {
                while let last = enclosing.last, last.close < headers[h].nameToken { enclosing.removeLast() }
                enclosing.append((headers[h].qualifiedName, headers[h].close))
                h += 1
            }
            while let last = enclosing.last, last.close < i { enclosing.removeLast() }
            if isProtocol {
                let (inherits, _) = inheritance(after: i + 1)
                facts.protocols.append(ProtocolFacts(name: code.text(i + 1), inherits: inherits, location: location(i + 1)))
            } else {
                var j = i + 2
                if let g = code.skipGenericArguments(j, limit: code.count) { j = g }
                guard code.isOperator(j, "=") else { continue }
                let end = code.statementEnd(from: j + 1, limit: code.count)
                guard end > j + 1 else { continue }
                facts.typealiases.append(TypealiasFacts(enclosing: enclosing.last?.name ?? "", name: code.text(i + 1),
                                                        target: code.sourceText(from: j + 1, through: end - 1),
                                                        location: location(i + 1)))
            }
        }
    }

    /// The inheritance clause after the declared name at `nameToken` (up to `{`): base names of the
    /// inherited types, and the `Self: P` constraints of a `where` clause.
    func inheritance(after nameToken: Int) -> (inherits: [String], selfConstraints: [String]) {
        let n = code.count
        var j = nameToken + 1
        while code.isDot(j) && code.isNameLike(j + 1) { j += 2 }
        if let g = code.skipGenericArguments(j, limit: n) { j = g }
        var inherits: [String] = []
        var constraints: [String] = []
        var inWhere = false
        var lastName: Int? = nil
        var steps = 0
        while j < n && !code.isPunct(j, .lbrace) && steps < 512 {
            steps += 1
            if code.kind(j) == .keyword && code.is(j, "where") {
                if let b = lastName, !inWhere { inherits.append(code.text(b)) }
                lastName = nil
                inWhere = true
                j += 1
                continue
            }
            if inWhere {
                // `Self: P & Q`, `Self == X`: the names after `Self:`.
                if code.is(j, "Self") && code.isPunct(j + 1, .colon) {
                    var k = j + 2
                    while k < n && !code.isPunct(k, .comma) && !code.isPunct(k, .lbrace) {
                        if code.isNameLike(k) && !code.isDot(k + 1) { constraints.append(code.text(k)) }
                        k += 1
                    }
                    j = k
                    continue
                }
                j = code.skipGroup(j, limit: n)
                continue
            }
            if code.isPunct(j, .colon) || code.isPunct(j, .comma) || code.isOperator(j, "&") {
                if let b = lastName, !code.isPunct(j, .colon) { inherits.append(code.text(b)) }
                lastName = nil
                j += 1
                continue
            }
            if code.isPunct(j, .at) { j += 2; continue }  // `@unchecked Sendable`
            if let g = code.skipGenericArguments(j, limit: n) { j = g; continue }
            if code.isNameLike(j) { lastName = j }
            if code.kind(j) == .keyword && !code.isNameLike(j) { return ([], []) }  // not a type header after all
            j = code.skipGroup(j, limit: n)
        }
        if let b = lastName, !inWhere { inherits.append(code.text(b)) }
        return (inherits, constraints)
    }

    // MARK: types

    static let nonFeatureBases: Set<String> = ["View", "PreviewProvider", "XCTestCase", "Scene", "ViewModifier", "Shape"]

    /// Nil when reading declarations only and the type can be no reducer (it inherits nothing, has no `@Reducer`);
    /// extensions are kept, since one may extend a reducer another file declares (`FeatureIndex.needsProjectContext`).
    private func typeFacts(_ h: ReducerParser.TypeHeader, enclosing: String) -> TypeFacts? {
        let (inherits, constraints) = inheritance(after: h.nameToken)
        let attributes = StateDeclaration.attributes(before: h.nameToken - 2, code: code).map { code.text($0) }
        if detail == .declarations && h.kind != .extension && inherits.isEmpty && !attributes.contains("Reducer") { return nil }
        var facts = TypeFacts(kind: h.kind.rawValue, name: h.name, qualifiedName: h.qualifiedName, enclosing: enclosing,
                              inherits: inherits, selfConstraints: constraints, attributes: attributes,
                              location: location(h.nameToken))
        // SwiftUI views and test cases are never reducers, states or actions: their members are not read.
        guard detail == .full, h.open < h.close, h.close <= code.count,
              !inherits.contains(where: Self.nonFeatureBases.contains) else { return facts }
        MembersReader(extractor: self, header: h).read(into: &facts)
        return facts
    }
}

/// The own-level members of one type's block.
private struct MembersReader {
    let extractor: FileFactsExtractor
    let header: ReducerParser.TypeHeader
    var code: CodeTokens { extractor.code }

    func read(into facts: inout TypeFacts) {
        let close = header.close
        var j = header.open + 1
        let scanner = MemberScanner(code: code, type: ReducerDeclaration(
            name: header.name, qualifiedName: header.qualifiedName, kind: header.kind, nameToken: header.nameToken,
            hasReducerAttribute: false, inherits: [], membersOpen: header.open, membersClose: close))
        let logic = LogicFactsReader(extractor: extractor)
        while j < close {
            guard code.kind(j) == .keyword else { j = code.skipGroup(j, limit: close); continue }
            if code.is(j, "case") && header.kind == .enum {
                j = readCases(at: j, into: &facts)
                continue
            }
            if (code.is(j, "var") || code.is(j, "let")) && code.isNameLike(j + 1) {
                j = readProperty(at: j, into: &facts, logic: logic)
                continue
            }
            if code.is(j, "func"), let f = scanner.parseFunction(at: j) {
                readFunction(f, at: j, into: &facts, logic: logic)
                j = (f.bodyClose ?? j + 1) + 1
                continue
            }
            if code.is(j, "init") {
                j = readInitializer(at: j, into: &facts, logic: logic)
                continue
            }
            j = code.skipGroup(j, limit: close)
        }
        facts.logic.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
    }

    private func readCases(at j: Int, into facts: inout TypeFacts) -> Int {
        let (cases, end) = code.enumCaseDeclaration(at: j, limit: header.close)
        for c in cases {
            facts.cases.append(EnumCaseFacts(name: ActionPath.name(c.nameToken, code: code), payload: c.payload,
                                             location: extractor.location(c.nameToken)))
        }
        return max(end, j + 1)
    }

    /// `var`/`let` at j: the property (or properties, `var a = 1, b = 2`), and a builder when it is one.
    private func readProperty(at j: Int, into facts: inout TypeFacts, logic: LogicFactsReader) -> Int {
        let close = header.close
        let end = code.statementEnd(from: j, limit: close)
        let attributes = StateDeclaration.attributes(before: j - 1, code: code).map { code.text($0) }
        let modifiers = Self.modifiers(before: j, code: code)
        let isStatic = modifiers.contains("static") || modifiers.contains("class")
        var k = j + 2
        var typeEnd = k
        if code.isPunct(k, .colon) {
            k += 1
            typeEnd = k
            while typeEnd < end && !code.isOperator(typeEnd, "=") && !code.isPunct(typeEnd, .lbrace) && !code.isPunct(typeEnd, .comma) {
                if let g = code.skipGenericArguments(typeEnd, limit: end) { typeEnd = g; continue }
                typeEnd = code.skipGroup(typeEnd, limit: end)
            }
        }
        var type = typeEnd > k ? code.sourceText(from: k, through: typeEnd - 1) : ""
        // `var path = StackState<Path.State>()`: the type the initializer names.
        if type.isEmpty && code.isOperator(typeEnd, "=") && code.isNameLike(typeEnd + 1) && code.startsUppercase(typeEnd + 1) {
            var t = typeEnd + 2
            while code.isDot(t) && code.isNameLike(t + 1) { t += 2 }
            if let g = code.skipGenericArguments(t, limit: end) { t = g }
            if code.isPunct(t, .lparen) { type = code.sourceText(from: typeEnd + 1, through: t - 1) }
        }
        let accessorOpen: Int? = code.isPunct(typeEnd, .lbrace) && typeEnd < end ? typeEnd : nil
        let isComputed = accessorOpen.map { !Self.onlyObservers(open: $0, code: code) } ?? false
        let name = ActionPath.name(j + 1, code: code)
        facts.properties.append(PropertyFacts(name: name, type: type, attributes: attributes, isLet: code.is(j, "let"),
                                              isStatic: isStatic, isComputed: isComputed, location: extractor.location(j + 1)))
        // Further names in `var a = 1, b: Int = 2`.
        var m = typeEnd
        while m < end {
            if code.isPunct(m, .comma) && code.isNameLike(m + 1) && (code.isPunct(m + 2, .colon) || code.isOperator(m + 2, "=")) {
                facts.properties.append(PropertyFacts(name: code.text(m + 1), type: "", attributes: attributes,
                                                      isLet: code.is(j, "let"), isStatic: isStatic, isComputed: false,
                                                      location: extractor.location(m + 1)))
            }
            if let g = code.skipGenericArguments(m, limit: end) { m = g; continue }
            m = code.skipGroup(m, limit: end)
        }
        // `var body: some ReducerOf<Self>`, `@ReducerBuilder var core`, `var core: some Reducer<State, Action>`
        // (a view's `var body: some View` is not one).
        let typeNamesReducer = (k..<typeEnd).contains { t in
            code.kind(t) == .identifier && (code.is(t, "Reducer") || code.is(t, "ReducerOf") || code.is(t, "ReducerProtocol")
                || code.is(t, "ReducerProtocolOf"))
        }
        let isBuilder = typeNamesReducer || attributes.contains("ReducerBuilder")
        if isBuilder {
            var elements: [BuilderElement] = []
            if var open = accessorOpen, var blockClose = code.partnerOf(open), blockClose > open {
                if code.is(open + 1, "get") && code.isPunct(open + 2, .lbrace), let c = code.partnerOf(open + 2), c > open + 2 {
                    open += 2
                    blockClose = c
                }
                if !(code.is(open + 1, "get") || code.is(open + 1, "set")) {
                    elements = BuilderListParser(code: code).parseList(from: open + 1, to: blockClose)
                }
            } else if code.isOperator(typeEnd, "=") {
                elements = BuilderListParser(code: code).parseList(from: typeEnd + 1, to: end)
            }
            addBuilder(name: name, kind: .property, isStatic: isStatic, elements: elements, at: j + 1,
                       into: &facts, logic: logic)
        }
        return max(end, j + 2)
    }

    private func readFunction(_ f: FunctionDeclaration, at j: Int, into facts: inout TypeFacts, logic: LogicFactsReader) {
        facts.functions.append(FunctionFacts(name: f.name, labels: f.labels, returnsEffect: f.returnsEffect,
                                             returnsReducer: f.returnsReducer, isStatic: f.isStatic,
                                             location: extractor.location(f.nameToken)))
        guard let open = f.bodyOpen, let close = f.bodyClose else { return }
        if f.returnsReducer && !f.returnsEffect {
            let elements = BuilderListParser(code: code).parseList(from: open + 1, to: close)
            addBuilder(name: f.name, kind: .function, isStatic: f.isStatic, elements: elements, at: f.nameToken,
                       into: &facts, logic: logic)
            return
        }
        let isReduce = f.name == "reduce" && f.labels.first == "into"
        guard isReduce || f.returnsEffect else { return }
        facts.logic.append(logic.read(kind: isReduce ? .reduceMethod : .effectFunction, owner: f.name, labels: f.labels,
                                      open: open, close: close,
                                      actionName: LogicFactsReader.actionParameterName(of: f, code: code),
                                      stateName: LogicFactsReader.stateParameterName(of: f, code: code),
                                      at: f.nameToken))
    }

    /// `init(…) { self.reducer = Reduce { … } }`: each `Reduce` closure built there is logic of the stored property.
    private func readInitializer(at j: Int, into facts: inout TypeFacts, logic: LogicFactsReader) -> Int {
        var k = j + 1
        while k < header.close && !code.isPunct(k, .lbrace) {
            if code.isPunct(k, .rbrace) || (code.kind(k) == .keyword && (code.is(k, "func") || code.is(k, "var"))) { return k }
            k = code.skipGroup(k, limit: header.close)
        }
        guard k < header.close, let close = code.partnerOf(k), close > k else { return k + 1 }
        for r in (k + 1)..<close where code.is(r, "Reduce") && code.kind(r) == .identifier && code.isPunct(r + 1, .lbrace) {
            guard let rc = code.partnerOf(r + 1), rc > r + 1 else { continue }
            var owner = "init"
            if code.isOperator(r - 1, "=") && code.isNameLike(r - 2) { owner = code.text(r - 2) }
            facts.logic.append(logic.read(kind: .initReduce, owner: owner, labels: [], open: r + 1, close: rc,
                                          actionName: ReducerLogic.closureActionName(open: r + 1, code: code),
                                          stateName: ParentLogic.closureStateName(open: r + 1, code: code), at: r))
        }
        return close + 1
    }

    private func addBuilder(name: String, kind: BuilderFacts.Kind, isStatic: Bool, elements: [BuilderElement], at token: Int,
                            into facts: inout TypeFacts, logic: LogicFactsReader) {
        var edges: [(Int, EdgeFacts)] = []
        // Lists to visit, each with the edge whose closure holds it (children of a Scope run on the child's state).
        var stack: [([BuilderElement], EdgeFacts?)] = [(elements, nil)]
        while let (list, enclosing) = stack.popLast() {
            for element in list {
                var scope = enclosing
                if element.kind == .expression && element.isScope, let open = element.argumentsOpen {
                    var edge = EdgeReader.edge(operation: "Scope", arguments: open, stateLabel: "state",
                                               children: element.children, at: element.nameToken, extractor: extractor)
                    edge.scopedIn = enclosing.map { $0.statePath }
                    edges.append((element.nameToken, edge))
                    scope = edge
                }
                if let children = element.children, !element.isReduce { stack.append((children, scope)) }
                for branch in element.branches { stack.append((branch, enclosing)) }
                for m in element.modifiers {
                    var modifierScope = enclosing
                    if EdgeReader.operators.contains(m.name), let open = m.argumentsOpen {
                        var edge = EdgeReader.edge(operation: m.name, arguments: open, stateLabel: nil,
                                                   children: m.children, at: m.nameToken, extractor: extractor)
                        edge.scopedIn = enclosing.map { $0.statePath }
                        edges.append((m.nameToken, edge))
                        modifierScope = edge
                    }
                    if let children = m.children { stack.append((children, modifierScope)) }
                }
                guard element.kind == .expression && element.isReduce else { continue }
                if let open = element.closureOpen, let close = code.partnerOf(open), close > open {
                    facts.logic.append(logic.read(kind: .reduceClosure, owner: name, labels: [], open: open, close: close,
                                                  actionName: ReducerLogic.closureActionName(open: open, code: code),
                                                  stateName: ParentLogic.closureStateName(open: open, code: code),
                                                  at: element.nameToken))
                } else if let args = element.argumentsOpen,
                          let referenced = ReducerLogic.referencedFunctionName(in: args, code: code),
                          !facts.referencedLogicFunctions.contains(referenced) {
                    facts.referencedLogicFunctions.append(referenced)
                }
            }
        }
        facts.builders.append(BuilderFacts(name: name, kind: kind, isStatic: isStatic,
                                           elements: elements.map { $0.displayName },
                                           edges: edges.sorted { $0.0 < $1.0 }.map { $0.1 },
                                           location: extractor.location(token)))
    }

    /// Modifier words written before the declaration keyword at j (over attributes and `private(set)`).
    static func modifiers(before j: Int, code: CodeTokens) -> Set<String> {
        var words = Set<String>()
        var k = j - 1
        var steps = 0
        while k >= 0 && steps < 24 {
            steps += 1
            if code.isPunct(k, .rparen), let o = code.partnerOf(k), o < k { k = o - 1; continue }
            if code.isNameLike(k) && code.isPunct(k - 1, .at) { k -= 2; continue }
            if MemberScanner.modifierWords.contains(where: { code.is(k, $0) }) { words.insert(code.text(k)); k -= 1; continue }
            if code.isNameLike(k) && code.isDot(k - 1) { k -= 2; continue }
            break
        }
        return words
    }

    /// An accessor block with only `willSet` / `didSet`: the property is stored.
    static func onlyObservers(open: Int, code: CodeTokens) -> Bool {
        guard let close = code.partnerOf(open), close > open + 1 else { return false }
        var m = open + 1
        while m < close {
            guard code.is(m, "willSet") || code.is(m, "didSet") else { return false }
            m += 1
            if code.isPunct(m, .lparen) { m = code.skipGroup(m, limit: close) }
            guard code.isPunct(m, .lbrace) else { return false }
            m = code.skipGroup(m, limit: close)
        }
        return true
    }
}

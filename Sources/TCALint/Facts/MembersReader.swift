/// Reads the own-level members of one type's block: enum cases, properties (with their wrappers, setters and
/// what a computed getter reads), functions, `@Dependency` properties, reducer builders, and every place of
/// per-action logic (`Reduce` closures anywhere in the members, `reduce(into:…)`, effect-returning functions,
/// functions a `Reduce(core)` names). Nested types are read on their own.
struct MembersReader {
    let extractor: FactsExtractor
    let header: ReducerParser.TypeHeader
    var code: CodeTokens { extractor.code }

    /// A member declaration's extent, to tell which member a `Reduce` closure is written in.
    private struct Member {
        var name: String
        var start: Int
        var end: Int
        /// `init`: a `Reduce` assigned there (`self.core = Reduce { … }`) belongs to the assigned property.
        var isInitializer = false
    }

    func read(into facts: inout TypeFacts) {
        let close = header.close
        var members: [Member] = []
        var logicFunctions: [(FunctionDeclaration, Int)] = []
        var referenced = Set<String>()
        let scanner = MemberScanner(code: code, type: ReducerDeclaration(
            name: header.name, qualifiedName: header.qualifiedName, kind: header.kind, nameToken: header.nameToken,
            hasReducerAttribute: false, inherits: [], membersOpen: header.open, membersClose: close))
        var j = header.open + 1
        var ifDepth = 0  // member-level `#if` nesting: what is declared inside exists in some configurations only
        while j < close {
            if code.kind(j) == .pound {
                if code.is(j, "#if") { ifDepth += 1 } else if code.is(j, "#endif") { ifDepth = max(0, ifDepth - 1) }
                j += 1
                continue
            }
            guard code.kind(j) == .keyword || (code.isPunct(j, .at) && code.is(j + 1, "Dependency")) else {
                j = code.skipGroup(j, limit: close)
                continue
            }
            if code.is(j, "case") && header.kind == .enum {
                j = readCases(at: j, into: &facts)
                continue
            }
            if (code.is(j, "var") || code.is(j, "let")) && code.isNameLike(j + 1) {
                let dependenciesBefore = facts.dependencies.count
                let end = readProperty(at: j, into: &facts, referenced: &referenced)
                if ifDepth > 0 { for d in dependenciesBefore..<facts.dependencies.count { facts.dependencies[d].isConditional = true } }
                members.append(Member(name: CasePath.name(j + 1, code: code), start: j, end: end))
                j = end
                continue
            }
            if code.is(j, "func"), let f = scanner.parseFunction(at: j) {
                let end = (f.bodyClose ?? j + 1) + 1
                readFunction(f, at: j, into: &facts, referenced: &referenced)
                if f.bodyOpen != nil { logicFunctions.append((f, j)) }
                members.append(Member(name: f.name, start: j, end: end))
                j = end
                continue
            }
            if code.is(j, "init") {
                var k = j + 1
                while k < close && !code.isPunct(k, .lbrace) {
                    if code.isPunct(k, .rbrace) || (code.kind(k) == .keyword && (code.is(k, "func") || code.is(k, "var"))) { break }
                    k = code.skipGroup(k, limit: close)
                }
                let end = code.isPunct(k, .lbrace) ? code.skipGroup(k, limit: close) : k
                members.append(Member(name: "init", start: j, end: end, isInitializer: true))
                j = max(end, j + 1)
                continue
            }
            if code.isPunct(j, .at) { j += 2; continue }
            j = code.skipGroup(j, limit: close)
        }
        // Every place of logic, then each read with the places nested in it left out.
        var localFunctions: [(FunctionDeclaration, Int)] = []
        var units: [LogicReader.Unit] = reduceClosures(members: members, referenced: &referenced, scanner: scanner,
                                                       memberFunctions: Set(logicFunctions.map(\.1)), localFunctions: &localFunctions)
        logicFunctions += localFunctions.filter { $0.0.returnsEffect }
        for (f, keyword) in logicFunctions {
            let isReduce = f.name == "reduce" && f.labels.first == "into"
            guard let open = f.bodyOpen, let bodyClose = f.bodyClose else { continue }
            let parameters = Self.parameters(of: f, code: code)
            let isLogic = isReduce || f.returnsEffect || referenced.contains(f.name)
            guard isLogic || Self.changesGivenState(parameters, typeName: header.name, code: code) else { continue }
            let isMutating = Declarations.modifiers(before: keyword, code: code).contains("mutating")
            var unit = LogicReader.Unit(kind: isReduce ? .reduceMethod : isLogic ? .effectFunction : .stateFunction, owner: f.name, labels: f.labels,
                                        actionName: Self.actionParameterName(parameters, code: code),
                                        stateName: Self.stateParameterName(parameters, code: code) ?? (isMutating ? "self" : "state"),
                                        anchorToken: f.nameToken, open: open, close: bodyClose)
            unit.actionType = Self.actionParameterType(parameters, code: code)
            unit.stateType = Self.stateParameterType(parameters, code: code)
            unit.actionPrefix = Self.actionCasePrefix(labels: f.labels)
            unit.isStatic = f.isStatic
            units.append(unit)
        }
        units.sort { $0.open < $1.open }
        let reader = LogicReader(extractor: extractor)
        for (n, unit) in units.enumerated() {
            var nested: [Range<Int>] = []
            var m = n + 1
            while m < units.count && units[m].open < unit.close {
                if units[m].close <= unit.close { nested.append(units[m].open..<(units[m].close + 1)) }
                m += 1
            }
            facts.logic.append(reader.read(unit, excluding: nested))
        }
        facts.logic.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
    }

    // MARK: cases

    private func readCases(at j: Int, into facts: inout TypeFacts) -> Int {
        let (cases, end) = code.enumCaseDeclaration(at: j, limit: header.close)
        for c in cases {
            facts.cases.append(EnumCaseFacts(name: CasePath.name(c.nameToken, code: code), payload: c.payload,
                                             location: extractor.location(c.nameToken)))
        }
        return max(end, j + 1)
    }

    // MARK: properties

    /// Names that make a property's type a reducer.
    static let reducerTypeNames: Set<String> = ["Reducer", "ReducerOf", "ReducerProtocol", "ReducerProtocolOf", "Reduce", "CombineReducers"]
    /// Names that make a `var body` a view's, not a reducer's.
    static let viewTypeNames: Set<String> = ["View", "Scene", "Commands", "ToolbarContent", "Widget", "WidgetConfiguration",
                                             "TableColumnContent", "TableRowContent", "CustomizableToolbarContent"]

    /// `var`/`let` at j: the property (or properties, `var a = 1, b = 2`), a builder when it is one, a dependency.
    private func readProperty(at j: Int, into facts: inout TypeFacts, referenced: inout Set<String>) -> Int {
        let close = header.close
        let end = code.statementEnd(from: j, limit: close)
        let attributeTokens = Declarations.attributes(before: j - 1, code: code)
        let attributes = attributeTokens.map { code.text($0) }
        let modifiers = Declarations.modifiers(before: j, code: code)
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
        let name = CasePath.name(j + 1, code: code)
        var property = PropertyFacts(name: name, type: type, attributes: attributes, isLet: code.is(j, "let"), isStatic: isStatic,
                                     isComputed: isComputed, location: extractor.location(j + 1), anchor: extractor.anchor(j + 1))
        property.hasRestrictedSetter = modifiers.contains("private(set)") || modifiers.contains("fileprivate(set)")
        property.attributeAnchors = attributeTokens.map { extractor.anchor($0) }
        // `var body: some ReducerOf<Self>`, `@ReducerBuilder var core`, `var core: some Reducer<State, Action>`
        // (a view's `var body: some View` is not one).
        let typeNames = (k..<typeEnd).filter { code.kind($0) == .identifier }.map { code.text($0) }
        let isView = typeNames.contains(where: Self.viewTypeNames.contains)
        // `var body: Never { fatalError() }` (or `Body` where `Body == Never`) of a reducer that implements
        // `reduce(into:action:)`: no reducer body, TCA never builds it.
        let isNever = typeNames == ["Never"]
        let isBuilder = attributes.contains("ReducerBuilder") || typeNames.contains(where: Self.reducerTypeNames.contains)
            || (name == "body" && !isNever && !isView
                && (accessorOpen != nil || code.isOperator(typeEnd, "=")))
        if isComputed, let open = accessorOpen, let getter = Self.readOnlyGetter(open: open, code: code) {
            property.isReadOnlyComputed = true
            // What a getter reads matters for a state's derived fields (`storedFields(behind:)`). A reducer's or a view's
            // `body`, the longest getters of most files, is none: left unread (its names were held to the end of the run).
            if isView || isBuilder {
                property.getterReads = nil
            } else {
                let reads = Self.getterReads(open: getter.open, close: getter.close, code: code)
                property.getterReads = reads.names
                property.getterCalls = reads.calls
            }
        }
        facts.properties.append(property)
        // Further names in `var a = 1, b: Int = 2`.
        var m = typeEnd
        while m < end {
            if code.isPunct(m, .comma) && code.isNameLike(m + 1) && (code.isPunct(m + 2, .colon) || code.isOperator(m + 2, "=")) {
                var more = PropertyFacts(name: code.text(m + 1), type: "", attributes: attributes, isLet: code.is(j, "let"),
                                         isStatic: isStatic, isComputed: false, location: extractor.location(m + 1),
                                         anchor: extractor.anchor(m + 1))
                more.hasRestrictedSetter = property.hasRestrictedSetter
                facts.properties.append(more)
            }
            if let g = code.skipGenericArguments(m, limit: end) { m = g; continue }
            m = code.skipGroup(m, limit: end)
        }
        if let dependency = attributeTokens.first(where: { code.is($0, "Dependency") }) {
            facts.dependencies.append(Self.dependency(attribute: dependency, name: name, anchor: extractor.anchor(j + 1), code: code))
        }
        if isBuilder {
            var list: (Int, Int)? = nil
            if var open = accessorOpen, var blockClose = code.partnerOf(open), blockClose > open {
                if code.is(open + 1, "get") && code.isPunct(open + 2, .lbrace), let c = code.partnerOf(open + 2), c > open + 2 {
                    open += 2
                    blockClose = c
                }
                if !(code.is(open + 1, "get") || code.is(open + 1, "set")) { list = (open + 1, blockClose) }
            } else if code.isOperator(typeEnd, "=") {
                list = (typeEnd + 1, end)
            }
            let elements = list.map { BuilderListParser(code: code).parseList(from: $0.0, to: $0.1) } ?? []
            let builder = BuilderReader(extractor: extractor).builder(
                name: name, kind: .property, isStatic: isStatic, elements: elements, at: j + 1,
                range: list.map { $0.0..<$0.1 }, isBody: name == "body")
            referenced.formUnion(builder.referencedFunctions)
            facts.builders.append(builder.facts)
        }
        return max(end, j + 2)
    }

    /// `@Dependency(\.date) var now` → key path `date`; `@Dependency(KeychainClient.self)` → key type.
    static func dependency(attribute d: Int, name: String, anchor: Anchor, code: CodeTokens) -> DependencyFacts {
        var facts = DependencyFacts(keyPath: nil, keyType: nil, name: name, anchor: anchor)
        guard code.isPunct(d + 1, .lparen), let close = code.partnerOf(d + 1), close > d + 1 else { return facts }
        if code.isPunct(d + 2, .backslash) {
            var parts: [String] = []
            var k = d + 3
            while k + 1 < close + 1 && code.isDot(k) && code.isNameLike(k + 1) {
                parts.append(code.text(k + 1))
                k += 2
            }
            if k == close && !parts.isEmpty { facts.keyPath = parts.joined(separator: ".") }
        } else if code.isNameLike(d + 2) {
            var k = d + 2
            var last = k
            while code.isDot(k + 1) && code.isNameLike(k + 2) && !code.is(k + 2, "self") { k += 2; last = k }
            if code.isDot(last + 1) && code.is(last + 2, "self") { facts.keyType = code.text(last) }
        }
        return facts
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

    /// The getter of a read-only computed property whose accessor block opens at `open` (no `set`): the block
    /// itself, or its `get { … }`.
    static func readOnlyGetter(open: Int, code: CodeTokens) -> (open: Int, close: Int)? {
        guard let close = code.partnerOf(open), close > open else { return nil }
        var m = open + 1
        while m < close {
            if code.is(m, "set") || code.is(m, "willSet") || code.is(m, "didSet") { return nil }
            m = code.skipGroup(m, limit: close)
        }
        if code.is(open + 1, "get"), code.isPunct(open + 2, .lbrace), let c = code.partnerOf(open + 2), c > open + 2 { return (open + 2, c) }
        return (open, close)
    }

    /// The names a getter reads as members of the value (`a` and `self.b`) and the functions it calls by bare
    /// name; nil names when it uses `self` as a whole.
    /// Each name once, in the order first met (`storedFields(behind:)` asks a set of them; a view's `body` getter
    /// repeats names many times, and every computed property's names stay in memory for the run).
    static func getterReads(open: Int, close: Int, code: CodeTokens) -> (names: [String]?, calls: [String]) {
        var names: [String] = []
        var calls: [String] = []
        var seenNames = Set<String>()
        var seenCalls = Set<String>()
        var k = open + 1
        while k < close {
            defer { k += 1 }
            guard code.isNameLike(k) else { continue }
            if code.is(k, "self") {
                guard code.isDot(k + 1) else { return (nil, calls) }
                continue
            }
            // A member of something else (`x.count`), not of the value; `self.x` is the value's.
            if code.isDot(k - 1) && !code.is(k - 2, "self") { continue }
            let word = code.text(k)
            if code.isPunct(k + 1, .lparen) && !code.startsUppercase(k) {
                if seenCalls.insert(word).inserted { calls.append(word) }
            } else if seenNames.insert(word).inserted {
                names.append(word)
            }
        }
        return (names, calls)
    }

    // MARK: functions

    private func readFunction(_ f: FunctionDeclaration, at j: Int, into facts: inout TypeFacts, referenced: inout Set<String>) {
        var function = FunctionFacts(name: f.name, labels: f.labels, returnsEffect: f.returnsEffect, returnsReducer: f.returnsReducer,
                                     isStatic: f.isStatic, location: extractor.location(f.nameToken), anchor: extractor.anchor(f.nameToken))
        function.returnType = f.returnType
        facts.functions.append(function)
        guard let open = f.bodyOpen, let close = f.bodyClose, f.returnsReducer && !f.returnsEffect else { return }
        let elements = BuilderListParser(code: code).parseList(from: open + 1, to: close)
        let builder = BuilderReader(extractor: extractor).builder(
            name: f.name, kind: .function, isStatic: f.isStatic, elements: elements, at: f.nameToken, range: (open + 1)..<close, isBody: false)
        referenced.formUnion(builder.referencedFunctions)
        facts.builders.append(builder.facts)
    }

    /// One parameter of a function declaration: `label [name] : type`.
    struct Parameter {
        /// The first token (the argument label, or the only name).
        var label: Int
        /// The internal name's token (the label's when there is only one name).
        var name: Int
        /// The tokens after the name up to the `,` or `)`: the `:` and the type.
        var rest: Range<Int>
    }

    /// The parameters of `f`, in order (empty when its parameter list is not found).
    static func parameters(of f: FunctionDeclaration, code: CodeTokens) -> [Parameter] {
        var j = f.nameToken + 1
        if let g = code.skipGenericArguments(j, limit: code.count) { j = g }
        guard code.isPunct(j, .lparen), let close = code.partnerOf(j), close > j else { return [] }
        var result: [Parameter] = []
        var k = j + 1
        while k < close {
            var end = k
            while end < close && !code.isPunct(end, .comma) { end = code.skipGroup(end, limit: close) }
            let name = code.isNameLike(k + 1) || code.is(k + 1, "_") ? k + 1 : k
            result.append(Parameter(label: k, name: name, rest: min(name + 1, end)..<end))
            k = end + 1
        }
        return result
    }

    /// The name a function's code uses for the state: the `into` parameter of `reduce(into:action:)` and of
    /// helpers, else the first `inout` one (`func core(state: inout State, …)`), else nil.
    static func stateParameterName(_ parameters: [Parameter], code: CodeTokens) -> String? {
        if let into = parameters.first(where: { code.is($0.label, "into") }) { return code.text(into.name) }
        let firstInout = parameters.first { p in p.rest.contains { code.is($0, "inout") } }
        return firstInout.map { code.text($0.name) }
    }

    /// Whether a function takes the reducer's state `inout` (`_ state: inout State`, `inout Self.State`,
    /// `inout Feature.State`): a helper of the reducer's logic, whatever it returns.
    static func changesGivenState(_ parameters: [Parameter], typeName: String, code: CodeTokens) -> Bool {
        parameters.contains { p in
            guard let inoutToken = p.rest.first(where: { code.is($0, "inout") }) else { return false }
            let type = code.sourceText(from: inoutToken + 1, through: p.rest.upperBound - 1).withoutSpaces()
            return type == "State" || type == "Self.State" || type == typeName + ".State"
        }
    }

    /// The state parameter's type as written, `inout` left out: the `into` parameter's, the first `inout` one's,
    /// else the first whose type is a `State` (`_ state: Feature.State`).
    static func stateParameterType(_ parameters: [Parameter], code: CodeTokens) -> String? {
        func type(_ p: Parameter) -> String? {
            var start = p.rest.lowerBound + 1
            while start < p.rest.upperBound && (code.is(start, "inout") || code.isPunct(start, .at)) { start += code.isPunct(start, .at) ? 2 : 1 }
            return start < p.rest.upperBound ? code.sourceText(from: start, through: p.rest.upperBound - 1) : nil
        }
        if let into = parameters.first(where: { code.is($0.label, "into") }) { return type(into) }
        if let inout_ = parameters.first(where: { p in p.rest.contains { code.is($0, "inout") } }) { return type(inout_) }
        return parameters.lazy.compactMap(type).first { $0 == "State" || $0.hasSuffix(".State") }
    }

    /// The action parameter: the one labelled `action`, else the first whose type names an action
    /// (`viewAction: ViewAction`, `childAction: ChildAction`).
    static func actionParameter(_ parameters: [Parameter], code: CodeTokens) -> Parameter? {
        var fallback: Parameter? = nil
        for p in parameters where code.isPunct(p.name + 1, .colon) {
            if code.is(p.label, "action") { return p }
            let mentionsAction = (p.name + 2..<max(p.name + 2, p.rest.upperBound)).contains { t in
                code.kind(t) == .identifier && code.text(t).hasSuffix("Action") || code.is(t, "ActionOf")
            }
            if mentionsAction && fallback == nil { fallback = p }
        }
        return fallback
    }

    static func actionParameterName(_ parameters: [Parameter], code: CodeTokens) -> String {
        actionParameter(parameters, code: code).map { code.text($0.name) } ?? "action"
    }

    /// The action parameter's type as written (`Action`, `ViewAction`, `Self.Action`).
    static func actionParameterType(_ parameters: [Parameter], code: CodeTokens) -> String? {
        guard let p = actionParameter(parameters, code: code), p.rest.lowerBound + 1 < p.rest.upperBound else { return nil }
        return code.sourceText(from: p.rest.lowerBound + 1, through: p.rest.upperBound - 1)
    }

    /// `reduce(into:viewAction:)` / `internalAction:` / `childAction:`: the helper receives the payload of the
    /// case the label names, the way babylon-wallet's features split their logic. The project merge replaces
    /// this with the case whose payload is the parameter's type, where the `Action` shows it.
    static func actionCasePrefix(labels: [String]) -> [String] {
        for label in labels where label.count > 6 && label.hasSuffix("Action") { return [String(label.dropLast(6))] }
        return []
    }

    // MARK: Reduce closures

    /// Every `Reduce { state, action in … }` / `Reduce<S, A> { … }` / `Reduce({ … })` closure among the members
    /// (nested types left out: they are reducers of their own), each owned by the member it is written in;
    /// `Reduce(core)` / `Reduce(self.core)` adds the function it names to `referenced`.
    ///
    /// Also collects the functions declared inside member bodies (`func load(…) -> Effect<Action>` local to a
    /// `Reduce` closure or to `reduce(into:action:)`): their bodies are logic too.
    private func reduceClosures(members: [Member], referenced: inout Set<String>, scanner: MemberScanner,
                                memberFunctions: Set<Int>, localFunctions: inout [(FunctionDeclaration, Int)]) -> [LogicReader.Unit] {
        var result: [LogicReader.Unit] = []
        let close = header.close
        var member = 0
        var j = header.open + 1
        while j < close {
            let t = code.tokens[j]
            if t.kind == .keyword && (code.is(j, "struct") || code.is(j, "enum") || code.is(j, "class")
                                      || code.is(j, "actor") || code.is(j, "extension") || code.is(j, "protocol")),
               code.isNameLike(j + 1) {
                // Skip the nested type's header and member block.
                var k = j + 1
                while k < close && !code.isPunct(k, .lbrace) && !code.isPunct(k, .rbrace) { k = code.skipGroup(k, limit: close) }
                j = k < close && code.isPunct(k, .lbrace) ? code.skipGroup(k, limit: close) : k + 1
                continue
            }
            defer { j += 1 }
            if t.kind == .keyword, code.is(j, "func"), !memberFunctions.contains(j), let f = scanner.parseFunction(at: j), f.bodyOpen != nil {
                localFunctions.append((f, j))
                continue
            }
            guard t.kind == .identifier, code.is(j, "Reduce"), !code.isDot(j - 1) else { continue }
            var k = j + 1
            if let g = code.skipGenericArguments(k, limit: close) { k = g }
            var open: Int? = nil
            if code.isPunct(k, .lbrace) && code.closureBodyStart(k) != nil {
                open = k
            } else if code.isPunct(k, .lparen) {
                if code.isPunct(k + 1, .lbrace), code.closureBodyStart(k + 1) != nil, let c = code.partnerOf(k + 1), code.isPunct(c + 1, .rparen) {
                    open = k + 1
                } else if let name = Self.referencedFunctionName(in: k, code: code) {
                    referenced.insert(name)
                }
            }
            guard let open, let blockClose = code.partnerOf(open), blockClose > open else { continue }
            while member < members.count && members[member].end <= j { member += 1 }
            var owner = header.name
            if member < members.count && members[member].start <= j {
                owner = members[member].name
                if members[member].isInitializer && code.isOperator(j - 1, "="), let name = Self.assignedName(before: j - 1, code: code) { owner = name }
            }
            result.append(LogicReader.Unit(kind: .reduceClosure, owner: owner,
                                           actionName: LogicReader.closureActionName(open: open, code: code),
                                           stateName: LogicReader.closureStateName(open: open, code: code),
                                           anchorToken: j, open: open, close: blockClose))
        }
        return result
    }

    /// The function named by the single argument of `Reduce(…)`: `core`, `self.core`, `Self.core`.
    /// The name a `Reduce { … }` written in an initializer is stored under: `reducer = Reduce …`,
    /// `self.reducer = Reduce …`, `let reducer = Reduce …`, `let reducer: Reduce<State, Action> = Reduce …`
    /// (`equals` is the `=` token). The stored reducer a `body` lists is then known to hold this logic.
    static func assignedName(before equals: Int, code: CodeTokens) -> String? {
        if code.isNameLike(equals - 1) { return code.text(equals - 1) }
        // `let name: Type = `: back over the annotation (a few tokens) to `let`/`var` and its name.
        var k = equals - 1
        while k > 0 && equals - k < 24 && !code.isPunct(k, .lbrace) && !code.isPunct(k, .rbrace) {
            if (code.is(k, "let") || code.is(k, "var")) && code.isNameLike(k + 1) && code.isPunct(k + 2, .colon) { return code.text(k + 1) }
            k -= 1
        }
        return nil
    }

    static func referencedFunctionName(in open: Int, code: CodeTokens) -> String? {
        guard let close = code.partnerOf(open), close > open + 1 else { return nil }
        var j = open + 1
        if (code.is(j, "self") || code.is(j, "Self")) && code.isDot(j + 1) { j += 2 }
        guard j + 1 == close || (j + 1 < close && code.isPunct(j + 1, .lparen)), code.tokens[j].kind == .identifier else { return nil }
        return code.text(j)
    }
}

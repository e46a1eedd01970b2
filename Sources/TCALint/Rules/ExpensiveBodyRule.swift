/// Work done while `body` is built. `body` is a computed property: TCA rebuilds the reducer tree on
/// every action, so anything it evaluates outside per-action closures (`Reduce { }`, `.run { }`,
/// `onChange`) runs on every action — statements such as `let`/`var`/`print`/loops, and constructions
/// of known-expensive values such as formatters, decoders and sorted collections.
public struct ExpensiveBodyRule: Rule {
    public static let description = RuleDescription(
        id: "expensive_body",
        name: "Expensive Body",
        summary: "Work inside a reducer `body` getter runs every time the body is rebuilt, i.e. on every action",
        defaultSeverity: .warning,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    /// Types whose construction is expensive (allocation of formatters, decoders, regexes, sessions).
    static let expensiveTypes: Set<String> = [
        "DateFormatter", "NumberFormatter", "ISO8601DateFormatter", "DateComponentsFormatter", "DateIntervalFormatter",
        "MeasurementFormatter", "ByteCountFormatter", "PersonNameComponentsFormatter", "RelativeDateTimeFormatter",
        "ListFormatter", "JSONDecoder", "JSONEncoder", "PropertyListDecoder", "PropertyListEncoder",
        "NSRegularExpression", "Regex", "URLSession", "NSDataDetector",
    ]
    /// Types that are expensive only with a `contentsOf:` argument (file or network reads).
    static let readingTypes: Set<String> = ["Data", "String", "NSData", "NSString", "NSDictionary", "NSArray"]
    /// Collection operations that allocate and walk the whole collection.
    static let collectionOperations: Set<String> = ["sorted", "sort", "filter", "map", "compactMap", "flatMap", "reduce"]
    /// Modifiers whose arguments and closures run per action, not while building.
    static let perActionModifiers: Set<String> = ["onChange", "transformDependency"]

    public func check(_ file: AnalyzedFile) -> [Finding] {
        let code = file.code
        var findings: [Finding] = []
        for reducer in file.model.reducers {
            for body in reducer.bodies {
                // (a) Non-reducer statements in a builder list. A getter with an explicit `return` is not a
                // result builder: its own statements build the value it returns and are required.
                var statementRanges: [(Int, Int)] = []
                let isPlainGetter = body.elements.contains { $0.kind == .other && $0.name == "return" }
                for list in body.buildTimeBuilderLists where !(isPlainGetter && list.first === body.elements.first) {
                    for element in list where Self.isWorkStatement(element, code: code) {
                        statementRanges.append((element.start, element.end))
                        findings.append(finding(
                            at: code.tokens[element.start].startOffset,
                            "'\(Self.snippet(element, code: code))' runs every time body is built, i.e. on every action; move it out of body (a stored property, a dependency, or into a Reduce)"))
                    }
                }
                // (b) Expensive constructions evaluated while building.
                let (from, to) = body.open.map { ($0 + 1, body.close ?? code.count) } ?? Self.initializerRange(body)
                for element in body.allElements where element.trailingClosureIsDeferred {
                    if let open = element.closureOpen, let close = code.partnerOf(open), close > open { statementRanges.append((open, close)) }
                }
                findings += scanConstructions(code: code, from: from, to: to, skipping: statementRanges.sorted { $0.0 < $1.0 })
            }
        }
        return findings
    }

    static func initializerRange(_ body: BodyDeclaration) -> (Int, Int) {
        guard let first = body.elements.first, let last = body.elements.last else { return (0, 0) }
        return (first.start, last.end + 1)
    }

    static func isWorkStatement(_ element: BuilderElement, code: CodeTokens) -> Bool {
        switch element.kind {
        // A `let`/`var` is work when its value calls something; `let path = Parent.cases[keyPath: p]` or an
        // uninitialised `var x: Reduce<S, A>!` costs nothing.
        case .declaration: return Self.containsCall(from: element.start, through: element.end, code: code)
        case .other: return element.name != "return"
        case .expression: return BuilderElement.workFunctions.contains(element.name) && element.qualified == nil
        case .forLoop: return !element.isReducerElement
        case .ifStatement, .switchStatement, .ifConfig: return false
        }
    }

    /// A name followed by `(` or a trailing closure: a call or construction, in [from, through].
    static func containsCall(from: Int, through: Int, code: CodeTokens) -> Bool {
        var j = from
        while j < through {
            if code.isNameLike(j) && !code.is(j, "let") && !code.is(j, "var")
                && (code.isPunct(j + 1, .lparen) || (code.isPunct(j + 1, .lbrace) && code.closureBodyStart(j + 1) != nil)) { return true }
            j += 1
        }
        return false
    }

    static func snippet(_ element: BuilderElement, code: CodeTokens) -> String {
        var end = element.start
        while end < element.end && !code.newlineBefore[end + 1] && end - element.start < 12 { end += 1 }
        var text = code.sourceText(from: element.start, through: end)
        if end < element.end { text += " …" }
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }

    private func scanConstructions(code: CodeTokens, from: Int, to: Int, skipping statements: [(Int, Int)]) -> [Finding] {
        var findings: [Finding] = []
        var nextStatement = 0
        var j = from
        while j < to {
            while nextStatement < statements.count && statements[nextStatement].1 < j { nextStatement += 1 }
            if nextStatement < statements.count && statements[nextStatement].0 == j {
                j = statements[nextStatement].1 + 1
                continue
            }
            let t = code.tokens[j]
            // Closures that run per action: `{ params in … }` (Reduce, .run, onChange, callbacks)
            // and a `Reduce { … }` closure even without a signature.
            if code.isPunct(j, .lbrace) {
                // A closure argument (`Child(load: { … })`) is a value: it runs when called, not now.
                let isArgument = code.isPunct(j - 1, .lparen) || code.isPunct(j - 1, .comma) || code.isPunct(j - 1, .colon)
                if isArgument || code.closureBodyStart(j) != nil || Self.isReduceClosure(j, code: code) {
                    j = code.skipGroup(j, limit: to)
                    continue
                }
            }
            if code.isDot(j) && j + 1 < to && code.tokens[j + 1].kind == .identifier {
                let member = code.text(j + 1)
                if Self.perActionModifiers.contains(member) {
                    // Skip its arguments and trailing closure.
                    var k = j + 2
                    while k < to && (code.isPunct(k, .lparen) || code.isPunct(k, .lbrace)) && !(code.newlineBefore[k] && code.isPunct(k, .lbrace)) {
                        k = code.skipGroup(k, limit: to)
                    }
                    j = k
                    continue
                }
                if Self.collectionOperations.contains(member) && (code.isPunct(j + 2, .lparen) || code.isPunct(j + 2, .lbrace)) {
                    findings.append(finding(at: code.tokens[j + 1].startOffset,
                                            "'.\(member)' runs every time body is built, i.e. on every action; compute it in a Reduce or store the result in state"))
                    j += 2
                    continue
                }
            }
            if t.kind == .identifier && !code.isDot(j - 1) {
                let name = code.text(j)
                var after = j + 1
                if let g = code.skipGenericArguments(after, limit: to) { after = g }
                let isCall = code.isPunct(after, .lparen) || (code.isDot(after) && code.is(after + 1, "init"))
                if isCall && Self.expensiveTypes.contains(name) {
                    // The construction as written: `URLSession(configuration: .ephemeral)`, `Regex("…")`, `JSONDecoder()`.
                    let open = code.isPunct(after, .lparen) ? after : code.isPunct(after + 2, .lparen) ? after + 2 : nil
                    let shown = code.shownCall(name: j, argumentsOpen: open)
                    findings.append(finding(at: t.startOffset,
                                            "\(shown) is constructed every time body is built, i.e. on every action; create it once outside body (a stored property or a dependency)"))
                } else if isCall && Self.readingTypes.contains(name) && code.is(after + 1, "contentsOf") {
                    findings.append(finding(at: t.startOffset,
                                            "\(name)(contentsOf:) reads every time body is built, i.e. on every action; load it once outside body (a dependency)"))
                } else if name == "FileManager" {
                    findings.append(finding(at: t.startOffset,
                                            "FileManager is used every time body is built, i.e. on every action; do file work in an effect or a dependency"))
                    // One finding per FileManager expression.
                    j += 1
                    while j < to && (code.isDot(j) || code.tokens[j].kind == .identifier) { j += 1 }
                    continue
                }
            }
            j += 1
        }
        return findings
    }

    /// `{` that is the trailing closure of `Reduce` / `Reduce<…>` / `Reduce(…)`.
    static func isReduceClosure(_ open: Int, code: CodeTokens) -> Bool {
        var k = open - 1
        if code.isPunct(k, .rparen), let o = code.partnerOf(k), o < k { k = o - 1 }
        if code.tokens.indices.contains(k), code.tokens[k].kind == .operator, code.bytes[code.tokens[k].endOffset - 1] == UInt8(ascii: ">") {
            var steps = 0
            while k > 0 && steps < 32 && !code.is(k, "Reduce") { k -= 1; steps += 1 }
        }
        return code.is(k, "Reduce")
    }
}

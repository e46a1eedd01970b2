/// The work a `var body` does every time it is built. `body` is a computed property: TCA rebuilds the
/// reducer tree on every action, so anything it evaluates outside per-action closures (`Reduce { }`, `.run { }`,
/// `onChange`) runs on every action — statements such as `let`/`var`/`print`/loops, and constructions of
/// known-expensive values such as formatters, decoders and sorted collections.
struct BodyWorkReader {
    let extractor: FactsExtractor
    var code: CodeTokens { extractor.code }

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
    /// Calls that do not return: no work repeated on every action.
    static let neverReturning: Set<String> = ["fatalError", "preconditionFailure"]
    /// Modifiers whose arguments and closures run per action, not while building.
    static let perActionModifiers: Set<String> = ["onChange", "transformDependency"]

    /// `let x = T(…)`, `var x = Module.T.init(…)` with nothing after the call: `T` (its last name).
    private func constructedType(_ element: BuilderElement) -> String? {
        var k = element.start
        guard code.is(k, "let") || code.is(k, "var"), code.kind(k + 1) == .identifier, code.isOperator(k + 2, "=") else { return nil }
        k += 3
        var name: String?
        while code.kind(k) == .identifier, code.startsUppercase(k) {
            name = code.text(k)
            guard code.isDot(k + 1), code.kind(k + 2) == .identifier, code.startsUppercase(k + 2) else { break }
            k += 2
        }
        guard let type = name else { return nil }
        k += 1
        if code.isDot(k), code.is(k + 1, "init") { k += 2 }
        guard code.isPunct(k, .lparen), let close = code.partnerOf(k), close > k, close == element.end else { return nil }
        return type
    }

    func work(in body: BodyDeclaration, isPlainGetter: Bool, hasBraces: Bool) -> [BodyWorkFacts] {
        var result: [BodyWorkFacts] = []
        // (a) Non-reducer statements in a builder list. A getter with an explicit `return` is not a result
        // builder: its own statements build the value it returns and are required.
        var statementRanges: [(Int, Int)] = []
        for list in body.buildTimeBuilderLists where !(isPlainGetter && list.first === body.elements.first) {
            for element in list where isWorkStatement(element) {
                statementRanges.append((element.start, element.end))
                result.append(BodyWorkFacts(kind: .statement, text: snippet(element), anchor: extractor.anchor(element.start),
                                            constructedType: constructedType(element)))
            }
        }
        // (b) Expensive constructions evaluated while building.
        let (from, to): (Int, Int)
        if hasBraces, let open = body.open {
            (from, to) = (open + 1, body.close ?? code.count)
        } else if let first = body.elements.first, let last = body.elements.last {
            (from, to) = (first.start, last.end + 1)
        } else {
            (from, to) = (0, 0)
        }
        for element in body.allElements where element.trailingClosureIsDeferred {
            if let open = element.closureOpen, let close = code.partnerOf(open), close > open { statementRanges.append((open, close)) }
        }
        result += constructions(from: from, to: to, skipping: statementRanges.sorted { $0.0 < $1.0 })
        return result
    }

    private func isWorkStatement(_ element: BuilderElement) -> Bool {
        switch element.kind {
        // A `let`/`var` is work when its value calls something; `let path = Parent.cases[keyPath: p]` or an
        // uninitialised `var x: Reduce<S, A>!` costs nothing.
        case .declaration: return containsCall(from: element.start, through: element.end)
        case .other: return element.name != "return"
        // `fatalError()` / `preconditionFailure()` never return: the body they are in is never built on an action
        // (`var body: Never { fatalError() }` of a reducer that implements `reduce(into:action:)`), or crashes once.
        case .expression: return BuilderElement.workFunctions.contains(element.name) && element.qualified == nil
            && !Self.neverReturning.contains(element.name)
        case .forLoop: return !element.isReducerElement
        case .ifStatement, .switchStatement, .ifConfig: return false
        }
    }

    /// A name followed by `(` or a trailing closure: a call or construction, in [from, through].
    private func containsCall(from: Int, through: Int) -> Bool {
        var j = from
        while j < through {
            if code.isNameLike(j) && !code.is(j, "let") && !code.is(j, "var")
                && (code.isPunct(j + 1, .lparen) || (code.isPunct(j + 1, .lbrace) && code.closureBodyStart(j + 1) != nil)) { return true }
            j += 1
        }
        return false
    }

    private func snippet(_ element: BuilderElement) -> String {
        var end = element.start
        while end < element.end && !code.newlineBefore[end + 1] && end - element.start < 12 { end += 1 }
        var text = code.sourceText(from: element.start, through: end)
        if end < element.end { text += " …" }
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }

    private func constructions(from: Int, to: Int, skipping statements: [(Int, Int)]) -> [BodyWorkFacts] {
        var result: [BodyWorkFacts] = []
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
                if isArgument || code.closureBodyStart(j) != nil || isReduceClosure(j) {
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
                    result.append(BodyWorkFacts(kind: .collectionOperation, text: member, anchor: extractor.anchor(j + 1)))
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
                    result.append(BodyWorkFacts(kind: .construction, text: code.shownCall(name: j, argumentsOpen: open),
                                                anchor: extractor.anchor(j)))
                } else if isCall && Self.readingTypes.contains(name) && code.is(after + 1, "contentsOf") {
                    result.append(BodyWorkFacts(kind: .read, text: name, anchor: extractor.anchor(j)))
                } else if name == "FileManager" {
                    result.append(BodyWorkFacts(kind: .fileManager, text: name, anchor: extractor.anchor(j)))
                    // One finding per FileManager expression.
                    j += 1
                    while j < to && (code.isDot(j) || code.tokens[j].kind == .identifier) { j += 1 }
                    continue
                }
            }
            j += 1
        }
        return result
    }

    /// `{` that is the trailing closure of `Reduce` / `Reduce<…>` / `Reduce(…)`.
    private func isReduceClosure(_ open: Int) -> Bool {
        var k = open - 1
        if code.isPunct(k, .rparen), let o = code.partnerOf(k), o < k { k = o - 1 }
        if code.tokens.indices.contains(k), code.tokens[k].kind == .operator, code.bytes[code.tokens[k].endOffset - 1] == UInt8(ascii: ">") {
            var steps = 0
            while k > 0 && steps < 32 && !code.is(k, "Reduce") { k -= 1; steps += 1 }
        }
        return code.is(k, "Reduce")
    }
}

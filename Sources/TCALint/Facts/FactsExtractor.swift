/// Reads the `FileFacts` of one file in one pass over its tokens: protocols, typealiases, every type
/// declaration with its members (builders, logic, properties, functions, dependencies), and the file-wide
/// facts. It keeps every type, not only reducers: whether a type is a reducer is known only once the facts
/// of every file are merged (`FeatureIndex`), and an extension or a `State` may be the part of a feature
/// that another file declares.
public struct FactsExtractor {
    let syntax: FileSyntax
    /// The path every location of the file's facts shares.
    let locationFile: FactLocation.File
    var source: SourceFile { syntax.source }
    var code: CodeTokens { syntax.code }
    var headers: [ReducerParser.TypeHeader] { syntax.headers }

    public init(syntax: FileSyntax) {
        self.syntax = syntax
        locationFile = FactLocation.File(syntax.source.path)
    }

    public static func extract(_ syntax: FileSyntax) -> FileFacts {
        FactsExtractor(syntax: syntax).extract()
    }

    public func extract() -> FileFacts { extract(sharing: nil) }

    /// The facts, their long names shared with the other files of the run read through `names`.
    func extract(sharing names: SharedNames?) -> FileFacts {
        var facts = FileFacts(path: source.path)
        facts.byteCount = source.bytes.count
        facts.digest = Self.digest(source.bytes)
        readProtocolsAndTypealiases(into: &facts)
        var enclosingStack: [(qualifiedName: String, close: Int)] = []
        for header in headers {
            while let last = enclosingStack.last, last.close < header.nameToken { enclosingStack.removeLast() }
            let enclosing = enclosingStack.last?.qualifiedName ?? ""
            facts.types.append(typeFacts(header, enclosing: enclosing))
            enclosingStack.append((header.qualifiedName, header.close))
        }
        facts.file = FileWideReader(extractor: self).read(types: facts.types)
        facts.compact(sharing: names)
        return facts
    }

    /// FNV-1a over the bytes: tells a file read again from the one the facts came from.
    static func digest(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBufferPointer { b in
            for byte in b {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
        }
        return hash
    }

    // MARK: positions

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
            return FactLocation(file: locationFile, line: l.line, column: l.column)
        }
        return FactLocation(file: locationFile, line: line, column: offset - start + 1)
    }

    /// The token's bytes and index (a position past the last token is the end of the file).
    func anchor(_ token: Int) -> Anchor {
        guard token >= 0, token < code.count else {
            let end = source.bytes.count
            return Anchor(offset: end, end: end, token: max(min(token, code.count), 0))
        }
        let t = code.tokens[token]
        return Anchor(offset: t.startOffset, end: t.endOffset, token: token)
    }

    // MARK: protocols and typealiases

    /// `protocol P: …` and `typealias X = Y` anywhere, with the type each typealias is declared in.
    private func readProtocolsAndTypealiases(into facts: inout FileFacts) {
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
                                                        location: location(i + 1), offset: code.offset(i + 1)))
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

    /// The parameter names of a generic clause right after a type's name: `State` and `Action` in
    /// `<State: HomeState, Action>`, not the constraints.
    private func genericParameters(after nameToken: Int) -> [String] {
        let open = nameToken + 1
        guard let end = code.skipGenericArguments(open, limit: code.count) else { return [] }
        var names: [String] = []
        var expectsName = true
        var k = open + 1
        while k < end - 1 {
            if expectsName, code.isNameLike(k) { names.append(code.text(k)); expectsName = false }
            if code.isPunct(k, .comma) { expectsName = true }
            if let nested = code.skipGenericArguments(k, limit: end) { k = nested; continue }
            k = code.skipGroup(k, limit: end)
        }
        return names
    }

    /// SwiftUI views, previews and test cases are never reducers, states or actions: their members are not read.
    static let nonFeatureBases: Set<String> = ["View", "PreviewProvider", "XCTestCase", "Scene", "ViewModifier", "Shape"]

    private func typeFacts(_ h: ReducerParser.TypeHeader, enclosing: String) -> TypeFacts {
        let (inherits, constraints) = inheritance(after: h.nameToken)
        let attributes = Declarations.attributes(before: h.nameToken - 2, code: code).map { code.text($0) }
        var facts = TypeFacts(kind: h.kind.rawValue, name: h.name, qualifiedName: h.qualifiedName, enclosing: enclosing,
                              inherits: inherits, selfConstraints: constraints, attributes: attributes,
                              location: location(h.nameToken), anchor: anchor(h.nameToken),
                              membersOpen: anchor(h.open), membersClose: anchor(h.close))
        if h.kind != .extension {
            facts.genericParameters = genericParameters(after: h.nameToken)
            facts.isFilePrivate = !Declarations.modifiers(before: h.nameToken - 1, code: code).isDisjoint(with: ["private", "fileprivate"])
        }
        guard h.open < h.close, h.close <= code.count, !inherits.contains(where: Self.nonFeatureBases.contains) else { return facts }
        MembersReader(extractor: self, header: h).read(into: &facts)
        return facts
    }
}

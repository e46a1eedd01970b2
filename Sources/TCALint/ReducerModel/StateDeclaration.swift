/// The properties of a feature's `State` as far as one file shows them: the nested `struct State`
/// (or the type `typealias State = …` names) and the extensions of it in the same file.
/// Rules use it to decide what a `BindingAction` can write: only settable instance properties.
struct StateDeclaration {
    struct Property {
        var isLet = false
        var isStatic = false
        /// `private(set)` / `fileprivate(set)`: a binding built in a view cannot write it.
        var hasRestrictedSetter = false
        /// `{` of the getter of `var x: T { … }` without `set`, `willSet` or `didSet`: read-only, computed.
        var getterOpen: Int? = nil
        var isReadOnlyComputed: Bool { getterOpen != nil }
        /// Attribute names without `@` (`BindingState`, `Presents`, `ObservationStateIgnored`).
        var attributes: [String] = []
        /// The declared type as written (`IdentifiedArrayOf<Row.State>`), or "" when only inferred.
        var typeText = ""
    }

    /// Whether a `BindingAction` can write the property `name`: a settable stored instance property that
    /// is not presentation state, and with legacy bindings one marked `@BindingState`. A property the
    /// visible declaration does not show (declared elsewhere) or a computed one counts as writable.
    func mayBeWrittenByBinding(_ name: String) -> Bool {
        guard let p = properties[name], !p.isReadOnlyComputed else { return true }
        if p.isLet || p.isStatic || p.hasRestrictedSetter { return false }
        // Presentation state changes through presentation actions, never through bindings.
        if p.attributes.contains("Presents") || p.attributes.contains("PresentationState") { return false }
        // Legacy bindings (no `@ObservableState`) can only write `@BindingState` stored properties.
        if !isObservable {
            return p.attributes.contains("BindingState") || p.attributes.contains("BindableState")
        }
        return true
    }

    /// Whether the visible declaration shows `name` as a stored field a binding can write (unlike
    /// `mayBeWrittenByBinding`, unknown names are not assumed writable).
    func isKnownBindable(_ name: String) -> Bool {
        properties[name] != nil && mayBeWrittenByBinding(name)
    }

    /// Properties by name (the first declaration wins).
    var properties: [String: Property] = [:]
    /// `@ObservableState` on the struct: every settable `var` is bindable.
    var isObservable = false
    /// Some property carries `@BindingState` / `@BindableState`: the legacy binding style, where only
    /// those properties can be written by a `BindingAction`.
    var usesBindingStateWrappers: Bool {
        properties.values.contains { $0.attributes.contains("BindingState") || $0.attributes.contains("BindableState") }
    }

    /// The `State` of `reducer`, or nil when no `struct` declaration of it is visible in the file.
    static func find(for reducer: ReducerDeclaration, model: FileModel, code: CodeTokens) -> StateDeclaration? {
        let all = model.typeHeaders
        let qualifiedState = reducer.qualifiedName + ".State"
        // `typealias State = FeatureState` in the reducer: the named type is the state.
        var aliases: Set<String> = []
        for decl in model.declarations(of: reducer) {
            if let aliased = typealiasTarget("State", in: decl, code: code) { aliases.insert(aliased) }
        }
        let extensionNames: Set<String> = aliases.union([reducer.name + ".State", reducer.simpleName + ".State"])
        // Only the declarations that can be the state, in source order (not every type of the file per
        // reducer): a `State` nested in the reducer or in one of its extensions here (found through nesting:
        // hashing qualified names costs their length, which deep nesting makes quadratic), and types
        // written with one of the names above.
        var candidates = Set<Int>()
        for decl in model.declarations(of: reducer) {
            guard let header = model.typeHeaderByNameToken[decl.nameToken] else { continue }
            for child in model.nestedTypeHeaders[header] ?? [] where all[child].name == "State" { candidates.insert(child) }
        }
        for name in extensionNames { candidates.formUnion(model.typeHeadersByName[name] ?? []) }
        for alias in aliases where alias.contains(".") {  // `Parent.ChildState`: the struct is written `ChildState`
            candidates.formUnion(model.typeHeadersByName[String(ReducerParser.lastNameComponent(alias))] ?? [])
        }
        func isState(_ h: ReducerParser.TypeHeader) -> Bool {
            h.qualifiedName == qualifiedState || aliases.contains(h.name) || aliases.contains(h.qualifiedName)
        }
        func extendsState(_ h: ReducerParser.TypeHeader) -> Bool {
            extensionNames.contains(h.name) || h.name == qualifiedState
        }
        let headers = candidates.sorted().map { all[$0] }
        var result: StateDeclaration? = nil
        for h in headers {
            let isDeclaration = h.kind == .struct && isState(h)
            let isExtension = h.kind == .extension && extendsState(h)
            guard isDeclaration || isExtension else { continue }
            if result == nil && isDeclaration { result = StateDeclaration() }
            if isDeclaration { result?.isObservable = hasAttribute("ObservableState", before: h.nameToken - 2, code: code) }
            if result != nil { result?.readMembers(open: h.open, close: h.close, code: code) }
        }
        // Extensions read before the struct was seen (extension above it): read them again.
        if var state = result {
            for h in headers where h.kind == .extension && extendsState(h) {
                state.readMembers(open: h.open, close: h.close, code: code)
            }
            return state
        }
        return nil
    }

    /// `typealias <alias> = Name` among the members of `decl` (its own level): `Name`.
    private static func typealiasTarget(_ alias: StaticString, in decl: ReducerDeclaration, code: CodeTokens) -> String? {
        var j = decl.membersOpen + 1
        while j < decl.membersClose {
            if code.is(j, "typealias") && code.is(j + 1, alias) && code.isOperator(j + 2, "=") && code.isNameLike(j + 3) {
                var last = j + 3
                while code.isDot(last + 1) && code.isNameLike(last + 2) { last += 2 }
                return code.sourceText(from: j + 3, through: last)
            }
            j = code.skipGroup(j, limit: decl.membersClose)
        }
        return nil
    }

    /// Whether `@name` is among the attributes written before token `k` (walking back over
    /// attributes with arguments and declaration modifiers).
    static func hasAttribute(_ name: StaticString, before k: Int, code: CodeTokens) -> Bool {
        attributes(before: k, code: code).contains { code.is($0, name) }
    }

    /// Name tokens of the attributes written before token `k` (the last token before the declaration keyword).
    static func attributes(before k: Int, code: CodeTokens) -> [Int] {
        var names: [Int] = []
        var j = k
        var steps = 0
        while j >= 0 && steps < 32 {
            steps += 1
            if code.isPunct(j, .rparen), let o = code.partnerOf(j), o < j { j = o - 1; continue }
            if code.isNameLike(j) || code.kind(j) == .keyword {
                var start = j
                while start >= 2 && code.isDot(start - 1) && code.isNameLike(start - 2) { start -= 2 }
                if start >= 1 && code.isPunct(start - 1, .at) {
                    names.append(j)
                    j = start - 2
                    continue
                }
                if MemberScanner.modifierWords.contains(where: { code.is(j, $0) }) || code.is(j, "set") { j -= 1; continue }
                // `private(set)`: the `set` inside was skipped with its parentheses.
                return names
            }
            return names
        }
        return names
    }

    /// Reads the property declarations at the own level of a member block.
    private mutating func readMembers(open: Int, close: Int, code: CodeTokens) {
        var j = open + 1
        while j < close {
            if code.kind(j) == .keyword && (code.is(j, "var") || code.is(j, "let")) && code.isNameLike(j + 1) {
                let end = code.statementEnd(from: j, limit: close)
                var property = Property()
                property.isLet = code.is(j, "let")
                property.attributes = Self.attributes(before: j - 1, code: code).map { code.text($0) }
                property.isStatic = Self.hasModifier(before: j, code: code) { code.is($0, "static") || code.is($0, "class") }
                property.hasRestrictedSetter = Self.hasModifier(before: j, code: code) {
                    (code.is($0, "private") || code.is($0, "fileprivate")) && code.isPunct($0 + 1, .lparen) && code.is($0 + 2, "set")
                }
                property.getterOpen = property.isLet ? nil : Self.readOnlyGetter(from: j + 2, to: end, code: code)
                property.typeText = Self.typeText(from: j + 2, to: end, code: code)
                if properties[code.text(j + 1)] == nil { properties[code.text(j + 1)] = property }
                // Further names in `var a = 1, b = 2`.
                var k = j + 2
                while k < end {
                    if code.isPunct(k, .comma) && code.isNameLike(k + 1) && (code.isPunct(k + 2, .colon) || code.isOperator(k + 2, "=")) {
                        if properties[code.text(k + 1)] == nil { properties[code.text(k + 1)] = property }
                    }
                    if let g = code.skipGenericArguments(k, limit: end) { k = g; continue }
                    k = code.skipGroup(k, limit: end)
                }
                j = max(end, j + 1)
                continue
            }
            j = code.skipGroup(j, limit: close)
        }
    }

    /// The type annotation `: T` that starts at `start`, up to `=`, `{` or the end of the declaration.
    private static func typeText(from start: Int, to end: Int, code: CodeTokens) -> String {
        guard code.isPunct(start, .colon) else { return "" }
        var k = start + 1
        while k < end && !code.isOperator(k, "=") && !code.isPunct(k, .lbrace) && !code.isPunct(k, .comma) {
            if let g = code.skipGenericArguments(k, limit: end) { k = g; continue }
            k = code.skipGroup(k, limit: end)
        }
        return k > start + 1 ? code.sourceText(from: start + 1, through: k - 1) : ""
    }

    /// Whether a modifier token satisfying `test` precedes the `var`/`let` at j on the same declaration.
    private static func hasModifier(before j: Int, code: CodeTokens, _ test: (Int) -> Bool) -> Bool {
        var k = j - 1
        var steps = 0
        while k >= 0 && steps < 24 {
            steps += 1
            if code.isPunct(k, .rparen), let o = code.partnerOf(k), o < k {
                if o >= 1 && test(o - 1) { return true }
                k = o - 1
                continue
            }
            if test(k) { return true }
            if code.isNameLike(k) && code.isPunct(k - 1, .at) { k -= 2; continue }
            if MemberScanner.modifierWords.contains(where: { code.is(k, $0) }) { k -= 1; continue }
            if code.isNameLike(k) && code.isDot(k - 1) { k -= 2; continue }  // `@A.B`
            return false
        }
        return false
    }

    /// A declaration whose type annotation is followed by a `{ … }` accessor block (not after `=`)
    /// that has no `set`, `willSet` or `didSet`: a read-only computed property. Returns that block's `{`.
    private static func readOnlyGetter(from start: Int, to end: Int, code: CodeTokens) -> Int? {
        var k = start
        while k < end {
            if code.isOperator(k, "=") { return nil }
            if code.isPunct(k, .lbrace), let close = code.partnerOf(k), close > k {
                var m = k + 1
                while m < close {
                    if code.is(m, "set") || code.is(m, "willSet") || code.is(m, "didSet") { return nil }
                    m = code.skipGroup(m, limit: close)
                }
                return k
            }
            if let g = code.skipGenericArguments(k, limit: end) { k = g; continue }
            k = code.skipGroup(k, limit: end)
        }
        return nil
    }

    /// The stored properties a computed one reads, through other computed properties of the state
    /// (`var shouldDisable: Bool { isRecording || isTranscribing }` → the fields those two read); a
    /// stored property is itself. Nil when that cannot be known: the name is not declared here, or a
    /// getter calls a function (which may read anything) or uses `self` as a whole.
    func storedFields(behind name: String, code: CodeTokens, depth: Int = 0) -> Set<String>? {
        guard depth < 8, let property = properties[name] else { return nil }
        guard let open = property.getterOpen else { return [name] }
        guard let close = code.partnerOf(open), close > open else { return nil }
        var fields = Set<String>()
        var k = open + 1
        while k < close {
            defer { k += 1 }
            guard code.isNameLike(k) else { continue }
            if code.is(k, "self") {
                guard code.isDot(k + 1) else { return nil }
                continue
            }
            // A member of something else (`x.count`), not of the state; `self.x` is the state's.
            if code.isDot(k - 1) && !code.is(k - 2, "self") { continue }
            let word = code.text(k)
            if properties[word] != nil {
                guard let behind = storedFields(behind: word, code: code, depth: depth + 1) else { return nil }
                fields.formUnion(behind)
            } else if code.isPunct(k + 1, .lparen) && !code.startsUppercase(k) {
                return nil
            }
        }
        return fields
    }
}

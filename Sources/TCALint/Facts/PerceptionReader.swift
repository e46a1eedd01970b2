/// Reads, in each view's `body`, the reads of its store's state that the body evaluates itself (`Text(store.title)`,
/// `if store.isLoading { … }`, inside `VStack { … }` and other content builders) when the body has no
/// `WithPerceptionTracking` at all. Before iOS 17 such a read is not tracked: the view does not update when the value
/// changes, and Perception warns. Reads in closures the body does not run (`Button { … }`'s action, `.task { … }`),
/// or in closures of unknown kind, are not read; nor are `$store` bindings, `store.send`, `store.scope`.
struct PerceptionReader {
    let extractor: FactsExtractor
    var code: CodeTokens { extractor.code }

    static let needle = Array("store".utf8)

    /// Closures and blocks a `body` runs while it is evaluated: content builders of SwiftUI's containers and
    /// modifiers, and the labels and sections they take.
    static let contentBuilders: Set<String> = [
        "VStack", "HStack", "ZStack", "Group", "Form", "Section", "List", "ScrollView", "NavigationStack", "NavigationView",
        "NavigationSplitView", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "ForEach", "GeometryReader", "Grid",
        "GridRow", "TabView", "ViewThatFits", "overlay", "background", "toolbar", "ToolbarItem", "ToolbarItemGroup",
        "safeAreaInset", "label", "content", "header", "footer", "detail", "sidebar", "Label", "LabeledContent",
        "DisclosureGroup", "ControlGroup", "mask",
    ]

    /// Members of a store that are not state reads.
    static let storeMembers: Set<String> = ["send", "scope", "withState", "publisher", "binding", "state"]

    func read(types: [TypeFacts]) -> [UntrackedReadFacts] {
        guard Prefilter.contains(extractor.source.bytes, needle: Self.needle) else { return [] }
        var result: [UntrackedReadFacts] = []
        for type in types where !type.attributes.contains("available") {
            guard let (open, close) = body(of: type), !contains("WithPerceptionTracking", from: open, to: close) else { continue }
            let view = String(type.name.lastDotComponent ?? "")
            for read in untrackedReads(from: open, to: close) {
                result.append(UntrackedReadFacts(view: view, member: code.text(read.member), anchor: extractor.anchor(read.start)))
            }
        }
        return result
    }

    /// `var body: some View { … }` among the type's own members: its braces.
    private func body(of type: TypeFacts) -> (Int, Int)? {
        var k = type.membersOpen.token + 1
        let end = type.membersClose.token
        while k < end {
            if code.is(k, "var"), code.is(k + 1, "body"), code.isPunct(k + 2, .colon), code.is(k + 3, "some"), code.is(k + 4, "View"),
               code.isPunct(k + 5, .lbrace), let close = code.partnerOf(k + 5), close > k + 5 {
                return (k + 5, close)
            }
            k = code.skipGroup(k, limit: end)
        }
        return nil
    }

    private func contains(_ name: StaticString, from open: Int, to close: Int) -> Bool {
        (open..<close).contains { code.is($0, name) }
    }

    /// The `store.x` (or `self.store.x`) reads whose every enclosing bracket up to the body's is a call's arguments,
    /// a content builder or an `if`/`else`/`switch` block, the first of each member, in source order.
    private func untrackedReads(from open: Int, to close: Int) -> [(start: Int, member: Int)] {
        var result: [(start: Int, member: Int)] = []
        var seen = Set<String>()
        var stack: [(close: Int, evaluated: Bool)] = []
        var k = open + 1
        while k < close {
            while let last = stack.last, last.close < k { stack.removeLast() }
            let evaluated = stack.last?.evaluated ?? true
            if code.isPunct(k, .lparen) || code.isPunct(k, .lbracket), let c = code.partnerOf(k), c > k {
                stack.append((c, evaluated))
            } else if code.isPunct(k, .lbrace), let c = code.partnerOf(k), c > k {
                stack.append((c, evaluated && isEvaluatedBlock(k)))
            } else if evaluated, code.is(k, "store"), !code.isDot(k - 1) || code.is(k - 2, "self"),
                      code.isDot(k + 1), code.kind(k + 2) == .identifier || code.is(k + 2, "case"),
                      !Self.storeMembers.contains(code.text(k + 2)), !code.startsUppercase(k + 2),
                      !code.isPunct(k + 3, .lparen) {
                if seen.insert(code.text(k + 2)).inserted { result.append((code.isDot(k - 1) ? k - 2 : k, k + 2)) }
            }
            k += 1
        }
        return result
    }

    /// The block at `brace` runs while the body is evaluated: a content builder (`VStack {`, `VStack(spacing: 8) {`,
    /// `label: {`, `.overlay {`) or a statement block of `if`, `else`, `switch`.
    private func isEvaluatedBlock(_ brace: Int) -> Bool {
        var n = brace - 1
        if code.isPunct(n, .rparen), let p = code.partnerOf(n), p < n { n = p - 1 }
        if code.isPunct(n, .colon) { n -= 1 }
        if code.kind(n) == .identifier, Self.contentBuilders.contains(code.text(n)) { return true }
        if code.is(n, "else") { return true }
        // `if cond {`, `if let x = store.y {`, `switch store.tab {`: a statement keyword starts the line.
        var k = brace - 1
        var steps = 0
        while k >= 0 && steps < 64 {
            steps += 1
            if code.is(k, "if") || code.is(k, "switch") { return true }
            if code.isPunct(k, .lbrace) || code.isPunct(k, .rbrace) || code.isPunct(k, .semicolon) || code.newlineBefore[k] { break }
            if code.isPunct(k, .rparen) || code.isPunct(k, .rbracket), let o = code.partnerOf(k), o < k { k = o - 1; continue }
            k -= 1
        }
        return code.is(k, "if") || code.is(k, "switch")
    }
}

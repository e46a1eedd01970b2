/// Reads, in each view's `body`, the reads of its store's state that the body evaluates (`Text(store.title)`,
/// `if store.isLoading { … }`, inside `VStack { … }` and other content builders) that no `WithPerceptionTracking`
/// covers: none in the body, or one whose tracking does not reach into an escaping closure (`GeometryReader { … }`, a
/// `ForEach`'s rows, a sheet's content). Before iOS 17 such a read is not tracked: the view does not update when the value
/// changes, and Perception warns. Reads in closures the body does not run (`Button { … }`'s action, `.task { … }`),
/// or in closures of unknown kind, are not read; nor are `$store` bindings, `store.send`, `store.scope`.
struct PerceptionReader {
    let extractor: FactsExtractor
    var code: CodeTokens { extractor.code }

    static let needle = Array("store".utf8)

    /// Closures and blocks a `body` runs while it is evaluated: content builders of SwiftUI's containers and
    /// modifiers, and the labels and sections they take. (`ForEach`'s and `GeometryReader`'s closures are escaping
    /// ones, `escapingClosures`.)
    static let contentBuilders: Set<String> = [
        "VStack", "HStack", "ZStack", "Group", "Form", "Section", "List", "ScrollView", "NavigationStack", "NavigationView",
        "NavigationSplitView", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid",
        "GridRow", "TabView", "ViewThatFits", "overlay", "background", "toolbar", "ToolbarItem", "ToolbarItemGroup",
        "safeAreaInset", "label", "content", "header", "footer", "detail", "sidebar", "Label", "LabeledContent",
        "DisclosureGroup", "ControlGroup", "mask",
    ]

    /// Members of a store that are not state reads. (`store.case` is read, but an enum store's case does not change
    /// under the view that switches on it: a new case is a new destination.)
    static let storeMembers: Set<String> = ["send", "scope", "withState", "publisher", "binding", "state"]

    func read(types: [TypeFacts]) -> [UntrackedReadFacts] {
        guard Prefilter.contains(extractor.source.bytes, needle: Self.needle) else { return [] }
        var result: [UntrackedReadFacts] = []
        for type in types where !type.attributes.contains("available") {
            guard let (open, close) = body(of: type) else { continue }
            let view = String(type.name.lastDotComponent ?? "")
            for read in untrackedReads(from: open, to: close) {
                result.append(UntrackedReadFacts(view: view, member: code.text(read.member), anchor: extractor.anchor(read.start),
                                                 escapingClosure: read.escaping))
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

    /// Closures SwiftUI keeps and runs later, outside the body's `WithPerceptionTracking`, which Perception's and TCA's
    /// documentation say must be wrapped again: `GeometryReader`'s content, a `ForEach`'s row closure (its data argument
    /// is read in the body) and the content of presentations. A lazy
    /// stack's or grid's content is not one of them, though Perception's tip names them: `LazyVStack(content:)` takes
    /// a non-escaping closure and calls it in the body; only views it builds later (a `ForEach`'s rows) escape.
    static let escapingClosures: Set<String> = ["GeometryReader", "ForEach", "sheet", "popover", "fullScreenCover", "navigationDestination",
                                                "destination"]

    /// The `store.x` (or `self.store.x`) reads the body evaluates (every enclosing bracket up to the body's is a call's
    /// arguments, a content builder, an `if`/`else`/`switch` block or an escaping closure's content) outside any
    /// `WithPerceptionTracking` that covers them, the first of each member, in source order; `escaping` names the
    /// escaping closure a read sits in when the body has a `WithPerceptionTracking` that does not reach into it.
    private func untrackedReads(from open: Int, to close: Int) -> [(start: Int, member: Int, escaping: String?)] {
        var result: [(start: Int, member: Int, escaping: String?)] = []
        var seen = Set<String>()
        var stack: [(close: Int, evaluated: Bool, tracked: Bool, escaping: String?)] = []
        // A body with a WithPerceptionTracking somewhere: reads in its escaping closures are the ones it misses.
        let bodyTracks = (open..<close).contains { code.is($0, "WithPerceptionTracking") }
        var k = open + 1
        while k < close {
            while let last = stack.last, last.close < k { stack.removeLast() }
            let evaluated = stack.last?.evaluated ?? true
            let tracked = stack.last?.tracked ?? false
            let escaping = stack.last?.escaping
            if code.isPunct(k, .lparen) || code.isPunct(k, .lbracket), let c = code.partnerOf(k), c > k {
                stack.append((c, evaluated, tracked, escaping))
            } else if code.isPunct(k, .lbrace), let c = code.partnerOf(k), c > k {
                let name = code.openerName(k)
                if rebindsStore(k) {
                    // `destination: { store in … }`, `.sheet(item: …) { store in … }`: another feature's store from here on.
                    stack.append((c, false, tracked, escaping))
                } else if name == "WithPerceptionTracking" {
                    stack.append((c, evaluated, true, nil))
                } else if let name, Self.escapingClosures.contains(name) {
                    // Rendered later: tracked only by a WithPerceptionTracking of its own.
                    stack.append((c, evaluated, false, bodyTracks ? name : nil))
                } else {
                    stack.append((c, evaluated && isEvaluatedBlock(k), tracked, escaping))
                }
            } else if evaluated, !tracked, code.is(k, "store"), !code.isDot(k - 1) || code.is(k - 2, "self"),
                      code.isDot(k + 1), code.kind(k + 2) == .identifier || code.is(k + 2, "case"),
                      !Self.storeMembers.contains(code.text(k + 2)), !code.is(k + 2, "case"), !code.startsUppercase(k + 2),
                      !code.isPunct(k + 3, .lparen) {
                if seen.insert(code.text(k + 2)).inserted { result.append((code.isDot(k - 1) ? k - 2 : k, k + 2, escaping)) }
            }
            k += 1
        }
        return result
    }

    /// The closure at `brace` names a parameter `store` (`{ store in`, `{ (store) in`): reads there are another store's.
    private func rebindsStore(_ brace: Int) -> Bool {
        var k = brace + 1
        if code.isPunct(k, .lparen) { k += 1 }
        return code.is(k, "store") && (code.is(k + 1, "in") || (code.isPunct(k + 1, .rparen) && code.is(k + 2, "in")))
    }


    /// The block at `brace` runs while the body is evaluated: a content builder (`VStack {`, `VStack(spacing: 8) {`,
    /// `label: {`, `.overlay {`) or a statement block of `if`, `else`, `switch`.
    private func isEvaluatedBlock(_ brace: Int) -> Bool {
        if let name = code.openerName(brace), Self.contentBuilders.contains(name) { return true }
        if code.is(brace - 1, "else") { return true }
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

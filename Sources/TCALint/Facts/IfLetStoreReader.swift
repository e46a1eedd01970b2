/// Reads an `IfLetStore` that observation's `if let` can replace as written: TCA's migration guide to 1.7 turns
/// `IfLetStore(store.scope(state: \.child, action: \.child)) { childStore in … } else: { … }` into
/// `if let childStore = store.scope(state: \.child, action: \.child) { … } else { … }`. An `if let` is a statement, so
/// the `IfLetStore` must be one too (not returned, assigned, passed or given modifiers), in a closure SwiftUI builds
/// views with.
extension DeprecatedAPIReader {
    /// The calls and labels whose closures are view builders: SwiftUI's containers and content closures, and TCA's
    /// observing views.
    static let viewBuilderOpeners: Set<String> = [
        "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid", "GridRow", "Group",
        "ScrollView", "List", "Section", "Form", "NavigationView", "NavigationStack", "TabView", "GeometryReader",
        "ViewThatFits", "WithViewStore", "WithPerceptionTracking",
    ]
    /// Labels of closures SwiftUI builds views with, and the SwiftUI calls and modifiers whose labelled closures they
    /// are (`.sheet(isPresented:) { … }`, `.fullScreenCover(…, content: { … })`): a project's own helper with a
    /// `content:` closure may take a plain closure, where an `if` statement returns nothing.
    static let viewBuilderLabels: Set<String> = ["content", "label", "header", "footer", "destination"]
    static let viewBuilderCalls: Set<String> = [
        "sheet", "fullScreenCover", "popover", "navigationDestination", "overlay", "background", "safeAreaInset",
        "Section", "NavigationLink", "Button", "Menu", "DisclosureGroup", "ToolbarItem", "ToolbarItemGroup", "Group",
    ]

    /// The `IfLetStore` at i, when it is that statement: one key-path scope of the view's store whose state path is one
    /// field (`\.child`), a trailing closure with a named parameter or `$0`, an optional `else:` closure without one.
    func ifLetStoreStatement(at i: Int) -> IfLetStoreStatement? {
        let open = i + 1
        guard code.isPunct(open, .lparen), let close = code.partnerOf(open), close > open else { return nil }
        let name = code.is(open + 1, "self") && code.isDot(open + 2) ? open + 3 : open + 1
        guard code.is(name, "store"), let call = code.storeScopeCall(at: name + 2), call.receiverStart == open + 1,
              call.close + 1 == close, code.is(call.open + 1, "state"),
              code.isPunct(call.state, .backslash), code.isDot(call.state + 1), let field = code.memberName(call.state + 2),
              code.isPunct(call.state + 3, .comma), let action = call.action, code.isPunct(action, .backslash) else { return nil }
        let thenOpen = close + 1
        guard code.isPunct(thenOpen, .lbrace), !code.newlineBefore[thenOpen], let thenClose = code.partnerOf(thenOpen),
              thenClose > thenOpen else { return nil }
        let binding: String
        var thenHeadEnd = thenOpen + 2
        var anonymous: [Range<Int>] = []
        if code.kind(thenOpen + 1) == .identifier, code.is(thenOpen + 2, "in") {
            binding = code.text(thenOpen + 1)
        } else {
            // `{ ChildView(store: $0) }`: the `$0`s of the closure's own body (a nested closure's are its own), bound
            // to a name the closure does not use.
            binding = field + "Store"
            guard let uses = anonymousParameterUses(open: thenOpen, close: thenClose, binding: binding) else { return nil }
            anonymous = uses
            thenHeadEnd = thenOpen
        }
        var last = thenClose
        var elseLabel: Range<Int>?
        if code.is(thenClose + 1, "else"), code.isPunct(thenClose + 2, .colon), code.isPunct(thenClose + 3, .lbrace),
           let elseClose = code.partnerOf(thenClose + 3), elseClose > thenClose + 3 {
            // `else: { _ in … }` takes no parameter in TCA; anything else is not its `else`.
            guard !code.is(thenClose + 4, "in"), !code.is(thenClose + 5, "in") else { return nil }
            elseLabel = code.offset(thenClose + 1)..<code.tokens[thenClose + 2].endOffset
            last = elseClose
        }
        guard startsStatement(i), endsStatement(after: last), isInViewBuilder(i) else { return nil }
        return IfLetStoreStatement(stateField: field, binding: binding, head: code.offset(i)..<code.offset(open + 1),
                                   thenHead: code.tokens[call.close].endOffset..<code.tokens[thenHeadEnd].endOffset,
                                   elseLabel: elseLabel, anonymousParameter: anonymous)
    }

    /// The `$0`s of the body of the closure between `open` and `close` (a nested closure's are its own), when the
    /// closure uses `$0`, no other anonymous parameter, no `in`, and never `binding`, the name they become; else nil.
    func anonymousParameterUses(open: Int, close: Int, binding: String) -> [Range<Int>]? {
        var uses: [Range<Int>] = []
        var k = open + 1
        while k < close {
            if code.isPunct(k, .lbrace), let end = code.partnerOf(k), end > k { k = end + 1; continue }
            if code.is(k, "in") || code.text(k).hasPrefix("$") && !code.is(k, "$0") { return nil }
            if code.is(k, "$0") { uses.append(code.offset(k)..<code.tokens[k].endOffset) }
            k += 1
        }
        guard !uses.isEmpty, !(open + 1..<close).contains(where: { code.text($0) == binding }) else { return nil }
        return uses
    }

    /// Nothing before token i belongs to its expression: it opens a block or a closure's body, or a line after a
    /// finished expression (not after `return`, `=`, a label, a comma or an open parenthesis).
    func startsStatement(_ i: Int) -> Bool {
        guard i > 0 else { return true }
        if code.isPunct(i - 1, .lbrace) || code.is(i - 1, "in") { return true }
        guard code.newlineBefore[i] else { return false }
        // `case .fungible:` / `default:` of a `switch`, on the line above.
        if code.isPunct(i - 1, .colon) {
            var k = i - 2
            while k > 0, !code.newlineBefore[k] { k -= 1 }
            return code.is(k, "case") || code.is(k, "default")
        }
        switch code.kind(i - 1) {
        case .identifier: return true
        case .punct: return code.isPunct(i - 1, .rbrace) || code.isPunct(i - 1, .rparen) || code.isPunct(i - 1, .rbracket)
        default: return code.is(i - 1, "self") || code.is(i - 1, "true") || code.is(i - 1, "false") || code.is(i - 1, "nil")
        }
    }

    /// The statement ends after token `last`: the block closes, or the next line starts another statement (not a
    /// modifier `.padding()` nor an operator).
    func endsStatement(after last: Int) -> Bool {
        let next = last + 1
        guard next < code.count else { return true }
        if code.isPunct(next, .rbrace) { return true }
        return code.newlineBefore[next] && !code.isDot(next) && code.kind(next) != .operator
    }

    /// The innermost closure or body holding token i, past `if`/`else`/`switch` blocks, builds views: `var body`, a
    /// `@ViewBuilder` declaration, or a closure of `viewBuilderOpeners`.
    func isInViewBuilder(_ i: Int) -> Bool {
        var k = i
        while let open = code.enclosingOpener(before: k) {
            guard code.isPunct(open, .lbrace) else { return false }
            if isControlFlowBlock(open) { k = open; continue }
            // `{ store in` after `WithViewStore(…)`, `VStack {`, `content: {`, or a declaration's `some View {`.
            guard let name = code.openerName(open) else { return false }
            // A trailing closure of a container or modifier (`.sheet(…) { … }`); `Button { … }`'s first is its action.
            if Self.viewBuilderOpeners.contains(name) || (Self.viewBuilderCalls.contains(name) && name != "Button") { return true }
            if Self.viewBuilderLabels.contains(name) { return labelledClosureOfSwiftUI(brace: open) }
            return name == "View" && declarationBuildsViews(brace: open)
        }
        return false
    }

    /// The labelled closure at `brace` (`content: {`) is an argument of one of `viewBuilderCalls`.
    private func labelledClosureOfSwiftUI(brace: Int) -> Bool {
        guard let open = code.enclosingOpener(before: brace, steps: 2_000), code.isPunct(open, .lparen) else { return false }
        return code.openerName(open).map(Self.viewBuilderCalls.contains) ?? false
    }

    /// The `{` at `brace` opens an `if`, `else` or `switch` block (whose statements belong to the block around it).
    private func isControlFlowBlock(_ brace: Int) -> Bool {
        var k = brace - 1
        var steps = 0
        while k >= 0, steps < 200 {
            steps += 1
            if code.isPunct(k, .rparen) || code.isPunct(k, .rbracket), let o = code.partnerOf(k), o < k { k = o - 1; continue }
            if code.isPunct(k, .lbrace) || code.isPunct(k, .rbrace) || code.isPunct(k, .semicolon) { return false }
            if code.is(k, "if") || code.is(k, "else") || code.is(k, "switch") { return true }
            if code.is(k, "case") || code.is(k, "default") { return false }
            k -= 1
        }
        return false
    }

    /// `var body: some View {`, or a property or function marked `@ViewBuilder`, declared just before `brace`.
    private func declarationBuildsViews(brace: Int) -> Bool {
        var k = brace - 1
        while k >= 0, brace - k < 40, !code.is(k, "var"), !code.is(k, "func") {
            if code.isPunct(k, .lbrace) || code.isPunct(k, .rbrace) { return false }
            k -= 1
        }
        guard k >= 0, code.is(k, "var") || code.is(k, "func") else { return false }
        if code.is(k, "var") && code.is(k + 1, "body") { return true }
        return Declarations.hasAttribute("ViewBuilder", before: k, code: code)
    }
}

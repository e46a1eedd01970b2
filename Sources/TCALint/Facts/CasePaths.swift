/// Case paths: the one reading of `.a(.b(.c(x)))` in code, and the questions asked of paths.
public enum CasePath {
    /// The path starting at i (at `.`, at `let`/`var` before it, or at a type name before the dot:
    /// `Action.view(.task)`), following first arguments: `.a(.b(.c(x)))` → [a, b, c]; `.a(x)` → [a]; a labelled one
    /// keeps its label: `.a(label: .b)` → [a, label:b].
    /// Case names that are keywords (`.internal`, `.default`) count; `.init(…)` builds a payload value and
    /// ends the path.
    public static func read(at i: Int, code: CodeTokens, limit: Int) -> [String] {
        var path: [String] = []
        var j = i
        while code.is(j, "let") || code.is(j, "var") { j += 1 }
        if !code.isDot(j) {
            // `Action.view(…)`, `Feature.Action.view(…)`: skip the type names to the dot before the case.
            var k = j
            while k + 1 < limit && code.isNameLike(k) && code.startsUppercase(k) && code.isDot(k + 1) { k += 2 }
            guard k > j else { return [] }
            j = k - 1
        }
        var steps = 0
        // The label the next case was passed under (`.changed(opacity: .zero)`), kept with it as `opacity:zero`: a
        // pattern and a send of the same labelled value read alike, and messages can show what the code says.
        var label: String? = nil
        while j < limit && steps < 16 {
            steps += 1
            while code.is(j, "let") || code.is(j, "var") { j += 1 }
            guard code.isDot(j), j + 1 < limit, code.isNameLike(j + 1) || code.kind(j + 1) == .keyword,
                  !code.is(j + 1, "init") else { break }
            path.append(label.map { $0 + ":" + name(j + 1, code: code) } ?? name(j + 1, code: code))
            label = nil
            j += 2
            guard code.isPunct(j, .lparen) else { break }
            // A stack's or an identified array's element (`.element(id: _, action: .detail(.saveTapped))`): the
            // path goes on into the element's action, the argument that names which action it is.
            if path.last == "element", code.is(j + 1, "id"), let action = code.argumentLabel("action", inCallAt: j) {
                j = action + 2
                continue
            }
            j += 1
            // Otherwise follow the first argument only, past its label.
            if (code.isNameLike(j) || code.kind(j) == .keyword) && code.isPunct(j + 1, .colon) {
                label = name(j, code: code)
                j += 2
            }
        }
        return path
    }

    /// Token text without backticks.
    static func name(_ i: Int, code: CodeTokens) -> String {
        // By byte: a Character count of every name read cost more than reading it.
        let t = code.tokens[i]
        let tick = UInt8(ascii: "`")
        if t.length >= 2 && code.bytes[t.startOffset] == tick && code.bytes[t.startOffset + t.length - 1] == tick {
            return String(decoding: code.bytes[(t.startOffset + 1)..<(t.startOffset + t.length - 1)], as: UTF8.self)
        }
        return code.text(i)
    }

    /// Case paths of the comma-separated patterns in [from, to) (a `where` clause ends the list), each with
    /// the token it starts at.
    static func patterns(code: CodeTokens, from: Int, to: Int) -> [(path: [String], start: Int)] {
        var result: [(path: [String], start: Int)] = []
        var j = from
        while j < to {
            if code.is(j, "where") { break }
            let path = read(at: j, code: code, limit: to)
            if !path.isEmpty { result.append((path, firstDot(from: j, limit: to, code: code) ?? j)) }
            while j < to && !code.isPunct(j, .comma) && !code.is(j, "where") { j = code.skipGroup(j, limit: to) }
            if code.is(j, "where") { break }
            j += 1
        }
        return result
    }

    /// The `.` a pattern's first case starts at (after `let` and type names).
    private static func firstDot(from j: Int, limit: Int, code: CodeTokens) -> Int? {
        var k = j
        var steps = 0
        while k < limit && steps < 16 {
            if code.isDot(k) { return k }
            steps += 1
            k += 1
        }
        return nil
    }

    /// The child's own part of a parent's pattern that reaches the child through `prefix`, the action path
    /// its composition gives it (`Scope(…, action: \.home)` → [home]), with a presentation's `.presented` and an
    /// element's `.element` unwrapped: [home, settingsTapped] → [settingsTapped]; [destination, presented, picker,
    /// delegate] at [destination] → [picker, delegate]; [path, element, detail, save] at [path] → [detail, save].
    /// Nil when the pattern does not go into the child.
    /// `wrapped`: the composition hands the child its actions only wrapped (`.presented(…)`, `.element(id:action:)`), so
    /// a case right under its action case (`.sheet(.dismiss)`, `.path(.popFrom(id:))`) is the wrapper's, not the child's.
    public static func childPart(of pattern: [String], composedAt prefix: [String], wrapped: Bool = false) -> ArraySlice<String>? {
        guard pattern.count > prefix.count, pattern.starts(with: prefix) else { return nil }
        var rest = pattern.dropFirst(prefix.count)
        if rest.first == "presented" || rest.first == "element" { rest = rest.dropFirst() } else if wrapped { return nil }
        return rest.isEmpty ? nil : rest
    }

    /// `.path(.element(id:action:))`, `.destination(.presented(…))`, `.sheet(.dismiss)`: the case wraps a
    /// `StackAction`, `IdentifiedAction` or `PresentationAction`, so it is a child's action whatever the file
    /// shows of the `Action` enum. So does TCACoordinators' router (`.router(.routeAction(id:action:))`, johnpatrickmorgan/
    /// TCACoordinators's `IdentifiedRouterAction`/`IndexedRouterAction`): a screen's action in a coordinator's stack.
    public static func wrapsChildAction(_ path: [String]) -> Bool {
        path.count > 1 && (isStackElement(path[1]) || path[1] == "presented" || path[1] == "dismiss")
    }

    /// The case that carries one element's action of a stack or a collection: TCA's `element(id:action:)`, and
    /// TCACoordinators' `routeAction(_:action:)`.
    public static func isStackElement(_ name: String) -> Bool { name == "element" || name == "routeAction" }

    /// How messages show a path: [a, b] → `.a(.b)`; [a, label:b] → `.a(label: .b)`; an element's action with the
    /// argument labels it is written with:
    /// [path, element, detail] → `.path(.element(id: _, action: .detail))`.
    public static func shown(_ path: [String]) -> String {
        var text = ""
        for (i, component) in path.enumerated().reversed() {
            // A labelled value (`opacity:zero`, see `read`) is shown as written: `opacity: .zero`.
            let labelled = component.firstIndex(of: ":").map { "\(component[..<$0]): .\(component[component.index(after: $0)...])" }
            let name = labelled ?? "." + component
            if text.isEmpty { text = name }
            else if component == "element" && i > 0 { text = ".element(id: _, action: \(text))" }
            else { text = "\(name)(\(text))" }
        }
        return text
    }
}

/// Cancellation ids: the `.cancellable(id:)` applied to an effect, and the `.cancel(id:)` effects.
/// An id is kept as its dotted name components without arguments or `self`
/// (`CancelID.sync(id)` → [CancelID, sync]; `TimerID.self` → [TimerID]; `.timer` → [timer]).
public enum CancellationID {
    /// Same id, or one written with a leading dot (`.timer`) that is the tail of the other (`CancelID.timer`).
    public static func matches(_ a: [String], _ b: [String]) -> Bool {
        guard !a.isEmpty, !b.isEmpty else { return false }
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        return Array(long.suffix(short.count)) == short
    }

    /// Whether some id of `cancelled` cancels one of `ids`.
    public static func cancelsAny(_ cancelled: [[String]], of ids: [[String]]) -> Bool {
        cancelled.contains { c in ids.contains { matches($0, c) } }
    }
}

/// `Scope(state: \.child!, …)` or `Scope(state: \.$child.wrappedValue!, …)`: the key path force-unwraps
/// optional child state, so a child action that arrives while the state is nil crashes the app.
/// `.ifLet` runs the child only while its state exists and cancels its effects when it goes away.
public struct ForceUnwrappedScopeRule: Rule {
    public static let description = RuleDescription(
        id: "force_unwrapped_scope",
        name: "Force Unwrapped Scope",
        summary: "`Scope(state:)` force-unwraps optional child state with `!`; it crashes when the state is nil, where `.ifLet` would not run the child",
        defaultSeverity: .warning,
        // Opt-in: every finding on the public apps read was an optional that is never nil (a box for
        // recursive state), a latent crash rather than a reachable one; see the document.
        isOptIn: true,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        let code = file.code
        var findings: [Finding] = []
        var seen = Set<Int>()
        for reducer in file.model.reducers {
            for body in reducer.bodies {
                for element in body.allElements where element.isScope && seen.insert(element.nameToken).inserted {
                    guard let open = element.argumentsOpen, let keyPath = Self.stateKeyPath(open: open, code: code),
                          (keyPath.start..<keyPath.end).contains(where: { code.isOperator($0, "!") }) else { continue }
                    // Only state the feature can set to nil can crash: an optional that merely boxes a value
                    // (`Heap<Child.State?>` assigned only `.init(…)`) never is.
                    guard let field = Self.rootField(keyPath.start, code: code), Self.isEverSetToNil(field, code: code) else { continue }
                    let shown = code.shownText(from: keyPath.start, through: keyPath.end - 1)
                    // `\.detail!` unwraps the child state itself; `\.document!.metadata` unwraps `document` on
                    // the way to it.
                    let unwrapsChild = code.isOperator(keyPath.end - 1, "!")
                    let what = unwrapsChild ? "optional child state (\(field))" : "the optional \(field) on the way to the child state"
                    findings.append(finding(
                        at: code.tokens[keyPath.start].startOffset,
                        "Scope(state: \(shown)) force-unwraps \(what): a child action that arrives while \(field) is nil (an in-flight effect after dismissal) crashes the app; use .ifLet on the optional state, which skips such actions and cancels the child's effects when the state goes away"))
                }
            }
        }
        return findings
    }

    /// The first component of the key path at the `\\` token: `\\.detail!` and `\\State.detail!` → detail,
    /// `\\.$destination.wrappedValue!` → destination.
    static func rootField(_ backslash: Int, code: CodeTokens) -> String? {
        var k = backslash + 1
        if code.isNameLike(k), code.isDot(k + 1) { k += 1 }
        guard code.isDot(k), var name = code.memberName(k + 1) else { return nil }
        if name.hasPrefix("$") { name.removeFirst() }
        return name
    }

    /// `field = nil`, `field.wrappedValue = nil`, `field = .none` anywhere in the file.
    static func isEverSetToNil(_ field: String, code: CodeTokens) -> Bool {
        var j = 0
        while j + 2 < code.count {
            defer { j += 1 }
            guard code.tokens[j].kind == .identifier, code.text(j) == field || code.text(j) == "$" + field else { continue }
            var k = j + 1
            if code.isDot(k), code.is(k + 1, "wrappedValue") { k += 2 }
            guard code.isOperator(k, "=") else { continue }
            if code.is(k + 1, "nil") || (code.isDot(k + 1) && code.is(k + 2, "none")) { return true }
        }
        return false
    }

    /// Tokens [start, end) of the `state:` argument when it is a key path literal.
    static func stateKeyPath(open: Int, code: CodeTokens) -> (start: Int, end: Int)? {
        guard let close = code.partnerOf(open), close > open else { return nil }
        var j = open + 1
        while j < close {
            if code.is(j, "state"), code.isPunct(j + 1, .colon), code.isPunct(j + 2, .backslash) {
                var end = j + 2
                while end < close && !code.isPunct(end, .comma) { end = code.skipGroup(end, limit: close) }
                return (j + 2, end)
            }
            j = code.skipGroup(j, limit: close)
        }
        return nil
    }
}

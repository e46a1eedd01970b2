/// The `@Dependency(\.key) var name` properties a reducer declares (in any of its declarations in the
/// file), and the names its member blocks already use, so a fix can reuse a dependency or add one
/// without a clash.
public struct DependencyProperties {
    /// Key path as written after `\.` (`date`, `date.now`, `continuousClock`) → property name.
    public var names: [String: String] = [:]
    /// Every name declared at the top level of the member blocks (`var`, `let`, `func`, `case`).
    public var memberNames: Set<String> = []
    /// The name token of the last `@Dependency` property (where a fix adds the next one).
    public var lastPropertyName: Int?
    /// Names declared inside a member-level `#if … #endif` (a `@Dependency` property of one build
    /// configuration only: code outside that branch cannot use it).
    public var conditionalNames: Set<String> = []

    public init(declarations: [ReducerDeclaration], code: CodeTokens) {
        for decl in declarations {
            var j = decl.membersOpen + 1
            let close = decl.membersClose
            var ifDepth = 0
            while j < close {
                if code.tokens[j].kind == .pound {
                    if code.is(j, "#if") { ifDepth += 1 } else if code.is(j, "#endif") { ifDepth = max(0, ifDepth - 1) }
                    j += 1
                    continue
                }
                if code.isPunct(j, .at), code.is(j + 1, "Dependency"), code.isPunct(j + 2, .lparen),
                   let argsClose = code.partnerOf(j + 2), argsClose > j + 2, argsClose < close {
                    let key = Self.keyPath(from: j + 3, to: argsClose, code: code)
                    var k = argsClose + 1
                    while k < close && k < argsClose + 8 && !code.is(k, "var") { k += 1 }
                    if code.is(k, "var"), code.isNameLike(k + 1) {
                        if let key, names[key] == nil { names[key] = code.text(k + 1) }
                        memberNames.insert(code.text(k + 1))
                        if ifDepth > 0 { conditionalNames.insert(code.text(k + 1)) }
                        lastPropertyName = max(lastPropertyName ?? 0, k + 1)
                    }
                    j = argsClose + 1
                    continue
                }
                if code.is(j, "var") || code.is(j, "let") || code.is(j, "func") || code.is(j, "case"), code.isNameLike(j + 1) {
                    memberNames.insert(code.text(j + 1))
                    if ifDepth > 0 { conditionalNames.insert(code.text(j + 1)) }
                }
                j = code.skipGroup(j, limit: close)
            }
        }
    }

    /// `\.date.now` → `date.now`; nil for anything but a plain key path of names.
    private static func keyPath(from: Int, to: Int, code: CodeTokens) -> String? {
        guard code.isPunct(from, .backslash) else { return nil }
        var parts: [String] = []
        var j = from + 1
        while j + 1 < to + 1 && code.isDot(j) && code.isNameLike(j + 1) {
            parts.append(code.text(j + 1))
            j += 2
        }
        return j == to && !parts.isEmpty ? parts.joined(separator: ".") : nil
    }
}

/// `.run { [state] send in … }`: the capture list copies the whole `State` into the effect's closure,
/// which lives as long as the effect does. Capturing the fields the effect reads keeps the copy small and
/// says what the effect depends on.
public struct EffectCapturesStateRule: Rule {
    public static let description = RuleDescription(
        id: "effect_captures_state",
        name: "Effect Captures State",
        summary: "An effect's capture list copies the whole `state` into a long-lived closure; capture the fields it uses",
        defaultSeverity: .warning,
        isOptIn: true,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        guard file.isAppCode else { return [] }
        let code = file.code
        var findings: [Finding] = []
        for part in file.reducerCode {
            let stateName = part.region.stateName
            for effect in part.effects {
                guard let operation = effect.closures.first, code.isPunct(operation.open + 1, .lbracket),
                      let listClose = code.partnerOf(operation.open + 1), listClose > operation.open + 1 else { continue }
                for item in Self.captures(open: operation.open + 1, close: listClose, code: code)
                    where code.is(item.value, "state") || code.text(item.value) == stateName {
                    // Handing the whole value on (`saveGame(state)`, `send(.done(state))`) needs the copy.
                    guard !Self.usesWhole(code.text(item.name), from: listClose + 1, to: operation.close, code: code) else { continue }
                    let captured = code.text(item.name)
                    var fields: [String] = []
                    for access in StateAccess.accesses(from: listClose + 1, to: operation.close, stateName: captured, code: code)
                        where !fields.contains(access.field) { fields.append(access.field) }
                    let value = code.text(item.value)
                    var shown = fields.prefix(3).map { "\($0) = \(value).\($0)" }.joined(separator: ", ")
                    if fields.count > 3 { shown += ", …" }
                    let advice = fields.isEmpty ? "capture only what it needs" : "capture the fields it reads ([\(shown)])"
                    findings.append(finding(
                        at: code.tokens[item.value].startOffset,
                        "This .\(code.text(effect.nameToken)) captures the whole state (\(value)) but reads only some of its fields, copying all of them into a closure that lives as long as the effect; \(advice)"))
                }
            }
        }
        return findings
    }

    /// Each capture item whose value is a single name: `x` in `[x]`, `[weak x]`, `[y = x]`, with the
    /// name the closure uses for it (`y`, or `x` itself).
    static func captures(open: Int, close: Int, code: CodeTokens) -> [(name: Int, value: Int)] {
        var result: [(name: Int, value: Int)] = []
        var start = open + 1
        while start < close {
            var end = start
            while end < close && !code.isPunct(end, .comma) { end = code.skipGroup(end, limit: close) }
            var value = start
            var name: Int? = nil
            if let equals = (start..<end).first(where: { code.isOperator($0, "=") }) {
                value = equals + 1
                name = equals - 1
            }
            while value < end && (code.is(value, "weak") || code.is(value, "unowned")) { value += 1 }
            if value + 1 == end, code.isNameLike(value) { result.append((name ?? value, value)) }
            start = end + 1
        }
        return result
    }

    /// Whether `name` appears in [from, to) other than as the base of a member access (`name.field`).
    static func usesWhole(_ name: String, from: Int, to: Int, code: CodeTokens) -> Bool {
        var j = from
        while j < to {
            if code.tokens[j].kind == .identifier || code.tokens[j].kind == .keyword, !code.isDot(j - 1),
               !code.isDot(j + 1), code.text(j) == name { return true }
            j += 1
        }
        return false
    }
}

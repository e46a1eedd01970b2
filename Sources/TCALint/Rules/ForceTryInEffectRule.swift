/// `try! await …` inside an effect's closure. Cancelling an effect cancels its task, and an awaited call
/// that honours cancellation (`Task.sleep`, a clock's `sleep`, `URLSession`, most async clients) then
/// throws; `try!` turns that into a crash. `.run` already catches `CancellationError` (and reports other
/// errors), so a plain `try` is enough. A `try!` on synchronous work (`JSONEncoder().encode(…)`) cannot
/// observe cancellation and is not reported.
public struct ForceTryInEffectRule: Rule {
    public static let description = RuleDescription(
        id: "force_try_in_effect",
        name: "Force Try In Effect",
        summary: "`try! await` inside an effect crashes the app when the effect is cancelled; `.run` already catches, so use `try`",
        defaultSeverity: .error,
        fixAvailability: .sometimes,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    struct Detection {
        /// The `try` token; the `!` follows it.
        var tryToken: Int
        var effectName: String
        /// `try!` → `try` compiles and changes nothing but the crash: the closure is the effect's own
        /// throwing operation (not a `catch:` handler, which cannot throw) and no `catch` in between
        /// would start handling the error.
        var isFixable: Bool
    }

    public func check(_ file: AnalyzedFile) -> [Finding] {
        Self.detections(in: file).map { d in
            let offset = file.code.tokens[d.tryToken].startOffset
            return finding(at: offset,
                           "try! await inside .\(d.effectName) crashes the app when the effect is cancelled (an awaited call that honours cancellation throws CancellationError); use try: .\(d.effectName) already catches cancellation",
                           fix: d.isFixable ? removeBang(d, file: file) : nil)
        }
    }

    /// Safe: `try!` → `try`. Only where it compiles and changes nothing but the crash (see `isFixable`).
    private func removeBang(_ d: Detection, file: AnalyzedFile) -> Fix {
        let bang = file.code.tokens[d.tryToken + 1]
        return fix("Replace try! with try", .safe, edits: [.delete(bang.startOffset..<bang.endOffset)],
                   findingOffsets: [file.code.tokens[d.tryToken].startOffset])
    }

    static func detections(in file: AnalyzedFile) -> [Detection] {
        guard file.isAppCode else { return [] }
        let code = file.code
        var result: [Detection] = []
        for part in file.reducerCode {
            for effect in part.effects {
                for (index, closure) in effect.closures.enumerated() {
                    // A task started inside the effect is not cancelled with it (unstructured_task_in_effect).
                    let tasks = UnstructuredTask.find(from: closure.open + 1, to: closure.close, code: code)
                    var j = closure.open + 1
                    while j < closure.close {
                        if let task = tasks.first(where: { $0.open == j }) { j = task.close + 1; continue }
                        defer { j += 1 }
                        guard code.is(j, "try"), code.isOperator(j + 1, "!"),
                              code.tokens[j + 1].start == code.tokens[j].end else { continue }
                        let end = code.statementEnd(from: j, limit: closure.close)
                        guard (j + 2..<end).contains(where: { code.is($0, "await") }) else { continue }
                        result.append(Detection(tryToken: j, effectName: code.text(effect.nameToken),
                                                isFixable: index == 0 && isDirectlyInside(closure.open, token: j, code: code)))
                    }
                }
            }
        }
        return result
    }

    /// True when every brace between `open` and the token is a statement's block (`if`, `guard`, `for`,
    /// `while`, `switch`, `else`, `repeat`, a `do` without `catch`): no nested closure that may not throw,
    /// no `catch` that would now receive the error.
    static func isDirectlyInside(_ open: Int, token: Int, code: CodeTokens) -> Bool {
        var k = token - 1
        while k > open {
            if code.isPunct(k, .rbrace) || code.isPunct(k, .rparen) || code.isPunct(k, .rbracket),
               let o = code.partnerOf(k), o < k {
                k = o - 1
                continue
            }
            if code.isPunct(k, .lbrace) {
                guard let keyword = statementKeyword(ofBlock: k, code: code) else { return false }
                if keyword == "do", let c = code.partnerOf(k), code.is(c + 1, "catch") { return false }
                if keyword == "defer" { return false }
            }
            k -= 1
        }
        return true
    }

    static let blockKeywords: Set<String> = ["if", "guard", "for", "while", "switch", "else", "repeat", "do", "defer", "catch"]

    /// The control-flow keyword that owns the block opening at `brace`, or nil for a closure.
    static func statementKeyword(ofBlock brace: Int, code: CodeTokens) -> String? {
        var k = brace - 1
        var steps = 0
        while k >= 0 && steps < 256 {
            steps += 1
            if code.tokens[k].kind == .keyword, blockKeywords.contains(code.text(k)) { return code.text(k) }
            if code.isPunct(k, .lbrace) || code.isPunct(k, .semicolon) { return nil }
            if code.isPunct(k, .rbrace) {
                // `} else {` reaches `else` first; any other `}` before the block ends a statement.
                return nil
            }
            if code.isPunct(k, .rparen) || code.isPunct(k, .rbracket), let o = code.partnerOf(k), o < k {
                k = o - 1
                continue
            }
            if code.newlineBefore[k] && !code.continuesExpression(at: k, limit: brace) { return nil }
            k -= 1
        }
        return nil
    }
}

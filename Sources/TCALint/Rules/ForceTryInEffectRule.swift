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

    /// Where the `try!` sits, which decides what a plain `try` would do there.
    enum Placement: Equatable {
        /// In the effect's own throwing operation, directly or in statement blocks: `try` compiles and
        /// the effect catches the cancellation.
        case operation
        /// In a `do` block that has a `catch`: with `try`, that `catch` receives the error.
        case doWithCatch
        /// In a closure nested in the effect (a task group's child task, a callback), which may not be
        /// allowed to throw.
        case nestedClosure
        /// In a `defer` block, which cannot throw.
        case deferBlock
        /// In the effect's `catch:` handler (or another closure argument of the effect), which cannot throw.
        case handler
    }

    struct Detection {
        /// The `try` token; the `!` follows it.
        var tryToken: Int
        var effectName: String
        var placement: Placement
        /// `try!` → `try` compiles and changes nothing but the crash: the closure is the effect's own
        /// throwing operation (not a `catch:` handler, which cannot throw) and no `catch` in between
        /// would start handling the error.
        var isFixable: Bool { placement == .operation }
    }

    public func check(_ file: AnalyzedFile) -> [Finding] {
        Self.detections(in: file).map { d in
            let offset = file.code.tokens[d.tryToken].startOffset
            return finding(at: offset, Self.message(effect: d.effectName, d.placement),
                           fix: d.isFixable ? removeBang(d, file: file) : nil)
        }
    }

    /// What the crash is, then advice that holds where the `try!` is: a plain `try` only where it
    /// compiles and the effect itself catches the cancellation.
    static func message(effect: String, _ placement: Placement) -> String {
        let crash = "try! await inside .\(effect) crashes the app when the effect is cancelled (an awaited call that honours cancellation throws CancellationError)"
        let handleHere = "handle the error here with do/catch (return on CancellationError) or try? instead of force-trying"
        switch placement {
        case .operation:
            return crash + "; use try: .\(effect) already catches cancellation"
        case .doWithCatch:
            return crash + "; with try, the enclosing do's catch receives that error, so use try and handle CancellationError there (catch is CancellationError) rather than as a failure"
        case .nestedClosure:
            return crash + "; this nested closure may not be allowed to throw (a withTaskGroup child task cannot), so try may not compile there: " + handleHere
        case .deferBlock:
            return crash + "; a defer block cannot throw, so try does not compile there: " + handleHere
        case .handler:
            return crash + "; the .\(effect) catch: handler cannot throw, so try does not compile there: " + handleHere
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
                                                placement: placement(closure.open, isOperation: index == 0, token: j, code: code)))
                    }
                }
            }
        }
        return result
    }

    /// Where the token sits in the effect closure opening at `open`: the innermost enclosing block that
    /// changes what `try` would do (a `do` with a `catch`, a `defer`, a nested closure), else the
    /// closure itself (`.operation`, or `.handler` for the effect's other closures). The blocks of `if`,
    /// `guard`, `for`, `while`, `switch`, `else`, `repeat`, `catch` and a `do` without `catch` pass the
    /// error on unchanged.
    static func placement(_ open: Int, isOperation: Bool, token: Int, code: CodeTokens) -> Placement {
        var k = token - 1
        while k > open {
            if code.isPunct(k, .rbrace) || code.isPunct(k, .rparen) || code.isPunct(k, .rbracket),
               let o = code.partnerOf(k), o < k {
                k = o - 1
                continue
            }
            if code.isPunct(k, .lbrace) {
                guard let keyword = statementKeyword(ofBlock: k, code: code) else { return .nestedClosure }
                if keyword == "do", let c = code.partnerOf(k), code.is(c + 1, "catch") { return .doWithCatch }
                if keyword == "defer" { return .deferBlock }
            }
            k -= 1
        }
        return isOperation ? .operation : .handler
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

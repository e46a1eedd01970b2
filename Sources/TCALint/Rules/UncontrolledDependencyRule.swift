/// Reducer logic or an effect reads the real world where TCA provides a controllable dependency:
/// `Date()`, `UUID()`, `Task.sleep`, `DispatchQueue.main` as a scheduler, `Calendar.current`,
/// `Locale.current`, `TimeZone.current`, `.random(…)`, a fresh `ContinuousClock()`. A `TestStore` cannot
/// override them, so tests that touch them are not deterministic (or wait in real time).
public struct UncontrolledDependencyRule: Rule {
    public static let description = RuleDescription(
        id: "uncontrolled_dependency",
        name: "Uncontrolled Dependency",
        summary: "`Date()`, `UUID()`, `Task.sleep`, `Calendar.current`, `.random(…)`… in reducer logic or effects, where a `@Dependency` would make tests deterministic",
        defaultSeverity: .warning,
        fixAvailability: .sometimes,
        prefilterNeedles: ["Reducer"]
    )

    public init() {}

    /// A controllable dependency TCA provides.
    struct Dependency {
        /// Key path after `\.` in `@Dependency(\.date)`.
        var key: String
        /// Property name a fix gives it when the reducer has none.
        var defaultName: String
        /// How the property is read where the uncontrolled call was (`name` is the property's name).
        var use: (_ name: String) -> String
    }

    static let date = Dependency(key: "date", defaultName: "date") { "self.\($0).now" }
    static let uuid = Dependency(key: "uuid", defaultName: "uuid") { "self.\($0)()" }
    static let clock = Dependency(key: "continuousClock", defaultName: "clock") { "self.\($0)" }
    static let suspendingClock = Dependency(key: "suspendingClock", defaultName: "suspendingClock") { "self.\($0)" }
    static let mainQueue = Dependency(key: "mainQueue", defaultName: "mainQueue") { "self.\($0)" }
    static let calendar = Dependency(key: "calendar", defaultName: "calendar") { "self.\($0)" }
    static let locale = Dependency(key: "locale", defaultName: "locale") { "self.\($0)" }
    static let timeZone = Dependency(key: "timeZone", defaultName: "timeZone") { "self.\($0)" }
    static let random = Dependency(key: "withRandomNumberGenerator", defaultName: "withRandomNumberGenerator") { "self.\($0)" }

    struct Detection {
        /// Tokens [start, end] of the uncontrolled expression.
        var start: Int
        var end: Int
        var shown: String
        var dependency: Dependency
        /// The replacement text, given how the dependency is read (`self.date.now`, `self.clock`); nil
        /// when no mechanical replacement exists.
        var replacement: ((String) -> String)?
        var logic: ReducerLogic
        var inStaticFunction: Bool
        /// What the code does with a clock, which decides the harm: waiting on it or reading its time.
        var clockUse: ClockUse? = nil
    }

    enum ClockUse {
        /// `Task.sleep(…)`: tests wait in real time.
        case sleep
        /// `ContinuousClock.now`: a value that differs on every run.
        case now
        /// `ContinuousClock()`: a real clock, slept on or read later.
        case instance
    }

    public func check(_ file: AnalyzedFile) -> [Finding] {
        let detections = Self.detections(in: file)
        var fixByOffset: [Int: Fix] = [:]
        for fix in fixes(for: detections, in: file) {
            for offset in fix.findingOffsets { fixByOffset[offset] = fix }
        }
        return detections.map { d in
            let offset = file.code.tokens[d.start].startOffset
            let use = d.dependency.key == "withRandomNumberGenerator"
                ? "@Dependency(\\.withRandomNumberGenerator) and pass its generator (using:)"
                : d.clockUse == .now ? "@Dependency(\\.\(d.dependency.key)) and its now"
                : "@Dependency(\\.\(d.dependency.key))"
            return finding(at: offset, "\(d.shown) in \(d.logic.typeName)'s reducer \(Self.harm(d)); use \(use)",
                           fix: fixByOffset[offset])
        }
    }

    /// What the uncontrolled expression does and why a test suffers: a read of a value that differs from
    /// run to run, or a wait in real time (sleeping on the real clock, scheduling on the main queue).
    static func harm(_ d: Detection) -> String {
        let notDeterministic = "which a TestStore cannot control, so tests are not deterministic"
        switch d.clockUse {
        case .sleep?:
            return "sleeps on the real clock, which a TestStore cannot control, so tests wait in real time"
        case .now?:
            return "reads the real clock's current instant, " + notDeterministic
        case .instance?:
            return "creates a real clock, which a TestStore cannot control: sleeping on it makes tests wait in real time, and its now differs on every run"
        case nil:
            break
        }
        switch d.dependency.key {
        case "date": return "reads the real current date, " + notDeterministic
        case "uuid": return "reads the real random UUID generator, " + notDeterministic
        case "mainQueue": return "schedules on the real main queue, which a TestStore cannot control, so tests must wait for it in real time"
        case "calendar": return "reads the real user's calendar, " + notDeterministic
        case "locale": return "reads the real user's locale, " + notDeterministic
        case "timeZone": return "reads the real user's time zone, " + notDeterministic
        default: return "reads the real random number generator, " + notDeterministic
        }
    }

    static func detections(in file: AnalyzedFile) -> [Detection] {
        // A project that is a collection of samples (episode explorations) has no test suite whose
        // determinism is at stake. A demo folder inside an app still may (and `CubePreview` is a feature).
        guard file.isAppCode, !file.role.contains(.sampleProject) else { return [] }
        let code = file.code
        var result: [Detection] = []
        for part in file.reducerCode {
            let function = part.logic.declarations.flatMap(\.functions).first { $0.bodyOpen == part.region.open }
            var j = part.region.open + 1
            while j < part.region.close {
                if var d = match(at: j, limit: part.region.close, code: code, logic: part.logic) {
                    d.inStaticFunction = function?.isStatic ?? false
                    result.append(d)
                    j = d.end + 1
                } else {
                    j += 1
                }
            }
        }
        return result
    }

    /// The value at `j` is the `id:` argument of `.cancellable(id:…)` / `.cancel(id:)`.
    /// Whether the `Task.sleep(…)` at j (its `)` at close) is the only statement of a `while` loop's body.
    static func isKeepAliveLoop(sleep j: Int, close: Int, code: CodeTokens) -> Bool {
        var k = j - 1
        while k > 0 && (code.is(k, "await") || code.is(k, "try") || code.isOperator(k, "?") || code.isOperator(k, "!")) { k -= 1 }
        guard code.isPunct(k, .lbrace), code.partnerOf(k) == close + 1 else { return false }
        var h = k - 1
        var steps = 0
        while h > 0 && steps < 8 && !code.is(h, "while") {
            guard !code.isPunct(h, .lbrace) && !code.isPunct(h, .rbrace) && !code.isPunct(h, .semicolon) else { return false }
            h -= 1
            steps += 1
        }
        return code.is(h, "while")
    }

    static func isCancelID(at j: Int, code: CodeTokens) -> Bool {
        code.isPunct(j - 1, .colon) && code.is(j - 2, "id") && code.isPunct(j - 3, .lparen)
            && (code.is(j - 4, "cancellable") || code.is(j - 4, "cancel"))
    }

    static func match(at j: Int, limit: Int, code: CodeTokens, logic: ReducerLogic) -> Detection? {
        guard code.tokens[j].kind == .identifier, !code.isDot(j - 1) || code.is(j - 2, "Foundation") else { return nil }
        func found(_ end: Int, _ dependency: Dependency, _ replacement: ((String) -> String)?) -> Detection {
            Detection(start: j, end: end, shown: code.shownText(from: j, through: end), dependency: dependency,
                      replacement: replacement, logic: logic, inStaticFunction: false,
                      clockUse: code.is(j, "Task") ? .sleep : nil)
        }
        let emptyCall = code.isPunct(j + 1, .lparen) && code.isPunct(j + 2, .rparen)
        let member = code.isDot(j + 1) && j + 2 < limit ? code.text(j + 2) : nil
        switch code.text(j) {
        case "Date":
            if emptyCall { return found(j + 2, date, { $0 }) }
            if member == "now" { return found(j + 2, date, { $0 }) }
        case "UUID":
            // `.cancellable(id: UUID())`: an identity nothing reads or compares, so no test can observe it.
            if emptyCall && !isCancelID(at: j, code: code) { return found(j + 2, uuid, { $0 }) }
        case "Calendar", "Locale", "TimeZone":
            guard member == "current" || member == "autoupdatingCurrent" else { return nil }
            // `Calendar.current.date(byAdding: .minute, …)`: seconds, minutes and hours are fixed lengths of
            // time, the same in every calendar, time zone and locale, so nothing a test controls changes it.
            if code.is(j, "Calendar"), code.isDot(j + 3), code.is(j + 4, "date"), code.isPunct(j + 5, .lparen),
               code.is(j + 6, "byAdding"), code.isPunct(j + 7, .colon), code.isDot(j + 8),
               ["second", "minute", "hour", "nanosecond"].contains(where: { code.is(j + 9, $0) }) { return nil }
            let dependency = code.is(j, "Calendar") ? calendar : code.is(j, "Locale") ? locale : timeZone
            return found(j + 2, dependency, { $0 })
        case "ContinuousClock", "SuspendingClock":
            let dependency = code.is(j, "ContinuousClock") ? clock : suspendingClock
            var d: Detection
            if emptyCall { d = found(j + 2, dependency, nil); d.clockUse = .instance; return d }
            if member == "now" { d = found(j + 2, dependency, nil); d.clockUse = .now; return d }
        case "Task":
            guard member == "sleep", code.isPunct(j + 3, .lparen), let close = code.partnerOf(j + 3), close > j + 3 else { return nil }
            // `Task.sleep(nanoseconds: 0)`: a yield, no time passes that a test would wait for.
            if code.isPunct(j + 5, .colon), j + 7 == close, code.tokens[j + 6].kind == .number, code.is(j + 6, "0") { return nil }
            // `while true { try await Task.sleep(…) }` alone in its loop: a keep-alive until cancelled; nothing
            // happens after the sleep, so a test clock would change nothing a test can see.
            if Self.isKeepAliveLoop(sleep: j, close: close, code: code) { return nil }
            if code.is(j + 4, "for") && code.isPunct(j + 5, .colon) {
                let arguments = code.sourceText(from: j + 4, through: close - 1)
                return found(close, clock) { "\($0).sleep(\(arguments))" }
            }
            if code.is(j + 4, "nanoseconds") && code.isPunct(j + 5, .colon), !(j + 6..<close).contains(where: { code.isPunct($0, .comma) }) {
                let value = code.sourceText(from: j + 6, through: close - 1)
                return found(close, clock) { "\($0).sleep(for: .nanoseconds(\(value)))" }
            }
            return found(close, clock, nil)
        case "DispatchQueue":
            // As a scheduler: `receive(on: DispatchQueue.main)`, `debounce(…, scheduler: DispatchQueue.main)`.
            guard member == "main", code.isPunct(j - 1, .colon), code.is(j - 2, "scheduler") || code.is(j - 2, "on") else { return nil }
            var end = j + 2
            if code.isDot(end + 1), code.is(end + 2, "eraseToAnyScheduler"), code.isPunct(end + 3, .lparen), code.isPunct(end + 4, .rparen) {
                end += 4
            }
            return found(end, mainQueue, { $0 })
        default:
            break
        }
        // `Int.random(in:)`, `Bool.random()`: no generator passed.
        if code.startsUppercase(j), member == "random", code.isPunct(j + 3, .lparen), let close = code.partnerOf(j + 3), close > j + 3,
           !(j + 4..<close).contains(where: { code.is($0, "using") && code.isPunct($0 + 1, .colon) }) {
            return found(close, random, nil)
        }
        return nil
    }
}

extension UncontrolledDependencyRule {
    /// Unsafe (tests must now provide the dependency): replaces each uncontrolled call of one reducer
    /// with its `@Dependency` property, adding the property when the reducer has none. One fix per
    /// reducer, for all its fixable findings.
    func fixes(for all: [Detection], in file: AnalyzedFile) -> [Fix] {
        let code = file.code
        // One fix per reducer: its replacements and one insertion of every property it lacks, so that
        // the properties are added in the order the code first needs them, in a single pass.
        var byReducer: [Int: [UncontrolledDependencyRule.Detection]] = [:]
        var order: [Int] = []
        for d in all where d.replacement != nil && !d.inStaticFunction {
            let key = d.logic.declarations.first?.nameToken ?? 0
            if byReducer[key] == nil { order.append(key) }
            byReducer[key, default: []].append(d)
        }
        var fixes: [Fix] = []
        for key in order {
            guard let detections = byReducer[key], let logic = detections.first?.logic else { continue }
            let properties = DependencyProperties(declarations: logic.declarations, code: code)
            // A property of one `#if` branch cannot be read from code outside it.
            func usable(_ name: String?) -> String? { name.flatMap { properties.conditionalNames.contains($0) ? nil : $0 } }
            // Names the reducer's declarations in other files take (nil: the project model cannot tell).
            let elsewhere = Self.memberNamesInOtherFiles(of: logic, in: file)
            var access: [String: String] = [:]  // dependency key → how it is read, or "" when it cannot be added
            var added: [String] = []
            for d in detections where access[d.dependency.key] == nil {
                let dependency = d.dependency
                if let name = usable(properties.names[dependency.key]) {
                    access[dependency.key] = dependency.use(name)
                } else if dependency.key == "date", let now = usable(properties.names["date.now"]) {
                    access[dependency.key] = "self.\(now)"
                } else if properties.memberNames.contains(dependency.defaultName)
                            || elsewhere.map({ $0.contains(dependency.defaultName) }) ?? true {
                    // Taken here or in another file's extension (a second declaration would not compile), or
                    // unknown: no property is added.
                    access[dependency.key] = ""
                } else {
                    access[dependency.key] = dependency.use(dependency.defaultName)
                    added.append("@Dependency(\\.\(dependency.key)) var \(dependency.defaultName)")
                }
            }
            var edits: [TextEdit] = []
            if !added.isEmpty {
                guard let insertion = propertyInsertion(added, after: properties.lastPropertyName, logic: logic, code: code)
                else { continue }
                edits.append(insertion)
            }
            var offsets: [Int] = []
            for d in detections {
                guard let read = access[d.dependency.key], !read.isEmpty, let text = d.replacement?(read) else { continue }
                edits.append(TextEdit(range: code.tokens[d.start].startOffset..<code.tokens[d.end].endOffset,
                                      replacement: Array(text.utf8)))
                offsets.append(code.tokens[d.start].startOffset)
            }
            guard !offsets.isEmpty else { continue }
            fixes.append(fix("Read the date, UUIDs, clock… through @Dependency", .unsafe, edits: edits, findingOffsets: offsets))
        }
        return fixes
    }

    /// The member names the reducer's declarations in other files take (extensions: computed properties,
    /// functions), from the project model; empty for a file linted alone (its own project), nil when the
    /// model was read without members and cannot tell.
    static func memberNamesInOtherFiles(of logic: ReducerLogic, in file: AnalyzedFile) -> Set<String>? {
        guard let project = file.project else { return [] }
        guard project.holdsMembers else { return nil }
        let here = Paths.normalize(file.source.path)
        var names = Set<String>()
        for simpleName in Set(logic.declarations.map(\.simpleName)) {
            for (path, type) in project.typeDeclarations(named: simpleName) where Paths.normalize(path) != here {
                names.formUnion(type.properties.map(\.name))
                names.formUnion(type.functions.map(\.name))
                names.formUnion(type.cases.map(\.name))
            }
        }
        return names
    }

    /// The outermost member-level `#if` of the block opened at `open` that encloses token `k`, if any: a
    /// member added there would exist in one build configuration only.
    private static func enclosingIfConfig(_ k: Int, open: Int, code: CodeTokens) -> Int? {
        var stack: [Int] = []
        var j = open + 1
        while j < k {
            if code.tokens[j].kind == .pound {
                if code.is(j, "#if") { stack.append(j) } else if code.is(j, "#endif") { _ = stack.popLast() }
                j += 1
                continue
            }
            j = code.skipGroup(j, limit: k)
        }
        return stack.first
    }

    /// Inserts the property line into the reducer's own declaration (extensions cannot hold stored
    /// properties): below its last `@Dependency` property, else above `var body`, else as the first member;
    /// when that place is inside a `#if` (two `body`s, for DEBUG and the rest), above the `#if`, so the
    /// property exists in every configuration.
    private func propertyInsertion(_ properties: [String], after lastProperty: Int?, logic: ReducerLogic, code: CodeTokens) -> TextEdit? {
        guard let decl = logic.declarations.first(where: { $0.kind == .struct || $0.kind == .class }) else { return nil }
        let lines = LineGeometry(bytes: code.bytes)
        let newline = LineEnding.detect(code.bytes).rawValue
        func block(_ indent: String) -> String { properties.map { indent + $0 }.joined(separator: newline) }
        // Above the `#if` enclosing `anchor`: the member's indentation, on a line of its own, then a blank line.
        func aboveIfConfig(enclosing anchor: Int) -> TextEdit?? {
            guard let directive = Self.enclosingIfConfig(anchor, open: decl.membersOpen, code: code) else { return .none }
            var first = anchor
            while first > decl.membersOpen + 1 && !code.newlineBefore[first] { first -= 1 }
            guard code.newlineBefore[directive], code.newlineBefore[first] else { return .some(nil) }
            let indent = String(decoding: lines.indentation(ofLineAt: lines.lineStart(code.tokens[first].startOffset)), as: UTF8.self)
            return .some(.insert(Array((block(indent) + newline + newline).utf8), at: lines.lineStart(code.tokens[directive].startOffset)))
        }
        if let last = lastProperty, last > decl.membersOpen, last < decl.membersClose {
            if let edit = aboveIfConfig(enclosing: last) { return edit }
            var first = last
            while first > decl.membersOpen + 1 && !code.newlineBefore[first] { first -= 1 }
            let offset = code.tokens[last].startOffset
            guard lines.hasLineBreak(offset), code.newlineBefore[first] else { return nil }
            let indent = String(decoding: lines.indentation(ofLineAt: lines.lineStart(code.tokens[first].startOffset)), as: UTF8.self)
            return .insert(Array((block(indent) + newline).utf8), at: lines.nextLineStart(offset))
        }
        if let body = decl.body, body.nameToken > decl.membersOpen, body.nameToken < decl.membersClose {
            if let edit = aboveIfConfig(enclosing: body.nameToken) { return edit }
            var first = body.nameToken
            while first > decl.membersOpen + 1 && !code.newlineBefore[first] { first -= 1 }
            guard code.newlineBefore[first] else { return nil }
            let start = lines.lineStart(code.tokens[first].startOffset)
            let indent = String(decoding: lines.indentation(ofLineAt: start), as: UTF8.self)
            return .insert(Array((block(indent) + newline + newline).utf8), at: start)
        }
        let next = decl.membersOpen + 1
        guard next < code.count, code.newlineBefore[next] else { return nil }
        let indent = String(decoding: lines.indentation(ofLineAt: lines.lineStart(code.tokens[next].startOffset)), as: UTF8.self)
        return .insert(Array((newline + block(indent) + newline).utf8), at: code.tokens[decl.membersOpen].endOffset)
    }
}

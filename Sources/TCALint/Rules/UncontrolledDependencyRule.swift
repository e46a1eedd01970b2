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

    static let dependencies: [String: Dependency] = [
        "date": Dependency(key: "date", defaultName: "date") { "self.\($0).now" },
        "uuid": Dependency(key: "uuid", defaultName: "uuid") { "self.\($0)()" },
        "continuousClock": Dependency(key: "continuousClock", defaultName: "clock") { "self.\($0)" },
        "suspendingClock": Dependency(key: "suspendingClock", defaultName: "suspendingClock") { "self.\($0)" },
        "mainQueue": Dependency(key: "mainQueue", defaultName: "mainQueue") { "self.\($0)" },
        "calendar": Dependency(key: "calendar", defaultName: "calendar") { "self.\($0)" },
        "locale": Dependency(key: "locale", defaultName: "locale") { "self.\($0)" },
        "timeZone": Dependency(key: "timeZone", defaultName: "timeZone") { "self.\($0)" },
        "withRandomNumberGenerator": Dependency(key: "withRandomNumberGenerator", defaultName: "withRandomNumberGenerator") { "self.\($0)" },
    ]

    /// An uncontrolled expression in a feature's logic.
    struct Detection {
        var facts: UncontrolledFacts
        var feature: Feature
        var inStaticFunction: Bool
        var dependency: Dependency { UncontrolledDependencyRule.dependencies[facts.key]! }

        /// The replacement text, given how the dependency is read (`self.date.now`, `self.clock`); nil when no
        /// mechanical replacement exists.
        func replacement(_ read: String) -> String? {
            switch facts.replacement {
            case .use?: return read
            case .sleepFor(let arguments)?: return "\(read).sleep(\(arguments))"
            case .sleepNanoseconds(let value)?: return "\(read).sleep(for: .nanoseconds(\(value)))"
            case nil: return nil
            }
        }
    }

    public func check(_ file: AnalyzedFile) -> [Finding] {
        let detections = Self.detections(in: file)
        var fixByOffset: [Int: Fix] = [:]
        if let syntax = file.syntax {
            for fix in fixes(for: detections, in: file, syntax: syntax) {
                for offset in fix.findingOffsets { fixByOffset[offset] = fix }
            }
        }
        return detections.map { d in
            finding(at: d.facts.anchor, Self.message(d), fix: fixByOffset[d.facts.anchor.offset])
        }
    }

    static func message(_ d: Detection) -> String {
        let key = d.facts.key
        let use = key == "withRandomNumberGenerator"
            ? "@Dependency(\\.withRandomNumberGenerator) and pass its generator (using:)"
            : d.facts.clockUse == .now ? "@Dependency(\\.\(key)) and its now"
            : "@Dependency(\\.\(key))"
        return "\(d.facts.shown) in \(d.feature.name)'s reducer \(harm(d.facts)); use \(use)"
    }

    /// What the uncontrolled expression does and why a test suffers: a read of a value that differs from
    /// run to run, or a wait in real time (sleeping on the real clock, scheduling on the main queue).
    static func harm(_ d: UncontrolledFacts) -> String {
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
        switch d.key {
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
        return file.logic.flatMap { part in
            // `state.lastSeen = .now` reads the date only when the model shows the field is a `Date`.
            part.logic.uncontrolled.filter { $0.assignedField.map { part.feature.state?.holdsDate($0) == true } ?? true }
                .map { Detection(facts: $0, feature: part.feature, inStaticFunction: part.logic.isStatic) }
        }
    }
}

extension UncontrolledDependencyRule {
    /// Unsafe (tests must now provide the dependency): replaces each uncontrolled call of one reducer
    /// with its `@Dependency` property, adding the property when the reducer has none. One fix per
    /// reducer, for all its fixable findings.
    func fixes(for all: [Detection], in file: AnalyzedFile, syntax: FileSyntax) -> [Fix] {
        let code = syntax.code
        // One fix per reducer: its replacements and one insertion of every property it lacks, so that
        // the properties are added in the order the code first needs them, in a single pass.
        var byFeature: [String: [Detection]] = [:]
        var order: [String] = []
        for d in all where d.facts.replacement != nil && !d.inStaticFunction {
            let key = d.feature.qualifiedName
            if byFeature[key] == nil { order.append(key) }
            byFeature[key, default: []].append(d)
        }
        var fixes: [Fix] = []
        for key in order {
            guard let detections = byFeature[key], let feature = detections.first?.feature else { continue }
            // Properties already declared, in any file of the feature: key path → name (a property of one `#if`
            // branch cannot be read from code outside it), and every member name, in every file of the project.
            var names: [String: String] = [:]
            for d in feature.dependencies where !d.isConditional { if let k = d.keyPath, names[k] == nil { names[k] = d.name } }
            let memberNames = feature.memberNames
            var access: [String: String] = [:]  // dependency key → how it is read, or "" when it cannot be added
            var added: [String] = []
            for d in detections where access[d.facts.key] == nil {
                let dependency = d.dependency
                if let name = names[dependency.key] {
                    access[dependency.key] = dependency.use(name)
                } else if dependency.key == "date", let now = names["date.now"] {
                    access[dependency.key] = "self.\(now)"
                } else if memberNames.contains(dependency.defaultName) {
                    // Taken (a second declaration would not compile): no property is added.
                    access[dependency.key] = ""
                } else {
                    access[dependency.key] = dependency.use(dependency.defaultName)
                    added.append("@Dependency(\\.\(dependency.key)) var \(dependency.defaultName)")
                }
            }
            var edits: [TextEdit] = []
            if !added.isEmpty {
                guard let declaration = file.facts.types.first(where: {
                          ($0.kind == "struct" || $0.kind == "class") && $0.qualifiedName == feature.qualifiedName }),
                      let insertion = DependencyPropertyInsertion.edit(inserting: added, into: declaration, code: code) else { continue }
                edits.append(insertion)
            }
            var offsets: [Int] = []
            for d in detections {
                guard let read = access[d.facts.key], !read.isEmpty, let text = d.replacement(read) else { continue }
                edits.append(TextEdit(range: d.facts.anchor.offset..<d.facts.endAnchor.end, replacement: Array(text.utf8)))
                offsets.append(d.facts.anchor.offset)
            }
            guard !offsets.isEmpty else { continue }
            fixes.append(fix("Read the date, UUIDs, clock… through @Dependency", .unsafe, edits: edits, findingOffsets: offsets))
        }
        return fixes
    }
}

/// A file's tokens and parse: what `FactsExtractor` reads, and what a rule reads to build a fix's edits.
/// A lint run drops it once the facts are read, so each file is tokenized once.
public final class FileSyntax {
    public let source: SourceFile
    /// Every token, comments included (the disable comments live there).
    public let tokens: SourceTokens
    /// The tokens without comments, as the parser walks them.
    public let code: CodeTokens
    /// Every type declaration header of the file.
    let headers: [ReducerParser.TypeHeader]

    public init(source: SourceFile) {
        self.source = source
        self.tokens = SourceTokens(Tokenizer.tokenize(source.bytes))
        self.code = CodeTokens(bytes: source.bytes, allTokens: tokens)
        self.headers = ReducerParser(code: code).typeHeaders()
    }

    /// The reducer parse of the file (types with `@Reducer` or inheriting `Reducer`, their `body` lists), for
    /// `dump reducers` and its comparison with SwiftParser; rules read facts instead.
    public private(set) lazy var model: FileModel = ReducerParser(code: code).parseFile()
}

/// One file as rules see it: its facts, the project model they belong to, and — when the file was tokenized
/// for this analysis (fixes, the editor) — its syntax, which rules read only to build a fix's edits.
public final class AnalyzedFile {
    public let path: String
    public let facts: FileFacts
    /// The project-wide feature model; it holds `facts` for this path (a file linted alone is its own project).
    public let project: FeatureIndex
    /// Present when fixes are wanted: tokens to build their edits from.
    public let syntax: FileSyntax?
    /// What the file is for, from its path (documentation, tests, demos).
    public let role: SourceRole
    /// The TCA version the project builds with (or the one `--target-tca` asks about), when known: set by the
    /// `Linter` that checks the file. Deprecation rules read it.
    public internal(set) var tcaVersion: TCAVersion?
    /// `tcaVersion` is the lower bound of a manifest's requirement, not a resolved version (`Linter.tcaVersionIsLowerBound`).
    public internal(set) var tcaVersionIsLowerBound = false
    /// The deployment target below Observation (iOS 17, macOS 14) that the nearest build description above the file
    /// names, read on first use; nil when none is known or it is new enough. A `Linter` given a target sets it.
    public internal(set) lazy var deploymentTarget: DeploymentTarget? = DeploymentTarget.needingPerception(forFile: path)

    public init(facts: FileFacts, project: FeatureIndex, syntax: FileSyntax? = nil) {
        self.path = facts.path
        self.facts = facts
        self.project = project
        self.syntax = syntax
        self.role = SourceRole(path: facts.path)
    }

    /// Tokenizes `source`, reads its facts and puts them into `project` (or a project of its own).
    public convenience init(source: SourceFile, project: FeatureIndex? = nil, keepSyntax: Bool = true) {
        let syntax = FileSyntax(source: source)
        let facts = FactsExtractor.extract(syntax)
        self.init(facts: facts, project: (project ?? FeatureIndex(files: [])).replacing(facts), syntax: keepSyntax ? syntax : nil)
    }

    /// Whether the file is a shipping app's code: not a test (it uses no `TestStore` and is not in a test
    /// target) and not documentation. Rules about run-time harm in an app read only such files.
    public var isAppCode: Bool {
        !facts.file.usesTestStore && role.isDisjoint(with: [.documentation, .test])
    }

    /// Answers several rules share, by the type that computes them (`computedOnce`).
    private var shared: [ObjectIdentifier: Any] = [:]

    /// `make()`'s answer for this file, computed when first asked and kept with the file: rules that ask the same question
    /// of it (the sends by which its features send themselves their own actions) pay for it once. A `Linter` checks a
    /// file's rules one after another, on one thread.
    func computedOnce<Value>(by owner: Any.Type, _ make: () -> Value) -> Value {
        let key = ObjectIdentifier(owner)
        if let value = shared[key] as? Value { return value }
        let value = make()
        shared[key] = value
        return value
    }

    /// The features with a declaration (or extension) in this file, in the project's order.
    public private(set) lazy var features: [Feature] = project.features(declaredIn: path)

    /// The logic of the features written in this file: each unit once, with its feature.
    public var logic: [(feature: Feature, logic: LogicFacts)] {
        features.flatMap { f in f.logic.filter { $0.location.path == path }.map { (f, $0) } }
    }

    /// The builders of the features written in this file, with their feature.
    public var builders: [(feature: Feature, builder: BuilderFacts)] {
        features.flatMap { f in f.builders.filter { $0.location.path == path }.map { (f, $0) } }
    }
}

/// One file carried through the pipeline: bytes → tokens → reducer model.
/// Rules receive this and read only the tokens and the model.
public final class AnalyzedFile {
    public let source: SourceFile
    /// Every token, comments included (the disable comments live there).
    public let tokens: SourceTokens
    /// The tokens without comments, as the parser and rules walk them.
    public let code: CodeTokens
    public let model: FileModel
    /// The project-wide feature model of the run, when one was built (`ProjectIndexer`); its reducer
    /// protocols make `struct X: FeatureReducer` a reducer in `model`.
    public let project: FeatureIndex?
    /// What the file is for, from its path (documentation, tests, demos).
    public let role: SourceRole

    public init(source: SourceFile, project: FeatureIndex? = nil) {
        self.source = source
        self.project = project
        self.role = SourceRole(path: source.path)
        self.tokens = SourceTokens(Tokenizer.tokenize(source.bytes))
        self.code = CodeTokens(bytes: source.bytes, allTokens: tokens)
        let protocols = project?.projectReducerProtocolSet ?? []
        self.model = ReducerParser(code: code, projectReducerProtocols: protocols,
                                   projectReducerTypes: project?.reducerTypeNames ?? []).parseFile()
    }

    /// Whether the file is a shipping app's code: not a test (it uses no `TestStore` and is not in a test
    /// target) and not documentation. Rules about run-time harm in an app read only such files.
    public var isAppCode: Bool {
        !model.usesTestStore && role.isDisjoint(with: [.documentation, .test])
    }

    /// Where each reducer type's per-action logic lives: one entry per type (a reducer and its
    /// extensions in the file share one), in source order. Built once, on first use, for every rule
    /// that looks inside reducer logic.
    /// The logic of the reducer type a declaration belongs to, found through an index (a file of n
    /// reducers asks n times).
    public func logic(of reducer: ReducerDeclaration) -> ReducerLogic? {
        logicIndex[reducer.identity].map { reducerLogic[$0] }
    }

    private lazy var logicIndex: [String: Int] = {
        var index: [String: Int] = [:]
        for (i, logic) in reducerLogic.enumerated() {
            for d in logic.declarations where index[d.identity] == nil { index[d.identity] = i }
        }
        return index
    }()

    public private(set) lazy var reducerLogic: [ReducerLogic] = {
        var seen = Set<String>()
        return model.reducers.compactMap { reducer in
            guard seen.insert(reducer.identity).inserted else { return nil }
            return ReducerLogic(reducer: reducer, in: model, code: code)
        }
    }()
}

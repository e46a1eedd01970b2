/// One file carried through the pipeline: bytes → tokens → reducer model.
/// Rules receive this and read only the tokens and the model.
public final class AnalyzedFile {
    public let source: SourceFile
    /// Every token, comments included (the disable comments live there).
    public let tokens: [Token]
    /// The tokens without comments, as the parser and rules walk them.
    public let code: CodeTokens
    public let model: FileModel

    public init(source: SourceFile) {
        self.source = source
        self.tokens = Tokenizer.tokenize(source.bytes)
        self.code = CodeTokens(bytes: source.bytes, allTokens: tokens)
        self.model = ReducerParser(code: code).parseFile()
    }

    /// Where each reducer type's per-action logic lives: one entry per type (a reducer and its
    /// extensions in the file share one), in source order. Built once, on first use, for every rule
    /// that looks inside reducer logic.
    public private(set) lazy var reducerLogic: [ReducerLogic] = {
        var seen = Set<String>()
        return model.reducers.compactMap { reducer in
            guard seen.insert(reducer.identity).inserted else { return nil }
            return ReducerLogic(reducer: reducer, in: model, code: code)
        }
    }()
}

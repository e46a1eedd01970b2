/// PLACEHOLDER: replaced by the real parser.
public struct ReducerParser {
    let code: CodeTokens
    public init(code: CodeTokens) { self.code = code }
    public func parseFile() -> FileModel { FileModel() }
}

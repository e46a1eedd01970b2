extension Tokenizer {
    /// Tokenizes a whole file. Never fails: bytes it cannot classify become `.unknown`
    /// and unterminated literals or comments end at the end of the input.
    public static func tokenize(_ bytes: [UInt8]) -> [Token] {
        bytes.withUnsafeBufferPointer { tokenize($0) }
    }
}

// libFuzzer entry point over the whole engine: tokenizer → reducer parser → every rule.
//
// Not part of the SwiftPM package (Tests/Fuzz is no target): `scripts/fuzz` compiles this file
// together with Sources/TCALint/**/*.swift into one module with
// `swiftc -sanitize=fuzzer,address -parse-as-library`, so it uses the engine's types directly.
//
// Besides "does not crash, does not hang" it checks the invariants every consumer relies on,
// so a violation is reported as a crash with the input that caused it.

@_cdecl("LLVMFuzzerTestOneInput")
public func tcaLintFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let source = SourceFile(path: "Fuzz.swift", bytes: bytes)

    let tokens = Tokenizer.tokenize(bytes)
    var previousEnd = 0
    for token in tokens {
        precondition(token.startOffset >= previousEnd, "tokens overlap or are out of order")
        precondition(token.endOffset > token.startOffset, "empty token")
        precondition(token.endOffset <= bytes.count, "token past the end of the input")
        previousEnd = token.endOffset
    }

    let diagnostics = Linter(rules: RuleRegistry.all).lint(source)
    let lineCount = bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    for diagnostic in diagnostics {
        precondition(diagnostic.line >= 1 && diagnostic.column >= 1, "diagnostic before the start of the file")
        // CR-only line ends can only add lines, so the LF count is a floor, not a ceiling: allow them.
        precondition(diagnostic.line <= lineCount + bytes.reduce(0) { $0 + ($1 == 0x0D ? 1 : 0) },
                     "diagnostic past the last line")
    }
    return 0
}

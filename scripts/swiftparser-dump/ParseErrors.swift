// `swiftparser-dump errors`: how many syntax errors SwiftParser recovers from in each file.
//
// The count is the number of recovery sites in the tree: each run of unexpected nodes (text the
// parser skipped) and each missing token (text the parser had to invent). That is what the
// compiler's syntax diagnostics are made of, without linking SwiftParserDiagnostics. The fault
// campaign (scripts/fault-campaign) compares the counts of a file before and after `tca-lint --fix`:
// a fix must never add one.

import SwiftParser
import SwiftSyntax

final class RecoveryCounter: SyntaxVisitor {
    private(set) var count = 0

    init() { super.init(viewMode: .all) }

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        count += 1
        return .skipChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if token.presence == .missing { count += 1 }
        return .visitChildren
    }
}

/// One line per file: `<count> <path>`.
func runErrors(_ options: CommandOptions) {
    guard !options.files.isEmpty else { exitWithUsageError("errors: no FILE") }
    var output = OutputBuffer()
    for path in options.files {
        let bytes = readFileBytes(path)
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let counter = RecoveryCounter()
        counter.walk(tree)
        output.append("\(counter.count) \(path)\n")
    }
    output.flush()
}

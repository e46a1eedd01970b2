import Foundation

// Build-time generator run by RuleDocsPlugin: `rule-docs-generator OUTPUT.swift rules/a.md rules/b.md …`
// writes `RuleDocs.documents` (rule id → document text) as raw string literals, sorted by rule id, so
// `tca-lint explain` works from the binary alone and no generated source is checked in.

/// A raw-string delimiter no run of `#` after a `"` or `\` in the text can close or escape.
func delimiter(for text: String) -> String {
    var longest = 0
    var run = -1  // -1: not counting; otherwise the `#`s seen after a `"` or `\`
    for scalar in text.unicodeScalars {
        if scalar == "#" && run >= 0 {
            run += 1
            longest = max(longest, run)
        } else {
            run = (scalar == "\"" || scalar == "\\") ? 0 : -1
        }
    }
    return String(repeating: "#", count: longest + 1)
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("rule-docs-generator: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else { fail("usage: rule-docs-generator OUTPUT.swift DOCUMENT.md…") }
var entries: [(id: String, literal: String)] = []
for path in arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    let text = String(decoding: data, as: UTF8.self)
    // Multi-line literals normalise line endings, so a CR would not survive the round trip.
    if text.contains("\r") { fail("\(path): CR line endings are not supported") }
    let id = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    let hashes = delimiter(for: text)
    // The line break before the closing delimiter is not part of the value: the value is exactly `text`.
    entries.append((id, "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"))
}
entries.sort { $0.id < $1.id }
let body = entries.isEmpty ? "        :\n" : entries.map { "        \"\($0.id)\": \($0.literal),\n" }.joined()
let source = """
    // Generated at build time by RuleDocsPlugin from rules/*.md.

    /// The rule documents (`rules/<id>.md`), embedded so `tca-lint explain` works without the source tree.
    enum RuleDocs {
        static let documents: [String: String] = [
    \(body)    ]
    }

    """
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    fail("cannot write \(output): \(error)")
}

import Foundation
@testable import TCALint

/// A parsed `rules/<rule_id>.md`. The format is fixed (see rules/README.md) because tests execute it.
/// The document holds prose and examples only: the rule's id, name, severity, fix availability and
/// summary live in its `RuleDescription` (`tca-lint explain` prints them above the document).
struct RuleDocument {
    static let sectionTitles = [
        "What it does",
        "Why is this bad",
        "Example",
        "Use instead",
        "Triggering examples",
        "Non-triggering examples",
        "Limits",
    ]

    /// Where the optional "Fix" section goes (required for fixable rules): right after "Use instead".
    static let fixSectionTitle = "Fix"
    static let fixSectionFollows = "Use instead"

    struct CodeBlock {
        var section: String
        /// 1-based line of the opening fence in the .md file (for failure messages).
        var fenceLine: Int
        var code: String
        /// The `> …` lines right after the block: the messages of its findings, in position order.
        var messages: [String] = []
        /// ```swift ios16: the block is built for iOS 16 (as if its package said `platforms: [.iOS(.v16)]`), for
        /// rules that depend on the deployment target.
        var deploymentTarget: DeploymentTarget? = nil
        /// ```swift tca1.4 (also after fix-before): the block's project is on that TCA version, for fixes that
        /// depend on it.
        var tcaVersion: TCAVersion? = nil
    }

    /// Section titles in the order they appear.
    var sections: [String]
    var swiftBlocks: [CodeBlock]
    /// ```swift fix-before / ```swift fix-after pairs of the Fix section (not linted as examples: the
    /// test applies the fix to `before` and compares with `after`).
    var fixExamples: [(before: CodeBlock, after: CodeBlock)]
    /// Format problems; a well-formed document has none.
    var problems: [String]

    func blocks(in section: String) -> [CodeBlock] { swiftBlocks.filter { $0.section == section } }

    static func parse(_ text: String) -> RuleDocument {
        let lines = CaretMarkers.lines(of: text)
        var problems: [String] = []
        func line(_ i: Int) -> String { i < lines.count ? lines[i] : "" }

        if line(0) != "## \(sectionTitles[0])" {
            problems.append("line 1 must be '## \(sectionTitles[0])' (name, severity and summary live in the rule's RuleDescription)")
        }

        var sections: [String] = []
        var blocks: [CodeBlock] = []
        var fixExamples: [(before: CodeBlock, after: CodeBlock)] = []
        var pendingBefore: CodeBlock? = nil
        var currentSection = ""
        var i = 0
        while i < lines.count {
            let l = lines[i]
            if l.hasPrefix("> "), let last = blocks.indices.last, blocks[last].section == currentSection {
                blocks[last].messages.append(String(l.dropFirst(2)))
            } else if l.hasPrefix("## ") {
                currentSection = String(l.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                sections.append(currentSection)
            } else if l.hasPrefix("```") {
                var words = l.dropFirst(3).split(separator: " ").map(String.init)
                // A trailing `tcaX.Y` names the TCA version of the block's project.
                var tcaVersion: TCAVersion? = nil
                if let last = words.last, last.hasPrefix("tca"), let version = TCAVersion(String(last.dropFirst(3))) {
                    tcaVersion = version
                    words.removeLast()
                }
                let language = words.joined(separator: " ")
                let fenceLine = i + 1
                var body: [String] = []
                i += 1
                while i < lines.count && !lines[i].hasPrefix("```") {
                    body.append(lines[i])
                    i += 1
                }
                if i == lines.count { problems.append("line \(fenceLine): unterminated code fence") }
                var block = CodeBlock(section: currentSection, fenceLine: fenceLine, code: body.joined(separator: "\n") + "\n")
                block.tcaVersion = tcaVersion
                if language == "swift" {
                    blocks.append(block)
                } else if language == "swift ios16" {
                    var built = block
                    built.deploymentTarget = DeploymentTarget(platform: "iOS", major: 16, minor: 0, source: "rule document")
                    blocks.append(built)
                } else if language == "swift fix-before" {
                    if pendingBefore != nil { problems.append("line \(fenceLine): fix-before without a fix-after before it") }
                    pendingBefore = block
                } else if language == "swift fix-after" {
                    if let before = pendingBefore { fixExamples.append((before, block)) } else {
                        problems.append("line \(fenceLine): fix-after without a fix-before")
                    }
                    pendingBefore = nil
                }
            }
            i += 1
        }
        if pendingBefore != nil { problems.append("a fix-before block has no fix-after") }
        var expectedSections = sectionTitles
        if sections.contains(fixSectionTitle), let k = expectedSections.firstIndex(of: fixSectionFollows) {
            expectedSections.insert(fixSectionTitle, at: k + 1)
        }
        if sections != expectedSections {
            problems.append("sections must be exactly, in order: \(sectionTitles) (with an optional '\(fixSectionTitle)' after '\(fixSectionFollows)'); got \(sections)")
        }
        for example in fixExamples where example.before.section != fixSectionTitle {
            problems.append("line \(example.before.fenceLine): fix examples belong in the '\(fixSectionTitle)' section")
        }
        return RuleDocument(sections: sections, swiftBlocks: blocks, fixExamples: fixExamples, problems: problems)
    }
}

import Foundation

/// A position the test suite expects a finding at (1-based line and column, columns in Characters).
struct ExpectedPosition: Hashable, Comparable, CustomStringConvertible {
    var line: Int
    var column: Int

    static func < (a: Self, b: Self) -> Bool { (a.line, a.column) < (b.line, b.column) }
    var description: String { "\(line):\(column)" }
}

/// A finding the test suite expects: which rule, where.
struct ExpectedFinding: Hashable, Comparable, CustomStringConvertible {
    var ruleID: String
    var line: Int
    var column: Int

    static func < (a: Self, b: Self) -> Bool { (a.line, a.column, a.ruleID) < (b.line, b.column, b.ruleID) }
    var description: String { "\(line):\(column) \(ruleID)" }
}

/// Fixture markers: a comment line directly below the offending line whose caret sits under the
/// reported column:
///
///     Reduce { state, action in
/// //  ^ reduce_before_scope
///
/// A marker line is a line whose first non-space characters are `//`, then only spaces, then `^`,
/// then one space and one rule id. The expected line is the nearest line above that is not itself a
/// marker line, so several markers can stack under one code line.
enum CaretMarkers {
    struct Parsed {
        var expected: [ExpectedFinding] = []
        /// Lines that look like markers but are malformed (a typo must not silently drop an expectation).
        var errors: [String] = []
    }

    static func parse(_ text: String) -> Parsed {
        var result = Parsed()
        var lastCodeLine: Int?
        for (index, line) in lines(of: text).enumerated() {
            let lineNumber = index + 1
            switch classify(line) {
            case .code:
                lastCodeLine = lineNumber
            case .malformed:
                result.errors.append("line \(lineNumber): malformed marker line: \(line)")
            case let .marker(column, ruleID):
                guard let target = lastCodeLine else {
                    result.errors.append("line \(lineNumber): marker with no code line above it")
                    continue
                }
                result.expected.append(ExpectedFinding(ruleID: ruleID, line: target, column: column))
            }
        }
        return result
    }

    enum LineKind: Equatable {
        case code
        case marker(column: Int, ruleID: String)
        case malformed
    }

    static func classify(_ line: String) -> LineKind {
        let chars = Array(line)
        var i = 0
        while i < chars.count && chars[i] == " " { i += 1 }
        guard i + 1 < chars.count, chars[i] == "/", chars[i + 1] == "/" else { return .code }
        i += 2
        while i < chars.count && chars[i] == " " { i += 1 }
        // `// plain comment` and `/// doc` are ordinary lines; only a caret after the spaces makes a marker.
        guard i < chars.count, chars[i] == "^" else { return .code }
        let caretColumn = i + 1
        let rest = String(chars[(i + 1)...])
        guard rest.hasPrefix(" ") else { return .malformed }
        let ruleID = String(rest.dropFirst())
        guard !ruleID.isEmpty, ruleID.allSatisfy({ $0 == "_" || ("a"..."z").contains($0) }) else { return .malformed }
        return .marker(column: caretColumn, ruleID: ruleID)
    }

    /// Lines split on `\n` only: fixtures are LF files (checked separately).
    static func lines(of text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

/// Rule document markers: `↓` (U+2193) written right before the token a finding is reported at.
/// Stripping every arrow yields the code to lint and the positions (in the stripped code) to expect.
enum ArrowMarkers {
    static let arrow: Character = "\u{2193}"

    static func strip(_ code: String) -> (code: String, positions: Set<ExpectedPosition>) {
        var positions = Set<ExpectedPosition>()
        var strippedLines: [String] = []
        for (index, line) in CaretMarkers.lines(of: code).enumerated() {
            var stripped = ""
            var column = 1
            for ch in line {
                if ch == arrow {
                    positions.insert(ExpectedPosition(line: index + 1, column: column))
                } else {
                    stripped.append(ch)
                    column += 1
                }
            }
            strippedLines.append(stripped)
        }
        return (strippedLines.joined(separator: "\n"), positions)
    }
}

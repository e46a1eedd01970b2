/// One `tca-lint:` command written in a comment, SwiftLint's syntax with our prefix:
///
///     // tca-lint:disable rule_a rule_b      (until `enable`)
///     // tca-lint:enable rule_a
///     // tca-lint:disable:next rule_a        (the next line)
///     // tca-lint:disable:this rule_a        (this line)
///     // tca-lint:disable:previous rule_a    (the previous line)
///     // tca-lint:disable:next all - reason  (text after ` - ` is a reason, ignored)
///     // tca-lint:disable:next rule_a, rule_b  (ids separated by spaces and/or commas)
///
/// As in SwiftLint the command may appear anywhere in a `//` comment, and in a `/* */` comment
/// it runs to the end of its line (a closing `*/` is not part of it).
public struct DisableCommand: Equatable, Sendable {
    public enum Action: String, Sendable {
        case disable
        case enable
    }

    public enum Modifier: String, Sendable {
        case previous
        case this
        case next
    }

    public static let prefix = "tca-lint:"
    /// The id that stands for every rule.
    public static let all = "all"

    public var action: Action
    public var modifier: Modifier?
    /// In written order, without repetitions.
    public var ruleIDs: [String]
    /// The text after ` - `, if any.
    public var reason: String?

    public init(action: Action, modifier: Modifier? = nil, ruleIDs: [String], reason: String? = nil) {
        self.action = action
        self.modifier = modifier
        self.ruleIDs = ruleIDs
        self.reason = reason
    }

    /// The command in one comment's bytes (`//…` or `/*…*/`), or nil when the comment holds
    /// no command or an invalid one (unknown action or modifier, no rule id): like SwiftLint,
    /// an invalid command has no effect.
    public static func parse(comment: ArraySlice<UInt8>) -> DisableCommand? {
        if case .valid(let command)? = read(comment: comment) { return command }
        return nil
    }

    /// What a comment says: a valid command, a command that cannot work (why, for the
    /// `superfluous_disable` finding that reports it, as SwiftLint's `invalid_swiftlint_command`
    /// does), or nil when it holds no command at all.
    public enum Parsed: Equatable, Sendable {
        case valid(DisableCommand)
        case invalid(String)
    }

    public static func read(comment: ArraySlice<UInt8>) -> Parsed? {
        guard let found = find(prefixBytes, in: comment) else { return nil }
        var end = comment.endIndex
        let isBlock = comment.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "*")])
        if isBlock {
            if let newline = comment[found...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                end = newline
            } else if comment.count >= 4 && comment[comment.endIndex - 2] == UInt8(ascii: "*")
                        && comment[comment.endIndex - 1] == UInt8(ascii: "/") {
                end = comment.endIndex - 2
            }
        }
        let text = String(decoding: comment[(found + prefixBytes.count)..<max(end, found + prefixBytes.count)], as: UTF8.self)
        return read(text: text)
    }

    /// The command from the text after the prefix, e.g. `disable:next rule_a - why`.
    public static func parse(text: String) -> DisableCommand? {
        if case .valid(let command)? = read(text: text) { return command }
        return nil
    }

    public static func read(text: String) -> Parsed? {
        let body = text.drop(while: { $0 == " " || $0 == "\t" })
        let verbEnd = body.firstIndex(where: { $0 == " " || $0 == "\t" || $0 == "," }) ?? body.endIndex
        let verb = body[body.startIndex..<verbEnd]
        let parts = verb.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard let action = Action(rawValue: String(parts[0])) else {
            // Prose that mentions `tca-lint:` is not a command; a misspelt action is.
            let actions = [Action.disable.rawValue, Action.enable.rawValue]
            guard let meant = EditDistance.likelyTypo(of: String(parts[0]), in: actions) else { return nil }
            let modifier = parts.count == 2 ? ":" + parts[1] : ""
            return .invalid("'\(prefix)\(verb)' is not a command; did you mean '\(prefix)\(meant)\(modifier)'?")
        }
        var modifier: Modifier?
        if parts.count == 2 {
            guard let m = Modifier(rawValue: String(parts[1])) else {
                return .invalid("'\(parts[1])' is not a modifier of '\(prefix)\(action.rawValue)'; use :previous, :this or :next")
            }
            modifier = m
        }
        var rest = body[verbEnd...].drop(while: { $0 == " " || $0 == "\t" })
        var reason: String?
        if let delimiter = reasonDelimiter(in: rest) {
            reason = String(rest[delimiter.upperBound...])
            rest = rest[rest.startIndex..<delimiter.lowerBound]
        }
        var ids: [String] = []
        for word in rest.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }) where word != "*/" {
            let id = String(word)
            if !ids.contains(id) { ids.append(id) }
        }
        guard !ids.isEmpty else {
            return .invalid("'\(prefix)\(verb)' names no rule, so it does nothing; "
                            + "write the rule ids after it (or 'all')")
        }
        return .valid(DisableCommand(action: action, modifier: modifier, ruleIDs: ids, reason: reason))
    }

    /// The first ` - ` in `text` (SwiftLint's separator between rule ids and a reason).
    private static func reasonDelimiter(in text: Substring) -> Range<Substring.Index>? {
        var i = text.startIndex
        while i < text.endIndex {
            let a = text.index(after: i)
            if text[i] == " ", a < text.endIndex, text[a] == "-" {
                let b = text.index(after: a)
                if b < text.endIndex, text[b] == " " { return i..<text.index(after: b) }
            }
            i = a
        }
        return nil
    }

    private static let prefixBytes = Array(prefix.utf8)

    static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard needle.count <= haystack.count, let first = needle.first else { return nil }
        var i = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while i <= last {
            if haystack[i] == first && haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}

import XCTest
@testable import TCALint

/// Fixes applied to seeded random reducer bodies (Reduce / Scope / BindingReducer / CombineReducers /
/// `#if` / comments / `._printChanges()` / CRLF / missing final newline). Invariants: the result is
/// balanced and tokenizes cleanly, no finding of a fixed rule is left, a second run changes nothing,
/// tokens outside each pass's edits are unchanged, and every line of code survives (moved or not) except
/// the removed `._printChanges()` text and its emptied `#if`.
final class FixPropertyTests: XCTestCase {
    static let cases = 300

    func testRandomBuilderBodies() {
        var rng = SplitMix64(seed: 0xF1C5)
        var applied: [String: Int] = [:]
        for n in 0..<Self.cases {
            var generator = BodyGenerator(rng: rng, serial: n)
            let text = generator.file()
            rng = generator.rng
            let bytes = Array(text.utf8)
            let label = "case \(n):\n\(text)"

            let outcome = FixEngine(linter: .withOrderRules, includeUnsafe: true).run(SourceFile(path: "Gen\(n).swift", bytes: bytes))
            for (rule, k) in outcome.applied { applied[rule, default: 0] += k }
            XCTAssertEqual(outcome.messages, [], label)

            let fixedRules: Set = ["reduce_before_scope", "binding_reducer_not_first", "leftover_print_changes"]
            let left = outcome.remaining.filter { fixedRules.contains($0.ruleID) }
            XCTAssertEqual(left.map { "\($0.line):\($0.column) \($0.ruleID)" }, [], "\(label)\n--- fixed:\n\(String(decoding: outcome.bytes, as: UTF8.self))")

            let after = FileSyntax(source: SourceFile(path: "x", bytes: outcome.bytes))
            XCTAssertFalse(after.tokens.contains { $0.kind == .unknown }, label)
            XCTAssertFalse(after.code.partner.enumerated().contains { i, p in
                p < 0 && after.code.tokens[i].kind == .punct && "()[]{}".utf8.contains(outcome.bytes[after.code.tokens[i].startOffset])
            }, label)

            let again = FixEngine(linter: .withOrderRules, includeUnsafe: true).run(SourceFile(path: "x", bytes: outcome.bytes))
            XCTAssertEqual(again.passes.count, 0, "not idempotent: \(label)")

            var current = bytes
            for fixes in outcome.passes {
                let next = TextEdit.apply(fixes.flatMap(\.edits), to: current)
                FixInvariants.assertTokensPreservedOutside(fixes, before: current, after: next, label)
                current = next
            }

            XCTAssertEqual(codeLines(outcome.bytes), codeLines(bytes), "lines lost or added: \(label)\n--- fixed:\n\(String(decoding: outcome.bytes, as: UTF8.self))")
            XCTAssertEqual(text.contains("\r\n"), String(decoding: outcome.bytes, as: UTF8.self).contains("\r\n"), label)
            XCTAssertEqual(bytes.last == 0x0A, outcome.bytes.last == 0x0A, label)
        }
        // The generator exercises every fix.
        XCTAssertGreaterThan(applied["reduce_before_scope", default: 0], 50)
        XCTAssertGreaterThan(applied["binding_reducer_not_first", default: 0], 50)
        XCTAssertGreaterThan(applied["leftover_print_changes", default: 0], 50)
    }

    /// Trimmed non-blank lines, sorted, with `._printChanges()` removed and `#if DEBUG` / `#endif` lines left out.
    func codeLines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "._printChanges(.actionLabels)", with: "")
            .replacingOccurrences(of: "._printChanges()", with: "")
            .split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && $0 != "#if DEBUG" && $0 != "#endif" }
            .sorted()
    }
}

/// Random reducer files. Every element owns its lines and no declaration sits in a list, so every
/// finding of the three fixable rules is fixable.
struct BodyGenerator {
    var rng: SplitMix64
    let serial: Int
    var counter = 0
    /// The `Child<k>` reducers the Scopes run, declared after the parent.
    var children: [Int] = []

    init(rng: SplitMix64, serial: Int) {
        self.rng = rng
        self.serial = serial
    }

    mutating func roll(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    mutating func unique() -> Int { counter += 1; return counter }

    mutating func file() -> String {
        var lines = ["import ComposableArchitecture", "", "@Reducer", "struct Gen\(serial) {", "  var body: some ReducerOf<Self> {"]
        lines += list(indent: "    ", depth: 0)
        lines += ["  }", "}", ""]
        // The children the Scopes run: each changes `count` on its own action, which the parents' reads make
        // the order matter for.
        for k in children {
            lines += ["@Reducer", "struct Child\(k) {", "  var body: some ReducerOf<Self> {",
                      "    Reduce { state, action in", "      switch action {", "      case .tap:", "        state.count += 1",
                      "        return .none", "      }", "    }", "  }", "}", ""]
        }
        if roll(3) == 0 {
            lines += ["let store\(serial) = Store(initialState: Gen\(serial).State()) {", "  Gen\(serial)()._printChanges()", "}", ""]
        }
        let newline = roll(3) == 0 ? "\r\n" : "\n"
        var text = lines.joined(separator: newline)
        if roll(4) == 0 { text.removeLast(newline.count) }  // no final newline
        return text
    }

    mutating func list(indent: String, depth: Int) -> [String] {
        var lines: [String] = []
        let count = 1 + roll(depth == 0 ? 6 : 4)
        for _ in 0..<count {
            if roll(5) == 0 { lines.append("") }
            if roll(4) == 0 { lines.append("\(indent)// note \(unique())") }
            lines += element(indent: indent, depth: depth)
        }
        return lines
    }

    mutating func element(indent: String, depth: Int) -> [String] {
        let k = unique()
        var lines: [String]
        switch roll(depth < 2 ? 7 : 5) {
        case 0:
            // Reads the child's `count` for every action, the child's own included: a Scope below it is a
            // reduce_before_scope finding (all Scopes share the child state `c`, and every child changes `count`).
            lines = ["\(indent)Reduce { state, _ in log(state.c.count); return .none /* r\(k) */ }"]
        case 1:
            // Logic for `.binding` actions: a BindingReducer below it is a finding.
            lines = ["\(indent)Reduce { state, action in", "\(indent)  switch action {", "\(indent)  case .binding:",
                     "\(indent)    state.n\(k) += 1", "\(indent)  default:", "\(indent)    break", "\(indent)  }",
                     "\(indent)  return .none", "\(indent)}"]
        case 2:
            children.append(k)
            let child = roll(3) == 0 ? "Child\(k)()._printChanges()" : "Child\(k)()"
            lines = ["\(indent)Scope(state: \\.c, action: \\.c\(k)) {", "\(indent)  \(child)", "\(indent)}"]
        case 3:
            lines = ["\(indent)BindingReducer(action: \\.v\(k))"]
            if roll(2) == 0 {
                lines += ["\(indent)  .onChange(of: \\.f\(k)) { _, _ in", "\(indent)    Reduce { _, _ in .none }", "\(indent)  }"]
            }
        case 4:
            lines = ["\(indent)Child\(k)()"]
        case 5:
            lines = ["\(indent)#if DEBUG"] + list(indent: indent + "  ", depth: depth + 1) + ["\(indent)#endif"]
        default:
            lines = ["\(indent)CombineReducers {"] + list(indent: indent + "  ", depth: depth + 1) + ["\(indent)}"]
        }
        if lines.count > 0 && !lines[0].contains("#if") {
            switch roll(6) {
            case 0: lines.append("\(indent)._printChanges()")
            case 1: lines += ["\(indent)#if DEBUG", "\(indent)  ._printChanges(.actionLabels)", "\(indent)#endif"]
            case 2: lines.append("\(indent).ifLet(\\.$d\(k), action: \\.d\(k))")
            default: break
            }
        }
        return lines
    }
}

import XCTest
@testable import TCALint

/// Hostile and unusual input through the whole engine (tokenizer, parser, every rule, disables):
/// no crash, no stack overflow, a sensible result, and columns that stay right.
final class RobustnessTests: XCTestCase {
    private func lint(_ bytes: [UInt8]) -> [Diagnostic] {
        Linter(rules: RuleRegistry.all).lint(SourceFile(path: "t.swift", bytes: bytes))
    }

    private func lint(_ text: String) -> [Diagnostic] { lint(Array(text.utf8)) }

    private func wrapped(_ inner: String) -> String {
        "@Reducer struct F {\n  var body: some ReducerOf<Self> {\n    Reduce { state, action in .none }\n      ._printChanges()\n"
            + inner + "\n  }\n}\n"
    }

    func testDeepNestingOfEveryBracketKindLintsWithoutStackOverflow() {
        let n = 100_000
        let cases: [(String, String)] = [
            ("(", String(repeating: "(", count: n) + String(repeating: ")", count: n)),
            ("{", String(repeating: "{", count: n) + String(repeating: "}", count: n)),
            ("[", String(repeating: "[", count: n) + String(repeating: "]", count: n)),
            ("\\(", "let s = " + String(repeating: "\"\\(", count: n) + String(repeating: ")\"", count: n)),
            ("/*", String(repeating: "/*", count: n) + String(repeating: "*/", count: n)),
            ("CombineReducers", String(repeating: "CombineReducers {\n", count: n) + String(repeating: "}\n", count: n)),
            ("unclosed {", String(repeating: "Scope(state: \\.a, action: \\.a) {\n", count: n)),
        ]
        for (name, inner) in cases {
            let findings = lint(wrapped(inner))
            // The leftover call before the nesting is still found.
            XCTAssertTrue(findings.contains { $0.ruleID == "leftover_print_changes" && $0.line == 4 && $0.column == 8 },
                          "\(name): \(findings.map { "\($0.line):\($0.column) \($0.ruleID)" })")
        }
    }

    func testUnterminatedConstructsAtEndOfFile() {
        let head = "@Reducer struct F {\n  var body: some ReducerOf<Self> {\n    Reduce { _, _ in .none }._printChanges()\n"
        for tail in ["let s = \"abc", "let s = \"\"\"\nabc", "let s = #\"abc", "/* never closed", "let r = #/abc",
                     "let s = \"\\(foo(", "let s = \"\\(\"\\(", "Scope(state: \\.a"] {
            let findings = lint(head + tail)
            XCTAssertEqual(findings.filter { $0.ruleID == "leftover_print_changes" }.map { "\($0.line):\($0.column)" },
                           ["3:30"], tail)
        }
        // A call inside an unterminated postfix `#if` is still a call.
        let open = lint(head + "#if LOG_ACTIONS\n  ._printChanges()")
        XCTAssertEqual(open.filter { $0.ruleID == "leftover_print_changes" }.map { "\($0.line):\($0.column)" }, ["3:30", "5:4"])
    }

    /// A reducer cut off after every byte: every rule (those reading the project's features extract the
    /// file's full facts, `Linter.lint`'s own project) and the full facts of `dump features` and the editor.
    /// The fuzzer found `state.` at the end of a file reading past the last token there.
    func testEveryPrefixOfAReducerIsLintedAndIndexedWithoutCrashing() {
        let text = """
            @Reducer
            struct F {
              @ObservableState
              struct State { var a = 0; @Presents var child: Child.State? }
              enum Action { case child(PresentationAction<Child.Action>), tapped, onAppear }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .child(.presented(.closeTapped)): state.child = nil; return .none
                  case .tapped: state.a += 1; return .send(.onAppear)
                  case .onAppear: return .run { send in for await _ in clock.timer(interval: .seconds(1)) { await send(.tapped) } }
                  default: return .none
                  }
                }
                .ifLet(\\.$child, action: \\.child) { Child() }
                BindingReducer().onChange(of: \\.a) { _, _ in Reduce { _, _ in .none } }
              }
              func core(into state: inout State, action: Action) -> Effect<Action> {
                switch action { case .tapped: return state.a > 0 ? .none : .send(.onAppear); default: return .none }
              }
            }
            """
        let bytes = Array(text.utf8)
        for end in 0...bytes.count {
            let prefix = Array(bytes[..<end])
            _ = lint(prefix)
            _ = ProjectIndexer.facts(path: "t.swift", bytes: prefix)
        }
        XCTAssertTrue(lint(bytes).contains { $0.ruleID == "send_for_logic_reuse" })
    }

    func testInvalidUTF8NulBytesAndEmptyInput() {
        XCTAssertEqual(lint([UInt8]()), [])
        var bytes = Array(wrapped("").utf8)
        bytes.insert(contentsOf: [0xFF, 0xFE, 0x00, 0xC3], at: 0)
        let findings = lint(bytes)
        XCTAssertEqual(findings.map { $0.ruleID }, ["leftover_print_changes"])
        XCTAssertEqual(findings.first?.line, 4)
    }

    func testLineEndingsAndByteOrderMarkKeepColumnsRight() {
        let lf = wrapped("")
        let expected = lint(lf).map { "\($0.line):\($0.column) \($0.ruleID)" }
        XCTAssertEqual(expected, ["4:8 leftover_print_changes"])
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let cr = lf.replacingOccurrences(of: "\n", with: "\r")
        XCTAssertEqual(lint(crlf).map { "\($0.line):\($0.column) \($0.ruleID)" }, expected)
        XCTAssertEqual(lint(cr).map { "\($0.line):\($0.column) \($0.ruleID)" }, expected)
        // A BOM is not a column; on line 1 it shifts nothing.
        let bomLine1 = [0xEF, 0xBB, 0xBF] + Array("let s = CombineReducers { F()._printChanges() }\n".utf8)
        XCTAssertEqual(lint(bomLine1).map { "\($0.line):\($0.column)" }, ["1:31"])
    }

    func testColumnsCountCharactersTabsAndNonASCII() {
        // Tab = 1 column; é (2 bytes) = 1; 日本 (3 bytes each) = 1 each; 👨‍👩‍👧 (one grapheme, 18 bytes) = 1.
        let line = "\tlet s/*é日本👨‍👩‍👧*/ = CombineReducers { F()._printChanges() }\n"
        XCTAssertEqual(lint(line).map { "\($0.line):\($0.column)" }, ["1:40"])
    }

    func testFiftyMegabyteFileLintsInOnePiece() {
        // 50 MB in one file; a finding at the very end is still found and located.
        let unit = "// filler line with \"strings\" and /* comments */ and Reduce-like words\nlet x = [1, 2, 3].map { $0 * 2 }\n"
        var text = String(repeating: unit, count: 50_000_000 / unit.utf8.count)
        text += "let s = CombineReducers { F()._printChanges() }\n"
        let findings = lint(text)
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(findings.first?.column, 31)
    }
}

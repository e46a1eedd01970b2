import XCTest
@testable import TCALint

/// Messages that say *which* case a finding is; expectations written from reading the inputs.
final class RuleMessageTests: XCTestCase {
    private func messages(_ rule: any Rule.Type, _ source: String) -> [String] {
        Linter(rules: [rule]).lint(SourceFile(path: "t.swift", bytes: Array(source.utf8))).map { $0.message }
    }

    private func parent(_ reduceBody: String) -> String {
        """
        @Reducer struct Parent {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              \(reduceBody)
            }
            Scope(state: \\.form, action: \\.form) { Form() }
          }
        }
        """
    }

    func testReduceBeforeScopeNamesWhatTheParentTouches() {
        let own = messages(ReduceBeforeScopeRule.self, parent("switch action { case .form(.saveTapped): return .none; default: return .none }"))
        XCTAssertEqual(own.count, 1)
        XCTAssertTrue(own[0].hasPrefix("Reduce runs before Scope(state: \\.form) in the same builder"), own[0])
        XCTAssertTrue(own[0].hasSuffix("this Reduce handles the child's own actions (.form(.saveTapped)) before the child sees them"), own[0])

        let state = messages(ReduceBeforeScopeRule.self, parent("state.form = nil; return .none"))
        XCTAssertTrue(state[0].hasSuffix("reads or writes the child's state (state.form) before the child ran"), state[0])

        let delegate = messages(ReduceBeforeScopeRule.self, parent("switch action { case let .form(.delegate(d)): return .none; default: return .none }"))
        XCTAssertTrue(delegate[0].hasSuffix("only reacts to the child's delegate actions (.form(.delegate)); the child still runs second"), delegate[0])

        let through = messages(ReduceBeforeScopeRule.self, parent("switch action { case .form: return .none; case .other: return .none }"))
        XCTAssertTrue(through[0].hasSuffix("only passes the child's actions through (case .form)"), through[0])

        let none = messages(ReduceBeforeScopeRule.self, parent("return .none"))
        XCTAssertTrue(none[0].hasSuffix("before the parent logic"), none[0])
    }

    func testHelpersCalledThroughSelfAreReportedAtTheirName() {
        let source = """
        @Reducer struct F {
          var body: some ReducerOf<Self> {
            self.analytics()
            Scope(state: \\.a, action: \\.a) { A() }
            BindingReducer()
          }
          func analytics() -> some ReducerOf<Self> { Reduce { _, _ in .none } }
        }
        """
        let diagnostics = Linter().lint(SourceFile(path: "t.swift", bytes: Array(source.utf8)))
        XCTAssertEqual(diagnostics.map { "\($0.line):\($0.column) \($0.ruleID)" },
                       ["3:10 reduce_before_scope", "5:5 binding_reducer_not_first"])
        XCTAssertTrue(diagnostics[0].message.hasPrefix("analytics runs before Scope(state: \\.a)"), diagnostics[0].message)
        XCTAssertTrue(diagnostics[1].message.contains("analytics above it"), diagnostics[1].message)
    }

    func testSendForLogicReuseShowsTheNestedPath() {
        let m = messages(SendForLogicReuseRule.self, """
        @Reducer struct F {
          enum Action { case view(View); case load }
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .view(.onAppear): return .send(.load)
              case .view(.retry): return .send(.view(.onAppear))
              case .load: return .none
              }
            }
          }
        }
        """)
        XCTAssertEqual(m.count, 2)
        XCTAssertTrue(m[0].hasPrefix("F sends itself .load, an action it handles in its own switch"), m[0])
        XCTAssertTrue(m[1].hasPrefix("F sends itself .view(.onAppear),"), m[1])
    }

    func testBindingReducerMessageNamesTheElementAbove() {
        let m = messages(BindingReducerNotFirstRule.self, """
        @Reducer struct F {
          var body: some ReducerOf<Self> {
            Scope(state: \\.a, action: \\.a) { A() }
            BindingReducer()
            CombineReducers { Reduce { _, _ in .none }; BindingReducer() }
          }
        }
        """)
        XCTAssertEqual(m, [
            "BindingReducer() is not the first reducer in body; Scope above it reads fields before the binding is written",
            "BindingReducer() is not the first reducer in this builder; Reduce above it reads fields before the binding is written",
        ])
    }
}

import XCTest
@testable import TCALint

/// Fix semantics on small inputs; every expected text is written by hand.
final class FixEngineTests: XCTestCase {
    func fix(_ text: String, unsafe: Bool = false, linter: Linter = Linter()) -> FixEngine.Outcome {
        FixEngine(linter: linter, includeUnsafe: unsafe).run(SourceFile(path: "T.swift", bytes: Array(text.utf8)))
    }

    func fixed(_ text: String, unsafe: Bool = false) -> String {
        String(decoding: fix(text, unsafe: unsafe).bytes, as: UTF8.self)
    }

    // MARK: leftover_print_changes

    func testPostfixIfDebugHoldingOnlyTheModifierIsRemovedWhole() {
        let input = """
            @Reducer
            struct F {
              var body: some ReducerOf<Self> {
                Reduce { _, _ in .none }
                #if DEBUG
                  ._printChanges()
                #endif
                .ifLet(\\.$child, action: \\.child)
              }
            }

            """
        XCTAssertEqual(fixed(input), """
            @Reducer
            struct F {
              var body: some ReducerOf<Self> {
                Reduce { _, _ in .none }
                .ifLet(\\.$child, action: \\.child)
              }
            }

            """)
    }

    func testPostfixIfWithAnotherModifierKeepsTheBlock() {
        let input = """
            let s = Store(initialState: F.State()) {
              F()
              #if DEBUG
                ._printChanges()
                .signpost()
              #endif
            }

            """
        XCTAssertEqual(fixed(input), """
            let s = Store(initialState: F.State()) {
              F()
              #if DEBUG
                .signpost()
              #endif
            }

            """)
    }

    func testInlineCallsAndChainsOnOneLine() {
        XCTAssertEqual(fixed("let s = Store(initialState: F.State()) { F()._printChanges()._printChanges(.actionLabels).signpost() }\n"),
                       "let s = Store(initialState: F.State()) { F().signpost() }\n")
        XCTAssertEqual(fixed("let r = F()._printChanges(printer)   \n"), "let r = F()\n")
    }

    func testMultiLineArgumentsAndGenericArguments() {
        let input = "let r = F()\n  ._printChanges(\n    .customDump\n  )\n  .signpost()\n"
        XCTAssertEqual(fixed(input), "let r = F()\n  .signpost()\n")
        XCTAssertEqual(fixed("let r = F()._printChanges<P>(p)\n"), "let r = F()\n")
    }

    func testUnfixablePrintChangesStay() {
        // No receiver; optional chaining; a string argument (not reported at all).
        for input in ["extension F { func debug() -> some Reducer { _printChanges() } }\n",
                      "let r = maybe?._printChanges()\n"] {
            let outcome = fix(input)
            XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self), input)
            XCTAssertEqual(outcome.remaining.filter { $0.ruleID == "leftover_print_changes" }.count, 1, input)
        }
    }

    func testLastLineWithoutNewlineKeepsItsAbsence() {
        XCTAssertEqual(fixed("let r = F()\n  ._printChanges()"), "let r = F()")
        XCTAssertEqual(fixed("let r = F()._printChanges()"), "let r = F()")
    }

    func testCRLFLinesStayCRLF() {
        let input = "@Reducer\r\nstruct F {\r\n  var body: some ReducerOf<Self> {\r\n    Reduce { _, _ in .none }\r\n    BindingReducer()\r\n      ._printChanges()\r\n  }\r\n}\r\n"
        XCTAssertEqual(fixed(input), "@Reducer\r\nstruct F {\r\n  var body: some ReducerOf<Self> {\r\n    BindingReducer()\r\n    Reduce { _, _ in .none }\r\n  }\r\n}\r\n")
    }

    // MARK: binding_reducer_not_first

    func testBindingReducerMovesAboveTheFirstReducerButBelowDeclarations() {
        let input = """
            @Reducer
            struct F {
              var body: some ReducerOf<Self> {
                let limit = 3
                Reduce { _, _ in .none }
                /* bindings */ // first
                BindingReducer() // trailing
              }
            }

            """
        XCTAssertEqual(fixed(input), """
            @Reducer
            struct F {
              var body: some ReducerOf<Self> {
                let limit = 3
                /* bindings */ // first
                BindingReducer() // trailing
                Reduce { _, _ in .none }
              }
            }

            """)
    }

    func testBindingReducerIsReindentedToItsTarget() {
        let input = """
            @Reducer
            struct F {
              var body: some ReducerOf<Self> {
                CombineReducers {
                    Reduce { _, _ in .none }
                  // note
                  BindingReducer()
                    .onChange(of: \\.text) { _, _ in
                      EmptyReducer()
                    }
                }
              }
            }

            """
        XCTAssertEqual(fixed(input), """
            @Reducer
            struct F {
              var body: some ReducerOf<Self> {
                CombineReducers {
                    // note
                    BindingReducer()
                      .onChange(of: \\.text) { _, _ in
                        EmptyReducer()
                      }
                    Reduce { _, _ in .none }
                }
              }
            }

            """)
    }

    func testTwoBindingReducersKeepTheirOrderAndConverge() {
        let input = "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    Reduce { _, _ in .none }\n    BindingReducer(action: \\.a)\n    Child()\n    BindingReducer(action: \\.b)\n  }\n}\n"
        let outcome = fix(input)
        XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self),
                       "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    BindingReducer(action: \\.a)\n    BindingReducer(action: \\.b)\n    Reduce { _, _ in .none }\n    Child()\n  }\n}\n")
        XCTAssertEqual(outcome.applied, ["binding_reducer_not_first": 1])
    }

    func testDeclarationBetweenBlocksTheMove() {
        let input = "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    Reduce { _, _ in .none }\n    let f = 1\n    BindingReducer()\n  }\n}\n"
        XCTAssertEqual(fixed(input), input)
    }

    func testSuppressedFindingIsNotFixed() {
        let input = "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    Reduce { _, _ in .none }\n    // tca-lint:disable:next binding_reducer_not_first\n    BindingReducer()\n  }\n}\n"
        let outcome = fix(input)
        XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self), input)
        XCTAssertEqual(outcome.remaining, [])
    }

    func testDisabledRuleIsNotFixed() {
        let input = "let r = F()._printChanges()\n"
        let linter = Linter(rules: RuleRegistry.defaultEnabled.filter { $0.description.id != "leftover_print_changes" })
        XCTAssertEqual(String(decoding: fix(input, linter: linter).bytes, as: UTF8.self), input)
    }

    // MARK: reduce_before_scope

    func testScopeMoveNeedsUnsafe() {
        let input = "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    Reduce { _, _ in .none }\n    Scope(state: \\.c, action: \\.c) { C() }\n  }\n}\n"
        let safe = fix(input)
        XCTAssertEqual(String(decoding: safe.bytes, as: UTF8.self), input)
        XCTAssertEqual(safe.unsafeAvailable, ["reduce_before_scope": 1])
        XCTAssertEqual(safe.remaining.map(\.ruleID), ["reduce_before_scope"])
        let unsafe = fix(input, unsafe: true)
        XCTAssertEqual(String(decoding: unsafe.bytes, as: UTF8.self),
                       "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    Scope(state: \\.c, action: \\.c) { C() }\n    Reduce { _, _ in .none }\n  }\n}\n")
        XCTAssertEqual(unsafe.unsafeAvailable, [:])
        XCTAssertEqual(unsafe.applied, ["reduce_before_scope": 1])
    }

    func testDependentFixesConvergeOverPasses() {
        // The Scope move and the BindingReducer move touch the same lines: two passes.
        let input = "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    Reduce { _, _ in .none }\n    BindingReducer()\n    Scope(state: \\.c, action: \\.c) {\n      C()._printChanges()\n    }\n  }\n}\n"
        let outcome = fix(input, unsafe: true)
        XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self),
                       "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    BindingReducer()\n    Scope(state: \\.c, action: \\.c) {\n      C()\n    }\n    Reduce { _, _ in .none }\n  }\n}\n")
        XCTAssertEqual(outcome.applied, ["reduce_before_scope": 1, "binding_reducer_not_first": 1, "leftover_print_changes": 1])
        XCTAssertGreaterThanOrEqual(outcome.passes.count, 2)
        XCTAssertEqual(outcome.remaining, [])
    }

    // MARK: engine

    func testOverlappingEditsConflictAndTouchingOnesDoNot() {
        let d = TextEdit.delete(2..<5)
        XCTAssertTrue(d.conflicts(with: .delete(4..<8)))
        XCTAssertFalse(d.conflicts(with: .delete(5..<8)))
        XCTAssertTrue(d.conflicts(with: .insert([1], at: 3)))
        XCTAssertFalse(d.conflicts(with: .insert([1], at: 2)))
        XCTAssertFalse(d.conflicts(with: .insert([1], at: 5)))
        XCTAssertTrue(TextEdit.insert([1], at: 3).conflicts(with: .insert([2], at: 3)))
        XCTAssertEqual(TextEdit.apply([.delete(5..<6), .insert(Array("X".utf8), at: 0), .delete(1..<2)], to: Array("abcdef".utf8)),
                       Array("Xacde".utf8))
    }

    /// A provider whose fix breaks the file: the engine drops it with a message and writes nothing.
    enum BrokenFix: FixProvider {
        static let ruleID = "leftover_print_changes"
        static func fixes(for file: AnalyzedFile) -> [Fix] {
            LeftoverPrintChangesRule().check(file).map {
                Fix(ruleID: ruleID, title: "break it", applicability: .safe,
                    edits: [.delete($0.offset..<($0.offset + 14))], findingOffsets: [$0.offset])
            }
        }
    }

    /// A provider whose fix does nothing useful: the finding stays, so it is dropped.
    enum UselessFix: FixProvider {
        static let ruleID = "leftover_print_changes"
        static func fixes(for file: AnalyzedFile) -> [Fix] {
            LeftoverPrintChangesRule().check(file).map {
                Fix(ruleID: ruleID, title: "add a space", applicability: .safe,
                    edits: [.insert([0x20], at: $0.offset - 1)], findingOffsets: [$0.offset])
            }
        }
    }

    func testFixesThatBreakTheFileOrKeepTheFindingAreDropped() {
        let input = "let r = F()._printChanges()\n"
        for (provider, reason) in [(BrokenFix.self as any FixProvider.Type, "unbalanced brackets"),
                                   (UselessFix.self, "still reports the finding")] {
            let outcome = FixEngine(providers: [provider]).run(SourceFile(path: "T.swift", bytes: Array(input.utf8)))
            XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self), input)
            XCTAssertEqual(outcome.applied, [:])
            XCTAssertEqual(outcome.messages.count, 1)
            XCTAssertTrue(outcome.messages.first?.hasPrefix("T.swift:1:13: fix '") ?? false, "\(outcome.messages)")
            XCTAssertTrue(outcome.messages.first?.contains(reason) ?? false, "\(outcome.messages)")
        }
    }

    func testFixabilityOfTheRules() {
        let fixability = Dictionary(uniqueKeysWithValues: RuleRegistry.all.map { ($0.description.id, $0.description.fixability) })
        XCTAssertEqual(fixability["leftover_print_changes"], .safe)
        XCTAssertEqual(fixability["binding_reducer_not_first"], .safe)
        XCTAssertEqual(fixability["reduce_before_scope"], .unsafe)
        XCTAssertEqual(fixability.filter { $0.value != .none }.count, 3)
        XCTAssertEqual(Fixability.unsafe.label, "with --unsafe")
        for (id, f) in fixability where f != .none { XCTAssertNotNil(FixProviders.provider(for: id), id) }
    }
}

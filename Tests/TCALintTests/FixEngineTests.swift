import XCTest
@testable import TCALint

/// Fix semantics on small inputs; every expected text is written by hand.
final class FixEngineTests: XCTestCase {
    func fix(_ text: String, unsafe: Bool = false, linter: Linter = .withOrderRules) -> FixEngine.Outcome {
        FixEngine(linter: linter, includeUnsafe: unsafe).run(SourceFile(path: "T.swift", bytes: Array(text.utf8)))
    }

    func fixed(_ text: String, unsafe: Bool = false) -> String {
        String(decoding: fix(text, unsafe: unsafe).bytes, as: UTF8.self)
    }

    // MARK: leftover_print_changes

    /// Removing the call from `Self._printChanges()` would leave `let _ = Self`, which does not compile:
    /// the whole statement goes (SwiftUI's debugging idiom in a view body).
    func testCallOnATypeRemovesTheWholeStatement() {
        let input = """
            struct V: View {
              var body: some View {
                let _ = Self._printChanges()
                Text("x")
              }
            }

            """
        XCTAssertEqual(fixed(input), """
            struct V: View {
              var body: some View {
                Text("x")
              }
            }

            """)
    }

    /// A call on a type that is not a discarded statement has no meaningful removal: no fix is offered.
    func testCallOnATypeElsewhereIsNotFixed() {
        let input = "let printer = Self._printChanges()\n"
        let outcome = fix(input)
        XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self), input)
        XCTAssertEqual(outcome.remaining.map(\.ruleID), ["leftover_print_changes"])
        XCTAssertNil(outcome.remaining.first?.fix)
    }

    /// Chained calls alone on their line go with the line, not leaving a line of spaces behind.
    func testLineOfOnlyChainedCallsIsRemoved() {
        let input = """
            let store = CombineReducers {
              F()
                ._printChanges()._printChanges()
            }

            """
        let outcome = fix(input)
        XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self), """
            let store = CombineReducers {
              F()
            }

            """)
        XCTAssertEqual(outcome.applied, ["leftover_print_changes": 1])
    }


    func testPostfixIfHoldingOnlyTheModifierIsRemovedWhole() {
        let input = """
            @Reducer
            struct F {
              var body: some ReducerOf<Self> {
                Reduce { _, action in switch action { case .binding: .send(.validate); default: .none } }
                #if LOG_ACTIONS
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
                Reduce { _, action in switch action { case .binding: .send(.validate); default: .none } }
                .ifLet(\\.$child, action: \\.child)
              }
            }

            """)
    }

    func testPostfixIfWithAnotherModifierKeepsTheBlock() {
        let input = """
            let s = CombineReducers {
              F()
              #if LOG_ACTIONS
                ._printChanges()
                .signpost()
              #endif
            }

            """
        XCTAssertEqual(fixed(input), """
            let s = CombineReducers {
              F()
              #if LOG_ACTIONS
                .signpost()
              #endif
            }

            """)
    }

    func testInlineCallsAndChainsOnOneLine() {
        XCTAssertEqual(fixed("let s = CombineReducers { F()._printChanges()._printChanges(.actionLabels).signpost() }\n"),
                       "let s = CombineReducers { F().signpost() }\n")
        XCTAssertEqual(fixed("let r = F()._printChanges(.customDump)   \n"), "let r = F()\n")
        // A printer of the app's own is deliberate logging: not reported, so nothing to fix.
        XCTAssertEqual(fixed("let r = F()._printChanges(printer)\n"), "let r = F()._printChanges(printer)\n")
    }

    func testMultiLineArgumentsAndGenericArguments() {
        let input = "let r = F()\n  ._printChanges(\n    .customDump\n  )\n  .signpost()\n"
        XCTAssertEqual(fixed(input), "let r = F()\n  .signpost()\n")
        XCTAssertEqual(fixed("let r = F()._printChanges<P>()\n"), "let r = F()\n")
    }

    func testUnfixablePrintChangesStay() {
        // No receiver; optional chaining; a string argument (not reported at all).
        // A prefix operator before the dot applies to an implicit member (`!._printChanges()`): no receiver.
        for input in ["extension F { func debug() -> some Reducer { _printChanges() } }\n",
                      "let r = maybe?._printChanges()\n",
                      "func f() -> Bool {\n  return !._printChanges()\n}\n",
                      "let r = (!._printChanges())\n", "let r = x ?? -._printChanges()\n"] {
            let outcome = fix(input)
            XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self), input)
            XCTAssertEqual(outcome.remaining.filter { $0.ruleID == "leftover_print_changes" }.count, 1, input)
        }
    }

    /// A postfix operator before the dot has a receiver: `F()!._printChanges()` becomes `F()!`.
    func testPostfixOperatorKeepsItsReceiver() {
        XCTAssertEqual(fixed("let r = F()!._printChanges()\n"), "let r = F()!\n")
        XCTAssertEqual(fixed("let r = f()!\n  ._printChanges()\n"), "let r = f()!\n")
    }

    func testLastLineWithoutNewlineKeepsItsAbsence() {
        XCTAssertEqual(fixed("let r = F()\n  ._printChanges()"), "let r = F()")
        XCTAssertEqual(fixed("let r = F()._printChanges()"), "let r = F()")
    }

    func testCRLFLinesStayCRLF() {
        let input = "@Reducer\r\nstruct F {\r\n  var body: some ReducerOf<Self> {\r\n    Reduce { _, action in switch action { case .binding: .send(.validate); default: .none } }\r\n    BindingReducer()\r\n      ._printChanges()\r\n  }\r\n}\r\n"
        XCTAssertEqual(fixed(input), "@Reducer\r\nstruct F {\r\n  var body: some ReducerOf<Self> {\r\n    BindingReducer()\r\n    Reduce { _, action in switch action { case .binding: .send(.validate); default: .none } }\r\n  }\r\n}\r\n")
    }

    // MARK: binding_reducer_not_first

    func testBindingReducerMovesAboveTheFirstReducerButBelowDeclarations() {
        let input = """
            @Reducer
            struct F {
              var body: some ReducerOf<Self> {
                let limit = 3
                Reduce { _, action in switch action { case .binding: .send(.validate); default: .none } }
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
                Reduce { _, action in switch action { case .binding: .send(.validate); default: .none } }
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
                    Reduce { _, action in switch action { case .binding: .send(.validate); default: .none } }
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
                    Reduce { _, action in switch action { case .binding: .send(.validate); default: .none } }
                }
              }
            }

            """)
    }

    func testTwoBindingReducersKeepTheirOrderAndConverge() {
        let input = "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    Reduce { _, action in switch action { case .binding: .send(.validate); default: .none } }\n    BindingReducer(action: \\.a)\n    Child()\n    BindingReducer(action: \\.b)\n  }\n}\n"
        let outcome = fix(input)
        XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self),
                       "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    BindingReducer(action: \\.a)\n    BindingReducer(action: \\.b)\n    Reduce { _, action in switch action { case .binding: .send(.validate); default: .none } }\n    Child()\n  }\n}\n")
        XCTAssertEqual(outcome.applied, ["binding_reducer_not_first": 1])
    }

    func testDeclarationBetweenBlocksTheMove() {
        let input = "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    Reduce { _, action in switch action { case .binding: .send(.validate); default: .none } }\n    let f = 1\n    BindingReducer()\n  }\n}\n"
        XCTAssertEqual(fixed(input), input)
    }

    func testSuppressedFindingIsNotFixed() {
        let input = "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    Reduce { _, action in switch action { case .binding: .send(.validate); default: .none } }\n    // tca-lint:disable:next binding_reducer_not_first\n    BindingReducer()\n  }\n}\n"
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

    /// The child the Scopes below run: it changes `count` on `.tapped`, which the parents read on that action.
    static let childC = "@Reducer\nstruct C {\n  var body: some ReducerOf<Self> {\n    Reduce { state, action in switch action { case .tapped: state.count += 1; return .none } }\n  }\n}\n"

    func testScopeMoveNeedsUnsafe() {
        let input = "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    Reduce { state, action in switch action { case .binding: .send(.validate); case .c(.tapped): .send(.tapped(state.c.count)); default: .none } }\n    Scope(state: \\.c, action: \\.c) { C() }\n  }\n}\n" + Self.childC
        let safe = fix(input)
        XCTAssertEqual(String(decoding: safe.bytes, as: UTF8.self), input)
        XCTAssertEqual(safe.unsafeAvailable, ["reduce_before_scope": 1])
        XCTAssertEqual(safe.remaining.map(\.ruleID), ["reduce_before_scope"])
        let unsafe = fix(input, unsafe: true)
        XCTAssertEqual(String(decoding: unsafe.bytes, as: UTF8.self),
                       "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    Scope(state: \\.c, action: \\.c) { C() }\n    Reduce { state, action in switch action { case .binding: .send(.validate); case .c(.tapped): .send(.tapped(state.c.count)); default: .none } }\n  }\n}\n" + Self.childC)
        XCTAssertEqual(unsafe.unsafeAvailable, [:])
        XCTAssertEqual(unsafe.applied, ["reduce_before_scope": 1])
    }

    /// In a file that does not parse cleanly (here a stray `#else` and an unclosed brace below the reducer),
    /// a fix that moves code is not applied: moved into a new context, broken text made the compiler recover
    /// worse (a mutant of the fault campaign, 11 → 14 SwiftParser errors). A single-edit fix still is.
    func testAFileThatDoesNotParseCleanlyGetsOnlySingleEditFixes() {
        let reducer = "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    Reduce { state, action in switch action { case .binding: .send(.validate); case .c(.tapped): .send(.tapped(state.c.count)); default: .none } }\n    Scope(state: \\.c, action: \\.c) { C()._printChanges() }\n  }\n}\n" + Self.childC
        for broken in ["#else\n", "func g() {\n"] {
            let outcome = fix(reducer + broken, unsafe: true)
            XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self),
                           reducer.replacingOccurrences(of: "._printChanges()", with: "") + broken, broken)
            XCTAssertEqual(outcome.applied, ["leftover_print_changes": 1], broken)
            XCTAssertEqual(outcome.messages.count, 1, "\(outcome.messages)")
            XCTAssertTrue(outcome.messages.first?.contains("(reduce_before_scope) not applied: the file does not parse cleanly (") ?? false,
                          "\(outcome.messages)")
        }
        XCTAssertEqual(fix(reducer, unsafe: true).applied, ["reduce_before_scope": 1, "leftover_print_changes": 1], "clean: moved")
    }

    /// A leading byte order mark is whitespace, not an unknown token: fixes that move code still apply,
    /// and the mark stays where it was.
    func testALeadingByteOrderMarkDoesNotBlockMoves() {
        let reducer = "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    Reduce { state, action in switch action { case .binding: .send(.validate); case .c(.tapped): .send(.tapped(state.c.count)); default: .none } }\n    Scope(state: \\.c, action: \\.c) { C()._printChanges() }\n  }\n}\n" + Self.childC
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let outcome = FixEngine(linter: .withOrderRules, includeUnsafe: true)
            .run(SourceFile(path: "T.swift", bytes: bom + Array(reducer.utf8)))
        XCTAssertEqual(outcome.applied, ["reduce_before_scope": 1, "leftover_print_changes": 1], "\(outcome.messages)")
        XCTAssertEqual(Array(outcome.bytes.prefix(3)), bom)
        XCTAssertEqual(outcome.bytes.dropFirst(3).map { $0 }, fix(reducer, unsafe: true).bytes)
        // A mark further down is still text Swift does not allow: moves are refused there.
        let inside = fix(reducer + "\u{FEFF}\n", unsafe: true)
        XCTAssertEqual(inside.applied, ["leftover_print_changes": 1], "\(inside.messages)")
    }

    /// uncontrolled_dependency adds `@Dependency(\.date) var date` only when the project shows no other
    /// `date` member of the reducer: not when another file's extension declares one, not when the project
    /// and not by reusing a property of one `#if` branch.
    func testUncontrolledDependencyAddsAPropertyOnlyWhereTheNameIsFree() {
        let reducer = "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    Reduce { state, _ in\n      state.at = Date()\n      return .none\n    }\n  }\n}\n"
        let added = "@Reducer\nstruct F {\n  @Dependency(\\.date) var date\n\n  var body: some ReducerOf<Self> {\n    Reduce { state, _ in\n      state.at = self.date.now\n      return .none\n    }\n  }\n}\n"
        func fixed(_ text: String, project: FeatureIndex?) -> String {
            let outcome = FixEngine(linter: Linter(), includeUnsafe: true, project: project)
                .run(SourceFile(path: "F.swift", bytes: Array(text.utf8)))
            return String(decoding: outcome.bytes, as: UTF8.self)
        }
        func facts(_ path: String, _ text: String) -> FileFacts {
            ProjectIndexer.facts(path: path, bytes: Array(text.utf8))
        }
        let dateExtension = "extension F {\n  var date: Date { .now }\n}\n"
        let otherExtension = "extension F {\n  var clock: Int { 0 }\n}\n"
        XCTAssertEqual(fixed(reducer, project: nil), added, "a file alone is its own project")
        XCTAssertEqual(fixed(reducer, project: FeatureIndex(files: [facts("F.swift", reducer), facts("G.swift", otherExtension)])), added)
        XCTAssertEqual(fixed(reducer, project: FeatureIndex(files: [facts("F.swift", reducer), facts("G.swift", dateExtension)])), reducer)
        let debugOnly = reducer.replacingOccurrences(of: "struct F {\n", with: "struct F {\n  #if DEBUG\n  @Dependency(\\.date) var date\n  #endif\n")
        XCTAssertEqual(fixed(debugOnly, project: nil), debugOnly, "not reused outside its branch, and the name is taken")
    }

    func testDependentFixesConvergeOverPasses() {
        // The Scope move and the BindingReducer move touch the same lines: two passes.
        let input = "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    Reduce { state, action in switch action { case .binding: .send(.validate); case .c(.tapped): .send(.tapped(state.c.count)); default: .none } }\n    BindingReducer()\n    Scope(state: \\.c, action: \\.c) {\n      C()._printChanges()\n    }\n  }\n}\n" + Self.childC
        let outcome = fix(input, unsafe: true)
        XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self),
                       "@Reducer\nstruct F {\n  var body: some ReducerOf<Self> {\n    BindingReducer()\n    Scope(state: \\.c, action: \\.c) {\n      C()\n    }\n    Reduce { state, action in switch action { case .binding: .send(.validate); case .c(.tapped): .send(.tapped(state.c.count)); default: .none } }\n  }\n}\n" + Self.childC)
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

    // MARK: moves keep blank lines

    /// A Scope cut with the blank line above it (it was the last element) gives that blank line back
    /// between itself and the Reduce it now precedes.
    func testMovingScopeKeepsTheBlankLineBetweenElements() {
        let input = """
            @Reducer
            struct F {
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  state.total = state.child.total
                  return .none
                }

                Scope(state: \\.child, action: \\.child) {
                  Child()
                }
              }
            }

            @Reducer
            struct Child {
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .itemAdded:
                    state.total += 1
                    return .none
                  }
                }
              }
            }

            """
        XCTAssertEqual(fixed(input, unsafe: true), """
            @Reducer
            struct F {
              var body: some ReducerOf<Self> {
                Scope(state: \\.child, action: \\.child) {
                  Child()
                }

                Reduce { state, action in
                  state.total = state.child.total
                  return .none
                }
              }
            }

            @Reducer
            struct Child {
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .itemAdded:
                    state.total += 1
                    return .none
                  }
                }
              }
            }

            """)
    }

    /// BindingReducer() and then the Scope move above the Reduce in two passes; every blank line between
    /// elements stays.
    func testMovingBindingReducerAndScopeKeepsEveryBlankLine() {
        let input = """
            @Reducer
            struct F {
              @ObservableState struct State { var email = ""; var isValid = false }
              var body: some ReducerOf<Self> {
                Reduce { state, _ in state.isValid = !state.email.isEmpty && state.child.isValid; return .none }

                BindingReducer()

                Scope(state: \\.child, action: \\.child) { Child() }
              }
            }

            @Reducer
            struct Child {
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .validate:
                    state.isValid = true
                    return .none
                  }
                }
              }
            }

            """
        XCTAssertEqual(fixed(input, unsafe: true), """
            @Reducer
            struct F {
              @ObservableState struct State { var email = ""; var isValid = false }
              var body: some ReducerOf<Self> {
                BindingReducer()

                Scope(state: \\.child, action: \\.child) { Child() }

                Reduce { state, _ in state.isValid = !state.email.isEmpty && state.child.isValid; return .none }
              }
            }

            @Reducer
            struct Child {
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .validate:
                    state.isValid = true
                    return .none
                  }
                }
              }
            }

            """)
    }

    /// `leftover_print_changes` with its fix replaced by `edit` (a fix that breaks the file, or one that
    /// does nothing useful): the engine must drop it with a message and write nothing.
    protocol ReplacedPrintChangesFix: Rule {
        static func edit(forFindingAt offset: Int) -> TextEdit
    }

    struct BrokenFix: ReplacedPrintChangesFix {
        static let description = LeftoverPrintChangesRule.description
        static func edit(forFindingAt offset: Int) -> TextEdit { .delete(offset..<(offset + 14)) }
    }

    struct UselessFix: ReplacedPrintChangesFix {
        static let description = LeftoverPrintChangesRule.description
        static func edit(forFindingAt offset: Int) -> TextEdit { .insert([0x20], at: offset - 1) }
    }

    func testFixesThatBreakTheFileOrKeepTheFindingAreDropped() {
        let input = "let r = F()._printChanges()\n"
        for (rule, reason) in [(BrokenFix.self as any Rule.Type, "unbalanced brackets"),
                               (UselessFix.self, "still reports the finding")] {
            let outcome = FixEngine(linter: Linter(rules: [rule])).run(SourceFile(path: "T.swift", bytes: Array(input.utf8)))
            XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self), input)
            XCTAssertEqual(outcome.applied, [:])
            XCTAssertEqual(outcome.messages.count, 1)
            XCTAssertTrue(outcome.messages.first?.hasPrefix("T.swift:1:13: fix '") ?? false, "\(outcome.messages)")
            XCTAssertTrue(outcome.messages.first?.contains(reason) ?? false, "\(outcome.messages)")
        }
    }

    /// Rule-level availability and per-fix applicability, on every rule document's examples and every
    /// fixture: a rule without fixes attaches none, an `always` rule attaches one to every finding, each
    /// fix claims its finding, and every rule with fixes attaches some (its fix-before blocks need them).
    func testFixAvailabilityHoldsOnEveryExampleAndFixture() throws {
        // Each source with the TCA version its block names (` ```swift tca1.26 `), for rules that depend on it.
        var sources: [(file: SourceFile, version: TCAVersion?)] = []
        for (path, url) in PackagePaths.fixtureFiles() {
            sources.append((SourceFile(path: path, bytes: Array(try PackagePaths.read(url).utf8)), nil))
        }
        for (id, url) in try PackagePaths.ruleDocumentFiles() {
            let doc = RuleDocument.parse(try PackagePaths.read(url))
            for block in doc.swiftBlocks + doc.fixExamples.map(\.before) {
                sources.append((SourceFile(path: "rules/\(id).md:\(block.fenceLine)", bytes: Array(ArrowMarkers.strip(block.code).code.utf8)),
                                block.tcaVersion))
            }
        }
        var withFixes = Set<String>()
        for (source, version) in sources {
            var linter = Linter.withOrderRules
            linter.tcaVersion = version
            for d in linter.lint(source) {
                let availability = RuleRegistry.rule(withID: d.ruleID)?.description.fixAvailability
                if let fix = d.fix {
                    XCTAssertNotEqual(availability, FixAvailability.none, "\(source.path):\(d.line): \(d.ruleID) has no fixes but attached one")
                    XCTAssertEqual(fix.ruleID, d.ruleID)
                    XCTAssertTrue(fix.findingOffsets.contains(d.range.lowerBound), "\(source.path):\(d.line): the fix does not claim its finding")
                    withFixes.insert(d.ruleID)
                } else {
                    XCTAssertNotEqual(availability, .always, "\(source.path):\(d.line): \(d.ruleID) always has a fix")
                }
            }
        }
        let available = Set(RuleRegistry.all.filter { $0.description.fixAvailability != .none }.map { $0.description.id })
        XCTAssertEqual(withFixes, available)
    }

    /// Reordering changes behaviour (unsafe); removing a debugging call or moving BindingReducer() first
    /// does not (safe).
    func testApplicabilityOfTheShippedFixes() throws {
        let input = """
            @Reducer
            struct F {
              @ObservableState struct State { var email = ""; var isValid = false }
              var body: some ReducerOf<Self> {
                Reduce { state, _ in state.isValid = !state.email.isEmpty && state.child.isValid; return .none }
                BindingReducer()
                Scope(state: \\.child, action: \\.child) { Child() }
                  ._printChanges()
              }
            }

            @Reducer
            struct Child {
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .validate:
                    state.isValid = true
                    return .none
                  }
                }
              }
            }

            """
        var applicability: [String: FixApplicability] = [:]
        for d in Linter.withOrderRules.lint(SourceFile(path: "T.swift", bytes: Array(input.utf8))) {
            applicability[d.ruleID] = d.fix?.applicability
        }
        XCTAssertEqual(applicability, ["leftover_print_changes": .safe, "binding_reducer_not_first": .safe,
                                       "reduce_before_scope": .unsafe])
    }
}

extension FixEngineTests.ReplacedPrintChangesFix {
    func check(_ file: AnalyzedFile) -> [Finding] {
        LeftoverPrintChangesRule().check(file).map {
            Finding(ruleID: $0.ruleID, offset: $0.offset, message: $0.message,
                    fix: Fix(ruleID: $0.ruleID, title: "replaced", applicability: .safe,
                             edits: [Self.edit(forFindingAt: $0.offset)], findingOffsets: [$0.offset]))
        }
    }
}

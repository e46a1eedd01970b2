import XCTest
@testable import TCALint

/// Messages that say *which* case a finding is; expectations written from reading the inputs.
final class RuleMessageTests: XCTestCase {
    func messages(_ rule: any Rule.Type, _ source: String) -> [String] {
        Linter(rules: [rule]).lint(SourceFile(path: "t.swift", bytes: Array(source.utf8))).map { $0.message }
    }

    func parent(_ reduceBody: String) -> String {
        """
        @Reducer struct Parent {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              \(reduceBody)
            }
            Scope(state: \\.form, action: \\.form) { Form() }
          }
        }
        @Reducer struct Form {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .saveTapped: state.isSaving = true; return .none
              case .load: state.isLoading = true; return .none
              case .delegate: return .none
              }
            }
          }
        }
        """
    }

    /// The Delegate case drops a wrapper of the reducer's own action enum (`.view(.x)` with `enum View`), never
    /// a payload: Construct's `.didEdit(.compendium)` sends the case `didEdit` with a value.
    func testMissingDelegateActionSuggestsTheCaseNotItsPayload() {
        func feature(_ send: String) -> String {
            """
            @Reducer struct Editor {
              enum Mode { case compendium, adHoc }
              enum Action { case view(View); case didEdit(Mode); case save
                enum View { case deleteConfirmed } }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .save: return .send(\(send))
                  case .didEdit: return .none
                  case .view(.deleteConfirmed): return .none
                  }
                }
              }
            }
            @Reducer struct Library {
              var body: some ReducerOf<Self> {
                Scope(state: \\.editor, action: \\.editor) { Editor() }
                Reduce { state, action in
                  switch action {
                  case .editor(.didEdit): state.count += 1; return .none
                  case .editor(.view(.deleteConfirmed)): state.editor = Editor.State(); return .none
                  default: return .none
                  }
                }
              }
            }
            """
        }
        let payload = messages(MissingDelegateActionRule.self, feature(".didEdit(.compendium)"))
        XCTAssertEqual(payload.count, 1)
        XCTAssertTrue(payload.first?.contains("send .delegate(.didEdit(.compendium)) so") == true, payload.first ?? "")
        let wrapped = messages(MissingDelegateActionRule.self, feature(".view(.deleteConfirmed)"))
        XCTAssertTrue(wrapped.first?.contains("send .delegate(.deleteConfirmed) so") == true, wrapped.first ?? "")
    }

    func testReduceBeforeScopeNamesTheActionTheFieldAndWhereTheChildChangesIt() {
        let stale = messages(ReduceBeforeScopeRule.self, parent("switch action { case .form(.saveTapped): state.wasSaving = state.form.isSaving; return .none; default: return .none }"))
        XCTAssertEqual(stale, ["Reduce runs before Scope(state: \\.form) in the same builder, and on .form(.saveTapped) it reads state.form.isSaving before Form changes isSaving on that action (Form's case .saveTapped at t.swift:13), so it sees the value from before the child ran; list the Scope first so the child handles its own action before the parent logic runs"])

        let removed = messages(ReduceBeforeScopeRule.self, parent("switch action { case .form(.saveTapped): state.form = nil; return .none; default: return .none }"))
        XCTAssertEqual(removed, ["Reduce runs before Scope(state: \\.form) in the same builder, and on .form(.saveTapped) it sets state.form to nil before Form has handled the action (Form's case .saveTapped at t.swift:13), so the child never sees it; list the Scope first so the child handles its own action before the parent logic runs"])

        let everyAction = messages(ReduceBeforeScopeRule.self, parent("log(state.form.isLoading); return .none"))
        XCTAssertEqual(everyAction, ["Reduce runs before Scope(state: \\.form) in the same builder, and for every action it reads state.form.isLoading, which Form changes on its own .load (at t.swift:14), so on that action it sees the value from before the child ran; list the Scope first so the child handles its own action before the parent logic runs"])

        // The order changes nothing: the parent touches no child field the child changes on that action, acts
        // on its own actions or the child's delegate actions, only writes, passes actions through or sends.
        for harmless in [
            "switch action { case .form(.saveTapped): state.isSaving = true; return .none; default: return .none }",
            "switch action { case .form(.saveTapped): state.savedTitle = state.form.title; return .none; default: return .none }",
            "switch action { case .close: state.form = nil; return .none; default: return .none }",
            "switch action { case let .form(.delegate(d)): state.form = nil; return .none; default: return .none }",
            "switch action { case .form: return .none; case .other: return .none }",
            "state.form.visits += 1; return .none",
            "return .send(.form(.load))",
            "return .none",
        ] {
            XCTAssertEqual(messages(ReduceBeforeScopeRule.self, parent(harmless)), [], harmless)
        }
    }

    func testHelpersCalledThroughSelfAreReportedAtTheirName() {
        let source = """
        @Reducer struct F {
          @ObservableState struct State { var name = ""; var a = A.State() }
          enum Action: BindableAction { case binding(BindingAction<State>); case a(A.Action) }
          var body: some ReducerOf<Self> {
            self.analytics()
            Scope(state: \\.a, action: \\.a) { A() }
            BindingReducer()
          }
          func analytics() -> some ReducerOf<Self> { Reduce { state, _ in log(state.name, state.a.taps); return .none } }
        }
        @Reducer struct A {
          var body: some ReducerOf<Self> { Reduce { state, action in switch action { case .tap: state.taps += 1; return .none } } }
        }
        """
        let diagnostics = Linter.withOrderRules.lint(SourceFile(path: "t.swift", bytes: Array(source.utf8)))
        XCTAssertEqual(diagnostics.map { "\($0.line):\($0.column) \($0.ruleID)" },
                       ["5:10 reduce_before_scope", "7:5 binding_reducer_not_first"])
        guard diagnostics.count == 2 else { return }
        XCTAssertTrue(diagnostics[0].message.hasPrefix("analytics runs before Scope(state: \\.a)"), diagnostics[0].message)
        XCTAssertTrue(diagnostics[1].message.contains("analytics above it reads state.name for every action"), diagnostics[1].message)
    }

    func testAHelperThatReadsNoBindableFieldIsNoBindingFinding() {
        let source = """
        @Reducer struct F {
          @ObservableState struct State { var name = "" }
          enum Action: BindableAction { case binding(BindingAction<State>) }
          var body: some ReducerOf<Self> {
            self.analytics()
            BindingReducer()
          }
          func analytics() -> some ReducerOf<Self> { Reduce { _, _ in .none } }
        }
        """
        let diagnostics = Linter().lint(SourceFile(path: "t.swift", bytes: Array(source.utf8)))
        XCTAssertEqual(diagnostics.map(\.ruleID), [])
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
              case .load: state.count += 1; return .none
              }
            }
          }
        }
        """)
        XCTAssertEqual(m.count, 2)
        XCTAssertTrue(m[0].hasPrefix("F sends itself .load, an action it handles in its own switch"), m[0])
        XCTAssertTrue(m[1].hasPrefix("F sends itself .view(.onAppear),"), m[1])
    }

    /// A `.run` whose closure only calls its `Send`, named or anonymous (`$0`), with a value is the same round trip;
    /// one that does work first, or calls `$0` of a closure nested in it, is not.
    func testSendForLogicReuseReadsARunThatOnlyForwardsThroughItsAnonymousSend() {
        let m = messages(SendForLogicReuseRule.self, """
        @Reducer struct F {
          enum Action { case a, b, c, d, load(Int) }
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .a: return .run { await $0(.load(1)) }
              case .b: return .run { send in await send(.load(2)) }
              case .c: return .run { await $0(.load(try await api.fetch())) }
              case .d: return .run { _ in await items.forEach { $0(.load(3)) } }
              case let .load(n): state.count += n; return .none
              }
            }
          }
        }
        """)
        XCTAssertEqual(m.count, 2, m.joined(separator: "\n"))
        XCTAssertTrue(m.allSatisfy { $0.hasPrefix("F sends itself .load from a .run that does nothing else") }, m.joined(separator: "\n"))
    }

    /// `.concatenate(.send(.x))` with nothing else is the send itself (weg-li: "combines a send … with its other effects"
    /// was untrue), and what is chained after the call is chained after the send (Yakssok: a debounce, which a method
    /// cannot do); with another effect it combines.
    func testASendAloneInConcatenateOrMergeIsThePlainSend() {
        let m = messages(SendForLogicReuseRule.self, """
        @Reducer struct F {
          enum Action { case a, b, c, d, select }
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .a: return .concatenate(.send(.select))
              case .b: return Effect.merge(.send(.select))
              case .c: return .merge(.send(.select), .run { _ in await log() })
              case .d: return .merge(.send(.select)).debounce(id: "d", for: 0.3, scheduler: mainQueue)
              case .select: state.count += 1; return .none
              }
            }
          }
        }
        """)
        XCTAssertEqual(m.count, 3, m.joined(separator: "\n"))
        XCTAssertTrue(m[0].hasPrefix("F sends itself .select, an action it handles"), m[0])
        XCTAssertTrue(m[1].hasPrefix("F sends itself .select, an action it handles"), m[1])
        XCTAssertTrue(m[2].hasPrefix("F combines a send of .select, an action it handles"), m[2])
    }

    /// `.send(c ? .x : .y)` is a round trip whichever branch is chosen: each branch that names an action the feature
    /// handles is reported, at its own `.`; a branch that is not a case, or a delegate, is not.
    func testSendForLogicReuseReadsEachBranchOfATernaryChoosingTheAction() {
        let source = """
        @Reducer struct F {
          enum Action { case a, b, c, refresh, reset, delegate(Delegate) }
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .a: return .send(state.flag ? .refresh : .reset)
              case .b: return .send(state.flag ? .refresh : makeAction())
              case .c: return .send(state.flag ? .delegate(.done) : .reset)
              case .refresh: state.count += 1; return .none
              case .reset: state.count = 0; return .none
              case .delegate: return .none
              }
            }
          }
        }
        """
        let found = Linter(rules: [SendForLogicReuseRule.self]).lint(SourceFile(path: "t.swift", bytes: Array(source.utf8)))
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["6:42", "6:53", "7:42", "8:61"], found.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(found[0].message.hasPrefix("F sends itself .refresh, an action it handles"), found[0].message)
        XCTAssertTrue(found[1].message.hasPrefix("F sends itself .reset, an action it handles"), found[1].message)
    }

    /// An action of a nested enum the feature ignores whole (`case .navigation: return .none`) is a message kept apart
    /// from the feature's own actions, a delegate enum by another name; a View enum ignored whole is still the view's.
    func testMissingDelegateActionLeavesAnEnumTheFeatureIgnoresWhole() {
        func source(_ wrapper: String, extra: String = "") -> String {
            """
            @Reducer struct Details {
              enum Action { case closeTapped; case \(wrapper)(Wrapper); case other
                enum Wrapper { case dismissFlow, pushRelated } }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .closeTapped: return .send(.\(wrapper)(.dismissFlow))
                  \(extra)case .\(wrapper): return .none
                  case .other: return .none
                  }
                }
              }
            }
            @Reducer struct Navigator {
              var body: some ReducerOf<Self> {
                Scope(state: \\.root, action: \\.root) { Details() }
                Reduce { state, action in
                  switch action {
                  case .root(.\(wrapper)(.dismissFlow)): state.isPresented = false; return .none
                  default: return .none
                  }
                }
              }
            }
            """.replacingOccurrences(of: "Wrapper", with: wrapper.prefix(1).uppercased() + wrapper.dropFirst())
        }
        XCTAssertEqual(messages(MissingDelegateActionRule.self, source("navigation")), [])
        // The enum is not ignored whole when one of its cases does something: its ignored case is reported.
        let acted = messages(MissingDelegateActionRule.self, source("navigation", extra: "case .navigation(.pushRelated): state.count += 1; return .none\n      "))
        XCTAssertEqual(acted.count, 1, acted.joined(separator: "\n"))
        XCTAssertTrue(acted.first?.hasPrefix("Details sends itself .navigation(.dismissFlow), which its own switch ignores") == true, acted.first ?? "")
        XCTAssertEqual(messages(MissingDelegateActionRule.self, source("view")).count, 1)
    }

    /// A call too long for a message shows its arguments as `(…)` and keeps every name whole (it was cut mid-name,
    /// `….as… { … }`); a short one is shown as written.
    func testSideEffectMessageShortensLongArgumentsNotNames() {
        func message(_ call: String) -> String? {
            messages(SideEffectInReducerRule.self, """
            @Reducer struct Camera {
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  \(call) { state.count += 1 }
                  return .none
                }
              }
            }
            """).first
        }
        let long = message(#"DispatchQueue(label: "sessionStart", qos: .userInitiated, attributes: .concurrent).async"#)
        XCTAssertTrue(long?.hasPrefix("DispatchQueue(…).async { … } in Camera's reducer itself schedules work outside the store") == true, long ?? "none")
        let short = message(#"DispatchQueue(label: "a").async"#)
        XCTAssertTrue(short?.hasPrefix(#"DispatchQueue(label: "a").async { … } in Camera's reducer"#) == true, short ?? "none")
    }

    /// An app's own `UserDefaults` wrapper written in the reducer persists a value outside any effect; reading it, the
    /// system's `UserDefaults` read, or a write inside a `.run` is not reported.
    func testSideEffectReadsAWriteThroughAnAppsUserDefaultsWrapper() {
        let m = messages(SideEffectInReducerRule.self, """
            @Reducer struct Onboarding {
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  UserDefaultsManager.isFirst = false
                  KUUserDefaults.shared.saveSkin(state.skinID)
                  let first = UserDefaultsManager.isFirst
                  state.name = UserDefaults.standard.string(forKey: "name") ?? ""
                  return .run { _ in UserDefaultsManager.lastSeen = first }
                }
              }
            }
            """)
        XCTAssertEqual(m.count, 2, m.joined(separator: "\n"))
        XCTAssertTrue(m.first?.hasPrefix("UserDefaultsManager.isFirst = … runs in Onboarding's reducer itself, outside any effect") == true, m.first ?? "")
        XCTAssertTrue(m.last?.hasPrefix("KUUserDefaults.shared.saveSkin(…) runs in Onboarding's reducer itself") == true, m.last ?? "")
    }

    /// A store reached through a `@Dependency` declared as a local of the logic (sihon321/TodayWorkoutDone's
    /// `@Dependency(\.myRoutineData) var myRoutineContext` inside a case) is a client tests replace, like a property;
    /// a context built in place (`let modelContext = ModelContext(container)`) is not.
    func testSideEffectThroughALocalDependencyIsNotReported() {
        let m = messages(SideEffectInReducerRule.self, """
            @Reducer struct MakeWorkout {
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .save:
                    @Dependency(\\.myRoutineData) var myRoutineContext
                    try? myRoutineContext.save()
                    return .none
                  case .saveLocally:
                    let modelContext = ModelContext(container)
                    try? modelContext.save()
                    return .none
                  }
                }
              }
            }
            """)
        XCTAssertEqual(m.count, 1, m.joined(separator: "\n"))
        XCTAssertTrue(m.first?.hasPrefix("modelContext.save() runs in MakeWorkout's reducer itself") == true, m.first ?? "")
    }

    func testBindingReducerMessageNamesTheStaleObservation() {
        let m = messages(BindingReducerNotFirstRule.self, """
        @Reducer struct F {
          @ObservableState struct State { var query = ""; var page = 0; var a = A.State() }
          enum Action: BindableAction { case binding(BindingAction<State>); case a(A.Action) }
          var body: some ReducerOf<Self> {
            Scope(state: \\.a, action: \\.a) { A() }
            BindingReducer()
            CombineReducers { Reduce { state, _ in state.page = state.query.count; return .none }; BindingReducer() }
            CombineReducers {
              Reduce { state, action in
                switch action {
                case .binding(\\.query): state.page = 0; return .none
                default: return .none
                }
              }
              BindingReducer()
            }
          }
        }
        """)
        // The child Scope above the first BindingReducer never sees the parent's bindings: no finding.
        XCTAssertEqual(m, [
            "BindingReducer() is not the first reducer in this builder; Reduce above it reads state.query for every action, bindings included, before the binding is written, so it sees the old value; list BindingReducer() first",
            "BindingReducer() is not the first reducer in this builder; Reduce above it handles case .binding(\\.query) before the binding is written, so it sees the old value; list BindingReducer() first",
        ])
    }
}

extension RuleMessageTests {
    /// `case .a: return .none; case .b:` on one line: the `;` is no logic, so the case only passes through,
    /// and the next clause's code is not the first one's.
    func testAnInertCaseFollowedByASemicolonIsStillInert() {
        let file = AnalyzedFile(source: SourceFile(path: "t.swift", bytes: Array(parent("switch action { case .form: return .none; case .other: state.form.reset(); return .none }").utf8)))
        let cases = file.logic.filter { $0.feature.name == "Parent" }.flatMap(\.logic.clauses)
        XCTAssertEqual(cases.map(\.patterns), [[["form"]], [["other"]]])
        XCTAssertEqual(cases.map(\.code.isNoOp), [true, false])
        XCTAssertEqual(messages(ReduceBeforeScopeRule.self, parent("switch action { case .form: return .none; case .other: state.form.reset(); return .none }")), [])
    }

    /// `Self._printChanges()` in a view is SwiftUI's static debugging aid, and `WithViewStore`'s prints its view state,
    /// not TCA's reducer printer: the message says what each prints.
    func testPrintChangesMessagesNameWhoseAPIItIs() {
        let m = messages(LeftoverPrintChangesRule.self, """
            struct CounterView: View {
              var body: some View {
                let _ = Self._printChanges()
                Text("Hi")
              }
            }
            @Reducer struct Counter {
              var body: some ReducerOf<Self> { Reduce { _, _ in .none }._printChanges() }
            }
            struct FormView: View {
              let store: StoreOf<Counter>
              var body: some View {
                WithViewStore(store, observe: { $0 }) { viewStore in
                  Text("\\(viewStore.count)")
                }
                ._printChanges()
              }
            }
            """)
        XCTAssertEqual(m, [
            "Remove Self._printChanges() before merging; it is SwiftUI's debugging aid (underscored, unversioned API) that prints why the view's body was evaluated, every time it is",
            "Remove ._printChanges() before merging; it is a debugging aid (underscored, unversioned API) that prints every action and state diff",
            // WithViewStore's prints its view state's diff when the view is computed, no actions (AddaMeSPB/AddaMeIOS).
            "Remove ._printChanges() before merging; it is WithViewStore's debugging aid (underscored, unversioned API) that prints a diff of the view state every time the view's body is computed",
        ])
    }

    /// An alert is not a feature: its message says what `ifLet` would have cleared, not a reducer that never
    /// runs. One that the feature clears on `.dismiss` itself, or never sets, is not reported.
    func testPresentsWithoutIfLetSaysWhatIsLostForAnAlertAndADialog() {
        let source = """
            @Reducer struct Welcome {
              @ObservableState struct State {
                @Presents var alert: AlertState<Action.Alert>?
                @Presents var confirm: ConfirmationDialogState<Action.Confirm>?
                @Presents var unused: AlertState<Action.Alert>?
              }
              enum Action {
                case alert(PresentationAction<Alert>)
                case confirm(PresentationAction<Confirm>)
                case unused(PresentationAction<Alert>)
                case tapped
              }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .tapped:
                    state.alert = AlertState { TextState("A") }
                    state.confirm = ConfirmationDialogState { TextState("C") }
                    return .none
                  case .alert, .confirm, .unused:
                    return .none
                  }
                }
              }
            }
            """
        XCTAssertEqual(messages(PresentsWithoutIfLetRule.self, source), [
            "@Presents var alert is never integrated: Welcome's body has no .ifLet(\\.$alert, action: \\.alert) and Welcome does not clear it on .alert(.dismiss), so the alert stays in state after it closes",
            "@Presents var confirm is never integrated: Welcome's body has no .ifLet(\\.$confirm, action: \\.confirm) and Welcome does not clear it on .confirm(.dismiss), so the dialog stays in state after it closes",
        ])
        // Cleared on `.dismiss` by hand: nothing.
        XCTAssertEqual(messages(PresentsWithoutIfLetRule.self, source.replacingOccurrences(
            of: "case .alert, .confirm, .unused:",
            with: "case .alert(.dismiss): state.alert = nil; return .none\n      case .confirm(.dismiss): state.confirm = nil; return .none\n      case .alert, .confirm, .unused:")), [])
    }

    /// The `.task { … .finish() }` advice only for appear actions (a button sent from `.task` would run on
    /// appear); the action named by the whole case path the reducer matches.
    func testLongEffectAdviceFitsTheTriggeringAction() {
        func source(_ pattern: String) -> String {
            """
            @Reducer struct F {
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case \(pattern):
                    return .run { send in
                      for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
                    }
                  default:
                    return .none
                  }
                }
              }
            }
            """
        }
        let appear = messages(LongEffectWithoutCancellationRule.self, source(".view(.didAppear)"))
        XCTAssertEqual(appear.count, 1)
        XCTAssertTrue(appear.first?.hasSuffix("or send .view(.didAppear) from the view's .task { await store.send(.view(.didAppear)).finish() } so it ends with the view") == true, appear.first ?? "")
        let button = messages(LongEffectWithoutCancellationRule.self, source(".view(.startTapped)"))
        XCTAssertEqual(button.count, 1)
        XCTAssertTrue(button.first?.hasSuffix("add .cancellable(id:, cancelInFlight: true) so that each .view(.startTapped) cancels the copy already running (and return .cancel(id:) when it should stop)") == true, button.first ?? "")
        XCTAssertFalse(button.first?.contains(".task") ?? true)
    }

    /// A child nested under another case (`.child(.destination(…))`) is named, and dismissed, through it;
    /// the `ifLet`/`forEach` explanation only where the body has one for the child.
    func testUncancelledParentEffectNamesTheNestedChildPath() {
        let m = messages(UncancelledParentEffectRule.self, """
            @Reducer struct Dashboard {
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  return .run { send in
                    for await date in clock.timer(interval: .seconds(1)) {
                      await send(.child(.destination(.presented(.clock(.tick(date))))))
                    }
                  }
                }
              }
            }
            """)
        XCTAssertEqual(m, ["This long-living effect sends actions into the child (.child(.destination(.presented(…)))) but is not cancellable, so it outlives the child when it is dismissed (dismissing a child does not cancel effects its parent started); add .cancellable(id:) and return .cancel(id:) where the child is dismissed (case .child(.destination(.dismiss)), state.destination = nil)"])
    }

    /// The attribute as written, and the `action:` form of the feature's TCA: a case path for a
    /// `ReducerProtocol` without `@Reducer`.
    func testPresentsWithoutIfLetQuotesTheLegacyForms() {
        let m = messages(PresentsWithoutIfLetRule.self, """
            struct Settings: ReducerProtocol {
              struct State: Equatable { @PresentationState var child: Child.State? }
              enum Action: Equatable { case child(PresentationAction<Child.Action>); case open }
              var body: some ReducerProtocolOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .open: state.child = Child.State(); return .none
                  case .child: return .none
                  }
                }
              }
            }
            """)
        XCTAssertEqual(m.count, 1)
        XCTAssertTrue(m.first?.hasPrefix("@PresentationState var child is never integrated: Settings's body has no .ifLet(\\.$child, action: /Action.child)") == true, m.first ?? "")
    }

    /// Sleeping on the real clock makes tests wait; reading its `now` makes them not deterministic.
    func testUncontrolledClockMessagesSayWhatTheCodeDoesWithTheClock() {
        let m = messages(UncontrolledDependencyRule.self, """
            @Reducer struct F {
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  state.at = ContinuousClock.now
                  state.other = SuspendingClock.now
                  return .run { _ in try await Task.sleep(for: .seconds(1)) }
                }
              }
            }
            """)
        XCTAssertEqual(m, [
            "ContinuousClock.now in F's reducer reads the real clock's current instant, which a TestStore cannot control, so tests are not deterministic; use @Dependency(\\.continuousClock) and its now",
            "SuspendingClock.now in F's reducer reads the real clock's current instant, which a TestStore cannot control, so tests are not deterministic; use @Dependency(\\.suspendingClock) and its now",
            "Task.sleep(for: .seconds(1)) in F's reducer sleeps on the real clock, which a TestStore cannot control, so tests wait in real time; use @Dependency(\\.continuousClock)",
        ])
    }

    /// `state.x = .now` is `Date.now` when the State declares x a `Date` (annotated, optional, or from `Date()`); a
    /// clock's instant, a field of another type, one the model does not show, or a nested path is not reported.
    func testAnImplicitNowAssignedToADateFieldReadsTheDate() {
        let m = messages(UncontrolledDependencyRule.self, """
            @Reducer struct F {
              @ObservableState struct State {
                var seen: Date?
                var started = Date()
                var instant: ContinuousClock.Instant
                var mode: Mode = .later
              }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  state.seen = .now
                  state.started = .now.addingTimeInterval(60)
                  state.instant = .now
                  state.mode = .now
                  state.unknown = .now
                  state.room.startedAt = .now
                  return .none
                }
              }
            }
            """)
        XCTAssertEqual(m, [
            ".now in F's reducer reads the real current date, which a TestStore cannot control, so tests are not deterministic; use @Dependency(\\.date)",
            ".now in F's reducer reads the real current date, which a TestStore cannot control, so tests are not deterministic; use @Dependency(\\.date)",
        ])
        let source = "@Reducer\nstruct F {\n  struct State { var seen: Date? }\n  var body: some ReducerOf<Self> {\n    Reduce { state, _ in\n      state.seen = .now\n      return .none\n    }\n  }\n}\n"
        let outcome = FixEngine(linter: Linter(rules: [UncontrolledDependencyRule.self]), includeUnsafe: true)
            .run(SourceFile(path: "F.swift", bytes: Array(source.utf8)))
        XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self),
                       "@Reducer\nstruct F {\n  struct State { var seen: Date? }\n  @Dependency(\\.date) var date\n\n  var body: some ReducerOf<Self> {\n    Reduce { state, _ in\n      state.seen = self.date.now\n      return .none\n    }\n  }\n}\n")
    }

    /// Code after a `return` in the same block never runs (BB-Y/swift-tca left a debounce after an early `return .none`):
    /// nothing in it is reported; code after a `return` inside an `if` or a `guard`'s `else`, or in the next case, is.
    func testCodeAfterAReturnIsNeverRead() {
        let m = messages(UncontrolledDependencyRule.self, """
            @Reducer struct F {
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .searched:
                    return .none
                    state.isSearching = true
                    return .run { send in
                      try await Task.sleep(for: .milliseconds(300))
                      await send(.search)
                    }
                  case .tapped:
                    if state.isOn { return .none }
                    state.at = Date()
                    guard state.isReady else { return .none; }
                    return state.isOn
                      ? .none
                      : .run { _ in try await Task.sleep(for: .seconds(1)) }
                  @unknown default:
                    return .none
                  }
                }
              }
            }
            """)
        XCTAssertEqual(m.map { String($0.prefix(while: { $0 != " " })) }, ["Date()", "Task.sleep(for:"], m.joined(separator: "\n"))
    }

    /// A sleep of at most 10 ms, written as a literal, is a scheduling yield; a longer one, or one whose length is
    /// computed, is a wait a test would sit through.
    func testASleepOfAtMost10MillisecondsIsAYield() {
        let m = messages(UncontrolledDependencyRule.self, """
            @Reducer struct F {
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  .run { _ in
                    try await Task.sleep(nanoseconds: 0)
                    try await Task.sleep(nanoseconds: 10_000_000)
                    try await Task.sleep(for: .milliseconds(10))
                    try await Task.sleep(nanoseconds: 10_000_001)
                    try await Task.sleep(for: .milliseconds(11))
                    try await Task.sleep(nanoseconds: 1_000 * 1_000)
                    try await Task.sleep(nanoseconds: 99999999999999999999999)
                    try await Task.sleep(for: .milliseconds(99999999999999999999999))
                  }
                }
              }
            }
            """)
        XCTAssertEqual(m.map { String($0.prefix { $0 != " " }) }, [
            "Task.sleep(nanoseconds:", "Task.sleep(for:", "Task.sleep(nanoseconds:", "Task.sleep(nanoseconds:", "Task.sleep(for:",
        ])
        XCTAssertTrue(m[0].hasPrefix("Task.sleep(nanoseconds: 10_000_001) in F's reducer sleeps on the real clock"), m[0])
        XCTAssertTrue(m[1].hasPrefix("Task.sleep(for: .milliseconds(11))"), m[1])
        XCTAssertTrue(m[2].hasPrefix("Task.sleep(nanoseconds: 1_000 * 1_000)"), m[2])
    }

    /// A value read only by an `if` whose two branches are the same code decides nothing; one whose branches differ,
    /// or an `else if`, or a read after the `if`, still reaches what the reducer does.
    func testAnUncontrolledValueThatOnlyPicksBetweenTwoIdenticalBranchesIsNotReported() {
        func lines(_ body: String) -> [Int] {
            Linter(rules: [UncontrolledDependencyRule.self])
                .lint(SourceFile(path: "t.swift", bytes: Array("""
                    @Reducer struct F {
                      var body: some ReducerOf<Self> {
                        Reduce { state, action in
                    \(body)
                          return .none
                        }
                      }
                    }
                    """.utf8))).map(\.line)
        }
        XCTAssertEqual(lines("""
                let today = Date()
                if Calendar.current.isDate(state.day, inSameDayAs: today) { state.rows = rows } else { state.rows = rows }
            """), [])
        XCTAssertEqual(lines("""
                let today = Date()
                if Calendar.current.isDate(state.day, inSameDayAs: today) { state.rows = rows } else { state.rows = [] }
            """), [4, 5])
        XCTAssertEqual(lines("""
                let today = Date()
                if state.isOn { } else if today > state.day { state.rows = rows } else { state.rows = rows }
            """), [4])
        XCTAssertEqual(lines("""
                let today = Date()
                if today > state.day { state.rows = rows } else { state.rows = rows }
                state.day = today
            """), [4])
    }

    /// The `BindingReducer` a nested bindable enum needs names the case of `Action` that carries it.
    func testBindableActionMessageNamesTheCaseCarryingANestedEnum() {
        let found = messages(BindableActionWithoutBindingReducerRule.self, """
            @Reducer struct Login {
              @ObservableState struct State { var email = "" }
              enum Action: ViewAction {
                case viewAction(ViewAction)
              }
              enum ViewAction: BindableAction { case binding(BindingAction<State>) }
              var body: some ReducerOf<Self> { Reduce { _, _ in .none } }
            }
            struct LoginView: View {
              @Bindable var store: StoreOf<Login>
              var body: some View { TextField("", text: $store.email) }
            }
            """)
        XCTAssertEqual(found, ["Login.ViewAction conforms to BindableAction but Login's body has no BindingReducer: the binding actions LoginView sends (text: $store.email) change no state, and TCA reports \"A binding action sent from a store was not handled\" — add BindingReducer(action: \\.viewAction) to body"])
    }
}

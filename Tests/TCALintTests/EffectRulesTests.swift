import XCTest
@testable import TCALint

/// The pieces of the effect-misuse rules that their documents do not pin down one by one: where the
/// model says effects and synchronous code are, which fixes are refused, and robustness on cut-off
/// input. Expectations are written from reading the inputs.
final class EffectRulesTests: XCTestCase {
    private func analyzed(_ source: String) -> AnalyzedFile {
        AnalyzedFile(source: SourceFile(path: "t.swift", bytes: Array(source.utf8)))
    }

    /// The logic units of the file's features, in source order.
    private func logic(_ file: AnalyzedFile) -> [LogicFacts] {
        file.logic.map(\.logic).sorted { $0.anchor.offset < $1.anchor.offset }
    }

    private func code(_ file: AnalyzedFile) -> CodeTokens { file.syntax!.code }

    func testEffectsAndSynchronousCode() throws {
        let file = analyzed("""
        @Reducer
        struct F {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              UserDefaults.standard.set(1, forKey: "a")
              return .merge(
                .run { send in UserDefaults.standard.set(2, forKey: "b") } catch: { error, send in UserDefaults.standard.set(3, forKey: "c") },
                Effect.run(priority: .low, operation: { send in UserDefaults.standard.set(4, forKey: "d") }),
                store.run { UserDefaults.standard.set(5, forKey: "e") },
                .send(.x)
              )
            }
          }
        }
        """)
        let units = logic(file)
        XCTAssertEqual(units.count, 1)
        let effects = try XCTUnwrap(units.first).effects
        XCTAssertEqual(effects.map(\.name), ["run", "run"])
        XCTAssertEqual(effects.map(\.sendName), ["send", "send"])
        // `.run { … }` reports at its dot; `Effect.run` starts at `Effect`.
        XCTAssertEqual(effects.map { code(file).text($0.dot.token) }, [".", "."])
        XCTAssertEqual(effects.map { code(file).text($0.start.token) }, [".", "Effect"])
        // Everything outside the effects' closures, `store.run { … }` included (a call on a value), is synchronous.
        let synchronous = units[0].sideEffects.map { code(file).text($0.anchor.token + 6) }
        XCTAssertEqual(synchronous, ["1", "5"])
    }

    func testUnstructuredTaskForms() {
        let syntax = FileSyntax(source: SourceFile(path: "t.swift", bytes: Array("""
        Task { a() }
        Task(priority: .high) { b() }
        Task<Void, Never> { c() }
        Task.detached { d() }
        Task.sleep(for: .seconds(1))
        var t: Task<Void, Never> { e() }
        switch x { case .y: Task { f() } }
        x.Task { g() }
        """.utf8)))
        let code = syntax.code
        let tasks = UnstructuredTasks.find(from: 0, to: code.count, code: code)
        XCTAssertEqual(tasks.map { ($0.open + 1..<$0.close).map { code.text($0) }.joined(separator: " ") }, ["a ( )", "b ( )", "c ( )", "d ( )", "f ( )"])
        XCTAssertEqual(tasks.map(\.isDetached), [false, false, false, true, false])
    }

    /// A task whose `.value` (or `.result`) the effect awaits at its own level before returning cannot send after the
    /// effect ends (indragiek/Context); one awaited only inside a nested block or closure, or not at all, still can.
    func testATaskTheEffectAwaitsIsNotReported() {
        let source = """
        @Reducer
        struct F {
          func a() -> Effect<Action> {
            .run { send in
              let task = Task { await send(.loaded) }
              await send(.store(task))
              await task.value
            }
          }
          func b() -> Effect<Action> { .run { send in let t = Task { await send(.loaded) }; _ = await t.result } }
          func c() -> Effect<Action> { .run { send in let t = Task { await send(.loaded) }; if x { await t.value } } }
          func d() -> Effect<Action> { .run { send in let t = Task { await send(.loaded) }; await other.value } }
        }
        """
        let findings = Linter(rules: [UnstructuredTaskInEffectRule.self]).lint(SourceFile(path: "F.swift", bytes: Array(source.utf8)))
        XCTAssertEqual(findings.map(\.line), [11, 12], findings.map(\.message).joined(separator: "\n"))
    }

    /// A factory of the project's own (`extension Effect { static func exec(…) -> Self { .run(…) } }`) is an
    /// effect where reducer logic returns one: a leading-dot call with a trailing closure that takes parameters;
    /// not `.merge(…)` and its argument closures, not a closure without parameters.
    func testAProjectsOwnEffectFactoryIsAnEffect() throws {
        let file = analyzed("""
        @Reducer
        struct F {
          func a() -> Effect<Action> { .exec { send in UserDefaults.standard.set(1, forKey: "a") } }
          func b() -> Effect<Action> { .ssRun(priority: .high) { _ in UserDefaults.standard.set(2, forKey: "b") } }
          func c() -> Effect<Action> { .merge(.run { send in }, .none) }
          func d() -> Effect<Action> { .custom { UserDefaults.standard.set(4, forKey: "d") } }
        }
        """)
        let units = logic(file)
        XCTAssertEqual(units.map { $0.effects.map(\.name) }, [["exec"], ["ssRun"], ["run"], []])
        XCTAssertEqual(units.map { $0.sideEffects.count }, [0, 0, 0, 1])
    }

    /// `try!` in a project's own factory: reported, but with no fix and no claim that the factory catches.
    func testForceTryInAProjectsOwnFactoryOffersNoFix() {
        let source = """
        @Reducer
        struct F {
          func a() -> Effect<Action> { .exec { send in try! await load() } }
          func b() -> Effect<Action> { .run { send in try! await load() } }
        }
        """
        let findings = Linter(rules: [ForceTryInEffectRule.self]).lint(SourceFile(path: "F.swift", bytes: Array(source.utf8)))
        XCTAssertEqual(findings.map(\.line), [3, 4])
        XCTAssertEqual(findings.map { $0.fix == nil }, [true, false])
        XCTAssertEqual(findings.first?.message, ForceTryInEffectRule.message(effect: "exec", .operation, isProjectFactory: true))
        XCTAssertTrue(findings.first?.message.contains("this project's own effect factory") ?? false)
        XCTAssertTrue(findings.last?.message.hasSuffix("use try: .run already catches cancellation") ?? false)
    }

    func testSendNameFollowsTheClosureSignature() {
        let file = analyzed("""
        @Reducer
        struct F {
          func a() -> Effect<Action> { .run { [id] action in } }
          func b() -> Effect<Action> { .run { @MainActor send in } }
          func c() -> Effect<Action> { .run { _ in } }
          func d() -> Effect<Action> { .fireAndForget { } }
        }
        """)
        XCTAssertEqual(logic(file).flatMap(\.effects).map(\.sendName), ["action", "send", nil, nil])
    }

    func testStateNameOfEachLogicUnit() {
        let file = analyzed("""
        @Reducer
        struct F {
          var body: some ReducerOf<Self> {
            Reduce { current, action in .none }
            Reduce(self.core)
          }
          func core(into model: inout State, action: Action) -> Effect<Action> { .none }
          func helper(_ s: inout State, _ a: Action) -> Effect<Action> { .none }
          func other(_ s: inout State, _ a: Action) { }
        }
        """)
        // `other` returns no effect but changes the state it is given: a state function, logic one call away.
        XCTAssertEqual(logic(file).map(\.stateName), ["current", "model", "s", "s"])
        XCTAssertEqual(logic(file).map(\.owner), ["body", "core", "helper", "other"])
        XCTAssertEqual(logic(file).map(\.kind), [.reduceClosure, .effectFunction, .effectFunction, .stateFunction])
    }

    func testDependenciesAreReadByKeyPathAndByType() throws {
        let file = analyzed("""
        @Reducer
        struct F {
          @Dependency(\\.date.now) var now
          @Dependency(\\.uuid) private var makeID
          @Dependency(SomeClient.self) var client
          var date: Date { .distantPast }
          func calendar() {}
          var body: some ReducerOf<Self> { EmptyReducer() }
        }
        """)
        let feature = try XCTUnwrap(file.features.first)
        XCTAssertEqual(feature.dependencies.map(\.name), ["now", "makeID", "client"])
        XCTAssertEqual(feature.dependencies.map(\.keyPath), ["date.now", "uuid", nil])
        XCTAssertEqual(feature.dependencies.map(\.keyType), [nil, nil, "SomeClient"])
        XCTAssertTrue(feature.memberNames.isSuperset(of: ["now", "makeID", "client", "date", "calendar", "body"]))
    }

    func testSideEffectCallsTellEffectsFromReads() {
        func matched(_ statement: String) -> String? {
            let code = FileSyntax(source: SourceFile(path: "t.swift", bytes: Array(statement.utf8))).code
            return SideEffectCalls.match(at: 0, limit: code.count, code: code)?.shown
        }
        XCTAssertEqual(matched("UserDefaults.standard.set(1, forKey: \"k\")"), "UserDefaults.standard.set(…)")
        XCTAssertNil(matched("UserDefaults.standard.bool(forKey: \"k\")"))
        XCTAssertEqual(matched("UIApplication.shared.isIdleTimerDisabled = true"), "UIApplication.shared.isIdleTimerDisabled = …")
        XCTAssertNil(matched("UIApplication.shared.isIdleTimerDisabled == true"))
        XCTAssertEqual(matched("Analytics.shared.trackEvent(\"x\")"), "Analytics.shared.trackEvent(…)")
        XCTAssertNil(matched("Theme.shared.settings(for: x)"))
        XCTAssertEqual(matched("DispatchQueue.global(qos: .utility).async { work() }"), "DispatchQueue.global(qos: .utility).async { … }")
        XCTAssertNil(matched("DispatchQueue.main.schedule { work() }"))
        XCTAssertEqual(matched("keychain.removeToken()"), "keychain.removeToken()")
        XCTAssertEqual(matched("keychain.removeToken(id)"), "keychain.removeToken(…)")
        XCTAssertEqual(matched("DispatchQueue.main.asyncAfter(deadline: .now() + 1) { work() }"), "DispatchQueue.main.asyncAfter(…) { … }")
        XCTAssertNil(matched("keychain.readToken()"))
        XCTAssertEqual(matched("URLSession.shared\n  .dataTask(with: url)\n  .resume()"), "URLSession.shared.dataTask(…)")
        XCTAssertTrue(SideEffectCalls.isVerb("setValue", ["set"]))
        XCTAssertFalse(SideEffectCalls.isVerb("settings", ["set"]))
    }

    /// The fix refuses what it cannot do mechanically: a static helper, a reducer whose struct is in
    /// another file, a member that already has the dependency's name, `.random`.
    func testUncontrolledDependencyFixIsRefusedWhereItCannotBeMechanical() {
        func fixedText(_ source: String) -> String {
            String(decoding: FixEngine(includeUnsafe: true).run(SourceFile(path: "t.swift", bytes: Array(source.utf8))).bytes,
                   as: UTF8.self)
        }
        let extensionOnly = """
        extension Feature: Reducer {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              state.id = UUID()
              return .none
            }
          }
        }
        """
        XCTAssertEqual(fixedText(extensionOnly), extensionOnly)
        let staticHelper = """
        @Reducer
        struct Feature {
          var body: some ReducerOf<Self> { Reduce(Self.core) }
          static func core(state: inout State, action: Action) -> Effect<Action> {
            state.id = UUID()
            return .none
          }
        }
        """
        XCTAssertEqual(fixedText(staticHelper), staticHelper)
        let nameTaken = """
        @Reducer
        struct Feature {
          var date = 0
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              state.at = Date()
              state.roll = Int.random(in: 1...6)
              return .none
            }
          }
        }
        """
        XCTAssertEqual(fixedText(nameTaken), nameTaken)
    }

    func testForceTryFixStaysOutOfNestedClosuresAndCatchingDoBlocks() {
        let source = """
        @Reducer
        struct Feature {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              .run { send in
                if true { try! await a() }
                do { try! await b() } catch { await send(.failed) }
                items.forEach { _ in try! await c() }
                for x in xs { try! await d(x) }
              }
            }
          }
        }
        """
        let file = analyzed(source)
        let detections = logic(file).flatMap(\.effects).flatMap(\.forceTries)
        XCTAssertEqual(detections.map { code(file).text($0.anchor.token + 3) }, ["a", "b", "c", "d"])
        XCTAssertEqual(detections.map(\.placement), [.operation, .doWithCatch, .nestedClosure, .operation])
        // Only where `try` compiles and the effect catches the cancellation is `try!` fixed.
        XCTAssertEqual(ForceTryInEffectRule().check(file).map { $0.fix != nil }, [true, false, false, true])
    }

    /// What the model says leaves a `.run` unhandled: each `try`/`throw` whose error reaches the operation, with what
    /// the `try` calls as written (in a sent action, the call inside a case path's `embed`); not cancellation-only
    /// calls, nested closures, `do`/`catch`, `try?`, nor a wrapper none of whose closures (labelled trailing ones too) throws; nothing at all once the `.run` has a `catch:` handler or is not a `.run`.
    func testUnhandledThrowsOfARun() {
        let source = """
        @Reducer
        struct Feature {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .a:
                return .run { send in
                  try await Task.sleep(nanoseconds: 1)
                  try await self.clock.sleep(for: .seconds(1))
                  try Task.checkCancellation()
                  let x = try await self.api.fetch(1)
                  for try await y in api.stream(for: x).values { await send(.y(y)) }
                  let z = try JSONDecoder().decode(Z.self, from: x)
                  await send(.r(Result { try await api.other() }))
                  do { try await api.third() } catch { try await api.fallback() }
                  try? await api.optional()
                  try await withTaskCancellation(id: 1) { try await clock.sleep(for: .seconds(1)) }
                  try await withTaskCancellation(id: 2) { try await api.inner() }
              try await withDependencies { $0.id = 1 } operation: { try await api.create() }
              try await withDependencies { $0.id = 2 } operation: { await send(.created) }
                  Task { try await api.detached() }
                  try await send(.loaded(.init(api.load(z))))
                  try await send(.other(z))
              try await send(action.embed(.loaded(client.load(z))))
              try await send(action.embed(.loaded(z)))
                  for try await tick in clock.timer(interval: .seconds(1)) { await send(.tick) }
                  for try await status in try api.status() { await send(.status(status)) }
                  let w = try flag ? a() : b()
                  let m = try await items.asyncMap { item in item.name }
                  let n = try await items.asyncMap { try await api.load($0) }
                  guard z.ok else { throw Failure() }
                  throw CancellationError()
                  async let delay = clock.sleep(for: .seconds(2))
                  async let user = api.user()
                  async let pause: Void = Task.sleep(for: .seconds(1))
                  try await delay
                  try await pause
                  let u = try await user
                  let updates: AsyncStream<[Item]> = db.observe(Item.all)
                  for try await items in updates { await send(.items(items)) }
                  let ticks = AsyncStream<Int> { $0.finish() }
                  for try await tick in ticks { await send(.tick) }
                  let events: AsyncThrowingStream<Int, Error> = api.events()
                  for try await event in events { await send(.event(event)) }
                  let pages = AsyncThrowingStream<Page, Error> { continuation in
                    Task {
                      for page in 0...3 { continuation.yield(try await api.page(page)) }
                      continuation.finish()
                    }
                  }
                  for try await page in pages { await send(.page(page)) }
                  let failing = AsyncThrowingStream<Page, Error> { continuation in
                    Task { continuation.finish(throwing: Failure()) }
                  }
                  for try await page in failing { await send(.page(page)) }
                  let handed = AsyncThrowingStream { api.subscribe($0) }
                  for try await page in handed { await send(.page(page)) }
                }
              case .b:
                return .run { send in try await api.fetch(2) } catch: { error, send in }
              default:
                return .task { try await api.fetch(3) }
              }
            }
          }
        }
        """
        let effects = logic(analyzed(source)).flatMap(\.effects)
        XCTAssertEqual(effects.map(\.name), ["run", "run", "task"])
        XCTAssertEqual(effects[0].unhandledThrows.map { $0.call ?? "throw" },
                       ["self.api.fetch", "api.stream(…).values", "JSONDecoder().decode", "api.fallback", "withTaskCancellation",
                        "withDependencies", "api.load", "client.load", "api.status", "a", "items.asyncMap", "throw", "user", "events", "failing", "handed"])
        XCTAssertEqual(effects[1].unhandledThrows, [])
        XCTAssertEqual(effects[2].unhandledThrows, [])
    }

    /// The advice depends on where the `try!` is: `use try` only where `try` compiles and the effect
    /// catches the cancellation; a `catch` in between receives it; a closure that may not throw, a
    /// `defer` and the `catch:` handler must handle the error in place.
    func testForceTryMessageSaysWhatTryWouldDoWhereItIs() {
        let source = """
        @Reducer
        struct Feature {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              .run { send in
                try! await a()
                do { try! await b() } catch { await send(.failed) }
                await withTaskGroup(of: Void.self) { group in group.addTask { try! await c() } }
                defer { try! await d() }
                do { try! await e() } catch { await withTaskGroup(of: Void.self) { g in try! await f() } }
              } catch: { error, send in
                try! await g()
              }
            }
          }
        }
        """
        let file = analyzed(source)
        let detections = logic(file).flatMap(\.effects).flatMap(\.forceTries)
        XCTAssertEqual(detections.map { code(file).text($0.anchor.token + 3) }, ["a", "b", "c", "d", "e", "f", "g"])
        XCTAssertEqual(detections.map(\.placement), [.operation, .doWithCatch, .nestedClosure, .deferBlock, .doWithCatch, .nestedClosure, .handler])
        let messages = ForceTryInEffectRule().check(file).map(\.message)
        XCTAssertEqual(messages.count, 7)
        guard messages.count == 7 else { return }
        XCTAssertTrue(messages[0].hasSuffix("; use try: .run already catches cancellation"), messages[0])
        XCTAssertTrue(messages[1].contains("the enclosing do's catch receives that error"), messages[1])
        for m in messages[2...] where !m.contains("do's catch") {
            XCTAssertFalse(m.contains("use try"), m)
            XCTAssertTrue(m.hasSuffix("handle the error here with do/catch (return on CancellationError) or try? instead of force-trying"), m)
        }
        XCTAssertTrue(messages[6].contains("the .run catch: handler cannot throw"), messages[6])
    }

    /// Cut-off and unbalanced input: the rules neither crash nor hang, whatever they report.
    func testTruncatedInputsDoNotCrash() {
        let full = """
        @Reducer
        struct F {
          @Dependency(\\.uuid) var uuid
          var body: some ReducerOf<Self> {
            Scope(state: \\.child!, action: \\.child) { Child() }
            Reduce { state, action in
              UserDefaults.standard.set(Date(), forKey: "k")
              if case .dismiss = action { state.child = nil }
              return .run { [state] send in
                try! await Task.sleep(nanoseconds: 1_000_000_000)
                Task { await send(.x(state.a)) }
              } catch: { error, send in }
            }
          }
        }
        """
        let bytes = Array(full.utf8)
        let rules: [any Rule.Type] = [SideEffectInReducerRule.self, UncontrolledDependencyRule.self, ForceTryInEffectRule.self,
                                      UnstructuredTaskInEffectRule.self, ForceUnwrappedScopeRule.self, EffectCapturesStateRule.self]
        for cut in stride(from: 0, through: bytes.count, by: 7) {
            let file = AnalyzedFile(source: SourceFile(path: "t.swift", bytes: Array(bytes[0..<cut])))
            for rule in rules { _ = rule.init().check(file) }
        }
        let whole = analyzed(full)
        XCTAssertEqual(rules.map { $0.init().check(whole).count }, [1, 2, 1, 1, 1, 1])
    }

    /// `effect_captures_state` and `force_unwrapped_scope` are opt-in (below 95% judged precision on real
    /// code): silent by default, reported once a configuration lists them in `opt_in_rules`.
    func testTheOptInEffectRulesReportOnlyWhenEnabled() throws {
        let source = """
        @Reducer
        struct Favorites {
          var body: some ReducerOf<Self> {
            Scope(state: \\.detail!, action: \\.detail) { Detail() }
            Reduce { state, action in
              switch action {
              case .closeTapped:
                state.detail = nil
                return .none
              case .search:
                return .run { [state] send in
                  await send(.results(try await self.api.search(state.keyword, page: state.page)))
                }
              }
            }
          }
        }
        """
        let file = SourceFile(path: "Favorites.swift", bytes: Array(source.utf8))
        let optIn = ["effect_captures_state", "force_unwrapped_scope"]
        XCTAssertEqual(Linter().lint(file).filter { optIn.contains($0.ruleID) }.count, 0)
        let configuration = try Configuration(parsing: Array("opt_in_rules: [effect_captures_state, force_unwrapped_scope]\n".utf8),
                                              path: ".tca-lint.yml", knownRules: RuleConfigInfo.registered, workingDirectory: "/repo")
        let found = Linter(configuration: configuration).lint(file).filter { optIn.contains($0.ruleID) }
        XCTAssertEqual(found.map { "\($0.line):\($0.column) \($0.ruleID)" },
                       ["4:18 force_unwrapped_scope", "11:24 effect_captures_state"])
        XCTAssertEqual(found.last?.message.hasSuffix("capture the fields it reads ([keyword = state.keyword, page = state.page])"), true,
                       found.last?.message ?? "")
    }
}

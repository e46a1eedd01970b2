import XCTest
@testable import TCALint

/// Every file's facts stay in memory for the whole run: they are kept without spare room, the merged model shares
/// their storage instead of copying it, and a getter's names are kept once each. Expectations written from the inputs.
final class FactsMemoryTests: XCTestCase {
    static let feature = """
        @Reducer
        struct Counter {
          @ObservableState
          struct State {
            var count = 0
            var step = 1
            var title = ""
            var isOn = false
            var next: Int { count + step + count + step }
          }
          enum Action { case increment, decrement, reset, toggled, renamed(String) }
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .increment: state.count += state.step; return .none
              case .decrement: state.count -= state.step; return .none
              case .reset: state.count = 0; return .none
              case .toggled: state.isOn.toggle(); return .none
              case let .renamed(title): state.title = title; return .none
              }
            }
          }
        }
        """

    func testFitDropsSpareRoomAndKeepsTheElements() {
        var grown: [Int] = []
        for i in 0..<33 { grown.append(i) }
        XCTAssertGreaterThan(grown.capacity, 40, "appending grew the buffer by doubling")
        grown.fit()
        XCTAssertEqual(grown, Array(0..<33))
        XCTAssertLessThanOrEqual(grown.capacity, 33 + 2, "at most the allocator's rounding left")
        let fitted = grown.capacity
        grown.fit()
        XCTAssertEqual(grown.capacity, fitted, "a buffer made to size is not copied again")
        var emptied = Array(0..<20)
        emptied.removeAll(keepingCapacity: true)
        emptied.fit()
        XCTAssertEqual(emptied.capacity, 0)
        // 24 spare bytes: less than a copy saves (the allocator rounds to 16 bytes), so the buffer stays.
        var nearlyFull = [1, 2, 3, 4]
        nearlyFull.removeLast(3)
        nearlyFull.fit()
        XCTAssertEqual(nearlyFull, [1])
        XCTAssertGreaterThanOrEqual(nearlyFull.capacity, 4)
    }

    func testExtractedFactsHaveNoSpareRoom() {
        let facts = FeatureIndexTests.facts("Counter.swift", Self.feature)
        guard let state = facts.types.first(where: { $0.qualifiedName == "Counter.State" }),
              let action = facts.types.first(where: { $0.qualifiedName == "Counter.Action" }),
              let logic = facts.types.first(where: { $0.qualifiedName == "Counter" })?.logic.first else { return XCTFail("no facts") }
        XCTAssertEqual(state.properties.map(\.name), ["count", "step", "title", "isOn", "next"])
        XCTAssertEqual(action.cases.map(\.name), ["increment", "decrement", "reset", "toggled", "renamed"])
        XCTAssertEqual(logic.clauses.count, 5)
        for (what, count, capacity) in [("properties", state.properties.count, state.properties.capacity),
                                        ("cases", action.cases.count, action.cases.capacity),
                                        ("clauses", logic.clauses.count, logic.clauses.capacity)] {
            XCTAssertLessThanOrEqual(capacity, count + count / 4 + 1, what)
        }
    }

    func testAGetterKeepsEachNameOnce() {
        let facts = FeatureIndexTests.facts("Counter.swift", Self.feature)
        let next = facts.types.first { $0.qualifiedName == "Counter.State" }?.properties.first { $0.name == "next" }
        XCTAssertEqual(next?.getterReads, ["count", "step"])
        let index = FeatureIndex(files: [facts])
        XCTAssertEqual(index.feature("Counter")?.state?.storedFields(behind: "next"), ["count", "step"])
    }

    /// A reducer's and a view's `body` are computed properties too, but no state's derived fields: their getters'
    /// names are not kept.
    func testABodysGetterIsNotRead() {
        let source = """
            @Reducer struct Counter {
              var body: some ReducerOf<Self> { Reduce { state, action in .none } }
            }
            extension CounterView {
              var title: String { store.name + suffix }
              var body: some View { Text(title).onTapGesture { store.send(.tapped) } }
            }
            """
        let facts = FeatureIndexTests.facts("Counter.swift", source)
        for type in ["Counter", "CounterView"] {
            let body = facts.types.first { $0.qualifiedName == type }?.properties.first { $0.name == "body" }
            XCTAssertEqual(body?.isReadOnlyComputed, true, type)
            XCTAssertNil(body?.getterReads ?? nil, type)
            XCTAssertEqual(body?.getterCalls, [], type)
        }
        let view = facts.types.first { $0.qualifiedName == "CounterView" }
        XCTAssertEqual(view?.properties.first { $0.name == "title" }?.getterReads, ["store", "suffix"])
        XCTAssertEqual(facts.types.first { $0.qualifiedName == "Counter" }?.builders.count, 1)
    }

    /// One declaration of `State` and `Action`: the feature's fields and cases are the facts' own arrays.
    func testTheMergedModelSharesTheFactsStorage() {
        let facts = FeatureIndexTests.facts("Counter.swift", Self.feature)
        let index = FeatureIndex(files: [facts])
        guard let feature = index.feature("Counter"), let state = feature.state,
              let declared = facts.types.first(where: { $0.qualifiedName == "Counter.State" }),
              let actions = facts.types.first(where: { $0.qualifiedName == "Counter.Action" }),
              let enumModel = feature.action.enumNamed("Action") else { return XCTFail("no feature") }
        XCTAssertEqual(state.fields.map(\.name), ["count", "step", "title", "isOn", "next"])
        XCTAssertEqual(Self.storage(of: state.fields), Self.storage(of: declared.properties))
        XCTAssertEqual(Self.storage(of: enumModel.cases), Self.storage(of: actions.cases))
    }

    /// A composition reads its edge from the builder it is written in instead of holding a copy of it.
    func testACompositionHoldsNoCopyOfItsEdge() {
        let index = FeatureIndexTests.index([("App.swift", """
            @Reducer struct App {
              var body: some ReducerOf<Self> {
                Scope(state: \\.counter, action: \\.counter) { Counter() }
              }
            }
            @Reducer struct Counter {}
            """)])
        guard let app = index.feature("App"), let composition = app.children.first else { return XCTFail("no composition") }
        XCTAssertEqual(composition.child, "Counter")
        XCTAssertEqual(composition.builder, "body")
        XCTAssertEqual(composition.edge, app.builders[0].edges[0])
        XCTAssertEqual(index.parents(of: "Counter").map { $0.composition.edge.statePath }, ["counter"])
        XCTAssertLessThan(MemoryLayout<Composition>.stride, MemoryLayout<EdgeFacts>.stride)
    }

    /// A `State` split over an extension with a static member: the fields are joined, statics left out, as before.
    func testSeveralDeclarationsAreStillJoined() {
        let index = FeatureIndex(files: [
            FeatureIndexTests.facts("Counter.swift", Self.feature),
            FeatureIndexTests.facts("Counter+State.swift", "extension Counter.State {\n  static let preview = Self()\n  var doubled: Int { count * 2 }\n}"),
        ])
        XCTAssertEqual(index.feature("Counter")?.state?.fields.map(\.name), ["count", "step", "title", "isOn", "next", "doubled"])
    }

    /// An action's long case name is one string in the enum's declaration, the clause matching it and the send of it.
    func testAFileRepeatsALongCaseNameInOneString() {
        let facts = FeatureIndexTests.facts("Player.swift", """
            @Reducer struct Player {
              enum Action { case playbackPositionChanged, stopButtonTapped }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .playbackPositionChanged: return .none
                  case .stopButtonTapped: return .send(.playbackPositionChanged)
                  }
                }
              }
            }
            """)
        guard let declared = facts.types.first(where: { $0.qualifiedName == "Player.Action" })?.cases.first,
              let logic = facts.types.first(where: { $0.qualifiedName == "Player" })?.logic.first,
              let sent = logic.clauses.last?.code.sends.first?.path.first else { return XCTFail("no facts") }
        let matched = logic.clauses[0].patterns[0][0]
        XCTAssertEqual([declared.name, matched, sent], Array(repeating: "playbackPositionChanged", count: 3))
        XCTAssertEqual(Self.storage(of: matched), Self.storage(of: declared.name))
        XCTAssertEqual(Self.storage(of: sent), Self.storage(of: declared.name))
        XCTAssertNotEqual(Self.storage(of: matched), Self.storage(of: "playbackPosition" + "Changed"), "a string made apart has its own")
    }

    /// Equal lists of names a file repeats (a state access's path, a send's path, a property's attributes) are one
    /// buffer; a different list keeps its own.
    func testAFileRepeatsAListOfNamesInOneBuffer() {
        let facts = FeatureIndexTests.facts("Counter.swift", """
            @Reducer struct Counter {
              @ObservableState struct State {
                @Presents var alert: AlertState<Action.Alert>?
                @Presents var sheet: Sheet.State?
                var count = 0
              }
              enum Action { case increment, decrement, reset }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .increment: state.count += 1; return .send(.reset)
                  case .decrement: state.count -= 1; return .send(.reset)
                  case .reset: state.count = 0; return .none
                  }
                }
              }
            }
            """)
        guard let state = facts.types.first(where: { $0.qualifiedName == "Counter.State" }),
              let clauses = facts.types.first(where: { $0.qualifiedName == "Counter" })?.logic.first?.clauses,
              clauses.count == 3 else { return XCTFail("no facts") }
        let accesses = clauses.flatMap(\.code.accesses)
        XCTAssertEqual(accesses.map(\.path), [["count"], ["count"], ["count"]])
        XCTAssertEqual(Set(accesses.map { Self.storage(of: $0.path) }).count, 1)
        let sends = clauses.flatMap(\.code.sends)
        XCTAssertEqual(sends.map(\.path), [["reset"], ["reset"]])
        XCTAssertEqual(Self.storage(of: sends[0].path), Self.storage(of: sends[1].path))
        XCTAssertEqual(state.properties.map(\.attributes), [["Presents"], ["Presents"], []])
        XCTAssertEqual(Self.storage(of: state.properties[0].attributes), Self.storage(of: state.properties[1].attributes))
        XCTAssertEqual(clauses.map(\.patterns), [[["increment"]], [["decrement"]], [["reset"]]])
        XCTAssertNotEqual(Self.storage(of: clauses[0].patterns[0]), Self.storage(of: clauses[1].patterns[0]))
    }

    /// The files of one run share their long names and lists of names: the enum declaring a case in one file, a clause
    /// matching it in another, a third clause of the same pattern. Files read apart keep their own.
    func testTheFilesOfARunShareTheirLongNames() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tca-sharing-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let player = root + "/Player.swift", parent = root + "/Parent.swift"
        try """
            @Reducer struct Player {
              enum Action { case playbackPositionChanged }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .playbackPositionChanged: return .none
                  }
                }
              }
            }
            """.write(toFile: player, atomically: true, encoding: .utf8)
        try """
            @Reducer struct Parent {
              enum Action { case player(Player.Action) }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .player(.playbackPositionChanged): return .none
                  }
                }
              }
            }
            """.write(toFile: parent, atomically: true, encoding: .utf8)
        let reads = LintRunner(jobs: 2).read([parent, player])
        let facts = reads.facts(of: [player, parent])
        guard let playerFacts = facts.first(where: { $0.path == player }), let parentFacts = facts.first(where: { $0.path == parent }),
              let declared = playerFacts.types.first(where: { $0.qualifiedName == "Player.Action" })?.cases.first?.name,
              let own = playerFacts.types.first(where: { $0.qualifiedName == "Player" })?.logic.first?.clauses.first?.patterns.first,
              let matched = parentFacts.types.first(where: { $0.qualifiedName == "Parent" })?.logic.first?.clauses.first?.patterns.first
        else { return XCTFail("no facts") }
        XCTAssertEqual(own, ["playbackPositionChanged"])
        XCTAssertEqual(matched, ["player", "playbackPositionChanged"])
        XCTAssertEqual(Self.storage(of: matched[1]), Self.storage(of: declared), "the parent's clause names the child's case with its string")
        XCTAssertEqual(Self.storage(of: own[0]), Self.storage(of: declared))
        // Read apart (no run), each file has its own copy.
        let apart = ProjectIndexer.facts(path: parent, bytes: Array(try String(contentsOfFile: parent, encoding: .utf8).utf8))
        let apartName = apart.types.first(where: { $0.qualifiedName == "Parent" })?.logic.first?.clauses.first?.patterns.first?[1]
        XCTAssertEqual(apartName, "playbackPositionChanged")
        XCTAssertNotEqual(Self.storage(of: apartName ?? ""), Self.storage(of: declared))
    }

    /// The run's pool gives every thread the same copy of an equal name or list, whichever thread pooled it first.
    func testTheRunsPoolGivesEveryThreadOneCopy() {
        let pool = SharedNames()
        let names: [String] = parallelMap(count: 400, jobs: 4) { i in
            let made = "aLongActionName" + String(i % 8) + "ButtonTapped"  // a new buffer each time
            return pool.pooled(Hashed(made)) ?? made
        }
        let lists: [[String]] = parallelMap(count: 400, jobs: 4) { i in
            let made = ["destination", "presented", String(i % 8)]
            return pool.pooled(Hashed(made)) ?? made
        }
        for k in 0..<8 {
            let copies = names.enumerated().filter { $0.offset % 8 == k }.map(\.element)
            XCTAssertEqual(Set(copies), ["aLongActionName\(k)ButtonTapped"])
            XCTAssertEqual(Set(copies.map { Self.storage(of: $0) }).count, 1, "one buffer for name \(k)")
            let listCopies = lists.enumerated().filter { $0.offset % 8 == k }.map(\.element)
            XCTAssertEqual(Set(listCopies.map { Self.storage(of: $0) }).count, 1, "one buffer for list \(k)")
        }
        XCTAssertEqual(Set(names.map { Self.storage(of: $0) }).count, 8)
    }

    /// A clause's text as written is kept only where a message quotes it: a clause matching a binding action.
    func testOnlyABindingClauseKeepsItsPatternText() {
        let facts = FeatureIndexTests.facts("Search.swift", """
            @Reducer struct Search {
              @ObservableState struct State { var query = "" }
              enum Action: BindableAction { case binding(BindingAction<State>), searchButtonTapped }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .binding(\\.query): return .none
                  case .searchButtonTapped: return .none
                  }
                }
                BindingReducer()
              }
            }
            """)
        let clauses = facts.types.first { $0.qualifiedName == "Search" }?.logic.first?.clauses ?? []
        XCTAssertEqual(clauses.map(\.patterns), [[["binding"]], [["searchButtonTapped"]]])
        XCTAssertEqual(clauses.map(\.patternText), [".binding(\\.query)", ""])
    }

    /// A feature's `Reduce { … }` closures are found by element whether they are searched (a few) or indexed (many).
    func testParentLogicFindsEachReduceClosureSearchedOrIndexed() {
        for count in [3, Feature.indexedLogicCount + 1] {
            let cases = (0..<count).map { "a\($0)" }
            let reduces = cases.map { name in
                "    Reduce { state, action in\n      switch action {\n      case .\(name): return .none\n      default: return .none\n      }\n    }\n"
            }.joined()
            let source = "@Reducer struct Big {\n  enum Action { case \(cases.joined(separator: ", ")) }\n"
                + "  var body: some ReducerOf<Self> {\n\(reduces)  }\n}\n"
            let index = FeatureIndexTests.index([("Big.swift", source)])
            guard let feature = index.feature("Big"), let tree = feature.builders.first?.tree else { return XCTFail("no feature") }
            XCTAssertEqual(feature.closureLogic == nil, count < Feature.indexedLogicCount)
            XCTAssertEqual(tree.count, count)
            let handled = tree.map { element in feature.parentLogic(of: element, in: "Big.swift")?.map { $0.clauses.first?.patterns ?? [] } }
            XCTAssertEqual(handled, cases.map { [[[$0]]] }, "\(count) closures")
            XCTAssertEqual(tree.map { feature.parentLogic(of: $0, in: "Other.swift")?.count }, Array(repeating: 0, count: count))
        }
    }

    /// A nested type's enclosing name is the string of its parent's qualified name; a property typed with the parent's
    /// nested type and a child's state type share theirs too.
    func testAFileRepeatsALongTypeNameInOneString() {
        let facts = FeatureIndexTests.facts("Playback.swift", """
            @Reducer struct PlaybackControls {
              @ObservableState struct State { var rows: IdentifiedArrayOf<PlaybackControlsRow.State> = [] }
              enum Action { case rows(IdentifiedActionOf<PlaybackControlsRow>) }
            }
            struct Other { var rows: IdentifiedArrayOf<PlaybackControlsRow.State> = [] }
            """)
        guard let parent = facts.types.first(where: { $0.qualifiedName == "PlaybackControls" }),
              let state = facts.types.first(where: { $0.qualifiedName == "PlaybackControls.State" }),
              let other = facts.types.first(where: { $0.qualifiedName == "Other" }) else { return XCTFail("no facts") }
        XCTAssertEqual(state.enclosing, "PlaybackControls")
        XCTAssertEqual(Self.storage(of: state.enclosing), Self.storage(of: parent.qualifiedName))
        XCTAssertEqual(state.properties.first?.type, "IdentifiedArrayOf<PlaybackControlsRow.State>")
        XCTAssertEqual(Self.storage(of: state.properties[0].type), Self.storage(of: other.properties.first?.type ?? ""))
    }

    /// Every location carries its file as one shared object: 16 bytes, not a 16-byte string besides line and column.
    /// Locations made apart with the same path are still equal, hash alike, and order by path, line, column.
    func testALocationIsSixteenBytesAndComparesByValue() {
        XCTAssertEqual(MemoryLayout<FactLocation>.size, 16)
        let a = FactLocation(path: "Sources/App.swift", line: 3, column: 5)
        let b = FactLocation(path: "Sources/App.swift", line: 3, column: 5)
        XCTAssertEqual(a, b)
        XCTAssertEqual(Set([a, b]).count, 1)
        XCTAssertNotEqual(a, FactLocation(path: "Sources/App.swift", line: 3, column: 6))
        XCTAssertNotEqual(a, FactLocation(path: "Sources/Other.swift", line: 3, column: 5))
        XCTAssertLessThan(FactLocation(path: "Sources/A.swift", line: 9, column: 1), FactLocation(path: "Sources/B.swift", line: 1, column: 1))
        XCTAssertLessThan(FactLocation(path: "Sources/A.swift", line: 2, column: 9), FactLocation(path: "Sources/A.swift", line: 10, column: 1))
        let facts = FeatureIndexTests.facts("Counter.swift", Self.feature)
        let locations = facts.types.map(\.location) + facts.types.flatMap { $0.properties.map(\.location) }
        XCTAssertEqual(Set(locations.map(\.path)), ["Counter.swift"])
        XCTAssertEqual(locations.sorted(), locations.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
    }

    /// The file-wide facts sit behind one reference in `FileFacts` (the run keeps a file's facts in several tables), and a
    /// copy changed afterwards does not change the original.
    func testFileWideFactsAreCopiedOnWrite() {
        XCTAssertLessThanOrEqual(MemoryLayout<FileFacts>.size, 64)
        let original = FeatureIndexTests.facts("CounterTests.swift", "let store = TestStore(initialState: Counter.State()) { Counter() }")
        XCTAssertTrue(original.file.usesTestStore)
        var copy = original
        copy.file.usesTestStore = false
        copy.file.namesSetToNil.insert("child")
        XCTAssertTrue(original.file.usesTestStore)
        XCTAssertEqual(original.file.namesSetToNil, [])
        XCTAssertFalse(copy.file.usesTestStore)
        XCTAssertEqual(copy.file.namesSetToNil, ["child"])
    }

    /// A deprecated use keeps its rarely set `IfLetStore` / `SwitchStore` rewrite behind a reference: compared by value,
    /// cleared by nil.
    func testADeprecatedUseKeepsItsRewriteBehindAReference() {
        XCTAssertLessThan(MemoryLayout<DeprecatedUseFacts>.size, MemoryLayout<IfLetStoreStatement>.size + MemoryLayout<SwitchStoreStatement>.size)
        let statement = IfLetStoreStatement(stateField: "child", binding: "childStore", head: 10..<30, thenHead: 40..<60, elseLabel: nil)
        var a = DeprecatedUseFacts(api: .ifLetStore, anchor: Anchor(offset: 10, end: 20, token: 3))
        var b = a
        a.ifLetStoreStatement = statement
        XCTAssertNotEqual(a, b)
        b.ifLetStoreStatement = IfLetStoreStatement(stateField: "child", binding: "childStore", head: 10..<30, thenHead: 40..<60, elseLabel: nil)
        XCTAssertEqual(a, b, "equal statements in boxes of their own")
        XCTAssertEqual(a.ifLetStoreStatement, statement)
        var copy = a
        copy.ifLetStoreStatement?.binding = "store"
        XCTAssertEqual(copy.ifLetStoreStatement?.binding, "store")
        XCTAssertEqual(a.ifLetStoreStatement?.binding, "childStore", "the box the copy shared is not changed in place")
        a.ifLetStoreStatement = nil
        XCTAssertNil(a.ifLetStoreStatement)
        XCTAssertNil(a.switchStoreStatement)
    }

    /// An edge keeps its `/` case path arguments (deprecated since TCA 1.4) behind a reference each.
    func testAnEdgeKeepsItsLegacyCasePathsBehindReferences() {
        XCTAssertLessThan(MemoryLayout<EdgeFacts>.size, 2 * MemoryLayout<CasePathArgumentFacts>.size + 100)
        let facts = FeatureIndexTests.facts("App.swift", """
            struct App: Reducer {
              var body: some ReducerOf<Self> {
                Scope(state: /State.loaded, action: /Action.loaded) { Loaded() }
                Scope(state: \\.child, action: \\.child) { Child() }
              }
            }
            """)
        let edges = facts.types.first?.builders.first?.edges ?? []
        XCTAssertEqual(edges.map(\.statePath), ["loaded", "child"])
        XCTAssertEqual(edges.first?.stateCasePath?.text, "/State.loaded")
        XCTAssertEqual(edges.first?.stateCasePath?.caseName, "loaded")
        XCTAssertEqual(edges.first?.actionCasePath?.root, "Action")
        XCTAssertNil(edges.last?.stateCasePath)
        XCTAssertNil(edges.last?.actionCasePath)
        XCTAssertEqual(edges.last?.stateKeyPath?.text, "\\.child")
    }

    /// A clause keeps its first pattern's anchor in itself and only later patterns' in an array; read back in order.
    func testAClauseKeepsEveryPatternAnchorInOrder() {
        let source = """
            @Reducer struct Player {
              enum Action { case play, pause, stop }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .play: return .none
                  case .pause, .stop: return .none
                  }
                }
              }
            }
            """
        let facts = FeatureIndexTests.facts("Player.swift", source)
        guard let clauses = facts.types.first(where: { $0.qualifiedName == "Player" })?.logic.first?.clauses, clauses.count == 2 else {
            return XCTFail("no clauses")
        }
        let bytes = Array(source.utf8)
        func text(_ anchor: Anchor?) -> String? { anchor.map { String(decoding: bytes[$0.offset..<$0.end], as: UTF8.self) } }
        XCTAssertEqual(clauses[0].patterns, [["play"]])
        XCTAssertEqual(clauses[0].patternAnchors.count, 1)
        XCTAssertEqual(clauses[1].patterns, [["pause"], ["stop"]])
        XCTAssertEqual(clauses[1].patternAnchors.map(text), [".", "."])
        let offsets = clauses[1].patternAnchors.compactMap { $0?.offset }
        XCTAssertEqual(offsets.count, 2)
        XCTAssertEqual(offsets.map { String(decoding: bytes[($0 + 1)..<($0 + 5)], as: UTF8.self) }, ["paus", "stop"])
        var edited = clauses[1]
        edited.patternAnchors = [nil, clauses[1].patternAnchors[1]]
        XCTAssertNil(edited.patternAnchors[0])
        XCTAssertEqual(edited.patternAnchors[1], clauses[1].patternAnchors[1])
    }

    /// A composition names its state field by position in the `State`'s own fields instead of holding a copy of it.
    func testACompositionFindsItsStateFieldWithoutACopy() {
        let index = FeatureIndexTests.index([("App.swift", """
            @Reducer struct App {
              @ObservableState struct State {
                var title = ""
                @Presents var counter: Counter.State?
              }
              enum Action { case counter(PresentationAction<Counter.Action>) }
              var body: some ReducerOf<Self> {
                Reduce { state, action in .none }
                  .ifLet(\\.$counter, action: \\.counter)
              }
            }
            @Reducer struct Counter {}
            """)])
        guard let app = index.feature("App"), let composition = app.children.first else { return XCTFail("no composition") }
        XCTAssertEqual(composition.stateField?.name, "counter")
        XCTAssertEqual(composition.stateField?.attributes, ["Presents"])
        XCTAssertEqual(composition.stateField?.type, "Counter.State?")
        XCTAssertEqual(composition.child, "Counter")
        XCTAssertEqual(composition.resolvedFrom, "stateType")
        XCTAssertLessThan(MemoryLayout<Composition>.stride, MemoryLayout<PropertyFacts>.stride)
    }

    static func storage(of string: String) -> UInt? {
        var string = string
        return string.withUTF8 { $0.baseAddress.map { UInt(bitPattern: $0) } }
    }

    static func storage<T>(of array: [T]) -> UnsafeRawPointer? {
        array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
}

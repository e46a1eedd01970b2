import XCTest
@testable import TCALint

/// The reducer model read from small sources; every expectation is written from reading the input.
final class ReducerParserTests: XCTestCase {
    private func model(_ source: String) -> (FileModel, CodeTokens) {
        let file = FileSyntax(source: SourceFile(path: "t.swift", bytes: Array(source.utf8)))
        return (file.model, file.code)
    }

    /// Names of a list, with nested lists in brackets: `Scope[Child] Reduce`.
    private func shape(_ list: [BuilderElement]) -> String {
        list.map { e -> String in
            var s = e.name
            for m in e.modifiers { s += "." + m.name + (m.children.map { "[" + shape($0) + "]" } ?? "") }
            if let c = e.children { s += "{" + shape(c) + "}" }
            if !e.branches.isEmpty { s += "(" + e.branches.map(shape).joined(separator: " | ") + ")" }
            return s
        }.joined(separator: " ")
    }

    func testFindsReducerTypesByAttributeAndConformance() {
        let (m, _) = model("""
        @Reducer struct A { var body: some ReducerOf<Self> { EmptyReducer() } }
        @Reducer(state: .equatable) enum B { case x(X) }
        @ComposableArchitecture.Reducer struct C {}
        struct D: Reducer { func reduce(into state: inout State, action: Action) -> Effect<Action> { .none } }
        struct E: ComposableArchitecture.ReducerProtocol, Sendable {}
        struct F: Reducer<Int, Int> {}
        struct NotOne: View { var body: some View { Text("") } }
        extension G: Reducer {}
        @MainActor public final class H: Reducer {}
        """)
        XCTAssertEqual(m.reducers.map { $0.name }, ["A", "B", "C", "D", "E", "F", "G", "H"])
        XCTAssertEqual(m.reducers.map { $0.hasReducerAttribute }, [true, true, true, false, false, false, false, false])
        XCTAssertEqual(m.reducers[4].inherits, ["ComposableArchitecture.ReducerProtocol"])
        XCTAssertEqual(m.reducers[5].inherits, ["Reducer<Int, Int>"])
        XCTAssertEqual(m.reducers[3].reduceMethods.count, 1)
        XCTAssertEqual(m.reducers[0].body.map { shape($0.elements) }, "EmptyReducer")
    }

    func testNestedTypesAndQualifiedNames() {
        let (m, _) = model("""
        @Reducer struct Parent {
          @Reducer enum Destination { case child(Child) }
          struct State {}
          var body: some ReducerOf<Self> {
            Reduce { _, _ in .none }
              .ifLet(\\.$destination, action: \\.destination)
          }
        }
        """)
        XCTAssertEqual(m.reducers.map { $0.qualifiedName }, ["Parent", "Parent.Destination"])
        XCTAssertEqual(m.reducers[0].body.map { shape($0.elements) }, "Reduce.ifLet")
    }

    func testBuilderListsWithClosuresBranchesAndPostfixIf() {
        let (m, _) = model("""
        @Reducer struct F {
          var body: some ReducerOf<Self> {
            BindingReducer()
            Scope(state: \\.child, action: \\.child) {
              Child()
            }
            CombineReducers {
              Reduce { state, action in
                return .none
              }
              if isEnabled {
                Logging()
              } else {
                EmptyReducer()
              }
            }
            #if DEBUG
            Debug()
            #endif
            Reduce(self.core)
              #if DEBUG
              ._printChanges()
              #endif
              .forEach(\\.rows, action: \\.rows) {
                Row()
              }
            let x = 1
            switch mode {
            case .a: A()
            default: B()
            }
          }
        }
        """)
        guard let body = m.reducers.first?.body else { return XCTFail("no body") }
        XCTAssertEqual(shape(body.elements),
                       "BindingReducer Scope{Child} CombineReducers{Reduce if(Logging | EmptyReducer)} #if(Debug) Reduce._printChanges.forEach[Row] let switch(A | B)")
        let reduce = body.elements[4]
        XCTAssertEqual(reduce.modifiers.map { $0.condition }, ["DEBUG", nil])
        XCTAssertNotNil(reduce.argumentsOpen)
    }

    /// Two postfix `#if` blocks in a row both belong to the chain, as SwiftParser reads them; the second
    /// is not a new element.
    func testConsecutivePostfixIfBlocksStayInOneChain() {
        let (m, _) = model("""
        @Reducer struct F {
          var body: some ReducerOf<Self> {
            Reduce { _, _ in .none }
            #if DEBUG
              ._printChanges()
            #endif
            #if LOG_ACTIONS
              ._printChanges(.actionLabels)
            #endif
            Scope(state: \\.child, action: \\.child) { Child() }
          }
        }
        """)
        guard let body = m.reducers.first?.body else { return XCTFail("no body") }
        XCTAssertEqual(shape(body.elements), "Reduce._printChanges._printChanges Scope{Child}")
        XCTAssertEqual(body.elements[0].modifiers.map { $0.condition }, ["DEBUG", "LOG_ACTIONS"])
    }

    func testQualifiedAndGenericCallees() {
        let (m, _) = model("""
        @Reducer struct F {
          var body: some ReducerOf<Self> {
            ComposableArchitecture.Scope<State, Action>(
              state: \\.x, action: \\.x
            ) { X() }
            self.core
            Reduce(core)
          }
        }
        """)
        let els = m.reducers[0].body!.elements
        XCTAssertEqual(els.map { $0.name }, ["Scope", "core", "Reduce"])
        XCTAssertEqual(els[0].qualified, "ComposableArchitecture.Scope")
        XCTAssertEqual(els[1].qualified, "self.core")
        XCTAssertTrue(els[0].isScope)
    }

    func testBodyDeclarationsAndReduceSignatures() {
        let (m, _) = model("""
        @Reducer enum Path {
          static var body: some ReducerOf<Self> { EmptyReducer() }
        }
        @Reducer struct G {
          var body: some ReducerOf<Self> { get { EmptyReducer() } }
          func reduce(into state: inout State, viewAction: Action.View) -> Effect<Action> { .none }
          func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
        }
        """)
        XCTAssertEqual(m.reducers[0].bodies.map { $0.isStatic }, [true])
        XCTAssertNil(m.reducers[0].body)
        XCTAssertEqual(m.reducers[1].body.map { shape($0.elements) }, "EmptyReducer")
        XCTAssertEqual(m.reducers[1].reduceMethods.count, 1)
        XCTAssertEqual(m.reducers[1].functions.map { $0.labels }, [["into", "viewAction"], ["into", "action"]])
    }

    func testActionCasesAndExtensions() {
        let (m, _) = model("""
        @Reducer struct F {
          enum Action: BindableAction {
            case binding(BindingAction<State>), child(Child.Action)
            case delegate(Delegate)
            case onAppear
          }
        }
        extension F {
          func core(into state: inout State, action: Action) -> Effect<Action> { .none }
        }
        """)
        XCTAssertEqual(m.reducers[0].actionCases.map { $0.name }, ["binding", "child", "delegate", "onAppear"])
        XCTAssertEqual(m.reducers[0].actionCases[1].payload, "Child.Action")
        XCTAssertEqual(m.relatedExtensions.map { $0.name }, ["F"])
        XCTAssertEqual(m.declarations(of: m.reducers[0]).count, 2)
    }

    func testSameNamedLocalTypesAreDifferentTypesButExtensionsJoinTheirType() {
        let (m, _) = model("""
        final class Tests: XCTestCase {
          func testA() {
            struct Child: Reducer { var body: some ReducerOf<Self> { EmptyReducer() } }
          }
          func testB() {
            struct Child: Reducer { func reduce(into state: inout State, action: Action) -> Effect<Action> { .none } }
          }
        }
        enum Library { @Reducer struct Book {} }
        extension Library.Book { var body: some ReducerOf<Self> { EmptyReducer() } }
        """)
        XCTAssertEqual(m.reducers.map { $0.name }, ["Child", "Child", "Book"])
        XCTAssertEqual(m.declarations(of: m.reducers[0]).count, 1)
        XCTAssertEqual(m.declarations(of: m.reducers[1]).count, 1)
        XCTAssertEqual(m.declarations(of: m.reducers[2]).map { $0.kind }, [.struct, .extension])
    }

    func testCutOffFilesReadAsSwiftParserReadsThem() {
        // A type cut before its member block is still a (member-less) type.
        XCTAssertEqual(model("@Reducer\nstruct Half").0.reducers.map { $0.name }, ["Half"])
        // `var body` with neither accessor nor initializer is a body with no elements.
        let bare = model("@Reducer struct F {\n  var body\n}").0.reducers[0]
        XCTAssertEqual(bare.body?.elements.count, 0)
        // An unterminated closure keeps its signature: a Reduce closure is not a builder list.
        let open = model("@Reducer struct F {\n  var body: some ReducerOf<Self> {\n    Reduce { state, action in\n      state.x = 1\n").0
        XCTAssertNil(open.reducers[0].body?.elements.first?.children)
    }

    func testUnterminatedAndDeepInputDoNotCrash() {
        _ = model("@Reducer struct F { var body: some ReducerOf<Self> { Reduce { state, action in")
        _ = model(String(repeating: "CombineReducers {\n", count: 20_000))
        let deep = "@Reducer struct F { var body: some ReducerOf<Self> {\n" + String(repeating: "CombineReducers {\n", count: 5_000)
            + String(repeating: "}\n", count: 5_000) + "} }"
        let (m, _) = model(deep)
        XCTAssertEqual(m.reducers.count, 1)
        XCTAssertEqual(m.reducers[0].body?.elements.map { $0.name }, ["CombineReducers"])
    }

    /// Types are read down to `maxTypeNesting` levels: a reducer there is found, one level deeper is not
    /// (each header holds its qualified name, so unbounded nesting cost memory quadratic in the depth).
    func testTypesAreReadDownToTheNestingLimit() {
        let limit = ReducerParser.maxTypeNesting
        XCTAssertEqual(limit, 64)
        func nested(_ depth: Int) -> String {
            String(repeating: "struct T {\n", count: depth - 1)
                + "@Reducer struct Deep { var body: some ReducerOf<Self> { Reduce { _, _ in .none } } }\n"
                + String(repeating: "}\n", count: depth - 1)
        }
        let (atLimit, _) = model(nested(limit))
        XCTAssertEqual(atLimit.reducers.map { $0.name }, ["Deep"])
        XCTAssertEqual(atLimit.reducers.first?.qualifiedName.split(separator: ".").count, limit)
        let (below, _) = model(nested(limit + 1))
        XCTAssertEqual(below.reducers.map { $0.name }, [])
        // After the deep part, the file is read again as usual.
        let (after, _) = model(nested(limit + 50) + "@Reducer struct Top { var body: some ReducerOf<Self> { Reduce { _, _ in .none } } }\n")
        XCTAssertEqual(after.reducers.map { $0.qualifiedName }, ["Top"])
    }
}

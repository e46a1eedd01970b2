import XCTest
@testable import TCALint

/// The dump printer against a hand-built model: exact oracle field set, order, escaping,
/// flattening of branches, and the oracle's treatment of static bodies and repeated `reduce`.
final class ReducerModelDumpTests: XCTestCase {
    let text = """
        @Reducer
        struct Feature {
          var body: some ReducerOf<Self> {
            BindingReducer()
            Reduce { state, action in .none }
              .ifLet(\\.$child, action: \\.child) { Child() }
              #if DEBUG
              ._printChanges()
              #endif
            #if os(iOS)
            ComposableArchitecture.Scope(state: \\.a, action: \\.a) { Child() }
            #else
            EmptyReducer()
            #endif
            if flag { A() } else { B() }
            let x = 1
          }
        }
        extension App.Feature: Reducer {
          func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
          func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
        }
        @Reducer enum Destination {
          static var body: some ReducerOf<Self> { EmptyReducer() }
        }

        """

    /// Whitespace-separated words as tokens: enough for line lookups.
    private func tokens(_ bytes: [UInt8]) -> SourceTokens {
        var result: [Token] = []
        var start: Int? = nil
        for (i, b) in bytes.enumerated() {
            let space = b == 0x20 || b == 0x0A
            if space, let s = start { result.append(Token(start: s, end: i, kind: .identifier)); start = nil }
            if !space && start == nil { start = i }
        }
        return SourceTokens(result)
    }

    func testDumpMatchesTheOracleFormat() {
        let bytes = Array(text.utf8)
        let source = SourceFile(path: "dir/we\"ird\\p\u{1}.swift", bytes: bytes)
        let code = CodeTokens(bytes: bytes, allTokens: tokens(bytes))
        /// Index of the token starting with `prefix` on `line`.
        func tok(_ line: Int, _ prefix: String) -> Int {
            for i in 0..<code.count where source.line(of: code.offset(i)) == line && code.text(i).hasPrefix(prefix) {
                return i
            }
            XCTFail("no token \(prefix) on line \(line)")
            return 0
        }
        func element(_ kind: BuilderElement.Kind, _ name: String, _ line: Int, _ first: String? = nil) -> BuilderElement {
            let t = tok(line, first ?? name)
            return BuilderElement(kind: kind, name: name, start: t, end: t, nameToken: t)
        }

        let reduce = element(.expression, "Reduce", 5)
        reduce.closureHasSignature = true
        reduce.children = [element(.other, "return", 5, ".none")]  // a closure with `in`: not printed
        reduce.modifiers = [
            Modifier(name: "ifLet", nameToken: tok(6, ".ifLet"), children: [element(.expression, "Child", 6)]),
            Modifier(name: "_printChanges", nameToken: tok(8, "._printChanges"), condition: "DEBUG"),
        ]
        let scope = element(.expression, "Scope", 11, "ComposableArchitecture.Scope")
        scope.qualified = "ComposableArchitecture.Scope"
        scope.children = [element(.expression, "Child", 11, "Child()")]
        let ifConfig = element(.ifConfig, "#if", 10)
        ifConfig.branches = [[scope], [element(.expression, "EmptyReducer", 13)]]
        let ifStatement = element(.ifStatement, "if", 15)
        ifStatement.branches = [[element(.expression, "A", 15, "A()")], [element(.expression, "B", 15, "B()")]]

        let feature = ReducerDeclaration(name: "Feature", qualifiedName: "App.Feature", kind: .struct,
                                  nameToken: tok(2, "Feature"), hasReducerAttribute: true, inherits: [],
                                  membersOpen: tok(2, "{"), membersClose: tok(18, "}"))
        feature.body = BodyDeclaration(nameToken: tok(3, "body"), isStatic: false, open: tok(3, "{"),
                                       close: tok(17, "}"), elements: [
                                           element(.expression, "BindingReducer", 4),
                                           reduce, ifConfig, ifStatement,
                                           element(.declaration, "let", 16),
                                       ])
        let ext = ReducerDeclaration(name: "App.Feature", qualifiedName: "App.Feature", kind: .extension,
                              nameToken: tok(19, "App.Feature"), hasReducerAttribute: false, inherits: ["Reducer"],
                              membersOpen: tok(19, "{"), membersClose: tok(22, "}"))
        ext.reduceMethods = [tok(20, "reduce"), tok(21, "reduce")]
        let destination = ReducerDeclaration(name: "Destination", qualifiedName: "Destination", kind: .enum,
                                      nameToken: tok(23, "Destination"), hasReducerAttribute: true, inherits: [],
                                      membersOpen: tok(23, "{"), membersClose: tok(25, "}"))
        destination.body = BodyDeclaration(nameToken: tok(24, "body"), isStatic: true, open: nil, close: nil,
                                           elements: [element(.expression, "EmptyReducer", 24, "EmptyReducer()")])

        // Given out of order: the dump lists reducers in source order like the oracle's tree walk.
        var model = FileModel()
        model.reducers = [destination, feature, ext]
        let lines = ReducerModelDump.lines(source: source, code: code, model: model)
        let file = ##""file":"dir/we\"ird\\p\u0001.swift""##
        let featureLine: [String] = [
            "{", file, ##","type":"Feature","qualifiedName":"App.Feature","kind":"struct","line":2,"##,
            ##""reducerAttribute":true,"inherits":[],"hasBody":true,"bodyLine":3,"hasReduce":false,"reduceLine":null,"##,
            ##""body":[{"name":"BindingReducer","line":4,"modifiers":[]},"##,
            ##"{"name":"Reduce","line":5,"modifiers":[{"name":".ifLet","line":6},{"name":"._printChanges","line":8,"cond":"DEBUG"}]},"##,
            ##"{"name":"#if","line":10,"modifiers":[],"children":["##,
            ##"{"name":"Scope","line":11,"modifiers":[],"qualified":"ComposableArchitecture.Scope","##,
            ##""children":[{"name":"Child","line":11,"modifiers":[]}]},"##,
            ##"{"name":"EmptyReducer","line":13,"modifiers":[]}]},"##,
            ##"{"name":"if","line":15,"modifiers":[],"children":[{"name":"A","line":15,"modifiers":[]},"##,
            ##"{"name":"B","line":15,"modifiers":[]}]},"##,
            ##"{"name":"let","line":16,"modifiers":[]}]}"##,
        ]
        let extensionLine: [String] = [
            "{", file, ##","type":"App.Feature","qualifiedName":"App.Feature","kind":"extension","line":19,"##,
            ##""reducerAttribute":false,"inherits":["Reducer"],"hasBody":false,"bodyLine":null,"##,
            ##""hasReduce":true,"reduceLine":21,"body":null}"##,
        ]
        let destinationLine: [String] = [
            "{", file, ##","type":"Destination","qualifiedName":"Destination","kind":"enum","line":23,"##,
            ##""reducerAttribute":true,"inherits":[],"hasBody":false,"bodyLine":null,"hasReduce":false,"##,
            ##""reduceLine":null,"body":null}"##,
        ]
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines.first, featureLine.joined())
        XCTAssertEqual(lines.dropFirst().first, extensionLine.joined())
        XCTAssertEqual(lines.last, destinationLine.joined())
    }

    private func model(_ reducers: ReducerDeclaration...) -> FileModel {
        var model = FileModel()
        model.reducers = reducers
        return model
    }

    func testEmptyBodyAndEmptyControlFlowPrintEmptyLists() {
        let bytes = Array("@Reducer struct F {\n  var body: some ReducerOf<Self> {\n    if x {}\n  }\n}\n".utf8)
        let source = SourceFile(path: "F.swift", bytes: bytes)
        let code = CodeTokens(bytes: bytes, allTokens: tokens(bytes))
        let f = ReducerDeclaration(name: "F", qualifiedName: "F", kind: .struct, nameToken: 2, hasReducerAttribute: true,
                            inherits: [], membersOpen: 3, membersClose: 13)
        let ifStatement = BuilderElement(kind: .ifStatement, name: "if", start: 9, end: 11, nameToken: 9)
        f.body = BodyDeclaration(nameToken: 5, isStatic: false, open: 8, close: 12, elements: [ifStatement])
        XCTAssertEqual(code.text(9), "if")
        XCTAssertEqual(ReducerModelDump.lines(source: source, code: code, model: model(f)), [
            #"{"file":"F.swift","type":"F","qualifiedName":"F","kind":"struct","line":1,"reducerAttribute":true,"#
                + #""inherits":[],"hasBody":true,"bodyLine":2,"hasReduce":false,"reduceLine":null,"#
                + #""body":[{"name":"if","line":3,"modifiers":[],"children":[]}]}"#,
        ])
        f.body?.elements = []
        XCTAssertTrue(ReducerModelDump.lines(source: source, code: code, model: model(f))[0]
            .hasSuffix(#""body":[]}"#))
    }

    /// Local types keep their model name apart (`(local@offset)`), but the dump writes what the code spells, as
    /// SwiftParser's dumper does (scripts/oracle-diff failed on a test's local `Child` before this).
    func testDumpWritesLocalTypesByTheNamesTheCodeSpells() {
        XCTAssertEqual(ReducerModelDump.writtenName("TimerTests.(local@296).Child"), "TimerTests.Child")
        XCTAssertEqual(ReducerModelDump.writtenName("(local@12).Child.State"), "Child.State")
        XCTAssertEqual(ReducerModelDump.writtenName("App.Feature"), "App.Feature")
    }
}

import XCTest
@testable import TCALint

/// `CaseLet` views and the `SwitchStore` switch clause each sits in (`CaseLetReader`, `FileWideFacts.caseLets`), which
/// `case_let_mismatch` compares.
final class CaseLetsTests: XCTestCase {
    func caseLets(_ source: String) -> [String] {
        ProjectIndexer.facts(path: "F.swift", bytes: Array(source.utf8)).file.caseLets
            .map { "\($0.caseName) in \($0.switchedCase ?? "-")" }
    }

    func testEachCaseLetIsReadWithItsClause() {
        XCTAssertEqual(caseLets("""
            struct V: View {
              var body: some View {
                SwitchStore(store) { state in
                  switch state {
                  case .a: CaseLet(/S.a, action: A.a, then: AV.init)
                  case let .b(x): VStack { CaseLet(\\S.b, action: A.b) { BV(store: $0) } }
                  case .c(let y), .d: CaseLet(/S.c, action: A.c, then: CV.init)
                  default: CaseLet(/S.e, action: A.e, then: EV.init)
                  }
                }
                SwitchStore(store) { CaseLet(state: /S.f, action: A.f, then: FV.init) }
                SwitchStore(store) { _ in switch tab { case .g: CaseLet(/S.h, action: A.h, then: HV.init) } }
                SwitchStore(store) { (state) in switch state { case S.i: CaseLet(/Root.S.j, action: A.j, then: JV.init) } }
                CaseLet(someCasePath, action: A.k, then: KV.init)
              }
            }
            """), ["a in a", "b in b", "c in -", "e in -", "f in -", "h in -", "j in i"])
    }

    func testTheRuleReportsOnlyAMismatchedCase() {
        let source = """
            import ComposableArchitecture
            import SwiftUI
            struct V: View {
              let store: StoreOf<R>
              var body: some View {
                SwitchStore(store) {
                  switch $0 {
                  case .a: CaseLet(/R.State.a, action: R.Action.a, then: AV.init)
                  case .b: CaseLet(/R.State.a, action: R.Action.a, then: AV.init)
                  }
                }
              }
            }
            """
        let findings = Linter(rules: [CaseLetMismatchRule.self]).lint(SourceFile(path: "V.swift", bytes: Array(source.utf8)))
        XCTAssertEqual(findings.map { "\($0.line):\($0.column)" }, ["9:16"])
        XCTAssertEqual(findings.first?.message, CaseLetMismatchRule.message(caseName: "a", switched: "b"))
        XCTAssertTrue(findings.first?.message.hasPrefix("This CaseLet points at .a, but it sits in the switch's case .b") == true)
    }
}

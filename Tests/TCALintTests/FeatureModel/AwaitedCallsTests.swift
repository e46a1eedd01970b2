import XCTest
@testable import TCALint

/// `EffectFacts.awaitedCalls`: which awaited calls of an effect's operation are read, and which `send` can run after
/// each (what `send_after_dismiss` asks).
final class AwaitedCallsTests: XCTestCase {
    /// "name line-of-send" for each awaited call of the first effect of the source's feature.
    func calls(_ operation: String) -> [String] {
        let source = """
            @Reducer struct F {
              struct State {}
              enum Action { case a, b }
              @Dependency(\\.dismiss) var dismiss
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  .run { send in
            \(operation)
                  }
                }
              }
            }
            """
        let facts = FeatureIndexTests.facts("F.swift", source)
        let effect = facts.types.flatMap(\.logic).flatMap(\.effects).first
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        func line(_ anchor: Anchor) -> Int {
            var offset = 0
            for (n, l) in lines.enumerated() {
                if anchor.offset < offset + l.utf8.count + 1 { return n + 1 }
                offset += l.utf8.count + 1
            }
            return -1
        }
        return (effect?.awaitedCalls ?? []).map { "\($0.name) \($0.sendAfter.map { String(line($0)) } ?? "-")" }
    }

    func testTheFirstSendThatCanFollowEachCall() {
        XCTAssertEqual(calls("""
              await send(.a)
              await self.dismiss()
              await send(.b)
            """), ["dismiss 10"])
        XCTAssertEqual(calls("""
              if ok { await dismiss() }
              await send(.b)
            """), ["dismiss 9"])
        XCTAssertEqual(calls("""
              await dismiss(animation: .default)
              do { try await work() } catch { await send(.b) }
            """), ["dismiss 9", "work -"], "a catch is a sibling of the block that holds the call")
    }

    func testSiblingBranchesReturnsAndNestedClosuresAreLeftOut() {
        XCTAssertEqual(calls("""
              if ok { await dismiss() } else { await send(.a) }
            """), ["dismiss -"])
        XCTAssertEqual(calls("""
              do { await dismiss() } catch { await send(.a) }
            """), ["dismiss -"])
        XCTAssertEqual(calls("""
              switch x {
              case 1: await dismiss()
              default: await send(.a)
              }
            """), ["dismiss -"])
        XCTAssertEqual(calls("""
              if last { await dismiss(); return }
              await send(.a)
            """), ["dismiss -"])
        XCTAssertEqual(calls("""
              await withTaskGroup(of: Void.self) { group in
                group.addTask { await dismiss() }
                group.addTask { await send(.a) }
              }
            """), ["withTaskGroup -"])
        // `if case` is a pattern, not another case of a switch.
        XCTAssertEqual(calls("""
              await dismiss()
              if case .some = x { await send(.a) }
            """), ["dismiss 9"])
        // Calls on other receivers are not the type's own.
        XCTAssertEqual(calls("""
              await toaster.dismiss()
              await send(.a)
            """), [])
    }
}

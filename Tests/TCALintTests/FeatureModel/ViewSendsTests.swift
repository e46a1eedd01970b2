import XCTest
@testable import TCALint

/// The actions views send their stores (`StoreBindingReader`, `FeatureIndex.viewSends(to:)`), and what
/// `presents_without_if_let` asks of them: a presented child whose views send only what the parent handles itself.
final class ViewSendsTests: XCTestCase {
    func testAViewsSendsAreReadPerFeature() {
        let facts = ProjectIndexer.facts(path: "V.swift", bytes: Array("""
            struct PickerView: View {
              let store: StoreOf<Picker>
              var body: some View {
                WithViewStore(self.store, observe: { $0 }) { viewStore in
                  Button("A") { viewStore.send(.delegate(.select(.a))) }
                  Button("B") { store.send(.tapped) }
                  Button("C") { self.store.send(Picker.Action.view(.closeTapped)) }
                  Button("D") { store.send(action) }
                  Button("E") { subject.send(.x) }
                  Toggle("F", isOn: $store.flag.sending(\\.flagChanged))
                }
              }
            }
            """.utf8)).file
        XCTAssertEqual(facts.viewSends.map { "\($0.view) \($0.feature) \($0.path.joined(separator: ".")) \($0.location.line)" }, [
            // A leading-dot value reads as one more case: a prefix still matches a handler of `.delegate(.select)`.
            "PickerView Picker delegate.select.a 5",
            "PickerView Picker tapped 6",
            "PickerView Picker view.closeTapped 7",
            "PickerView Picker  8",
        ])
    }

    static let parent = """
        import ComposableArchitecture
        struct Editor: Reducer {
          struct State: Equatable {
            @PresentationState var picker: Picker.State?
          }
          enum Action: Equatable {
            case pickTapped
            case picker(PresentationAction<Picker.Action>)
          }
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .pickTapped:
                state.picker = .init()
                return .none
              case let .picker(.presented(.delegate(.select(value)))):
                state.picker = nil
                return .none
              case .picker(.dismiss):
                state.picker = nil
                return .none
              default:
                return .none
              }
            }
          }
        }
        struct Picker: Reducer {
          struct State: Equatable {}
          enum Action: Equatable {
            case tapped(Int)
            case delegate(Delegate)
            enum Delegate: Equatable { case select(Int) }
          }
          var body: some ReducerOf<Self> {
            Reduce { _, action in
              if case let .tapped(value) = action { return .send(.delegate(.select(value))) }
              return .none
            }
          }
        }
        """

    func findings(view: String) throws -> [String] {
        let tree = try ScratchTree()
        let paths = [try tree.write("Sources/App/Editor.swift", Self.parent).path, try tree.write("Sources/App/PickerView.swift", view).path]
        return withExtendedLifetime(tree) {
            LintRunner(linter: Linter(rules: [PresentsWithoutIfLetRule.self]), jobs: 2).run(paths).diagnostics.map { "\($0.line)" }
        }
    }

    func testAChildWhoseViewSendsOnlyWhatTheParentHandlesNeedsNoIfLet() throws {
        XCTAssertEqual(try findings(view: """
            struct PickerView: View {
              let store: StoreOf<Picker>
              var body: some View { Button("1") { store.send(.delegate(.select(1))) } }
            }
            """), [], "the parent handles .picker(.presented(.delegate(.select))) and clears the field on .dismiss")
    }

    func testAChildViewSendingWhatOnlyItsReducerHandlesKeepsTheFinding() throws {
        // `.tapped` needs Picker's reducer, which nothing runs.
        XCTAssertEqual(try findings(view: """
            struct PickerView: View {
              let store: StoreOf<Picker>
              var body: some View { Button("1") { store.send(.tapped(1)) } }
            }
            """), ["4"])
        // A send whose action is not written in place, or a binding, could be anything.
        XCTAssertEqual(try findings(view: """
            struct PickerView: View {
              let store: StoreOf<Picker>
              let action: Picker.Action
              var body: some View { Button("1") { store.send(action) } }
            }
            """), ["4"])
        // No view of the child found: nothing says what it sends.
        XCTAssertEqual(try findings(view: "struct Unrelated {}\n"), ["4"])
    }

    /// `Feature.doesNothing`: a reducer that only returns `.none` and composes nothing.
    func testAReducerThatOnlyReturnsNoneDoesNothing() {
        func feature(_ body: String) -> Feature? {
            let source = "@Reducer struct F {\n  struct State {}\n  enum Action { case a, b }\n  var body: some ReducerOf<Self> {\n\(body)\n  }\n}\n"
            return FeatureIndex(files: [ProjectIndexer.facts(path: "F.swift", bytes: Array(source.utf8))]).features.first { $0.name == "F" }
        }
        XCTAssertEqual(feature("Reduce { _, _ in .none }")?.doesNothing, true)
        XCTAssertEqual(feature("Reduce { state, action in return Effect.none }")?.doesNothing, true)
        XCTAssertEqual(feature("Reduce { state, action in switch action { case .a: return .none\n case .b: return .none } }")?.doesNothing, true)
        XCTAssertEqual(feature("Reduce { state, action in switch action { case .a: return .send(.b)\n case .b: return .none } }")?.doesNothing, false)
        XCTAssertEqual(feature("Reduce { _, _ in .none }\n Scope(state: \\.child, action: \\.child) { Child() }")?.doesNothing, false)
    }

    func testAFieldOfAPlainStructOrADoNothingChildIsNotReported() throws {
        let tree = try ScratchTree()
        let editor = Self.parent.replacingOccurrences(of: "case let .picker(.presented(.delegate(.select(value)))):\n            state.picker = nil\n            return .none\n", with: "")
        let doNothing = editor.replacingOccurrences(of: "if case let .tapped(value) = action { return .send(.delegate(.select(value))) }\n", with: "")
        let plain = String(editor[..<editor.range(of: "struct Picker: Reducer {")!.lowerBound])
            + "struct Picker {\n  struct State: Equatable {}\n  enum Action: Equatable { case tapped(Int) }\n}\n"
        func lint(_ source: String, _ name: String) throws -> Int {
            let path = try tree.write("Sources/\(name)/Editor.swift", source).path
            return LintRunner(linter: Linter(rules: [PresentsWithoutIfLetRule.self]), jobs: 1).run([path]).diagnostics.count
        }
        XCTAssertNotEqual(editor, doNothing)
        XCTAssertEqual(try lint(editor, "A"), 1, "Picker's reducer turns .tapped into a delegate action, which needs it to run")
        XCTAssertEqual(try lint(doNothing, "B"), 0, "Picker's reducer does nothing, and Editor clears the field on .dismiss")
        XCTAssertEqual(try lint(plain, "C"), 0, "Picker is no reducer: nothing to integrate")
        withExtendedLifetime(tree) {}
    }
}

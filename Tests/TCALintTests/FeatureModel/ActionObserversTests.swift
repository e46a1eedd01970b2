import XCTest
@testable import TCALint

/// `FeatureIndex.parentClauses(matching:of:)`: which clauses above a feature match one of its own actions, through
/// a `Scope`, an `@Reducer enum` of destinations and a grandparent, whichever file each is declared in.
final class ActionObserversTests: XCTestCase {
    static let editor = """
        @Reducer
        struct Editor {
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .saveTapped:
                return .send(.saved)
              case .saved:
                state.isDirty = false
                return .none
              }
            }
          }
        }
        """

    static let profile = """
        @Reducer
        struct Profile {
          @Reducer
          enum Destination {
            case editor(Editor)
          }
          @ObservableState
          struct State {
            var inline = Editor.State()
            @Presents var destination: Destination.State?
          }

          var body: some ReducerOf<Self> {
            Scope(state: \\.inline, action: \\.inline) {
              Editor()
            }
            Reduce { state, action in
              switch action {
              case .inline(.saved):
                state.savedInline = true
                return .none
              case .inline:
                return .none
              case .destination(.presented(.editor(.saved))):
                return .none
              case .destination(.presented(.editor(.saveTapped))):
                state.count += 1
                return .none
              default:
                return .none
              }
            }
            .ifLet(\\.$destination, action: \\.destination)
          }
        }
        """

    static let app = """
        @Reducer
        struct App {
          var body: some ReducerOf<Self> {
            Scope(state: \\.profile, action: \\.profile) {
              Profile()
            }
            Reduce { state, action in
              switch action {
              case .profile(.inline(.saved)):
                state.banner = "Saved"
                return .none
              case .profile:
                return .none
              }
            }
          }
        }
        """

    func index() -> FeatureIndex {
        FeatureIndex(files: [("Editor.swift", Self.editor), ("Profile.swift", Self.profile), ("App.swift", Self.app)].map {
            ProjectIndexer.facts(path: $0.0, bytes: Array($0.1.utf8))
        })
    }

    /// Each clause as `Parent line`.
    func matching(_ path: [String], of name: String, in index: FeatureIndex) -> [String] {
        guard let feature = index.feature(name) else { XCTFail("no feature \(name)"); return [] }
        return index.parentClauses(matching: path, of: feature).map { "\($0.parent.name) \($0.clause.location.line)" }
    }

    func testAParentsGrandparentsAndADestinationEnumsParentsClausesMatchTheAction() {
        let index = index()
        // Profile's `.inline(.saved)` (Scope), then one level up App's `.profile(.inline(.saved))` and Profile's
        // `.destination(.presented(.editor(.saved)))` (the enum's case); `case .inline:` and `case .profile:` name
        // every action of the child, not this one.
        XCTAssertEqual(matching(["saved"], of: "Editor", in: index), ["Profile 19", "App 9", "Profile 24"])
        XCTAssertEqual(matching(["saveTapped"], of: "Editor", in: index), ["Profile 26"])
        // The clause's own work is the caller's question: the one for `.editor(.saved)` only returns `.none`.
        let editor = index.feature("Editor")!
        XCTAssertEqual(index.parentClauses(matching: ["saved"], of: editor).map(\.clause.code.isNoOp), [false, false, true])
    }

    /// Under a child presented from `@Presents` state, `.create(.dismiss)` is `PresentationAction.dismiss` (the sheet
    /// closing), not the child's own `.dismiss`, which the parent hears as `.create(.presented(.dismiss))`; the same for a
    /// stack's `.path(.popFrom(id:))`. A child composed plainly (`Scope`) is heard directly.
    func testAWrapperCaseIsNotTheChildsOwnAction() {
        func parentLines(presents: Bool, pattern: String) -> [String] {
            let child = """
                @Reducer
                struct Create {
                  enum Action { case saved, dismiss, popFrom }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case .saved: return .send(.dismiss)
                      case .dismiss, .popFrom: return .none
                      }
                    }
                  }
                }
                """
            let parent = """
                @Reducer
                struct List {
                  @ObservableState
                  struct State { \(presents ? "@Presents var create: Create.State?" : "var create = Create.State()") }
                  enum Action { case create(\(presents ? "PresentationAction<Create.Action>" : "Create.Action")), reload }
                  var body: some ReducerOf<Self> {
                    Reduce { state, action in
                      switch action {
                      case \(pattern): return .send(.reload)
                      default: return .none
                      }
                    }
                    \(presents ? ".ifLet(\\.$create, action: \\.create) { Create() }" : "Scope(state: \\.create, action: \\.create) { Create() }")
                  }
                }
                """
            let index = FeatureIndex(files: [("Create.swift", child), ("List.swift", parent)].map {
                ProjectIndexer.facts(path: $0.0, bytes: Array($0.1.utf8))
            })
            return matching(["dismiss"], of: "Create", in: index)
        }
        XCTAssertEqual(parentLines(presents: true, pattern: ".create(.dismiss)"), [], "the sheet closing")
        XCTAssertEqual(parentLines(presents: true, pattern: ".create(.presented(.dismiss))"), ["List 9"])
        XCTAssertEqual(parentLines(presents: false, pattern: ".create(.dismiss)"), ["List 9"], "a Scope hears it as it is")
    }

    func testTheEnumCasesHoldingAFeatureAreIndexed() {
        let index = index()
        XCTAssertEqual(index.enumCases(holding: index.feature("Editor")!).map { "\($0.holder.qualifiedName).\($0.caseName)" },
                       ["Profile.Destination.editor"])
        XCTAssertEqual(index.enumCases(holding: index.feature("Profile")!).count, 0)
    }

    func testNoParentNoPathOrAnotherActionMatchesNothing() {
        let index = index()
        XCTAssertEqual(matching(["cancelTapped"], of: "Editor", in: index), [])
        XCTAssertEqual(matching([], of: "Editor", in: index), [])
        XCTAssertEqual(matching(["saved"], of: "App", in: index), [])
    }

    /// A stack's parent matches `.path(.element(id: _, action: .editor(.saved)))` through the `@Reducer enum Path`
    /// that holds the child; a pattern without the value the send carries matches it, one with another value does not.
    func testAStackElementsPatternAndAPatternWithoutTheSentValueMatch() {
        let editor = """
            @Reducer
            struct Editor {
              enum Mode { case adHoc, compendium }
              enum Action { case view(View); case didAdd(Mode); case save
                enum View { case closed } }
              var body: some ReducerOf<Self> {
                Reduce { state, action in .none }
              }
            }
            """
        let list = """
            @Reducer
            struct List {
              @Reducer
              enum Path {
                case editor(Editor)
              }
              @ObservableState
              struct State {
                var path = StackState<Path.State>()
              }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case let .path(.element(id: id, action: .editor(.didAdd))):
                    state.path.pop(from: id)
                    return .none
                  case .path(.element(id: _, action: .editor(.didAdd(.compendium)))):
                    state.count += 1
                    return .none
                  case .path(.element(id: _, action: .editor(.view(.closed)))):
                    state.count += 1
                    return .none
                  case .path(.element(id: _, action: .editor(.view))):
                    return .none
                  default:
                    return .none
                  }
                }
                .forEach(\\.path, action: \\.path)
              }
            }
            """
        let index = FeatureIndex(files: [("Editor.swift", editor), ("List.swift", list)].map {
            ProjectIndexer.facts(path: $0.0, bytes: Array($0.1.utf8))
        })
        XCTAssertEqual(matching(["didAdd", "adHoc"], of: "Editor", in: index), ["List 14"])
        XCTAssertEqual(matching(["didAdd", "compendium"], of: "Editor", in: index), ["List 14", "List 17"])
        XCTAssertEqual(matching(["didAdd"], of: "Editor", in: index), ["List 14", "List 17"])
        // `View` is Editor's own nested action enum: `.view` alone names every view action, not the case `closed`.
        XCTAssertEqual(matching(["view", "closed"], of: "Editor", in: index), ["List 20"])
        XCTAssertEqual(matching(["save"], of: "Editor", in: index), [])
    }

    /// A child composed through a `Scope` in another `Scope`'s closure (`Scope(state: \.add, action: \.add) {
    /// Scope(state: \.state, action: \.self) { AddCombatant() } }`, Construct's sheet) is reached at the outer action
    /// path: its grandparent's `.sheet(.presented(.add(.onSelect)))` matches its `.onSelect`.
    func testAChildInANestedScopeIsReachedThroughTheOuterScopesActionPath() {
        let add = """
            @Reducer
            struct AddCombatant {
              enum Action { case onSelect([String]); case tapped }
              var body: some ReducerOf<Self> { Reduce { state, action in .none } }
            }
            """
        let encounter = """
            @Reducer
            struct Encounter {
              @Reducer
              struct Sheet {
                var body: some ReducerOf<Self> {
                  Scope(state: \\.add, action: \\.add) {
                    Scope(state: \\.state, action: \\.self) {
                      AddCombatant()
                    }
                  }
                }
              }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .sheet(.presented(.add(.onSelect))):
                    state.count += 1
                    return .none
                  default:
                    return .none
                  }
                }
                .ifLet(\\.$sheet, action: \\.sheet) {
                  Sheet()
                }
              }
            }
            """
        let index = FeatureIndex(files: [("Add.swift", add), ("Encounter.swift", encounter)].map {
            ProjectIndexer.facts(path: $0.0, bytes: Array($0.1.utf8))
        })
        XCTAssertEqual(matching(["onSelect"], of: "AddCombatant", in: index), ["Encounter 16"])
        XCTAssertEqual(index.feature("Encounter.Sheet")?.children.map(\.childActionPrefix), [["add"], ["add"]])
        XCTAssertEqual(index.feature("Encounter")?.children.map(\.childActionPrefix), [["sheet"]])
    }
}

import XCTest
@testable import TCALint

/// The alerts a file builds and what their buttons send (`AlertReader`), the alerts the model finds for a feature's
/// alert field (`FeatureIndex.alerts(for:of:)`), and whether a feature clears a field on an action
/// (`Feature.clearsField(_:onAction:)`).
final class AlertsTests: XCTestCase {
    func facts(_ source: String, path: String = "F.swift") -> FileFacts {
        ProjectIndexer.facts(path: path, bytes: Array(source.utf8))
    }

    /// Each alert as `type: buttons`, a button as its case, `-` for one that sends nothing, `?` for another action.
    func alerts(_ source: String) -> [String] {
        facts(source).file.alerts.map { a in
            "\(a.actionType ?? "_"): " + a.buttons.map { $0.map { $0.isEmpty ? "?" : $0 } ?? "-" }.joined(separator: " ")
        }
    }

    func testButtonsOfEverySpellingOfAnAlertAreRead() {
        XCTAssertEqual(alerts("""
            func f() {
              state.alert = AlertState {
                TextState("Error")
              } actions: {
                ButtonState(action: .send(.confirmOkay, animation: .default)) { TextState("OK") }
                ButtonState(role: .cancel) { TextState("Cancel") }
              } message: {
                TextState("Try again")
              }
              state.alert = .init(title: { TextState("") }, actions: { ButtonState(action: .retry) { TextState("Retry") } })
              state.alert = AlertState<Action.Alert>(title: TextState("Old"), buttons: [
                .default(TextState("OK"), action: .send(.ok)),
                .cancel(TextState("Cancel")),
                .destructive(TextState("Delete"), action: deleteAction),
              ])
              state.alert = AlertState(title: TextState("Only text"))
              state.alert = AlertState { TextState("Nil action") } actions: { ButtonState(action: nil) { TextState("X") } }
            }
            """), ["_: confirmOkay -", "_: retry", "Action.Alert: ok - ?", "_: ", "_: -"])
    }

    func testEachStaticMemberOfAnAlertExtensionIsOneAlert() {
        XCTAssertEqual(alerts("""
            extension AlertState where Action == Shop.Action.Alert {
              static let insufficientFunds = Self {
                TextState("Not enough coins")
              } actions: {
                ButtonState(action: .confirmOkay) { TextState("OK") }
              }
              static func purchased(_ name: String) -> Self {
                AlertState { TextState(name) } actions: {
                  ButtonState(role: .destructive, action: .undo) { TextState("Undo") }
                  ButtonState(role: .cancel) { TextState("Close") }
                }
              }
              private func helper() {}
            }
            extension AlertState<Settings.Action.Alert> {
              static var logout: Self { Self(title: { TextState("Log out?") }) }
            }
            """), ["Shop.Action.Alert: confirmOkay", "Shop.Action.Alert: undo -", "Settings.Action.Alert: "])
    }

    func testTypesAndStoresOfAlertStateAreNotAlerts() {
        XCTAssertEqual(alerts("""
            struct State { @Presents var alert: AlertState<Action.Alert>? }
            let s: Store<AlertState<Action>, Action>
            let x = effect.cancel(id: 1)
            // AlertState { ButtonState(action: .x) { } }
            """), [])
    }

    static let shop = """
        import ComposableArchitecture

        @Reducer
        struct Shop {
          @ObservableState
          struct State {
            @Presents var alert: AlertState<Action.Alert>?
            @Presents var other: AlertState<Action.Alert>?
          }
          enum Action {
            case alert(PresentationAction<Alert>)
            case other(PresentationAction<Alert>)
            case buyTapped
            enum Alert { case confirmOkay, undo }
          }
          var body: some ReducerOf<Self> {
            Reduce { state, action in
              switch action {
              case .buyTapped:
                state.alert = .insufficientFunds
                state.other = .insufficientFunds
                return .none
              case .alert(.presented(.confirmOkay)):
                state.alert = nil
                return .none
              case .other(.presented(.confirmOkay)):
                if Bool.random() { state.other = nil }
                return .none
              case .alert, .other:
                return .none
              }
            }
          }
        }

        """

    static let shopAlerts = """
        import ComposableArchitecture

        extension AlertState where Action == Shop.Action.Alert {
          static let insufficientFunds = Self { TextState("No coins") } actions: { ButtonState(action: .confirmOkay) { TextState("OK") } }
        }
        extension AlertState where Action == Cart.Action.Alert {
          static let other = Self { TextState("Other") }
        }

        """

    func testAFeaturesAlertsComeFromItsFilesAndFromExtensionsNamingIt() throws {
        let index = FeatureIndex(files: [facts(Self.shop, path: "Shop.swift"), facts(Self.shopAlerts, path: "ShopAlerts.swift")])
        let shop = try XCTUnwrap(index.features.first { $0.name == "Shop" })
        let field = try XCTUnwrap(shop.state?.fields.first { $0.name == "alert" })
        XCTAssertEqual(index.alerts(for: field, of: shop).map(\.buttons), [["confirmOkay"]])
        XCTAssertEqual(index.alerts(for: field, of: shop).first?.anchor.token, index.files["ShopAlerts.swift"]?.file.alerts.first?.anchor.token)
    }

    func testAFieldIsClearedOnlyWhereTheFirstMatchingClauseSetsItToNilUnconditionally() throws {
        let index = FeatureIndex(files: [facts(Self.shop, path: "Shop.swift")])
        let shop = try XCTUnwrap(index.features.first { $0.name == "Shop" })
        XCTAssertTrue(shop.clearsField("alert", onAction: ["alert", "presented", "confirmOkay"]))
        // Only under an `if`.
        XCTAssertFalse(shop.clearsField("other", onAction: ["other", "presented", "confirmOkay"]))
        // Handled, by `case .alert, .other:`, without clearing.
        XCTAssertFalse(shop.clearsField("alert", onAction: ["alert", "presented", "undo"]))
        // Cleared elsewhere, not on this action.
        XCTAssertFalse(shop.clearsField("alert", onAction: ["buyTapped"]))
    }

    func lint(_ files: [(String, String)]) throws -> [String] {
        let tree = try ScratchTree()
        let paths = try files.map { try tree.write($0.0, $0.1).path }.sorted()
        let linter = Linter(rules: [PresentsWithoutIfLetRule.self])
        return withExtendedLifetime(tree) {
            LintRunner(linter: linter, jobs: 2).run(paths).diagnostics.map { "\(($0.path as NSString).lastPathComponent):\($0.line)" }
        }
    }

    func testAnAlertWhoseEveryButtonClearsItIsNotReported() throws {
        // `alert`'s only button clears it; `other`'s button does not (conditional), so `other` stays reported.
        XCTAssertEqual(try lint([("Shop.swift", Self.shop), ("ShopAlerts.swift", Self.shopAlerts)]), ["Shop.swift:8"])
        // Without the extension the alerts are out of sight: both reported.
        XCTAssertEqual(try lint([("Shop.swift", Self.shop)]), ["Shop.swift:7", "Shop.swift:8"])
        // A Cancel button sends nothing but `.dismiss`, which the feature does not handle.
        let cancel = Self.shopAlerts.replacingOccurrences(of: "ButtonState(action: .confirmOkay) { TextState(\"OK\") }",
                                                          with: "ButtonState(action: .confirmOkay) { TextState(\"OK\") }\n ButtonState(role: .cancel) { TextState(\"Cancel\") }")
        XCTAssertEqual(try lint([("Shop.swift", Self.shop), ("ShopAlerts.swift", cancel)]), ["Shop.swift:7", "Shop.swift:8"])
    }

    /// JarretHoving97/Habicolor's shape: a TCA 1.0 `struct Destination: Reducer` whose State's only case is an alert and
    /// whose reducer does nothing, the alert built in place by the presenting feature with one button that it clears the
    /// field on. An alert field under another name: not reported. Reported again when a button sends nothing, when the
    /// destination can hold a child feature too, and when the destination's reducer does something.
    func testADestinationThatOnlyHoldsAlertsIsAnAlertField() throws {
        let feature = """
            import ComposableArchitecture
            struct AddHabit: Reducer {
              struct State: Equatable {
                @PresentationState var destination: Destination.State?
              }
              enum Action: Equatable {
                case destination(PresentationAction<Destination.Action>)
                case saveTapped
              }
              var body: some ReducerOf<Self> {
                Reduce { state, action in
                  switch action {
                  case .saveTapped:
                    state.destination = .alert(AlertState { TextState("Name it") } actions: {
                      ButtonState(role: .cancel, action: .understoodTapped) { TextState("OK") }
                    })
                    return .none
                  case .destination(.presented(.alert(.understoodTapped))):
                    state.destination = nil
                    return .none
                  case .destination:
                    return .none
                  }
                }
              }
            }
            extension AddHabit {
              struct Destination: Reducer {
                enum State: Equatable {
                  case alert(AlertState<Action.Alert>)
                }
                enum Action: Equatable {
                  case alert(Alert)
                  enum Alert: Equatable { case understoodTapped }
                }
                var body: some ReducerOf<Self> {
                  Reduce { state, action in
                    return .none
                  }
                }
              }
            }
            """
        XCTAssertEqual(try lint([("AddHabit.swift", feature)]), [])
        // Another feature's `Destination` alerts (`extension AlertState where Action == Other.Destination.Action.Alert`)
        // are not this one's, though both types are named `Destination`.
        let other = """
            import ComposableArchitecture
            struct Other: Reducer {
              struct State: Equatable {}
              enum Action: Equatable { case tapped }
              var body: some ReducerOf<Self> { EmptyReducer() }
              struct Destination: Reducer {
                enum State: Equatable { case alert(AlertState<Action.Alert>) }
                enum Action: Equatable { case alert(Alert); enum Alert: Equatable { case remove } }
                var body: some ReducerOf<Self> { EmptyReducer() }
              }
            }
            extension AlertState where Action == Other.Destination.Action.Alert {
              static let remove = Self { TextState("Remove?") } actions: {
                ButtonState(role: .destructive, action: .remove) { TextState("Remove") }
              }
            }
            """
        XCTAssertEqual(try lint([("AddHabit.swift", feature), ("Other.swift", other)]), [])
        // Named for this feature's `Destination`, its button is one more that must clear the field.
        let own = other.replacingOccurrences(of: "where Action == Other.Destination", with: "where Action == AddHabit.Destination")
            .replacingOccurrences(of: "case remove", with: "case understoodTapped").replacingOccurrences(of: "action: .remove", with: "action: .later")
        XCTAssertEqual(try lint([("AddHabit.swift", feature), ("Other.swift", own)]), ["AddHabit.swift:4"])
        let silentButton = feature.replacingOccurrences(of: "{ TextState(\"OK\") }", with: "{ TextState(\"OK\") }\n ButtonState(role: .destructive) { TextState(\"Later\") }")
        XCTAssertEqual(try lint([("AddHabit.swift", silentButton)]), ["AddHabit.swift:4"])
        let withChild = feature.replacingOccurrences(of: "case alert(AlertState<Action.Alert>)\n", with: "case alert(AlertState<Action.Alert>)\n      case edit(Edit.State)\n")
            + "\nstruct Edit: Reducer { struct State: Equatable {}; enum Action { case save }; var body: some ReducerOf<Self> { Reduce { _, _ in .none } } }\n"
        XCTAssertEqual(try lint([("AddHabit.swift", withChild)]), ["AddHabit.swift:4"])
        let working = feature.replacingOccurrences(of: "Reduce { state, action in\n        return .none", with: "Reduce { state, action in\n        print(action); state = .alert(AlertState { TextState(\"Again\") })\n        return .none")
        XCTAssertEqual(try lint([("AddHabit.swift", working)]), ["AddHabit.swift:4"])
    }
}

// What fixtures/fixes/ScopeFixes.swift uses but does not declare (it declares the children whose logic matters).
import ComposableArchitecture

/// A child feature: its own state, actions and logic.
struct Child: Reducer {
  struct State { var visits = 0 }
  enum Action { case tapped }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

struct ShippingFeature: Reducer {
  struct State {}
  enum Action {}
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

extension Checkout {
  struct State {
    @Presents var alert: AlertState<Action.Alert>?
    var isPaying = false
    var payment = PaymentFeature.State()
    var shipping = ShippingFeature.State()
  }
  enum Action: BindableAction {
    case alert(PresentationAction<Alert>)
    case binding(BindingAction<State>)
    case payment(PaymentFeature.Action)
    case shipping(ShippingFeature.Action)
    enum Alert {}
    var alert: PresentationAction<Alert>? { if case let .alert(a) = self { a } else { nil } }
    var payment: PaymentFeature.Action? { if case let .payment(a) = self { a } else { nil } }
    var shipping: ShippingFeature.Action? { if case let .shipping(a) = self { a } else { nil } }
  }
}

struct Tabs: Reducer {
  struct State { var home = Home.State() }
  enum Action {
    case home(Home.Action)
    var home: Home.Action? { if case let .home(a) = self { a } else { nil } }
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

extension Root {
  struct State {
    var tabs = Tabs.State()
    var settings = Settings.State()
  }
  enum Action {
    case tabs(Tabs.Action)
    case settings(Settings.Action)
    var tabs: Tabs.Action? { if case let .tabs(a) = self { a } else { nil } }
    var settings: Settings.Action? { if case let .settings(a) = self { a } else { nil } }
  }
}

func log(_ value: Any) {}

extension Guarded {
  struct State { var child = Child.State() }
  enum Action {
    case child(Child.Action)
    var child: Child.Action? { if case let .child(a) = self { a } else { nil } }
  }
}

// What the fix example of rules/reduce_before_scope.md uses but does not declare.
import ComposableArchitecture

struct PaymentFeature: Reducer {
  struct State { var isComplete = false }
  enum Action { case submitted }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

extension Checkout {
  struct State {
    var isPaying = false
    var payment = PaymentFeature.State()
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case payment(PaymentFeature.Action)
    var payment: PaymentFeature.Action? { if case let .payment(a) = self { a } else { nil } }
  }
}

// What the fix example of rules/reduce_before_scope.md uses but does not declare (it declares the child, Payment).
import ComposableArchitecture

extension Checkout {
  struct State {
    var isPaying = false
    var payment = Payment.State()
  }
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case payment(Payment.Action)
    var payment: Payment.Action? { if case let .payment(a) = self { a } else { nil } }
  }
}

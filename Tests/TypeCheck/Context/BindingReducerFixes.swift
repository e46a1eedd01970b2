// What fixtures/fixes/BindingReducerFixes.swift uses but does not declare.
import ComposableArchitecture

extension Preferences {
  struct State {
    @Presents var alert: AlertState<Action.Alert>?
  }
  enum Action {
    case alert(PresentationAction<Alert>)
    case validate
    case view(View)
    enum Alert {}
    enum View: BindableAction {
      case binding(BindingAction<State>)
    }
    // Case key paths (`\.alert`, `\.view`), as @CasePathable would provide them.
    var alert: PresentationAction<Alert>? { if case let .alert(a) = self { a } else { nil } }
    var view: View? { if case let .view(v) = self { v } else { nil } }
  }
}

/// A reducer of the app's own that works with any feature (logging every action).
struct Analytics<State, Action>: Reducer {
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

extension Filters {
  struct State {}
  enum Action: BindableAction {
    case binding(BindingAction<State>)
  }
}

extension Compact {
  struct State {}
  enum Action: BindableAction {
    case binding(BindingAction<State>)
    case validate
  }
}

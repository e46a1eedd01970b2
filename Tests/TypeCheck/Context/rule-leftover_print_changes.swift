// What the fix example of rules/leftover_print_changes.md uses but does not declare.
import ComposableArchitecture

struct Destination: Reducer {
  struct State {}
  enum Action {}
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

extension Player {
  struct State {
    @Presents var destination: Destination.State?
  }
  enum Action {
    case destination(PresentationAction<Destination.Action>)
    var destination: PresentationAction<Destination.Action>? { if case let .destination(a) = self { a } else { nil } }
  }
}

// What the legacy_scope_label document's fix example uses but does not declare: the child feature and its view, and
// the case key path `@CasePathable` would generate on `Counter.Action` (see ComposableArchitecture.swift, "Case key
// paths").
import ComposableArchitecture
import SwiftUI

struct Timer: Reducer {
  struct State {}
  enum Action {}
  var body: some ReducerOf<Self> { EmptyReducer() }
}

struct TimerView: View {
  let store: StoreOf<Timer>
  var body: some View { Text("") }
}

extension Counter.Action {
  var timer: Timer.Action? { if case let .timer(a) = self { a } else { nil } }
}

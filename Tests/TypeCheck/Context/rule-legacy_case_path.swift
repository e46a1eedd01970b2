// What the legacy_case_path document's fix example uses but does not declare: its children, and the case key paths
// `@CasePathable` would generate on `Inventory.Action` (see ComposableArchitecture.swift, "Case key paths").
import ComposableArchitecture

struct ItemList: Reducer {
  struct State {}
  enum Action {}
  var body: some ReducerOf<Self> { EmptyReducer() }
}

struct Destination: Reducer {
  struct State {}
  enum Action {}
  var body: some ReducerOf<Self> { EmptyReducer() }
}

extension Inventory.Action {
  var list: ItemList.Action? { if case let .list(a) = self { a } else { nil } }
  var destination: PresentationAction<Destination.Action>? { if case let .destination(a) = self { a } else { nil } }
}

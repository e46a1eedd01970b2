// What fixtures/fixes/PrintChangesFixes.swift uses but does not declare.
import ComposableArchitecture
import SwiftUI

extension Counter {
  struct State {
    @Presents var detail: Detail.State?
  }
  enum Action {
    case detail(PresentationAction<Detail.Action>)
    var detail: PresentationAction<Detail.Action>? { if case let .detail(a) = self { a } else { nil } }
  }
}

struct Detail: Reducer {
  struct State {}
  enum Action {}
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

extension Inbox {
  struct State {
    var list = List.State()
  }
  enum Action {
    case list(List.Action)
    var list: List.Action? { if case let .list(a) = self { a } else { nil } }
  }
}

struct List: Reducer {
  struct State {}
  enum Action {}
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

extension Player {
  struct State {
    var controls = Controls.State()
  }
  enum Action {
    case controls(Controls.Action)
    var controls: Controls.Action? { if case let .controls(a) = self { a } else { nil } }
  }
}

struct Controls: Reducer {
  struct State {}
  enum Action {}
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

struct PlayerView: View {
  let store: StoreOf<Player>
  var body: some View { EmptyView() }
}

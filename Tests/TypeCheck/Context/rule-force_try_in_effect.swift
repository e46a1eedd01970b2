// What the fix example of rules/force_try_in_effect.md uses but does not declare.
import ComposableArchitecture

struct Item: Equatable {}

struct APIClient {
  func fetchItems() async throws -> [Item] { [] }
}

extension Poller {
  struct State {}
  enum Action {
    case start
    case loaded([Item])
    case failed
  }
  enum CancelID { case poll }
  var api: APIClient { APIClient() }
}

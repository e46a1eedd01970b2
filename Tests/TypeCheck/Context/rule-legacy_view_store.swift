// What rules/legacy_view_store.md's fix examples leave out: the parent and row features, IdentifiedArray and
// IdentifiedAction, TCA's `ForEachStore` and `IfLetStore`, observation's scopes of a collection (a collection of stores)
// and of an optional (an optional store), and SwiftUI's `ForEach` (the stand-ins have neither). With the case key paths
// `@CasePathable` would generate on `Todos.Action` (the example declares `Todos`).
import ComposableArchitecture
import SwiftUI

struct IdentifiedArray<ID: Hashable, Element>: RandomAccessCollection, ExpressibleByArrayLiteral {
    var elements: [Element] = []
    init(arrayLiteral elements: Element...) { self.elements = elements }
    var startIndex: Int { 0 }
    var endIndex: Int { elements.count }
    subscript(position: Int) -> Element { elements[position] }
}

enum IdentifiedAction<ID: Hashable, Action> {
    case element(id: ID, action: Action)
}

typealias IdentifiedArrayOf<Element> = IdentifiedArray<Int, Element>
typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<Int, R.Action>

extension Store {
    /// Observation's scope of a collection: one store per element (disfavored, as TCA's is).
    @_disfavoredOverload
    func scope<ElementID, ElementState, ElementAction>(
        state: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
        action: CaseKeyPath<Action, IdentifiedAction<ElementID, ElementAction>>
    ) -> [Store<ElementState, ElementAction>] { [] }
}

struct ForEachStore<EachState, EachAction, ID: Hashable, Content: View>: View {
    init(_ store: Store<IdentifiedArray<ID, EachState>, IdentifiedAction<ID, EachAction>>,
         @ViewBuilder content: @escaping (Store<EachState, EachAction>) -> Content) {}
    var body: Never { fatalError() }
}

struct ForEach<Data: RandomAccessCollection, Content: View>: View {
    init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
    var body: Never { fatalError() }
}

struct Todo: Reducer {
    struct State {}
    enum Action {}
    var body: some ReducerOf<Self> { EmptyReducer() }
}

extension Todos.Action {
    var todos: IdentifiedActionOf<Todo>? { if case let .todos(a) = self { a } else { nil } }
}

struct TodoView: View {
    let store: StoreOf<Todo>
    var body: some View { Text("") }
}

extension Store {
    /// Observation's scope of an optional: a store while the state is there (`IfLetStore`'s argument, a store of
    /// optional state, is the other scope's).
    func scope<ChildState, ChildAction>(
        state: KeyPath<State, ChildState?>, action: CaseKeyPath<Action, ChildAction>
    ) -> Store<ChildState, ChildAction>? { nil }
}

struct IfLetStore<State, Action, Content: View>: View {
    init<IfContent: View, ElseContent: View>(
        _ store: Store<State?, Action>, @ViewBuilder then: @escaping (Store<State, Action>) -> IfContent,
        @ViewBuilder else elseContent: () -> ElseContent
    ) where Content == _ConditionalContent<IfContent, ElseContent> {}
    init<IfContent: View>(_ store: Store<State?, Action>, @ViewBuilder then: @escaping (Store<State, Action>) -> IfContent)
    where Content == IfContent? {}
    var body: Never { fatalError() }
}

struct Editor: Reducer {
    struct State {}
    enum Action {}
    var body: some ReducerOf<Self> { EmptyReducer() }
}

extension Todos.Action {
    var editor: Editor.Action? { if case let .editor(a) = self { a } else { nil } }
}

struct EditorView: View {
    let store: StoreOf<Editor>
    var body: some View { Text("") }
}

// A stand-in for The Composable Architecture's API, for type-checking fixed code (see README.md): the
// same names and shapes as TCA 1.x, no behaviour. Compiled as the module `ComposableArchitecture`.
@_exported import Foundation

// MARK: Reducers

public protocol Reducer<State, Action> {
    associatedtype State
    associatedtype Action
    associatedtype Body
    @ReducerBuilder<State, Action> var body: Body { get }
    func reduce(into state: inout State, action: Action) -> Effect<Action>
}

extension Reducer where Body == Never {
    public var body: Never { fatalError("\(Self.self) has no body") }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
        body.reduce(into: &state, action: action)
    }
}

public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

@resultBuilder
public enum ReducerBuilder<State, Action> {
    public static func buildExpression<R: Reducer>(_ reducer: R) -> R where R.State == State, R.Action == Action { reducer }
    public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }
    public static func buildPartialBlock<R: Reducer>(first: R) -> R where R.State == State, R.Action == Action { first }
    public static func buildPartialBlock<R0: Reducer, R1: Reducer>(accumulated: R0, next: R1) -> _Sequence<R0, R1>
    where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action { _Sequence(accumulated, next) }
    public static func buildOptional<R: Reducer>(_ reducer: R?) -> _Optional<R> where R.State == State, R.Action == Action {
        _Optional(reducer)
    }
    public static func buildEither<R0: Reducer, R1: Reducer>(first: R0) -> _Either<R0, R1>
    where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action { .first(first) }
    public static func buildEither<R0: Reducer, R1: Reducer>(second: R1) -> _Either<R0, R1>
    where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action { .second(second) }
    public static func buildLimitedAvailability<R: Reducer>(_ reducer: R) -> _Optional<R> where R.State == State, R.Action == Action {
        _Optional(reducer)
    }
    public static func buildFinalResult<R: Reducer>(_ reducer: R) -> R where R.State == State, R.Action == Action { reducer }
}

public struct _Sequence<R0: Reducer, R1: Reducer>: Reducer where R0.State == R1.State, R0.Action == R1.Action {
    let r0: R0, r1: R1
    init(_ r0: R0, _ r1: R1) { (self.r0, self.r1) = (r0, r1) }
    public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> { .none }
}

public struct _Optional<Wrapped: Reducer>: Reducer {
    let wrapped: Wrapped?
    init(_ wrapped: Wrapped?) { self.wrapped = wrapped }
    public func reduce(into state: inout Wrapped.State, action: Wrapped.Action) -> Effect<Wrapped.Action> { .none }
}

public enum _Either<R0: Reducer, R1: Reducer>: Reducer where R0.State == R1.State, R0.Action == R1.Action {
    case first(R0), second(R1)
    public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> { .none }
}

public struct EmptyReducer<State, Action>: Reducer {
    public init() {}
    public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

public struct Reduce<State, Action>: Reducer {
    let run: (inout State, Action) -> Effect<Action>
    public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) { run = reduce }
    public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action { run = reducer.reduce }
    public func reduce(into state: inout State, action: Action) -> Effect<Action> { run(&state, action) }
}

public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
    let reducers: Reducers
    public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) { reducers = build() }
    public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
    public init<ChildState, ChildAction>(
        state: WritableKeyPath<ParentState, ChildState>, action: CaseKeyPath<ParentAction, ChildAction>,
        @ReducerBuilder<ChildState, ChildAction> child: () -> Child
    ) where ChildState == Child.State, ChildAction == Child.Action {}
    /// The unlabelled twin of TCA's main branch after 1.25.5 (#3923).
    public init<ChildState, ChildAction>(
        _ state: WritableKeyPath<ParentState, ChildState>, action: CaseKeyPath<ParentAction, ChildAction>,
        @ReducerBuilder<ChildState, ChildAction> _ child: () -> Child
    ) where ChildState == Child.State, ChildAction == Child.Action {}
    public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> { .none }
}

/// A reducer a modifier returns (`ifLet`, `forEach`, `onChange`, `_printChanges`, `dependency`, …).
public struct _Modified<Base: Reducer>: Reducer {
    let base: Base
    public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> { .none }
}

extension Reducer {
    public func ifLet<ChildState, ChildAction>(
        _ state: WritableKeyPath<State, PresentationState<ChildState>>,
        action: CaseKeyPath<Action, PresentationAction<ChildAction>>
    ) -> _Modified<Self> { _Modified(base: self) }

    public func ifLet<ChildState, ChildAction, Destination: Reducer>(
        _ state: WritableKeyPath<State, PresentationState<ChildState>>,
        action: CaseKeyPath<Action, PresentationAction<ChildAction>>,
        @ReducerBuilder<ChildState, ChildAction> destination: () -> Destination
    ) -> _Modified<Self> where Destination.State == ChildState, Destination.Action == ChildAction { _Modified(base: self) }

    public func ifLet<ChildState, ChildAction, Child: Reducer>(
        _ state: WritableKeyPath<State, ChildState?>, action: CaseKeyPath<Action, ChildAction>,
        @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
    ) -> _Modified<Self> where Child.State == ChildState, Child.Action == ChildAction { _Modified(base: self) }

    public func forEach<ElementState, ElementAction, Element: Reducer>(
        _ state: WritableKeyPath<State, StackState<ElementState>>, action: CaseKeyPath<Action, StackAction<ElementState, ElementAction>>,
        @ReducerBuilder<ElementState, ElementAction> destination: () -> Element
    ) -> _Modified<Self> where Element.State == ElementState, Element.Action == ElementAction { _Modified(base: self) }

    public func onChange<V: Equatable, R: Reducer>(
        of toValue: @escaping (State) -> V, @ReducerBuilder<State, Action> _ reducer: @escaping (_ oldValue: V, _ newValue: V) -> R
    ) -> _Modified<Self> where R.State == State, R.Action == Action { _Modified(base: self) }

    public func _printChanges(_ printer: _ReducerPrinter<State, Action>? = .customDump) -> _Modified<Self> { _Modified(base: self) }

    public func dependency<Value>(_ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value) -> _Modified<Self> {
        _Modified(base: self)
    }

    public func signpost(_ prefix: String = "") -> _Modified<Self> { _Modified(base: self) }
}

public struct _ReducerPrinter<State, Action> {
    public static var customDump: Self { Self() }
    public static var actionLabels: Self { Self() }
}

// MARK: Case key paths

/// `\.child` for an action enum's `case child(Child.Action)`. TCA's `@CasePathable` macro generates a case
/// path per case; here each case used so is given a property of the same name returning its payload
/// (`var child: Child.Action?`, in the fixture's context file), so `\.child` is a key path to it.
public typealias CaseKeyPath<Root, Value> = KeyPath<Root, Value?>

// MARK: Case paths before case key paths

/// TCA before 1.4 (CasePaths before 1.1): `/Action.child` makes a case path from the case's embed function; the
/// composition operators had overloads taking one. Kept for the fixes that rewrite them as case key paths.
public struct AnyCasePath<Root, Value> {
    public init(embed: @escaping (Value) -> Root) {}
}

prefix operator /

public prefix func / <Root, Value>(embed: @escaping (Value) -> Root) -> AnyCasePath<Root, Value> { AnyCasePath(embed: embed) }

extension Scope {
    public init<ChildState, ChildAction>(
        state: WritableKeyPath<ParentState, ChildState>, action: AnyCasePath<ParentAction, ChildAction>,
        @ReducerBuilder<ChildState, ChildAction> child: () -> Child
    ) where ChildState == Child.State, ChildAction == Child.Action {}
}

extension Reducer {
    public func ifLet<ChildState, ChildAction, Destination: Reducer>(
        _ state: WritableKeyPath<State, PresentationState<ChildState>>,
        action: AnyCasePath<Action, PresentationAction<ChildAction>>,
        @ReducerBuilder<ChildState, ChildAction> destination: () -> Destination
    ) -> _Modified<Self> where Destination.State == ChildState, Destination.Action == ChildAction { _Modified(base: self) }

    public func forEach<ElementState, ElementAction, Element: Reducer>(
        _ state: WritableKeyPath<State, StackState<ElementState>>, action: AnyCasePath<Action, StackAction<ElementState, ElementAction>>,
        @ReducerBuilder<ElementState, ElementAction> destination: () -> Element
    ) -> _Modified<Self> where Element.State == ElementState, Element.Action == ElementAction { _Modified(base: self) }
}

// MARK: Bindings

public protocol BindableAction<State> {
    associatedtype State
    static func binding(_ action: BindingAction<State>) -> Self
}

public struct BindingAction<Root> {
    public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, action: Self) -> Bool { false }
}

public struct BindingReducer<State, Action, ViewAction: BindableAction>: Reducer where ViewAction.State == State {
    public init() where Action == ViewAction {}
    public init(action: CaseKeyPath<Action, ViewAction>) {}
    public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

// MARK: Presentation and navigation

@propertyWrapper
public struct Presents<State> {
    public var wrappedValue: State?
    public init(wrappedValue: State?) { self.wrappedValue = wrappedValue }
    public var projectedValue: PresentationState<State> {
        get { PresentationState(wrappedValue: wrappedValue) }
        set { wrappedValue = newValue.wrappedValue }
    }
}

/// TCA's presentation property wrapper before observation (`@PresentationState var destination`), whose projected value
/// is itself.
@propertyWrapper
public struct PresentationState<State> {
    public var wrappedValue: State?
    public init(wrappedValue: State?) { self.wrappedValue = wrappedValue }
    public var projectedValue: Self {
        get { self }
        set { self = newValue }
    }
}

public enum PresentationAction<Action> {
    case dismiss
    case presented(Action)
}

public struct AlertState<Action> {
    public init() {}
}

public struct StackState<Element> {
    public init() {}
}

public enum StackAction<State, Action> {
    case element(id: Int, action: Action)
    case popFrom(id: Int)
    case push(id: Int, state: State)
}

// MARK: Effects

public struct Effect<Action> {
    public static var none: Self { Self() }
    public static func send(_ action: Action) -> Self { Self() }
    public static func run(
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
        catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil
    ) -> Self { Self() }
    public static func merge(_ effects: Self...) -> Self { Self() }
    public static func concatenate(_ effects: Self...) -> Self { Self() }
    public static func cancel(id: some Hashable & Sendable) -> Self { Self() }
    public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self { self }
    public func merge(with other: Self) -> Self { self }
}

public typealias EffectOf<R: Reducer> = Effect<R.Action>

public struct Send<Action>: Sendable {
    public func callAsFunction(_ action: Action) {}
}

// MARK: Stores

public final class Store<State, Action> {
    public init<R: Reducer>(initialState: @autoclosure () -> R.State, @ReducerBuilder<State, Action> reducer: () -> R)
    where R.State == State, R.Action == Action {}
}

public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

extension Store {
    /// Scoping with key paths (TCA 1.5).
    public func scope<ChildState, ChildAction>(
        state: KeyPath<State, ChildState>, action: CaseKeyPath<Action, ChildAction>
    ) -> Store<ChildState, ChildAction> { fatalError() }

    /// The unlabelled twin of TCA's main branch after 1.25.5 (#3923).
    public func scope<ChildState, ChildAction>(
        _ state: KeyPath<State, ChildState>, action: CaseKeyPath<Action, ChildAction>
    ) -> Store<ChildState, ChildAction> { fatalError() }

    /// Scoping with closures, soft-deprecated in TCA 1.5. Kept for the fixes that rewrite it with key paths.
    public func scope<ChildState, ChildAction>(
        state: @escaping (State) -> ChildState, action: @escaping (ChildAction) -> Action
    ) -> Store<ChildState, ChildAction> { fatalError() }
}

// MARK: Dependencies

@propertyWrapper
public struct Dependency<Value>: @unchecked Sendable {
    let keyPath: KeyPath<DependencyValues, Value>
    public init(_ keyPath: KeyPath<DependencyValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value { DependencyValues()[keyPath: keyPath] }
}

public struct DependencyValues: Sendable {
    public init() {}
    public var date = DateGenerator { Date() }
    public var uuid = UUIDGenerator { UUID() }
    public var continuousClock: any Clock<Duration> = ContinuousClock()
    public var suspendingClock: any Clock<Duration> = SuspendingClock()
    public var mainQueue = DispatchQueue.main
    public var calendar = Calendar.autoupdatingCurrent
    public var locale = Locale.autoupdatingCurrent
    public var timeZone = TimeZone.autoupdatingCurrent
    public var withRandomNumberGenerator = WithRandomNumberGenerator()
}

public struct DateGenerator: Sendable {
    let generate: @Sendable () -> Date
    public init(_ generate: @escaping @Sendable () -> Date) { self.generate = generate }
    public var now: Date { generate() }
    public func callAsFunction() -> Date { generate() }
}

public struct UUIDGenerator: Sendable {
    let generate: @Sendable () -> UUID
    public init(_ generate: @escaping @Sendable () -> UUID) { self.generate = generate }
    public func callAsFunction() -> UUID { generate() }
    public static var incrementing: Self { Self { UUID() } }
}

public struct WithRandomNumberGenerator: Sendable {
    public init() {}
    public func callAsFunction<R>(_ work: (inout any RandomNumberGenerator) throws -> R) rethrows -> R {
        var generator: any RandomNumberGenerator = SystemRandomNumberGenerator()
        return try work(&generator)
    }
}

// MARK: Names TCA 0.57 renamed and 0.53 deprecated (for the deprecation rules' fix examples)

@available(*, deprecated, renamed: "Reducer")
public typealias ReducerProtocol = Reducer
@available(*, deprecated, renamed: "ReducerOf")
public typealias ReducerProtocolOf<R: Reducer> = Reducer<R.State, R.Action>
@available(*, deprecated, renamed: "Effect")
public typealias EffectTask = Effect

extension Effect {
    @available(*, deprecated, message: "Use 'Effect.run' and ignore 'send' instead.")
    public static func fireAndForget(priority: TaskPriority? = nil, _ work: @escaping @Sendable () async throws -> Void) -> Self {
        Self()
    }
}

/// What one file says about the project's TCA code: the one model every rule reads.
///
/// `FactsExtractor` reads a file's tokens once and writes everything any rule asks about into plain values:
/// types with their members, reducer builders with their element trees and compositions, logic with its
/// clauses, state accesses, sends and effects, and the few file-wide facts some rules need. Facts are
/// anchored to the file's bytes (`Anchor`: where a finding is reported, and, with the file's tokens,
/// where a fix edits), so that a lint run tokenizes a file once, keeps only its facts, and runs every
/// rule on the facts of the whole project (`FeatureIndex`). Facts do not depend on other files: whether a
/// type is a reducer is decided when the facts of every file are merged.
public struct FileFacts: Sendable {
    public var path: String
    /// `protocol P: A, B` declarations.
    public var protocols: [ProtocolFacts] = []
    /// `typealias X = Y`, at top level or inside a type.
    public var typealiases: [TypealiasFacts] = []
    /// Every struct / enum / class / actor / extension with a member block, in source order.
    public var types: [TypeFacts] = []
    /// File-wide facts that do not belong to one type.
    public var file: FileWideFacts {
        get { fileStorage.value }
        _modify {
            if !isKnownUniquelyReferenced(&fileStorage) { fileStorage = FileWideStorage(fileStorage.value) }
            yield &fileStorage.value
        }
    }
    /// `file`'s value behind one reference (copied on write): the run keeps every file's facts in several arrays and
    /// tables (the reads, the project's files by path), and the file-wide facts are most of a file's inline size.
    private var fileStorage = FileWideStorage(FileWideFacts())
    /// Size and a hash of the bytes the facts were read from: a run that reads the file again (to locate its
    /// findings) checks that it is still the same text.
    public var byteCount = 0
    public var digest: UInt64 = 0

    public init(path: String) { self.path = path }
}

/// A wide optional value a fact seldom holds, stored behind one reference: 8 bytes in the fact instead of the value's
/// width (`@Indirect public var ifLetStoreStatement: IfLetStoreStatement?`). The box is never changed once made, so
/// copies of a fact share it safely; setting another value makes another box. Compared by value.
@propertyWrapper
public struct Indirect<Value: Sendable & Equatable>: Sendable, Equatable {
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
    private var box: Box?

    public init(wrappedValue: Value?) { box = wrappedValue.map(Box.init) }

    public var wrappedValue: Value? {
        get { box?.value }
        set { box = newValue.map(Box.init) }
    }

    public static func == (a: Indirect, b: Indirect) -> Bool { a.box === b.box || a.wrappedValue == b.wrappedValue }
}

/// The box behind `FileFacts.file`.
private final class FileWideStorage: @unchecked Sendable {
    var value: FileWideFacts
    init(_ value: FileWideFacts) { self.value = value }
}

/// Where a fact is written in its file: the bytes of its token, and the token's index among the file's code
/// tokens (comments excluded), which a rule uses, with the file's tokens, to build a fix.
public struct Anchor: Sendable, Equatable, Hashable {
    // Stored in 32 bits: every fact carries anchors, and files are far smaller than 4 GiB (`FileReader`'s limit).
    private let storedOffset: UInt32
    private let storedEnd: UInt32
    private let storedToken: UInt32

    public var offset: Int { Int(storedOffset) }
    public var end: Int { Int(storedEnd) }
    public var token: Int { Int(storedToken) }

    public init(offset: Int, end: Int, token: Int) {
        storedOffset = UInt32(truncatingIfNeeded: offset)
        storedEnd = UInt32(truncatingIfNeeded: end)
        storedToken = UInt32(truncatingIfNeeded: token)
    }
}

/// Where something is written: 1-based line and column (columns in characters, as editors show them).
public struct FactLocation: Sendable, Hashable, Comparable {
    /// The file's path, one object for every fact of the file (`FactsExtractor` makes it once): a location is
    /// 16 bytes instead of 24, and every fact carries one.
    final class File: Sendable {
        let path: String
        init(_ path: String) { self.path = path }
    }

    private let file: File
    private var storedLine: UInt32
    private var storedColumn: UInt32
    public var path: String { file.path }
    public var line: Int { Int(storedLine) }
    public var column: Int { Int(storedColumn) }

    public init(path: String, line: Int, column: Int) {
        self.init(file: File(path), line: line, column: column)
    }

    init(file: File, line: Int, column: Int) {
        self.file = file
        storedLine = UInt32(truncatingIfNeeded: line)
        storedColumn = UInt32(truncatingIfNeeded: column)
    }

    public static func == (a: FactLocation, b: FactLocation) -> Bool {
        a.storedLine == b.storedLine && a.storedColumn == b.storedColumn && (a.file === b.file || a.path == b.path)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(storedLine)
        hasher.combine(storedColumn)
    }

    public static func < (a: FactLocation, b: FactLocation) -> Bool {
        if a.file === b.file { return (a.storedLine, a.storedColumn) < (b.storedLine, b.storedColumn) }
        return (a.path, a.line, a.column) < (b.path, b.line, b.column)
    }
}

/// Facts of the whole file, not of one type.
public struct FileWideFacts: Sendable {
    /// The file mentions `TestStore`: it is test code.
    public var usesTestStore = false
    /// The file mentions `BindableAction` or `BindingAction`.
    public var mentionsBindingActions = false
    /// The file builds a dismissal of its own (`DismissEffect { … }`, `.dependency(\.dismiss, …)`): a feature's
    /// `@Dependency(\.dismiss)` may then close something no `ifLet`/`forEach` presents (a UIKit host).
    public var providesDismiss = false
    /// `._printChanges()` calls left in the code (debug-only, preview and own-API calls already left out).
    public var printChanges: [PrintChangesFacts] = []
    /// Names assigned `nil` or `.none` anywhere in the file (`detail = nil`, `$detail.wrappedValue = nil`), `$` dropped.
    public var namesSetToNil: Set<String> = []
    /// Last case components of the actions sent with `.finish()` (`await store.send(.onAppear).finish()`).
    public var actionsSentWithFinish: Set<String> = []
    /// Views of this file that write a store's state through a binding (`$store.isOn`), one per view and feature.
    public var bindingWrites: [BindingWriteFacts] = []
    /// The state paths this file's views bind through a store, once per view, path and feature.
    public var boundPaths: [BoundPathFacts] = []
    /// The live implementations of dependency clients the file declares (`static let liveValue = Client(…)`).
    public var liveValues: [LiveValueFacts] = []
    /// Views of this file that drive a navigation stack from a store (`NavigationStack(path: $store.scope(state:
    /// \.path, action: \.path))`, `NavigationStackStore(store.scope(…))`), one per view, stack and feature.
    public var stackBindings: [StackBindingFacts] = []
    /// Presentation modifiers of this file's views over a feature's state (`.sheet(item: $store.scope(state:
    /// \.child, …))`, `.fullScreenCover(store: store.scope(state: \.$child, …))`): the user can dismiss what they show.
    public var presentedFields: [PresentedFieldFacts] = []
    /// The fields a view scopes its feature's store to, by any API (`store.scope(state: \.$alert, …)` for
    /// `.alert(store:)`, `$store.scope(state: \.destination?.sheet, …)`, `IfLetStore(store.scope(state: \.child, …))`,
    /// `store.scope(state: { $0.child }, …)`): the state path's first field, without `$`.
    public var scopedFields: [PresentedFieldFacts] = []
    /// `CaseLet` views, with the case of the `SwitchStore` switch clause each sits in.
    public var caseLets: [CaseLetFacts] = []
    /// Scopes of this file's views that only a store TCA caches allows (`$store.scope(…)` for a presentation, `if let
    /// child = store.scope(…)`, `ForEach(store.scope(…))`), by the view's qualified name.
    public var cachedScopes: [CachedScopeFacts] = []
    /// Views this file builds with a store TCA cannot cache (`CaseLet(…) { View(store: $0) }`, a closure-scoped store).
    public var uncachedHandoffs: [UncachedHandoffFacts] = []
    /// Views of this file whose `body` reads its store's state where no `WithPerceptionTracking` tracks it
    /// (`Text(store.title)` in a body without one, a read in a `GeometryReader` inside one): the first read of each
    /// member, per view (`PerceptionReader`).
    public var untrackedReads: [UntrackedReadFacts] = []
    /// The actions this file's views send their stores (`store.send(.x)`, `viewStore.send(.x)`), one per send and feature.
    public var viewSends: [ViewSendFacts] = []
    /// Views of this file that send their store an action from `.onDisappear { … }` (outside a presentation's content),
    /// one per send and feature.
    public var disappearSends: [DisappearSendFacts] = []
    /// `.scope(state:action:)` calls whose action is not a case key path (TCA 1.5 deprecated them).
    public var storeScopes: [StoreScopeFacts] = []
    /// The features whose store each type of the file holds (`let store: StoreOf<Feature>`, `ViewStoreOf<Feature>`,
    /// `Store<Feature.State, …>`): the type's last name → the features' names as written, in order.
    public var storesByType: [String: [String]] = [:]
    /// The file names a store whose state is one of TCA's own types (`Store<AlertState<Action>, Action>`,
    /// `Store<PresentationState<State>, …>`): a view modifier over TCA's presentation, whose state can never be
    /// `@ObservableState`.
    public var namesStoreOfTCAState = false
    /// Stores the file builds outside previews, with the reducer at their root (`Store(initialState: …) { App() }`).
    public var storeRoots: [StoreRootFacts] = []
    /// Calls of another reducer's `reduce(into:action:)` (`Child().reduce(into: &state.child, action: .refresh)`).
    public var reduceCalls: [ReduceCallFacts] = []
    /// Integer literals written where TCA expects a `StackElementID` (`path[id: 0]`, `.popFrom(id: 1)`).
    public var stackIDLiterals: [StackIDLiteralFacts] = []
    /// Alerts the file builds (`AlertState { … } actions: { … }`, the `static` members of `extension AlertState where
    /// Action == …`), with the action each button sends, in source order.
    public var alerts: [AlertFacts] = []
    /// Uses of APIs a TCA release deprecated (`EffectTask`, `.fireAndForget`), in source order.
    public var deprecatedUses: [DeprecatedUseFacts] = []
    /// `tca-lint:disable` commands of the file's comments, located.
    public var disableCommands: [Suppressions.LocatedCommand] = []
    /// Malformed `tca-lint:` commands, located.
    public var invalidCommands: [Suppressions.InvalidCommand] = []
}

/// `receiver.reduce(into:action:)`: a reducer run directly, outside the store.
public struct ReduceCallFacts: Sendable, Equatable {
    public enum Receiver: Sendable, Equatable {
        /// `Child()`, `Feature.Child.init()`: the type as written.
        case initializer(String)
        /// `child`, `self.child`: the property's name.
        case property(String)
    }
    public var receiver: Receiver
    /// The `reduce` token.
    public var anchor: Anchor
    /// For messages: `Child().reduce(into:action:)`.
    public var shown: String
}

/// An alert built in code (`AlertReader`) and what its buttons send.
public struct AlertFacts: Sendable, Equatable {
    /// The type of the actions its buttons send, where the code writes it (`Feature.Action.Alert` from `extension
    /// AlertState where Action == Feature.Action.Alert`, `AlertState<Action.Alert>(…)`); nil where inferred
    /// (`state.alert = AlertState { … }`).
    public var actionType: String?
    /// Each button's action: its case (`ButtonState(action: .send(.confirm, animation: .default))` → `confirm`), `""`
    /// when the action is not a case written in place, nil for a button that sends nothing (`ButtonState(role:
    /// .cancel) { … }`, `.cancel(TextState("Cancel"))`), which only closes the alert. Empty when no button is listed:
    /// SwiftUI then shows an OK button that only closes it.
    public var buttons: [String?]
    /// The `AlertState` (or `static`) token.
    public var anchor: Anchor
}

/// A store built in code, and the reducer at its root.
public struct StoreRootFacts: Sendable, Equatable {
    /// The root reducer's type as written (`App`, `Feature.App`).
    public var reducer: String
    /// The `Store` (or `init`) token.
    public var location: FactLocation
}

/// One use of a deprecated TCA API (`DeprecatedAPIReader`).
public struct DeprecatedUseFacts: Sendable, Equatable {
    public enum API: String, Sendable, CaseIterable {
        case effectTask = "EffectTask"
        case reducerProtocol = "ReducerProtocol"
        case reducerProtocolOf = "ReducerProtocolOf"
        case fireAndForget = "Effect.fireAndForget"
        // The views TCA 1.7's observation replaces (soft-deprecated in 1.7, a compiler warning from 1.24).
        case withViewStore = "WithViewStore"
        case viewStore = "ViewStore"
        case viewStoreOf = "ViewStoreOf"
        case ifLetStore = "IfLetStore"
        case forEachStore = "ForEachStore"
        case switchStore = "SwitchStore"
        case navigationStackStore = "NavigationStackStore"
        case bindingState = "BindingState"
        // Soft-deprecated in 1.4 for Swift's `Result`.
        case taskResult = "TaskResult"
        // Hard-deprecated in 1.25: reading state through a closure, and Combine's scheduling of effects.
        case withState = "Store.withState"
        case debounce = "Effect.debounce"
        case throttle = "Effect.throttle"
        case effectAnimation = "Effect.animation"
        case effectTransaction = "Effect.transaction"
        case effectSendAnimation = "Effect.send(_:animation:)"
        // Renamed on TCA's main branch after 1.25.5 (#3923): the key-path scopes lose their `state:` label.
        case storeScopeStateLabel = "Store.scope(state:action:)"
        case scopeStateLabel = "Scope(state:action:)"

        /// The views and view stores of TCA before observation.
        public var isPreObservationView: Bool {
            switch self {
            case .withViewStore, .viewStore, .viewStoreOf, .ifLetStore, .forEachStore, .switchStore, .navigationStackStore,
                 .bindingState: return true
            case .effectTask, .reducerProtocol, .reducerProtocolOf, .fireAndForget, .taskResult, .withState, .debounce,
                 .throttle, .effectAnimation, .effectTransaction, .effectSendAnimation, .storeScopeStateLabel,
                 .scopeStateLabel: return false
            }
        }
    }
    public var api: API
    /// The name token.
    public var anchor: Anchor
    /// `.fireAndForget { … }`: the byte offset of its trailing closure's `{` (nil without a trailing closure), and of
    /// the closure's `in` after a capture list (`{ [client] in`). Offsets, so that a fix needs no tokens.
    public var closureOpen: Int?
    public var inOffset: Int?
    /// The closure declares parameters (`{ () in`): no rewrite can add `send`'s.
    public var hasOwnParameters = false
    /// The closure's body has a `try` without `?` or `!`: `fireAndForget` ignored its error, `.run` reports it.
    public var bodyThrows = false
    /// The closure's body has an `await`. Without one, Swift picks TCA 0.x's synchronous, Combine-based overload
    /// (`fireAndForget(_ work: () throws -> Void)`), which runs the closure inside `send`, on the main thread.
    public var bodyAwaits = false
    /// `TaskResult` written where `Result` takes its place as is: `TaskResult { … }`, `TaskResult(catching:)`,
    /// `TaskResult.success(…)`, or `TaskResult<Value>`, whose closing `>` is at `taskResultGenericClose` (where
    /// `Result` needs `, any Error`).
    public var taskResultRenamable = false
    public var taskResultGenericClose: Int?
    /// `TaskResult { … }` or `TaskResult(catching:)`: `Result`'s async initializer comes with TCA 1.4's
    /// swift-concurrency-extras (1.1), not with Swift.
    public var taskResultIsCall = false
    /// `Effect.send(_:animation:)`: the byte offset of the call's closing `)`.
    public var callClose: Int?
    /// `ForEachStore(store.scope(state: \.rows, action: \.child.rows)) { … }`: a store scoped with key paths, which
    /// observation's `ForEach` takes as it is when the action's case holds an `IdentifiedAction`: the case the action key
    /// path ends in (`rows`).
    public var forEachStoreActionCase: String?
    /// That scope as written, on one line (`store.scope(state: \.rows, action: \.rowAction)`), for the message; behind a
    /// reference, like the statements below.
    @Indirect public var forEachStoreScope: String? = nil
    /// `IfLetStore(store.scope(state: \.child, action: \.child)) { childStore in … } else: { … }` written as a statement
    /// of a view builder, where observation's `if let childStore = store.scope(…) { … } else { … }` can stand.
    /// Behind a reference (set on a few uses only, and as wide as the rest of a use), like `switchStoreStatement`.
    @Indirect public var ifLetStoreStatement: IfLetStoreStatement? = nil
    /// `SwitchStore(store) { state in switch state { case .a: CaseLet(/State.a, action: Action.a) { … } } }` written as
    /// a statement of a view builder, where observation's `switch store.state { case .a: if let … }` can stand.
    @Indirect public var switchStoreStatement: SwitchStoreStatement? = nil
    /// `store.scope(state: \.a, action: \.b)`, `Scope(state: \.a, action: \.b, child: { … })`: the byte ranges of the
    /// labels the rename to `scope(_:action:)` / `Scope(_:action:_:)` drops, each up to the argument's value.
    public var droppedLabels: [Range<Int>] = []

    public init(api: API, anchor: Anchor) {
        self.api = api
        self.anchor = anchor
    }

}

/// `IfLetStore(store.scope(state: \.child, action: \.child)) { childStore in … } else: { … }` as a statement of a view
/// builder (`IfLetStoreReader`): what TCA's migration guide to 1.7 rewrites as `if let childStore = store.scope(state:
/// \.child, action: \.child) { … } else { … }`.
public struct IfLetStoreStatement: Sendable, Equatable {
    /// The State field the state key path names (`child`).
    public var stateField: String
    /// The closure's parameter (`childStore`), which the `if let` binds.
    public var binding: String
    /// `IfLetStore(` up to the store: becomes `if let childStore = `.
    public var head: Range<Int>
    /// From the end of the scope call through the closure's `in` (`) { childStore in`, or `) {` before `$0`): becomes ` {`.
    public var thenHead: Range<Int>
    /// The `else:` label of the else closure, when there is one: becomes `else`.
    public var elseLabel: Range<Int>?
    /// A closure written with `$0` (`{ ChildView(store: $0) }`): the `$0`s of its own body, which become the binding,
    /// then named after the field (`childStore`).
    public var anonymousParameter: [Range<Int>] = []
}

/// `SwitchStore(store) { state in switch state { case .a: CaseLet(/State.a, action: Action.a) { aStore in … } } }` as a
/// statement of a view builder (`SwitchStoreReader`): what TCA's migration guide to 1.7 rewrites as `switch store.state
/// { case .a: if let aStore = store.scope(state: \.a, action: \.a) { … } }`.
public struct SwitchStoreStatement: Sendable, Equatable {
    /// One `CaseLet` of the switch: its cases and the ranges its `if let` rewrites.
    public struct CaseLetRewrite: Sendable, Equatable {
        public var stateCase: String
        public var actionCase: String
        /// The name the `if let` binds (the closure's parameter, or one made from the case for `$0`).
        public var binding: String
        /// `CaseLet(…) { aStore in` (or `CaseLet(…) {` before `$0`): becomes `if let aStore = store.scope(…) {`.
        public var head: Range<Int>
        /// The `$0`s of the content closure's own body.
        public var anonymousParameter: [Range<Int>]
    }
    /// `store` or `self.store`, as written.
    public var receiver: String
    /// From `SwitchStore` to the `switch` keyword: removed.
    public var head: Range<Int>
    /// The switch's subject (`state`, `$0`): becomes `store.state`.
    public var subject: Range<Int>
    /// From after the switch's `}` through the closure's `}`: removed.
    public var tail: Range<Int>
    /// The indentation the switch's lines lose with the closure (one range per line that has it).
    public var dedent: [Range<Int>]
    public var caseLets: [CaseLetRewrite]
}

/// A store scoped with closures: `store.scope(state: \.child, action: { .child($0) })` (`StoreScopeReader`).
public struct StoreScopeFacts: Sendable, Equatable {
    /// The case an action argument embeds into (`{ .child($0) }`, `Feature.Action.child`): root as written, case.
    public struct ActionCase: Sendable, Equatable {
        public var root: String
        public var name: String
    }
    /// The `scope` token.
    public var anchor: Anchor
    /// `store` or `self.store` as written; "" for any other receiver.
    public var receiver: String
    /// Byte ranges of the two arguments' values.
    public var state: Range<Int>
    public var action: Range<Int>
    /// `\.a.b` or `{ $0.a.b }`: [a, b].
    public var statePath: [String]?
    public var actionCase: ActionCase?
}

/// A view writing a feature's state through a binding: it sends the feature binding actions.
public struct BindingWriteFacts: Sendable, Equatable {
    /// The feature of the store, as written (`Feature`, `App.Feature`).
    public var feature: String
    /// The type holding the store and writing the binding (`SettingsView`).
    public var view: String
    /// The first write, as written with the argument it is passed as (`isOn: $store.isOn`, `text: viewStore.$name`).
    public var written: String
    public var location: FactLocation
}

/// A state path a view binds through its feature's store (`$store.settings.volume`, `viewStore.$name`,
/// `viewStore.binding(\.$name)`, `store.send(.binding(.set(\.name, …)))`), handed to any control or component: what
/// the feature's binding actions may write, and nothing else.
public struct BoundPathFacts: Sendable, Equatable {
    /// The feature of the store, as written (`Feature`, `App.Feature`).
    public var feature: String
    /// The properties from the state (`$store.settings.volume` → [settings, volume]), `$` dropped; it stops at a
    /// subscript or a method (`$store.rows[0].name` → [rows], `$store.isOn.animation()` → [isOn]).
    public var path: [String]
}

/// A dependency client's live implementation (`extension APIClient: DependencyKey { static let liveValue =
/// APIClient(fetch: { … }) }`, read by `LiveValueReader`).
public struct LiveValueFacts: Sendable, Equatable {
    /// The type that declares it, as written (`APIClient`).
    public var type: String
    /// The endpoints (argument labels) it implements with a closure that has no `try` (other than `try?`/`try!`) and
    /// no `throw`: they cannot throw, whatever their declared type.
    public var neverThrowing: [String]
}

/// A view driving a navigation stack with a feature's stack state: pushing and popping send the feature
/// `StackAction`s, which only a `.forEach` over that state applies.
public struct StackBindingFacts: Sendable, Equatable {
    /// The feature of the store, as written (`Feature`, `App.Feature`).
    public var feature: String
    /// The type holding the store (`AppView`).
    public var view: String
    /// The state field scoped to (`path`).
    public var statePath: String
    /// `NavigationStack(path:)` (TCA 1.7's observation) rather than `NavigationStackStore`.
    public var isObservation: Bool
    /// The `NavigationStack` / `NavigationStackStore` token.
    public var location: FactLocation
}

/// A `CaseLet` view (`CaseLetReader`) and the case of the `SwitchStore` switch clause it sits in.
public struct CaseLetFacts: Sendable, Equatable {
    /// The case its case path points at (`/State.login` → `login`).
    public var caseName: String
    /// The single case of the clause of a switch over the `SwitchStore`'s state that holds it (`case .login:` →
    /// `login`); nil outside such a clause.
    public var switchedCase: String?
    /// The `CaseLet` token.
    public var anchor: Anchor
}

/// A view scoping its store the way only a store TCA caches allows (`UncachedStoreReader`): `$store.scope(state:
/// \.child, action: \.child)` handed to a presentation, `if let child = store.scope(…)`, `ForEach(store.scope(…))`.
public struct CachedScopeFacts: Sendable, Equatable {
    /// The qualified name of the type the scope is written in (`LoginView`, `Login.View`).
    public var view: String
    /// The call as messages show it (`$store.scope(state: \.alert, …)`).
    public var shown: String
    public var location: FactLocation
}

/// A view built with a store TCA cannot cache, or with a store derived from its own that caches only when its own does
/// (`UncachedStoreReader`).
public struct UncachedHandoffFacts: Sendable, Equatable {
    public enum Source: String, Sendable {
        /// `View(store: store.scope(state: …, action: { .child($0) }))`, or such a store given to `IfLetStore`/`ForEachStore`.
        case closureScope
        /// `CaseLet(…) { View(store: $0) }`.
        case caseLet
        /// `.sheet(store: …, state: …, action: …) { View(store: $0) }`.
        case presentationTransform
        /// `.sheet(store: store.scope(…)) { View(store: $0) }` without transforms: TCA 1.7.0–1.9.2 did not cache it.
        case storePresentation
        /// `View(store: store)`, `View(store: store.scope(state: \.child, action: \.child))`, or such a store given to
        /// `IfLetStore`/`ForEachStore`: uncached only when the view's own store is.
        case passedOn
    }
    /// The view's type as written (`LoginView`, `Login.View`).
    public var view: String
    public var source: Source
    /// What hands the store over, for messages (`CaseLet`, `.sheet(store:state:action:)`).
    public var shown: String
    /// The `scope`, `CaseLet`, modifier or `store` token.
    public var anchor: Anchor
    /// The qualified name of the type it is written in; nil outside any type.
    public var owner: String? = nil
}

/// A view presenting a field of its feature's state with a SwiftUI presentation (`.sheet`, `.fullScreenCover`,
/// `.popover`, `.navigationDestination`), which sends the feature `.field(.dismiss)` when the user closes it.
public struct PresentedFieldFacts: Sendable, Equatable {
    /// The feature of the store, as written.
    public var feature: String
    /// The field, without `$` (`child`).
    public var field: String
    public var location: FactLocation
}

/// A view's `body` reading its store's state without `WithPerceptionTracking`.
public struct UntrackedReadFacts: Sendable, Equatable {
    /// The view type (`ProfileView`); its store's feature is in `storesByType`.
    public var view: String
    /// The member read (`title` in `store.title`).
    public var member: String
    /// The first token of the read (`store`, or `self`).
    public var anchor: Anchor
    /// The escaping closure the read sits in (`GeometryReader`, `LazyVStack`, `sheet`) when the body has a
    /// `WithPerceptionTracking` that does not reach into it; nil for any other untracked read.
    public var escapingClosure: String? = nil
}

/// An action a view sends its store (`store.send(.saveTapped)`, `viewStore.send(.delegate(.select(x)))`).
public struct ViewSendFacts: Sendable, Equatable {
    /// The feature of the store, as written (`Feature`, `App.Feature`).
    public var feature: String
    /// The type holding the store (`DetailView`).
    public var view: String
    /// The action's case path (`.delegate(.select(x))` → [delegate, select]); empty when the action is not a case written
    /// in place (`store.send(action)`).
    public var path: [String]
    public var location: FactLocation
}

/// A view sending its feature an action when it disappears (`.onDisappear { store.send(.onDisappear) }`).
public struct DisappearSendFacts: Sendable, Equatable {
    /// The feature of the store, as written (`Feature`, `App.Feature`).
    public var feature: String
    /// The type holding the store (`DetailView`).
    public var view: String
    /// The action's case path (`.onDisappear`, `.view(.disappeared)`).
    public var action: String
    /// The first token of the call (`store` in `store.send(…)`, `self` in `self.store.send(…)`).
    public var anchor: Anchor
}

/// An integer literal written where TCA expects a `StackElementID`, and what it is written against.
public struct StackIDLiteralFacts: Sendable, Equatable {
    public enum Form: String, Sendable {
        /// `path[id: 0]`: a subscript of `receiver`.
        case `subscript`
        /// `path.pop(from: 0)`, `path.pop(to: 0)` on `receiver`.
        case pop
        /// `.popFrom(id: 0)`, `.push(id: 0, state: …)`: only `StackAction` has these cases.
        case popFrom, push
        /// `.element(id: 0, action: …)`, inside the case `receiver` when one wraps it (`.path(.element(…))`);
        /// `IdentifiedAction` has the same case, with the element's own id type.
        case element
        /// `let id: StackElementID = 0`, `StackElementID(integerLiteral: 0)`.
        case typed
    }

    public var form: Form
    /// The stack's name (`path` in `state.path[id: 0]`) or the action case around `.element(…)`, when written.
    public var receiver: String?
    /// The literal as written (`0`, `-1`).
    public var literal: String
    /// The expression around it, as written (`path[id: 0]`, `.path(.element(id: 0, …))`, `path.pop(from: 0)`).
    public var written: String
    /// The literal's number token.
    public var anchor: Anchor
}

/// A `_printChanges` call that is a leftover debugging aid.
public struct PrintChangesFacts: Sendable {
    /// The `_printChanges` token.
    public var anchor: Anchor
    /// `Self._printChanges()`: SwiftUI's view debugging aid, not TCA's.
    public var isSwiftUIView: Bool
    /// `WithViewStore(…) { … }._printChanges()`: TCA's view store debugging aid, which prints a diff of the view
    /// state each time the view's body is computed (no actions).
    public var isOnViewStore = false
}

public struct ProtocolFacts: Sendable, Equatable {
    public var name: String
    /// Base names of the inherited protocols (`Reducer` for `ComposableArchitecture.Reducer<S, A>`).
    public var inherits: [String]
    public var location: FactLocation
}

public struct TypealiasFacts: Sendable, Equatable {
    /// Qualified name of the type it is declared in, or "" at top level.
    public var enclosing: String
    public var name: String
    /// The aliased type as written (`FeatureState`, `Reducer`).
    public var target: String
    public var location: FactLocation
    /// The byte offset of the name, to tell which member block holds the alias (`extension Reducer where Self: P`).
    public var offset: Int = 0
}

public final class TypeFacts: @unchecked Sendable {
    /// `struct`, `enum`, `class`, `actor` or `extension` (`ReducerDeclaration.Kind`'s raw values).
    public var kind: String
    /// As written; for extensions the extended type (`App.Feature`).
    public var name: String
    /// Enclosing type names and the name, joined by `.`.
    public var qualifiedName: String
    /// Qualified name of the enclosing type, or "".
    public var enclosing: String
    /// Base names of the inherited types (`FeatureReducer`, `Reducer`, `Equatable`).
    public var inherits: [String]
    /// `where Self: P` constraints of an extension (`extension Reducer where Self: FeatureReducer`).
    public var selfConstraints: [String]
    /// The names of the type's generic parameters (`State`, `Action` in `struct Router<State: P, Action>`).
    public var genericParameters: [String] = []
    /// Attribute names without `@` (`Reducer`, `ObservableState`, `CasePathable`).
    public var attributes: [String]
    /// Declared `private` or `fileprivate`: nothing outside this file can name it.
    public var isFilePrivate = false
    public var location: FactLocation
    /// The name token (for extensions, the first token of the extended type).
    public var anchor: Anchor
    /// `{` and `}` of the member block.
    public var membersOpen: Anchor
    public var membersClose: Anchor
    /// Whether the byte offset is inside the member block, between its braces.
    public func membersHold(_ offset: Int) -> Bool { membersOpen.offset < offset && offset < membersClose.offset }
    /// Cases declared at the type's own level (enums).
    public var cases: [EnumCaseFacts] = []
    /// Properties declared at the type's own level.
    public var properties: [PropertyFacts] = []
    /// Functions declared at the type's own level (not the bodies of nested types).
    public var functions: [FunctionFacts] = []
    /// Reducer builder lists: `var body`, `@ReducerBuilder` properties, functions that build a reducer.
    public var builders: [BuilderFacts] = []
    /// Per-action logic written in this declaration, in source order.
    public var logic: [LogicFacts] = []
    /// `@Dependency(…) var name` properties.
    public var dependencies: [DependencyFacts] = []
    public init(kind: String, name: String, qualifiedName: String, enclosing: String, inherits: [String], selfConstraints: [String], attributes: [String], location: FactLocation, anchor: Anchor, membersOpen: Anchor, membersClose: Anchor) {
        self.kind = kind
        self.name = name
        self.qualifiedName = qualifiedName
        self.enclosing = enclosing
        self.inherits = inherits
        self.selfConstraints = selfConstraints
        self.attributes = attributes
        self.location = location
        self.anchor = anchor
        self.membersOpen = membersOpen
        self.membersClose = membersClose
    }
}

public struct EnumCaseFacts: Sendable, Equatable {
    public var name: String
    /// The associated value text between the parentheses, or "".
    public var payload: String
    public var location: FactLocation

    /// What the case carries: nothing, one unlabelled value (`case child(Child.Action)`, `case load(Result<[Item], any
    /// Error>)`), one labelled value (`case row(id: UUID)`), or several values, labelled or not (`case row(UUID,
    /// Row.Action)`, `case row(id: UUID, action: Row.Action)`): a case key path to those gives their tuple.
    public enum PayloadShape: Sendable { case none, oneValue, severalValues, labelled }

    public var payloadShape: PayloadShape {
        guard !payload.isEmpty else { return .none }
        var several = false
        var labelled = false
        forEachTopLevelSeparator { byte, _ in
            if byte == UInt8(ascii: ",") { several = true } else { labelled = true }
        }
        return several ? .severalValues : labelled ? .labelled : .oneValue
    }

    /// The type of the last value, without its label (`Row.Action` for `(id: UUID, action: Row.Action)`), or "".
    public var lastValueType: String {
        var typeStart = payload.utf8.startIndex
        forEachTopLevelSeparator { _, i in typeStart = payload.utf8.index(after: i) }
        return String(payload[typeStart...]).trimmingWhitespace()
    }

    /// Each `,` between values and `:` after a label in the payload, outside any brackets (`Dictionary<String, Int>`,
    /// `[String: Int]`, `(Int) -> Void`), with its position.
    private func forEachTopLevelSeparator(_ body: (UInt8, String.UTF8View.Index) -> Void) {
        var depth = 0
        var previous: UInt8 = 0
        for i in payload.utf8.indices {
            let byte = payload.utf8[i]
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ">") where previous == UInt8(ascii: "-"): break  // a function type's `->`
            case UInt8(ascii: ">"), UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ","), UInt8(ascii: ":"): if depth == 0 { body(byte, i) }
            default: break
            }
            previous = byte
        }
    }

    /// One unlabelled value: its case key path's value is what a closure embedding the payload took.
    public var holdsOneUnlabelledValue: Bool { payloadShape == .oneValue }
}

public struct PropertyFacts: Sendable, Equatable {
    public var name: String
    /// The annotated type as written (`Destination.State?`), else the type an initializer call names
    /// (`= StackState<Path.State>()`), else "".
    public var type: String
    /// Attribute names without `@` (`Presents`, `PresentationState`, `BindingState`, `Shared`).
    public var attributes: [String]
    /// The attributes' name tokens, in the same order (for a fix that renames one).
    public var attributeAnchors: [Anchor] = []
    public var location: FactLocation
    /// For a read-only computed property: the names its getter reads as members of the value (`a` in `a || self.b`
    /// reads a and b), or nil when it cannot be told (it calls a function or uses `self` whole) or is not read (a
    /// reducer's or a view's `body`, or another property of a reducer or view type). Empty for a stored property.
    public var getterReads: [String]? = []
    /// For a read-only computed property: the functions its getter calls by bare name (`format(…)`).
    public var getterCalls: [String] = []
    // The anchor and the flags last, where they pack (a project holds tens of thousands of properties).
    /// The name token.
    public var anchor: Anchor
    public var isLet: Bool
    public var isStatic: Bool
    /// A getter (`var x: T { … }` without `willSet`/`didSet` only): computed, not stored.
    public var isComputed: Bool
    /// `private(set)` / `fileprivate(set)`: a binding built in a view cannot write it.
    public var hasRestrictedSetter = false
    /// A computed property with a getter only (no `set`): nothing can assign it.
    public var isReadOnlyComputed = false

    /// Declared `@Presents` (or the older `@PresentationState`): the state of a presented child (a sheet, an alert, a
    /// destination), which TCA nils when it is dismissed and whose actions reach the parent as `PresentationAction`.
    public var isPresented: Bool { attributes.contains("Presents") || attributes.contains("PresentationState") }

    /// Typed `StackState<…>` (or `StackStateOf<…>`, either qualified by the module): the state of a navigation stack, whose
    /// elements' actions reach the parent as `StackAction`'s `.element(id:action:)`.
    public var isStack: Bool {
        var written = type.withoutSpaces()[...]
        if written.hasPrefix("ComposableArchitecture.") { written = written.dropFirst("ComposableArchitecture.".count) }
        return written.hasPrefix("StackState<") || written.hasPrefix("StackStateOf<")
    }

    /// Typed as an `IdentifiedArray` (`IdentifiedArrayOf<Row.State>`, `IdentifiedArray<ID, Row.State>`): the state of a
    /// collection of children, whose actions reach the parent as `.element(id:action:)` like a stack's.
    public var isIdentifiedArray: Bool { ASCIISearch.contains(type, "IdentifiedArray") }

    public init(name: String, type: String, attributes: [String], isLet: Bool, isStatic: Bool, isComputed: Bool,
                location: FactLocation, anchor: Anchor) {
        self.name = name
        self.type = type
        self.attributes = attributes
        self.isLet = isLet
        self.isStatic = isStatic
        self.isComputed = isComputed
        self.location = location
        self.anchor = anchor
    }
}

public struct FunctionFacts: Sendable, Equatable {
    public var name: String
    /// Argument labels as written (`_` for none).
    public var labels: [String]
    public var returnsEffect: Bool
    public var returnsReducer: Bool
    public var isStatic: Bool
    public var location: FactLocation
    /// The return type as written, without spaces (`Router<State,Action>`), or "" when it returns nothing.
    public var returnType = ""
    public var anchor: Anchor
}

/// `@Dependency(\.date) var now`, `@Dependency(KeychainClient.self) var keychain`.
public struct DependencyFacts: Sendable, Equatable {
    /// The key path after `\.` (`date`, `date.now`), or nil for a dependency given by its type.
    public var keyPath: String?
    /// The type of a type-keyed dependency (`KeychainClient`), or nil.
    public var keyType: String?
    public var name: String
    /// The property's name token.
    public var anchor: Anchor
    /// Declared inside a member-level `#if`: the property exists in some build configurations only.
    public var isConditional = false
}

/// One reducer builder list of a type: its element tree and what composes in it.
public final class BuilderFacts: @unchecked Sendable {
    public enum Kind: String, Sendable { case property, function }
    /// `body`, `core`, `coordinatorReduce`.
    public var name: String
    public var kind: Kind
    public var isStatic: Bool
    /// The top-level elements, in order, each with what it nests.
    public var tree: [ElementFacts]
    /// Every `Scope` / `.ifLet` / `.forEach` / `.ifCaseLet` in the list and the lists nested in it.
    public var edges: [EdgeFacts]
    public var location: FactLocation
    /// The name token.
    public var anchor: Anchor
    /// A getter with an explicit `return`: not a result builder, its statements build what it returns.
    public var isPlainGetter = false
    /// For `var body`: work evaluated every time the body is built (`expensive_body`).
    public var work: [BodyWorkFacts] = []

    /// Top-level element names in order (`Scope`, `BindingReducer`, `Reduce`, `core`), as `dump features` shows them.
    public var elements: [String] { tree.map(\.displayName) }
    public init(name: String, kind: Kind, isStatic: Bool, tree: [ElementFacts], edges: [EdgeFacts], location: FactLocation, anchor: Anchor) {
        self.name = name
        self.kind = kind
        self.isStatic = isStatic
        self.tree = tree
        self.edges = edges
        self.location = location
        self.anchor = anchor
    }
}

/// One element of a builder list: a reducer expression with its chained modifiers, control flow whose
/// branches are builder lists, or a statement.
public struct ElementFacts: Sendable {
    /// The same kinds as the builder list parser reads (`BuilderElement.Kind`).
    public typealias Kind = BuilderElement.Kind

    public var kind: Kind
    /// Base callee (`Reduce`, `Scope`, `BindingReducer`, `Child`, `core`; "" for an unnamed expression);
    /// `if`/`switch`/`#if`/`for`; `let`/`var`; the keyword of another statement.
    public var name: String
    /// Dotted callee as written when qualified (`ComposableArchitecture.Scope`, `self.core`).
    public var qualified: String?
    /// How messages name it (`Reduce`, `the if block`, a helper's name for `self.core()`).
    public var displayName: String
    /// The call as written for messages (`BindingReducer(action: \.view)`, `EmptyReducer()`).
    public var shown: String
    /// The base name token (where most rules report).
    public var anchor: Anchor
    /// First and last token of the element (for fixes that move it, and to tell which modifiers wrap what).
    public var start: Anchor
    public var end: Anchor
    /// The element contributes a reducer to its list (not a declaration, statement or `print(…)`).
    public var isReducer: Bool
    /// A type's initialiser or reference (`Child()`, `Self.core`), or control flow holding one.
    public var looksLikeReducer: Bool
    /// `Scope(…)`: the index of its composition in the builder's `edges`.
    public var composition: Int?
    /// Parent logic: where the code of a `Reduce { … }`, `Reduce(self.core)` or a helper call that builds a
    /// `Reduce` is (see `LogicReference`).
    public var logic: LogicReference?
    /// Where parent logic is reported and named: the element's name, or the helper's in `self.core()`.
    public var logicAnchor: Anchor?
    /// The trailing closure is a value handed to a child's initialiser, not a builder run now.
    public var trailingClosureIsDeferred = false
    public var hasArguments = false
    public var hasTrailingClosure = false
    public var modifiers: [ModifierFacts] = []
    /// The trailing closure's elements when it is a builder (`CombineReducers { … }`, `Scope(…) { Child() }`).
    public var children: [ElementFacts]?
    /// Branches of `if`/`else`, `switch` cases, `#if` clauses, a `for` body.
    public var branches: [[ElementFacts]] = []

    /// `Reduce { … }` / `Reduce(…)`.
    public var isReduce: Bool { kind == .expression && name == "Reduce" }
    /// A `Scope(…)` initializer.
    public var isScope: Bool { kind == .expression && name == "Scope" && hasArguments }
}

/// Where an element's parent logic is.
public enum LogicReference: Sendable, Equatable {
    /// `Reduce { … }`: the logic unit whose anchor is this `Reduce` token.
    case closure(offset: Int)
    /// `Reduce(self.core)`: the logic of the function named.
    case function(String)
    /// A helper call that builds a `Reduce` (`coordinatorReduce()`, `self.core()`): its builder.
    case helper(String)
    /// `Reduce(…)` with an argument that is no function of the type.
    case unknown
}

/// A chained member call on an element: `.ifLet(\.$child, action: \.child) { Child() }`, `.onChange(of:) { … }`.
public struct ModifierFacts: Sendable {
    public var name: String
    public var anchor: Anchor
    /// `.ifLet`/`.forEach`/`.ifCaseLet`: the index of its composition in the builder's `edges`.
    public var composition: Int?
    /// `.onChange(of:)`: what it observes.
    public var observed: ObservedValue?
    /// Elements of the trailing closure (read for TCA's operators that take reducers: `ifLet`, `forEach`,
    /// `ifCaseLet`, `onChange`).
    public var children: [ElementFacts]?
    /// It has a trailing closure (whether or not `children` reads it): an operator of the app's own with one
    /// (`.forEachRoute { Screen() }`) may hold reducers nothing else reads.
    public var hasClosure = false
    /// The condition of a postfix `#if` the modifier is written in (`DEBUG`), or nil.
    public var condition: String?
}

/// The value an `onChange(of:)` observes, as far as it can be read.
public struct ObservedValue: Sendable, Equatable {
    /// The first property name of each state path it reads (`\.query.text` → query; `{ [$0.a, $0.b] }` → a, b),
    /// or nil when unknown (a key path variable, the whole state).
    public var firstComponents: Set<String>?
    /// The whole path of a key path (`\.appliance.programs` → [appliance, programs]), nil for a closure or an unknown value.
    public var keyPath: [String]? = nil
    /// The argument as written, for messages (short ones only).
    public var text: String?

    /// The state paths it reads: a key path's whole path, or each property a closure reads; nil when unknown.
    public var paths: [[String]]? { keyPath.map { [$0] } ?? firstComponents.map { $0.sorted().map { [$0] } } }

    public init(firstComponents: Set<String>? = nil, text: String? = nil) {
        self.firstComponents = firstComponents
        self.text = text
    }
}

/// Work evaluated while `body` is built.
public struct BodyWorkFacts: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A statement of a builder list (`let x = load()`, `print(…)`, a loop); `text` is a snippet.
        case statement
        /// `.sorted`, `.filter`, `.map`… on a collection; `text` is the member.
        case collectionOperation
        /// A formatter, decoder, regex… constructed; `text` is the call as written.
        case construction
        /// `Data(contentsOf:)` and the like; `text` is the type.
        case read
        /// `FileManager` used.
        case fileManager
    }
    public var kind: Kind
    public var text: String
    public var anchor: Anchor
    /// For `let x = T(…)` / `var x = T.init(…)`: the type the statement only constructs (`T`), which the project model
    /// can tell a reducer (building a reducer is what `body` is for, not work repeated in vain).
    public var constructedType: String? = nil
}

/// A composition edge as written: the operator, the child's state and action paths, and the child
/// reducer named in the closure (if any). The index resolves the child to a feature.
public struct EdgeFacts: Sendable, Equatable {
    /// `Scope`, `ifLet`, `forEach`, `ifCaseLet`.
    public var operation: String
    /// Key path components after the root (`\.$destination` → `$destination`, `\.self` → `self`).
    public var statePath: String
    public var actionPath: String
    /// The first reducer named in the trailing closure (`Child()` → `Child`, `Destination.body` → `Destination`).
    public var childType: String?
    /// The state path of the `Scope` / `.ifLet` … whose closure this edge is written in (its paths are
    /// relative to that child's state), or nil at the builder's own level.
    public var scopedIn: String? = nil
    public var location: FactLocation
    /// The `Scope` / operator name token.
    public var anchor: Anchor
    /// The first argument as written (`state: \.child`), for messages.
    public var firstArgument: String = ""
    /// The state argument when it is a key path literal (`\.child!`).
    public var stateKeyPath: KeyPathFacts? = nil
    /// The state argument when it is a `CasePath` made with the `/` operator (`Scope(state: /State.loaded, …)`,
    /// `.ifCaseLet(/State.a, …)`).
    /// Behind a reference, like `actionCasePath`: TCA 1.4 deprecated `/` case paths, and each is a quarter of an edge.
    @Indirect public var stateCasePath: CasePathArgumentFacts? = nil
    /// The action argument when it is a `CasePath` made with the `/` operator (`action: /Action.child`).
    @Indirect public var actionCasePath: CasePathArgumentFacts? = nil

    /// `Scope(state: \.self, action: \.self)`: the parent's own state and actions, not a child.
    public var isIdentity: Bool { statePath == "self" && actionPath == "self" }

    /// The first component of the state path without `$` (`\.$destination` → destination), or nil.
    public var stateField: String? {
        guard let first = statePath.split(separator: ".").first, !statePath.isEmpty else { return nil }
        return first.hasPrefix("$") ? String(first.dropFirst()) : String(first)
    }

    /// The action path's components (`\.child.destination` → [child, destination]).
    public var actionComponents: [String] { actionPath.split(separator: ".").map(String.init) }
}

/// A composition's argument written as a `CasePath` with the `/` prefix operator (`/Action.child`,
/// `/Feature.Action.row(id:action:)`, `/Action.child .. /Child.Action.x`): the form TCA 1.4 replaced with case key
/// paths (`\.child`).
public struct CasePathArgumentFacts: Sendable, Equatable {
    /// The `/` token.
    public var anchor: Anchor
    /// The byte offset just past the argument's last token.
    public var end: Int
    /// As written, on one line.
    public var text: String
    /// The type the path starts from, as written (`Action`, `Feature.Action`, `Self.State`).
    public var root: String
    /// The case, when the path is exactly `/Root.case`; nil for anything longer (`(id:action:)` labels, a
    /// second component, `..` appending).
    public var caseName: String?
}

/// A key path literal given as a state argument.
public struct KeyPathFacts: Sendable, Equatable {
    /// The `\` token.
    public var anchor: Anchor
    /// As written, on one line.
    public var text: String
    /// The path has a `!`.
    public var forceUnwraps: Bool
    /// The path ends with `!`: the child state itself is unwrapped.
    public var unwrapsChild: Bool
    /// The first component (`\.detail!` → detail, `\.$destination.wrappedValue!` → destination).
    public var rootField: String?
}

/// One place where per-action logic lives and what each part of it does. A class: the project model lists
/// each unit in its feature without copying it. Never changed once the facts are merged.
public final class LogicFacts: @unchecked Sendable {
    public enum Kind: String, Sendable {
        /// A `Reduce { state, action in … }` closure (in a builder, a stored property, an initializer, a helper).
        case reduceClosure
        /// `func reduce(into:action:)` or another `reduce(into:…)` split (`viewAction:`, an overload by action type).
        case reduceMethod
        /// A function returning an `Effect` (helpers, `core(state:action:)`), or one a `Reduce(core)` names.
        case effectFunction
        /// A function of the reducer that changes the state it is given and returns no effect (`static func
        /// enqueue(_ state: inout State)`, called as `Self.enqueue(&state)`): the logic's work one call away.
        case stateFunction
    }
    public var kind: Kind
    /// The builder, function or stored property it belongs to (`body`, `core`, `reduce`).
    public var owner: String
    /// Argument labels of a function (`into`, `viewAction`), empty for closures.
    public var labels: [String]
    /// The code's name for the incoming action (`action`, `viewAction`).
    public var actionName: String
    /// The code's name for the state (`state`).
    public var stateName: String
    /// The type of a function's action parameter as written (`Action`, `ViewAction`, `Action.View`), or nil.
    public var actionType: String?
    /// The type of a function's state parameter as written, `inout` left out (`State`, `Feature.State`), or nil:
    /// tells whose logic a function of another type is (`struct LogActionHandler { func undo(state: inout
    /// TaskDetail.State) -> Effect<…> }`).
    public var stateType: String?
    /// The cases the incoming action is wrapped in when the logic receives part of the action
    /// (`reduce(into:viewAction:)` gets `.view`'s payload: [view]); every pattern below already starts with
    /// them. Set when the project is merged (from the feature's `Action`), else read from a label.
    public var actionPrefix: [String] = []
    public var isStatic = false
    public var location: FactLocation
    /// The `Reduce` token or the function's name token.
    public var anchor: Anchor
    /// `{` and `}` of the closure or function body.
    public var open: Anchor
    public var close: Anchor
    /// Clauses of every `switch` over the action and of `if case … = action`, in order.
    public var clauses: [CaseFacts]
    /// Code that runs for every action: the statements outside those clauses (nil when there are none).
    public var everyAction: CodeFacts?
    /// Some `switch`, `if case` or `guard case` dispatches on something other than the action (a
    /// `switch viewAction` after `guard case .view(let viewAction) = action`): which code runs for which
    /// action is then not fully known.
    public var hasOtherDispatch = false
    /// A `Reduce` closure whose whole body hands its state and action to the type's own `reduce(into:action:)`
    /// (`Reduce { state, action in self.reduce(into: &state, action: action) }`): it runs that method's logic.
    public var forwardsToReduceMethod = false
    /// The effects it returns (`.run { … }`, `.task`, `.fireAndForget`…), outermost only, in source order.
    public var effects: [EffectFacts] = []
    /// Side-effecting calls in its synchronous part (outside effects).
    public var sideEffects: [SideEffectFacts] = []
    /// `Date()`, `UUID()`, `Task.sleep`… anywhere in it, effects included.
    public var uncontrolled: [UncontrolledFacts] = []
    /// For a closure: the state fields it mentions by name (`state.x` → x), or nil when it may change state
    /// in ways not visible by name (`&state`, `state = …`, `state` passed whole, a method of the state).
    public var mentionedFields: Set<String>? = nil
    /// Helper calls with the cancellation ids chained after them (`self.startSync().cancellable(id: …)`).
    public var callSites: [CallSiteFacts] = []
    /// Ids of every `.cancel(id:)` in it.
    public var cancelledIDs: [[String]] = []
    public init(kind: Kind, owner: String, labels: [String], actionName: String, stateName: String, actionType: String?, actionPrefix: [String], isStatic: Bool, location: FactLocation, anchor: Anchor, open: Anchor, close: Anchor, clauses: [CaseFacts], everyAction: CodeFacts?) {
        self.kind = kind
        self.owner = owner
        self.labels = labels
        self.actionName = actionName
        self.stateName = stateName
        self.actionType = actionType
        self.actionPrefix = actionPrefix
        self.isStatic = isStatic
        self.location = location
        self.anchor = anchor
        self.open = open
        self.close = close
        self.clauses = clauses
        self.everyAction = everyAction
    }
}

extension LogicFacts {
    /// A copy of the unit, every field the same.
    func copy() -> LogicFacts {
        let c = LogicFacts(kind: kind, owner: owner, labels: labels, actionName: actionName, stateName: stateName,
                           actionType: actionType, actionPrefix: actionPrefix, isStatic: isStatic, location: location,
                           anchor: anchor, open: open, close: close, clauses: clauses, everyAction: everyAction)
        c.hasOtherDispatch = hasOtherDispatch
        c.forwardsToReduceMethod = forwardsToReduceMethod
        c.stateType = stateType
        c.effects = effects
        c.sideEffects = sideEffects
        c.uncontrolled = uncontrolled
        c.mentionedFields = mentionedFields
        c.callSites = callSites
        c.cancelledIDs = cancelledIDs
        return c
    }
}

/// The case paths of a clause's patterns. A clause nearly always has one pattern, kept here as it is; only the others
/// share an array: a project holds tens of thousands of clauses, and a list of one path was a buffer of its own each.
public struct CasePatterns: RandomAccessCollection, Equatable, ExpressibleByArrayLiteral, Sendable {
    private var head: [String]?
    private var tail: [[String]]

    public init(_ paths: [[String]]) {
        head = paths.first
        tail = paths.count > 1 ? Array(paths.dropFirst()) : []
    }

    public init(arrayLiteral paths: [String]...) { self.init(paths) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { head == nil ? 0 : 1 + tail.count }
    public subscript(position: Int) -> [String] {
        get { position == 0 ? head! : tail[position - 1] }
        set { if position == 0 { head = newValue } else { tail[position - 1] = newValue } }
    }
}

/// One `case …:` / `default:` clause of a switch over the action (or an `if case … = action` block).
public struct CaseFacts: Sendable {
    /// Case paths of the patterns, the logic's action prefix included
    /// (`case .view(.task), .internal(.x):` → [["view","task"],["internal","x"]]).
    public var patterns: CasePatterns
    /// The `.` token starting each pattern (same order as `patterns`), where one is found.
    public var patternAnchors: [Anchor?] {
        get { firstPatternAnchor.map { [$0] + laterPatternAnchors } ?? laterPatternAnchors }
        set {
            firstPatternAnchor = newValue.first ?? nil
            laterPatternAnchors = firstPatternAnchor == nil ? newValue : Array(newValue.dropFirst())
        }
    }
    /// The anchors of the patterns after the first: a clause nearly always has one pattern, whose anchor is kept in the
    /// clause (`firstPatternAnchor`) instead of in an array of its own.
    private var laterPatternAnchors: [Anchor?] = []
    /// The patterns as written (`.binding(\.isOn)`), for messages: only in a clause with a `bindingPattern` (the only
    /// one a message quotes); empty in the others.
    public var patternText: String = ""
    /// The first pattern naming a `binding` case (`.binding(\.isOn)` → ["binding", …]), if any.
    public var bindingPattern: [String]? { patterns.first { $0.contains("binding") } }
    /// Names the patterns bind (`case let .picked(type)` → type).
    public var boundNames: [String] = []
    public var location: FactLocation
    /// What the body (and its `where` guard) does.
    public var code: CodeFacts
    /// Indices into the logic's `effects` of the effects returned in this clause.
    public var effects: [Int] = []
    // The anchor and flag last, where they pack (a project holds tens of thousands of clauses).
    /// The `case`/`default` token.
    public var anchor: Anchor
    private var firstPatternAnchor: Anchor? = nil
    public var isDefault: Bool

    public init(patterns: [[String]], location: FactLocation, code: CodeFacts, anchor: Anchor, isDefault: Bool) {
        self.patterns = CasePatterns(patterns)
        self.location = location
        self.code = code
        self.anchor = anchor
        self.isDefault = isDefault
    }
}

/// What a stretch of reducer code does.
public struct CodeFacts: Sendable {
    /// Every access to a state field, in source order.
    public var accesses: [AccessFacts] = []
    public var sends: [SendFacts] = []
    /// Functions called by bare or `self.` name (helpers of the same type), sorted.
    public var calls: [String] = []
    /// Ids of the `.cancel(id:)` effects it returns.
    public var cancelledIDs: [[String]] = []
    /// State fields it clears (`state.child = nil`, `state.path.removeLast()`, `state.path = StackState()`).
    public var clearedFields: [String] = []
    // The flags last, where they pack.
    /// Only `return .none`, `.none` or `break` (or nothing).
    public var isNoOp: Bool
    /// `state = …`: the whole state replaced (an enum state switched to another case).
    public var replacesState = false

    /// State fields written (assigned, mutated, passed inout), first components, sorted.
    public var writes: [String] { Set(accesses.filter { $0.kind != .read }.map(\.field)).sorted() }
    /// State fields given a value here: written other than cleared (`state.alert = AlertState { … }`,
    /// `state.child?.count += 1`, not `state.alert = nil`), sorted. A field only ever cleared is never presented.
    public var valueWrites: [String] {
        var clears: [String: Int] = [:]
        for field in clearedFields { clears[field, default: 0] += 1 }
        var result = Set<String>()
        for access in accesses where access.kind != .read {
            if let left = clears[access.field], left > 0 { clears[access.field] = left - 1 } else { result.insert(access.field) }
        }
        return result.sorted()
    }
    /// State fields read and not written there, sorted.
    public var reads: [String] {
        let written = Set(accesses.filter { $0.kind != .read }.map(\.field))
        return Set(accesses.filter { $0.kind == .read && !written.contains($0.field) }.map(\.field)).sorted()
    }
}

/// `state.field…` in reducer code.
public struct AccessFacts: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case read
        /// `state.x = …`.
        case assign
        /// `state.x += …`, `state.x.append(…)`, `&state.x`, `state.x.y = …`.
        case mutate
    }
    /// The member chain from the state (`state.form.name` → [form, name]), `$` dropped, at most 4 components.
    public var path: [String]
    /// The name on the other side of a comparison (`isCompared`), when it is a plain name (`type`).
    public var comparedWith: String? = nil
    // The anchor and the small fields last, where they pack (a project holds tens of thousands of accesses).
    /// The field's token.
    public var anchor: Anchor
    public var kind: Kind
    /// Compared with `==` / `!=` (`type == state.tab`): the code asks whether a value differs from this one.
    public var isCompared = false
    /// Inside a block (`if`, `else`, `switch`, a loop, a closure) of the clause or code it belongs to: it happens
    /// only on some runs of that code.
    public var isConditional = false

    public var field: String { path.first ?? "" }
}

public struct SendFacts: Sendable, Equatable {
    public enum How: String, Sendable {
        /// `return .send(.x)`, the clause's or closure's single expression, a branch of an `if` expression.
        case returned
        /// A branch of a ternary (`cond ? .send(.x) : .none`).
        case ternary
        /// An argument of `.merge(…)`, or the first of `.concatenate(…)` (it runs at once).
        case merged
        /// A later argument of `.concatenate(…)`: it waits for the effects before it.
        case concatenatedAfter
        /// `effects.append(.send(.x))`.
        case appended
        /// `await send(.x)` inside a `.run` that does more than forward it.
        case run
        /// Anywhere else (a local, an argument of another call).
        case other
    }
    /// Case path of the action sent (`.internal(.loaded)` → ["internal", "loaded"]).
    public var path: [String]
    /// Operators chained after the send (`debounce`, `throttle`, `cancellable`, `animation`).
    public var chained: [String]
    public var location: FactLocation
    // The anchor and the small fields last, where they pack.
    /// The first token of the send expression (`.`, `Effect`, or `send` inside a `.run`).
    public var anchor: Anchor
    /// Where the effect that sends is used; for `forwardedByRun`, where that `.run` is used.
    public var how: How
    /// `.run { send in await send(.x) }` and nothing else: the same round trip as `.send(.x)`.
    public var forwardedByRun = false
    /// Chained with a timing or animation operator, or given an `animation:`/`transaction:` argument:
    /// sent for what a method call cannot give.
    public var isTimedOrAnimated = false
}

/// An effect a reducer returns, and what its closures do.
public struct EffectFacts: Sendable {
    /// `run`, `task`, `fireAndForget`, `future`, `publisher`, or a project's own factory (`exec`).
    public var name: String
    /// A factory of the project's own (`.exec { send in … }`): what its operation may throw and what it catches is
    /// up to its declaration, which the facts do not read.
    public var isProjectFactory: Bool { !EffectReader.factories.contains(name) }
    /// The factory's name token.
    public var anchor: Anchor
    /// The token starting the effect expression (the `.` of `.run`, or `Effect` of `Effect.run`).
    public var start: Anchor
    /// The `.` before the factory's name (where rules about the effect report).
    public var dot: Anchor
    /// In its clause, a `guard` or an `if` comes before it, which may keep it to one copy.
    public var followsCondition = false
    /// The name the operation closure gives its `Send` (`send` in `{ send in`), or nil.
    public var sendName: String?
    /// A `while` loop, a `for await`, a timer: it can keep running for long.
    public var isLongLiving = false
    /// Why it never ends by itself, for messages (`while true`, `for await over an endless sequence`), or nil.
    public var endlessLoop: String?
    /// Case paths of the actions its closures send (`await send(.child(.presented(.tick)))`).
    public var sentPaths: [[String]] = []
    /// Ids of `.cancellable(id:)` chained after it (also after a `.merge`/`.concatenate` it is an argument of).
    public var cancellableIDs: [[String]] = []
    /// `try! await` in its closures.
    public var forceTries: [ForceTryFacts] = []
    /// In a `.run` without a `catch:` handler, the `try`s and `throw`s whose error reaches its operation and can be
    /// other than `CancellationError`: errors TCA reports at run time and nothing handles.
    public var unhandledThrows: [UnhandledThrowFacts] = []
    /// `Task { … }` in its operation that calls its `Send` and is not cancelled by the effect.
    public var escapingTasks: [TaskFacts] = []
    /// Capture-list items that copy the whole state (`[state]`).
    public var stateCaptures: [StateCaptureFacts] = []
    /// Calls of the type's own members awaited at the operation's own level (`await self.dismiss()`, `await
    /// close()`), each with the first `send` that can run after it returns: later in its block or after it,
    /// never in a sibling branch (`else`, another `case`) or past a `return`.
    public var awaitedCalls: [AwaitedCallFacts] = []
}

/// `await name(…)` / `await self.name(…)` in an effect's operation, and what may be sent after it.
public struct AwaitedCallFacts: Sendable, Equatable {
    public var name: String
    /// The name token.
    public var anchor: Anchor
    /// The first `send(…)` (the operation's `Send`) that can run after the call returns.
    public var sendAfter: Anchor?
}

public struct ForceTryFacts: Sendable, Equatable {
    /// Where the `try!` sits, which decides what a plain `try` would do there.
    public enum Placement: String, Sendable {
        /// In the effect's own throwing operation: `try` compiles and the effect catches the cancellation.
        case operation
        /// In a `do` block that has a `catch`: with `try`, that `catch` receives the error.
        case doWithCatch
        /// In a closure nested in the effect (a task group's child task, a callback).
        case nestedClosure
        /// In a `defer` block, which cannot throw.
        case deferBlock
        /// In the effect's `catch:` handler (or another closure argument), which cannot throw.
        case handler
    }
    /// The `try` token.
    public var anchor: Anchor
    /// The `!` after it.
    public var bang: Anchor
    public var placement: Placement
}

public struct UnhandledThrowFacts: Sendable, Equatable {
    /// The `try` or `throw` token.
    public var anchor: Anchor
    /// What the `try` calls (`api.fetch` in `try await api.fetch(id)`, as written, arguments elided); nil for a
    /// `throw`, or where the tried expression is not a call chain.
    public var call: String?
    /// A `throw` statement, not a `try`.
    public var isThrow = false
    /// The `try` of `for try await x in …`: iterating can throw whatever the call that makes the sequence does.
    public var isLoop = false
    /// In `for try await x in events()`, where the sequence's expression has no `try` of its own: the sequence's
    /// last name (`events`), whose declaration says whether iterating it can throw.
    public var loopSequence: String? = nil
    /// The sequence is made by a call (`events()`), not read from a property (`events`).
    public var loopSequenceIsCalled = false
    /// The sequence is a local built by a type's initializer (`let socket = SocketIOManager<Message>(id: id)`): that
    /// type's name (`SocketIOManager`), whose declaration says whether its iterator can throw.
    public var loopSequenceBuiltAs: String? = nil
}

public struct TaskFacts: Sendable, Equatable {
    /// The `Task` token.
    public var anchor: Anchor
    public var isDetached: Bool
}

public struct StateCaptureFacts: Sendable, Equatable {
    /// The captured value's token (`state` in `[state]`, `[s = state]`).
    public var anchor: Anchor
    /// The captured value as written.
    public var value: String
    /// The state fields the closure reads from the capture, in first-use order.
    public var fields: [String]
}

/// A side-effecting call in reducer code outside any effect.
public struct SideEffectFacts: Sendable, Equatable {
    /// The call's first token.
    public var anchor: Anchor
    /// How messages name it: `UserDefaults.standard.set(…)`.
    public var shown: String
    /// Matched by its receiver's name alone (`database`, `keychain`), not by a known API.
    public var isNamedStore: Bool
    /// The receiver's name (`database`).
    public var receiver: String
    /// Schedules work to run later (`Task { }`, `DispatchQueue.main.async { }`).
    public var schedulesWork: Bool
    /// The receiver is a `@Dependency` declared as a local of the same logic, before the call.
    public var receiverIsLocalDependency = false
}

/// `Date()`, `UUID()`, `Task.sleep(…)`… where a `@Dependency` exists.
public struct UncontrolledFacts: Sendable, Equatable {
    /// What the code does with a clock, which decides the harm.
    public enum ClockUse: String, Sendable {
        /// `Task.sleep(…)`: tests wait in real time.
        case sleep
        /// `ContinuousClock.now`: a value that differs on every run.
        case now
        /// `ContinuousClock()`: a real clock.
        case instance
    }
    /// How the replacement reads the dependency's property `p`.
    public enum Replacement: Sendable, Equatable {
        /// The expression becomes the dependency's use itself (`Date()` → `self.date.now`).
        case use
        /// `Task.sleep(for: …)` → `clock.sleep(for: …)`; the associated text is the arguments.
        case sleepFor(String)
        /// `Task.sleep(nanoseconds: n)` → `clock.sleep(for: .nanoseconds(n))`.
        case sleepNanoseconds(String)
    }
    /// First and last token of the expression.
    public var anchor: Anchor
    public var endAnchor: Anchor
    public var shown: String
    /// The `DependencyValues` key (`date`, `uuid`, `continuousClock`…).
    public var key: String
    public var clockUse: ClockUse?
    /// Nil when the expression cannot be rewritten mechanically.
    public var replacement: Replacement?
    /// For an implicit `.now` assigned to a state field (`state.lastSeen = .now`), that field: it reads the current
    /// date only when the field is a `Date`, which the feature's `State` in the model tells.
    public var assignedField: String? = nil
}

/// A call of a helper function in reducer code, with the cancellation ids chained after it.
public struct CallSiteFacts: Sendable, Equatable {
    public var name: String
    public var cancellableIDs: [[String]]
}

/// What one file says about the project's TCA features, as plain values (no token indices), so that
/// facts from many files, extracted in parallel, can be merged into one `FeatureIndex`.
/// Extracted by `FileFactsExtractor`; merged and resolved (reducer-ness, children) by `FeatureIndex`.
public struct FileFacts: Sendable, Equatable {
    public var path: String
    /// `protocol P: A, B` declarations.
    public var protocols: [ProtocolFacts] = []
    /// `typealias X = Y`, at top level or inside a type.
    public var typealiases: [TypealiasFacts] = []
    /// Every struct / enum / class / actor / extension with a member block, in source order.
    public var types: [TypeFacts] = []
    /// How far the file was read: `.declarations` leaves every type's members out.
    public var detail: FileFactsExtractor.Detail = .full

    public init(path: String) { self.path = path }
}

/// Where something is written: 1-based line and column (columns in characters, as editors show them).
public struct FactLocation: Sendable, Equatable, Comparable {
    public var path: String
    public var line: Int
    public var column: Int

    public static func < (a: FactLocation, b: FactLocation) -> Bool {
        (a.path, a.line, a.column) < (b.path, b.line, b.column)
    }
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
}

public struct TypeFacts: Sendable, Equatable {
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
    /// Attribute names without `@` (`Reducer`, `ObservableState`, `CasePathable`).
    public var attributes: [String]
    public var location: FactLocation
    /// Cases declared at the type's own level (enums).
    public var cases: [EnumCaseFacts] = []
    /// Properties declared at the type's own level.
    public var properties: [PropertyFacts] = []
    /// Functions declared at the type's own level (not the bodies of nested types).
    public var functions: [FunctionFacts] = []
    /// Reducer builder lists: `var body`, `@ReducerBuilder` properties, functions that build a `Reduce`.
    public var builders: [BuilderFacts] = []
    /// Per-action logic written in this declaration.
    public var logic: [LogicFacts] = []
    /// `Reduce(core)` / `Reduce(self.core)` in its builders: functions whose bodies are logic
    /// even when their return type does not say `Effect` (resolved across files by the index).
    public var referencedLogicFunctions: [String] = []
}

public struct EnumCaseFacts: Sendable, Equatable {
    public var name: String
    /// The associated value text between the parentheses, or "".
    public var payload: String
    public var location: FactLocation
}

public struct PropertyFacts: Sendable, Equatable {
    public var name: String
    /// The annotated type as written (`Destination.State?`), else the type an initializer call names
    /// (`= StackState<Path.State>()`), else "".
    public var type: String
    /// Attribute names without `@` (`Presents`, `PresentationState`, `BindingState`, `Shared`).
    public var attributes: [String]
    public var isLet: Bool
    public var isStatic: Bool
    /// A getter (`var x: T { … }` without `willSet`/`didSet` only): computed, not stored.
    public var isComputed: Bool
    public var location: FactLocation
}

public struct FunctionFacts: Sendable, Equatable {
    public var name: String
    /// Argument labels as written (`_` for none).
    public var labels: [String]
    public var returnsEffect: Bool
    public var returnsReducer: Bool
    public var isStatic: Bool
    public var location: FactLocation
}

/// One reducer builder list of a type and what composes in it.
public struct BuilderFacts: Sendable, Equatable {
    public enum Kind: String, Sendable { case property, function }
    /// `body`, `core`, `coordinatorReduce`.
    public var name: String
    public var kind: Kind
    public var isStatic: Bool
    /// Top-level element names in order (`Scope`, `BindingReducer`, `Reduce`, `core`).
    public var elements: [String]
    /// Every `Scope` / `.ifLet` / `.forEach` / `.ifCaseLet` in the list and the lists nested in it.
    public var edges: [EdgeFacts]
    public var location: FactLocation
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

    /// `Scope(state: \.self, action: \.self)`: the parent's own state and actions, not a child.
    public var isIdentity: Bool { statePath == "self" && actionPath == "self" }
}

/// One place where per-action logic lives and what each of its case patterns does.
public struct LogicFacts: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// `Reduce { state, action in … }` in a builder.
        case reduceClosure
        /// `func reduce(into:action:)` or another `reduce(into:…)` split (`viewAction:`, `internalAction:`).
        case reduceMethod
        /// A function returning an `Effect` (helpers, `core(state:action:)`).
        case effectFunction
        /// `self.x = Reduce { … }` in an `init`.
        case initReduce
    }
    public var kind: Kind
    /// The builder, function or stored property it belongs to (`body`, `core`, `reduce`).
    public var owner: String
    /// Argument labels of a function (`into`, `viewAction`), empty for closures.
    public var labels: [String]
    /// The code's name for the incoming action (`action`, `viewAction`).
    public var actionName: String
    public var location: FactLocation
    /// Clauses of every `switch` over the action, in order.
    public var clauses: [CaseFacts]
    /// Code that runs for every action: the statements outside those switches (nil when there are none).
    public var everyAction: CodeFacts?
}

/// One `case …:` / `default:` clause of a switch over the action.
public struct CaseFacts: Sendable, Equatable {
    /// Case paths of the patterns (`case .view(.task), .internal(.x):` → [["view","task"],["internal","x"]]).
    public var patterns: [[String]]
    public var isDefault: Bool
    public var location: FactLocation
    public var code: CodeFacts
}

/// What a stretch of reducer code does.
public struct CodeFacts: Sendable, Equatable {
    /// Only `return .none`, `.none` or `break` (or nothing).
    public var isNoOp: Bool
    /// State fields written (`state.x = …`, `state.x.append(…)`, `&state.x`), first components, sorted.
    public var writes: [String]
    /// State fields read and not written there, sorted.
    public var reads: [String]
    public var sends: [SendFacts]
    /// Functions called by bare or `self.` name (helpers of the same type), sorted.
    public var calls: [String]
}

public struct SendFacts: Sendable, Equatable {
    public enum How: String, Sendable {
        /// `return .send(.x)`, or the clause's / closure's single expression.
        case returned
        /// An argument of `.merge(…)` / `.concatenate(…)` / `.merge(with:)`.
        case merged
        /// `effects.append(.send(.x))`.
        case appended
        /// A branch of a ternary (`cond ? .send(.x) : .none`).
        case ternary
        /// `await send(.x)` inside a `.run` effect.
        case run
        /// Anywhere else (a local, an argument of another call).
        case other
    }
    /// Case path of the action sent (`.internal(.loaded)` → ["internal", "loaded"]).
    public var path: [String]
    public var how: How
    /// Operators chained after the send (`debounce`, `throttle`, `cancellable`, `animation`).
    public var chained: [String]
    public var location: FactLocation
}

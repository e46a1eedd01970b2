/// The small model of a file that the rules read: its reducer types and, for each,
/// the builder lists of `body` and where its logic (Reduce closures, helpers) lives.
/// All positions are indices into `CodeTokens` (comments excluded).
public struct FileModel {
    /// Reducer types in source order (outer types before the types nested in them).
    public var reducers: [ReducerDeclaration] = []
    /// Extensions (not themselves reducers) of reducer types declared in this file: their members count
    /// for that reducer (`body_and_reduce`, helpers called from `Reduce(self.core)`).
    public var relatedExtensions: [ReducerDeclaration] = []
    /// The file mentions `TestStore`: it is test code.
    public var usesTestStore = false
    /// Every type declaration of the file (reducer or not), as the parser found them: kept so that
    /// lookups such as a reducer's `State`, and the project model (`FileFactsExtractor`), do not re-scan the file.
    var typeHeaders: [ReducerParser.TypeHeader] = []
    /// Indices into `typeHeaders` by the name as written (a nested type's simple name, an extension's
    /// `Feature.State`; an extension written `App.Feature.State` also under its last two components).
    var typeHeadersByName: [String: [Int]] = [:]
    /// Index into `typeHeaders` of the header whose name is token i.
    var typeHeaderByNameToken: [Int: Int] = [:]
    /// Indices into `typeHeaders` of the types declared directly inside header i, in source order.
    var nestedTypeHeaders: [Int: [Int]] = [:]

    public init() {}

    /// Declarations (reducers and related extensions) grouped by the type they declare (`ReducerDeclaration.identity`),
    /// in source order. Built once by the parser so that lookups stay linear in the number of reducers.
    public var declarationsByName: [String: [ReducerDeclaration]] = [:]

    /// The declarations that make up one reducer in this file: the reducer itself and every other
    /// declaration (reducer or extension) of the same type name.
    public func declarations(of reducer: ReducerDeclaration) -> [ReducerDeclaration] {
        declarationsByName[reducer.identity] ?? [reducer]
    }
}

/// One declaration that belongs to a reducer: the reducer type itself (`struct`, `enum`, `class`, `actor`)
/// or an `extension` of it (which is not a reducer on its own, hence not "ReducerType").
public final class ReducerDeclaration {
    public enum Kind: String { case `struct`, `enum`, `class`, actor, `extension` }

    /// Simple name; for extensions the extended type's text (`Feature`, `App.Feature`).
    public var name: String
    /// Enclosing type names and this one, joined by `.`.
    public var qualifiedName: String
    public var kind: Kind
    /// Token of the name (for extensions: the first token of the extended type).
    public var nameToken: Int
    public var hasReducerAttribute: Bool
    /// Inherited names that make it a reducer (`Reducer`, `ReducerProtocol`, qualified or generic), as written.
    public var inherits: [String]
    /// `{` and `}` of the member block.
    public var membersOpen: Int
    public var membersClose: Int
    public var body: BodyDeclaration?
    /// Name tokens of `func reduce(into:action:)` (exact labels).
    public var reduceMethods: [Int] = []
    /// Member functions (name and `{ }` of the body), for resolving `Reduce(self.core)` and helpers.
    public var functions: [FunctionDeclaration] = []
    /// Cases of the nested `enum Action` (if declared in this type).
    public var actionCases: [ActionCase] = []
    /// Every `var body` of the type (several when declared in `#if` branches); `body` is the last non-static one.
    public var bodies: [BodyDeclaration] = []

    /// Computed reducer-builder properties other than `body` (`@ReducerBuilder var core: some ReducerOf<Self> { … }`):
    /// builder lists like `body`'s, which `body` includes by name.
    public var builderProperties: [BodyDeclaration] = []

    /// `bodies` and `builderProperties`: every builder list the type declares.
    public var builderDeclarations: [BodyDeclaration] { bodies + builderProperties }

    /// Which type this declaration belongs to (set by the parser; see `ReducerParser.groupDeclarations`).
    public var identity = ""

    /// The last name component (`Feature` for `extension App.Feature`).
    public let simpleName: String

    public init(name: String, qualifiedName: String, kind: Kind, nameToken: Int, hasReducerAttribute: Bool,
                inherits: [String], membersOpen: Int, membersClose: Int) {
        self.name = name
        self.simpleName = name.lastNameComponent
        self.qualifiedName = qualifiedName
        self.kind = kind
        self.nameToken = nameToken
        self.hasReducerAttribute = hasReducerAttribute
        self.inherits = inherits
        self.membersOpen = membersOpen
        self.membersClose = membersClose
    }
}

public struct FunctionDeclaration {
    public var name: String
    public var nameToken: Int
    /// Argument labels as written (`_` for none).
    public var labels: [String]
    /// `{` and `}` of the function body (nil for a requirement without body).
    public var bodyOpen: Int?
    public var bodyClose: Int?
    public var isStatic: Bool
    /// The declared return type mentions `Effect` (an effect-returning helper of the reducer).
    public var returnsEffect: Bool = false
    /// The declared return type mentions `Reduce` or `Reducer` (a helper that builds parent logic).
    public var returnsReducer: Bool = false
    /// The return type as written, without spaces (`Router<State,Action>`), or "" when there is none.
    public var returnType = ""
}

public struct ActionCase {
    public var name: String
    public var nameToken: Int
    /// The associated value text between the parentheses, or "" when there is none.
    public var payload: String
}

/// `var body: some ReducerOf<Self> { … }` of a reducer type.
public struct BodyDeclaration {
    /// Token of the word `body`.
    public var nameToken: Int
    public var isStatic: Bool
    /// `{` and `}` of the getter's statements (nil for `var body = …`).
    public var open: Int?
    public var close: Int?
    /// The top-level builder list.
    public var elements: [BuilderElement]
}

/// One element of a builder list: a reducer expression with its chained modifiers,
/// or control flow (`if`, `switch`, `#if`, `for`) whose branches are builder lists,
/// or a non-reducer statement (`let`, `var`, other).
public final class BuilderElement {
    public enum Kind: String, Sendable {
        /// `Name(…) { … }` or a plain reference `core`, `self.core`, `Child()`.
        case expression
        case ifStatement = "if"
        case switchStatement = "switch"
        case ifConfig = "#if"
        case forLoop = "for"
        /// `let` / `var` declaration.
        case declaration
        /// Any other statement (e.g. `print(…)` is an expression; `guard`, `return`, `do`…).
        case other
    }

    /// An `.expression` without a plain callee to name it.
    public enum Unnamed: Equatable {
        /// A bare closure `{ … }` (called or not).
        case closure
        /// Any other expression: `(a)`, a literal, `x ?? y`.
        case expression
    }

    public var kind: Kind
    /// Base callee for expressions (`Reduce`, `Scope`, `BindingReducer`, `Child`, `core`; empty when
    /// `unnamed`); `if`/`switch`/`#if`/`for`; `let`/`var`; for `.other`, the statement's keyword (`return`).
    public var name: String
    /// What an expression without a callee name is (nil for named expressions and other kinds).
    public var unnamed: Unnamed?
    /// Dotted callee as written when qualified (`ComposableArchitecture.Scope`, `self.core`).
    public var qualified: String?
    /// First and last token (inclusive).
    public var start: Int
    public var end: Int
    /// Token of the base name (the reported position for most rules).
    public var nameToken: Int
    /// `(` of the call arguments, if any.
    public var argumentsOpen: Int?
    /// `{` of the trailing closure, if any.
    public var closureOpen: Int?
    /// True when that closure has a signature (`{ state, action in`).
    public var closureHasSignature = false
    /// Elements of the trailing closure when it is a builder (`CombineReducers { … }`, `Scope(…) { Child() }`).
    public var children: [BuilderElement]?
    /// Branches of `if`/`else`, `switch` cases, `#if` clauses, a `for` body: each its own builder list.
    public var branches: [[BuilderElement]] = []
    public var modifiers: [Modifier] = []

    public init(kind: Kind, name: String, start: Int, end: Int, nameToken: Int) {
        self.kind = kind
        self.name = name
        self.start = start
        self.end = end
        self.nameToken = nameToken
    }
}

/// A chained member call on an element: `.ifLet(\.$child, action: \.child) { Child() }`, `._printChanges()`.
public struct Modifier {
    /// Member name without the dot (`ifLet`, `_printChanges`).
    public var name: String
    public var nameToken: Int
    public var argumentsOpen: Int?
    public var closureOpen: Int?
    public var closureHasSignature = false
    /// Elements of the trailing closure (`.ifLet(…) { Child() }`, `.onChange(of:) { old, new in Reduce { … } }`).
    public var children: [BuilderElement]?
    /// The condition of a postfix `#if` the modifier is written in (`DEBUG`), or nil.
    public var condition: String?
}

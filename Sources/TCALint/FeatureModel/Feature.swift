/// One reducer type of the project with every part of it, from whichever files declare them:
/// the result of merging `FileFacts` in a `FeatureIndex`. A class: rules and queries pass features around
/// a lot, and the index never changes one once it is merged.
public final class Feature: @unchecked Sendable {
    /// The primary declaration's enclosing types and name (`App`, `Settings.Destination`); for a type known
    /// only through extensions, the extended name as written.
    public var qualifiedName: String
    /// The last name component.
    public var name: String
    /// `struct`, `enum`, `class`, `actor`, or `extension` when no primary declaration was indexed.
    public var kind: String
    /// The primary declaration (or the first extension).
    public var location: FactLocation
    /// Why it is a reducer: `@Reducer`, or the inheritance path to `Reducer`
    /// (`["FeatureReducer", "Reducer"]` for `struct App: FeatureReducer`).
    public var reducerEvidence: [String]
    /// Every declaration and extension of the type, in path and line order.
    public var declarations: [FactLocation]
    /// Reducer builder lists (`body`, `@ReducerBuilder var core`, `coordinatorReduce()`), from any file.
    public var builders: [BuilderFacts]
    /// Where per-action logic lives, from any file, in path and line order.
    public var logic: [LogicFacts] { didSet { closureLogic = Self.closureIndex(logic) } }
    /// The `Reduce { … }` closures of `logic` by file and offset, made when first asked (`parentLogic(of:in:)`: a
    /// builder with thousands of `Reduce`s asks once for each). Nil for a feature with few logic units, searched
    /// instead: a project has thousands of features, and an index with its lock cost each ~150 bytes.
    private(set) var closureLogic: LockedLazy<[ClosureKey: [LogicFacts]]>?
    struct ClosureKey: Hashable {
        var path: String
        var offset: Int
    }
    /// Below this many logic units, `parentLogic(of:in:)` searches `logic` instead of indexing it.
    static let indexedLogicCount = 16

    private static func closureIndex(_ logic: [LogicFacts]) -> LockedLazy<[ClosureKey: [LogicFacts]]>? {
        guard logic.count >= indexedLogicCount else { return nil }
        return LockedLazy {
            var index: [ClosureKey: [LogicFacts]] = [:]
            for unit in logic where unit.kind == .reduceClosure {
                index[ClosureKey(path: unit.location.path, offset: unit.anchor.offset), default: []].append(unit)
            }
            return index
        }
    }
    /// Member functions from any file.
    public var functions: [FunctionFacts]
    /// `Action` and the action enums around it.
    public var action: ActionModel
    /// `State`, when a declaration of it was indexed.
    public var state: StateModel?
    /// The children composed in the builders, resolved to features where the code names them.
    public var children: [Composition]
    /// Reducer protocols whose extensions give this feature members it does not declare itself
    /// (babylon's `extension Reducer where Self: FeatureReducer { var body … }`).
    public var protocolDefaults: [String]
    /// For an `@Reducer enum` (destinations, paths): its cases, each naming a child reducer.
    public var enumCases: [EnumCaseFacts]
    /// Declared inside a function body (a test's local `struct Child: Reducer`), where no macro can be attached to
    /// it or to its nested types (extension macros such as `@Reducer` and `@CasePathable` need a type at file or
    /// type scope). The parser names such types after their scope's position (`Tests.(local@296).Child`).
    public var isLocal: Bool { ASCIISearch.contains(qualifiedName, "(local@") }
    /// Its primary declaration is `private` or `fileprivate`: only its own file can build or compose it.
    public var isFilePrivate = false

    init(qualifiedName: String, name: String, kind: String, location: FactLocation, reducerEvidence: [String],
         declarations: [FactLocation], builders: [BuilderFacts], logic: [LogicFacts], functions: [FunctionFacts],
         action: ActionModel, state: StateModel?, children: [Composition], protocolDefaults: [String], enumCases: [EnumCaseFacts]) {
        self.qualifiedName = qualifiedName
        self.name = name
        self.kind = kind
        self.location = location
        self.reducerEvidence = reducerEvidence
        self.declarations = declarations
        self.builders = builders
        self.logic = logic
        self.closureLogic = Self.closureIndex(logic)
        self.functions = functions
        self.action = action
        self.state = state
        self.children = children
        self.protocolDefaults = protocolDefaults
        self.enumCases = enumCases
    }
    /// The feature's own properties (not its state's), from every declaration.
    public var properties: [PropertyFacts] = []
    /// `@Dependency` properties, from every declaration.
    public var dependencies: [DependencyFacts] = []
    /// Types declared directly in the feature (in any of its declarations): name → kind (`Action` → enum).
    public var nestedTypes: [String: String] = [:]

    /// A protocol's default implementations (`extension FeatureReducer { func reduce(into:viewAction:) … }`),
    /// shared by the reducers that conform to it: logic of no one reducer.
    public var isProtocol: Bool { kind == "protocol" }

    /// A type that is no reducer but builds one with `Reduce { … }` (kind `helper`): its logic is reducer logic,
    /// with no `State` or `Action` of its own.
    public var isHelper: Bool { kind == "helper" }
}

/// The feature's actions: `enum Action` and the enums nested in it (`Action.View`, `Action.Delegate`),
/// and sibling enums whose names end in `Action` (`ViewAction`, `InternalAction`, `ChildAction`).
public struct ActionModel: Sendable {
    public struct ActionEnum: Sendable {
        /// Relative to the feature: `Action`, `Action.View`, `ViewAction`.
        public var name: String
        public var cases: [EnumCaseFacts]
        public var declarations: [FactLocation]
        /// Base names of what its declarations inherit (`BindableAction`, `ViewAction`).
        public var inherits: [String] = []
        /// Case key paths (`\.child`) can name its cases: `@CasePathable`, by hand or by `@Reducer` (only
        /// `Action` is asked).
        public var isCasePathable = false
        /// An enum declared in the feature's own declaration (not in an extension, not a type `typealias Action`
        /// names): where `@Reducer` on the feature makes it `@CasePathable` (only `Action` is asked).
        public var isInFeatureBody = false
    }
    public var enums: [ActionEnum] = []
    /// `typealias Action = FeatureAction<Self>`: the aliased type, as written.
    public var alias: String?
    /// The project's enum `alias` names, when it declares one (its name as written, without generic arguments).
    public var aliased: ActionEnum?

    /// The enum at a name relative to the feature (`Action`, `Action.View`).
    public func enumNamed(_ name: String) -> ActionEnum? { enums.first { $0.name == name } }
    /// The feature's `Action` enum: declared in the feature, else the project's enum its typealias names.
    public var actionEnum: ActionEnum? { enumNamed("Action") ?? aliased }
}

/// The feature's `State` (or the type `typealias State = …` names) with every extension of it.
public struct StateModel: Sendable {
    /// Qualified name of the state type.
    public var qualifiedName: String
    /// `struct` or `enum` (or `extension` when only extensions were indexed).
    public var kind: String
    /// `@ObservableState` on the type.
    public var isObservable: Bool
    /// Instance properties (static ones left out), in path and line order; the first declaration of a name wins.
    public var fields: [PropertyFacts]
    /// Cases, for an enum state.
    public var cases: [EnumCaseFacts]
    public var declarations: [FactLocation]
    /// An enum state whose cases case key paths can name (`@CasePathable`, by hand or by `@Reducer`).
    public var isCasePathable = false
    /// An enum declared in the feature's own declaration, where `@Reducer` on the feature makes it `@CasePathable`.
    public var isInFeatureBody = false

    public func field(_ name: String) -> PropertyFacts? { fieldIndex(name).map { fields[$0] } }
    /// The position of the field `name` in `fields`, or nil.
    func fieldIndex(_ name: String) -> Int? { fields.firstIndex { $0.name == name } }
}

/// A composition edge of a feature, resolved.
public struct Composition: Sendable {
    /// The builder list it is written in and the position of its edge there: the edge is read from the builder's
    /// facts, not copied (a composition is made for every edge of every feature, and an edge is a wide value).
    let builderFacts: BuilderFacts
    let edgeIndex: Int
    public var edge: EdgeFacts { builderFacts.edges[edgeIndex] }
    /// The builder it is written in (`body`, `core`).
    public var builder: String { builderFacts.name }
    /// The child feature's qualified name, when it could be resolved.
    public var child: String? = nil
    /// How: `closure` (the reducer in the trailing closure), `stateType` (the type of the state field the
    /// path names, e.g. `@Presents var destination: Destination.State?` for `.ifLet(\.$destination, …)`).
    public var resolvedFrom: String? = nil
    /// The parent's state field the state path starts at, when declared (its type tells `StackState`
    /// from `IdentifiedArrayOf`; its wrappers tell `@Presents`).
    public var stateField: PropertyFacts? { stateFieldIndex.map { stateFields[$0] } }
    /// The parent's `State` fields (the state model's own buffer, shared) and the field's position there: a
    /// composition is made for every edge of every feature, and a field is a wide value.
    private var stateFields: [PropertyFacts] = []
    private var stateFieldIndex: Int?

    init(builderFacts: BuilderFacts, edgeIndex: Int) {
        self.builderFacts = builderFacts
        self.edgeIndex = edgeIndex
    }

    /// The parent hears the child's own actions only wrapped: the child is presented from `@Presents` (or
    /// `@PresentationState`) state, its actions under `.presented(…)`, or runs for the elements of a `StackState`, under
    /// `.element(id:action:)`. A case right under the composition's action case (`.sheet(.dismiss)`, `.path(.popFrom(id:))`)
    /// is then `PresentationAction`'s or `StackAction`'s own, never one of the child's.
    public var wrapsChildActions: Bool {
        guard let field = stateField else { return false }
        return field.isPresented || field.isStack
    }

    /// Names the field `name` of `state` as the one the state path starts at, when the state declares it.
    mutating func setStateField(named name: String, in state: StateModel) {
        guard let i = state.fieldIndex(name) else { return }
        stateFields = state.fields
        stateFieldIndex = i
    }
}

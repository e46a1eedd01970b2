extension FeatureIndex {
    /// The clauses of the features above `feature` that match its action `path` (one of its own: [saveTapped]):
    /// a parent's `case .child(.saveTapped):` through a `Scope`/`ifLet`/`forEach` at `\.child`, its
    /// `case .destination(.presented(.child(.saveTapped))):` when an `@Reducer enum Destination` has the case
    /// `child(Child)`, through a `Scope` nested in another one's closure (`childActionPrefix`), and a grandparent's
    /// through these compositions, up to 4 levels; the nearest parents first.
    /// A pattern naming a prefix of the action's case (`case .child:`, every action of the child) does not count; one
    /// that names the case without the value the send gives it (`case .child(.didAdd):` for `.didAdd(.adHoc)`) does,
    /// and one naming another value (`.didAdd(.compendium)`) does not.
    public func parentClauses(matching path: [String], of feature: Feature) -> [(parent: Feature, clause: CaseFacts)] {
        var result: [(parent: Feature, clause: CaseFacts)] = []
        // The components that name the action's case: the wrappers of the feature's own nested action enums
        // (`.view(…)`, `.internal(…)`) and the case inside them; the rest is the value sent with it.
        let nested = feature.nestedEnumNames
        let caseLength = min(path.count, path.prefix { nested.contains(Feature.enumName(wrappedBy: $0)) }.count + 1)
        var level: [(feature: Feature, path: [String], caseLength: Int)] = path.isEmpty ? [] : [(feature, path, caseLength)]
        for _ in 0..<4 where !level.isEmpty {
            var next: [(feature: Feature, path: [String], caseLength: Int)] = []
            for (child, path, caseLength) in level {
                for (parent, composition) in parents(of: child.qualifiedName) {
                    guard let prefix = composition.childActionPrefix else { continue }
                    let wrapped = composition.wrapsChildActions
                    for unit in parent.logic {
                        for clause in unit.clauses where !clause.isDefault && clause.patterns.contains(where: { pattern in
                            guard let own = CasePath.childPart(of: pattern, composedAt: prefix, wrapped: wrapped) else { return false }
                            return own.starts(with: path) || (own.count >= caseLength && path.starts(with: own))
                        }) {
                            result.append((parent, clause))
                        }
                    }
                    next.append((parent, prefix + path, caseLength + prefix.count))
                }
                // A case of an `@Reducer enum` (a destination, a path element): the enum's parents match
                // `.destination(.presented(.child(.saveTapped)))`.
                for (holder, caseName) in enumCases(holding: child) { next.append((holder, [caseName] + path, caseLength + 1)) }
            }
            level = next
        }
        return result
    }

    /// The nearest of `parentClauses(matching:of:)` that does more than return `.none`: a parent acting on the action,
    /// which only hears it when it goes through the store.
    public func parentActing(on path: [String], of feature: Feature) -> (parent: Feature, clause: CaseFacts)? {
        parentClauses(matching: path, of: feature).first { !$0.clause.code.isNoOp }
    }
}

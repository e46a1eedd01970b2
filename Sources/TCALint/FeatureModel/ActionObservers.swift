extension FeatureIndex {
    /// The clauses of the features above `feature` that match its action `path` (one of its own: [saveTapped]):
    /// a parent's `case .child(.saveTapped):` through a `Scope`/`ifLet`/`forEach` at `\.child`, its
    /// `case .destination(.presented(.child(.saveTapped))):` when an `@Reducer enum Destination` has the case
    /// `child(Child)`, and a grandparent's through both compositions, up to 4 levels; the nearest parents first.
    /// A pattern naming a prefix of the action (`case .child:`, every action of the child) does not count.
    public func parentClauses(matching path: [String], of feature: Feature) -> [(parent: Feature, clause: CaseFacts)] {
        var result: [(parent: Feature, clause: CaseFacts)] = []
        var level: [(feature: Feature, path: [String])] = path.isEmpty ? [] : [(feature, path)]
        for _ in 0..<4 where !level.isEmpty {
            var next: [(feature: Feature, path: [String])] = []
            for (child, path) in level {
                for (parent, composition) in parents(of: child.qualifiedName) where !composition.edge.isIdentity && composition.edge.scopedIn == nil {
                    let prefix = composition.edge.actionComponents
                    guard !prefix.isEmpty, !prefix.contains("self") else { continue }
                    for unit in parent.logic {
                        for clause in unit.clauses where !clause.isDefault
                            && clause.patterns.contains(where: { CasePath.childPart(of: $0, composedAt: prefix)?.starts(with: path) ?? false }) {
                            result.append((parent, clause))
                        }
                    }
                    next.append((parent, prefix + path))
                }
                // A case of an `@Reducer enum` (a destination, a path element): the enum's parents match
                // `.destination(.presented(.child(.saveTapped)))`.
                for (holder, caseName) in enumCases(holding: child) { next.append((holder, [caseName] + path)) }
            }
            level = next
        }
        return result
    }
}

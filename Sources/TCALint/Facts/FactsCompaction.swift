/// A file's facts stay in memory for the whole run (the project model is made of them), while the arrays that hold
/// them were grown by appending, which doubles a buffer when it fills: up to half of each is spare room. Once a
/// file's facts are read, the arrays that hold many facts are copied to buffers of their own size.
extension FileFacts {
    /// The same facts in arrays without spare room.
    mutating func compact() {
        types.fit()
        protocols.fit()
        typealiases.fit()
        for type in types { type.compact() }
        file.compact()
    }
}

extension TypeFacts {
    func compact() {
        cases.fit()
        properties.fit()
        for i in properties.indices { properties[i].getterReads?.fit() }
        functions.fit()
        builders.fit()
        logic.fit()
        dependencies.fit()
        for builder in builders {
            builder.tree.fit()
            builder.edges.fit()
        }
        for unit in logic { unit.compact() }
    }
}

extension LogicFacts {
    func compact() {
        clauses.fit()
        for i in clauses.indices {
            clauses[i].patterns.fit()
            clauses[i].code.compact()
        }
        everyAction?.compact()
        effects.fit()
        sideEffects.fit()
        uncontrolled.fit()
        callSites.fit()
    }
}

extension CodeFacts {
    mutating func compact() {
        accesses.fit()
        sends.fit()
        calls.fit()
    }
}

extension FileWideFacts {
    mutating func compact() {
        bindingWrites.fit()
        stackBindings.fit()
        presentedFields.fit()
        scopedFields.fit()
        caseLets.fit()
        cachedScopes.fit()
        uncachedHandoffs.fit()
        untrackedReads.fit()
        viewSends.fit()
        disappearSends.fit()
        storeScopes.fit()
        storeRoots.fit()
        reduceCalls.fit()
        stackIDLiterals.fit()
        alerts.fit()
        deprecatedUses.fit()
    }
}

extension Array {
    /// Copies the elements to a buffer of their own size when more than a quarter of the buffer is spare.
    mutating func fit() {
        guard capacity - count > count / 4 + 1 else { return }
        var fitted: [Element] = []
        fitted.reserveCapacity(count)
        fitted.append(contentsOf: self)
        self = fitted
    }
}

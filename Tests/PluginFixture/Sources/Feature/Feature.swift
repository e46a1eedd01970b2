// A feature of the fixture package: the SwiftPM plugins must report its `._printChanges()` (line 16)
// as a leftover_print_changes warning.
//
// `Reducer`, `Reduce` and `_printChanges` come from TCA.swift, a stand-in for The Composable
// Architecture.
//
//
//
//
//

public struct Feature: Reducer {
    public init() {}

    public var body: some Reducer {
        Reduce()._printChanges()
    }
}

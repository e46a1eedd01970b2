/// What a one-shot command keeps until the process exits: the project model and every file's facts, which the
/// system then takes back at once instead of object by object (freeing them took about 2% of a whole-repo run's
/// instructions, on one core, after the report was written). The same choice as rustc's and ruff's
/// `std::mem::forget` of their large structures. Only in the command line: the language server lives long.
enum KeptUntilExit {
    nonisolated(unsafe) private static var objects: [AnyObject] = []

    /// Called from the main thread only.
    static func keep(_ object: AnyObject) { objects.append(object) }
}

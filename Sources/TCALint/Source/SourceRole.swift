/// What a file is for, as its path says: code that ships in an app, or code that exists to document,
/// test or demonstrate. Rules about harm in shipping reducers skip the others, where the same code is
/// written on purpose (a tutorial step that shows the mistake before the fix, a UI-test host that
/// really waits, a preview app that prints every change).
public struct SourceRole: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Inside a DocC catalog (`*.docc/`) or the project's top `docs/` folder: tutorial steps, snippets and examples
    /// written for readers, not compiled into any target.
    public static let documentation = SourceRole(rawValue: 1 << 0)
    /// A test target (a folder named `Tests` or ending in `Tests`, a `*Tests.swift` file) or a UI-test
    /// host's screen (`*TestCase.swift`, and `*Test.swift` in a demo app, as TCA's Integration app names them).
    public static let test = SourceRole(rawValue: 1 << 1)
    /// A demo, sample or preview app: a folder whose name contains `Example`, `Sample`, `Demo` or
    /// `Preview` (`Examples/`, `sampleapps/`, `PreviewApps/`, `FooPreview/`).
    public static let demo = SourceRole(rawValue: 1 << 2)
    /// The whole project is a collection of samples (its own folder is named so, like Point-Free's
    /// `episode-code-samples`); always together with `demo`.
    public static let sampleProject = SourceRole(rawValue: 1 << 3)

    /// The role of `path`, read from its components below the current directory (the project being
    /// linted) and from that directory's own name, so that where the project itself lives
    /// (`~/Examples/MyApp`) does not count, while a project that is a collection of samples
    /// (`episode-code-samples`, `TCAExamples`) does.
    public init(path: String) {
        self.init(path: path, below: SourceRole.workingDirectory)
    }

    private static let workingDirectory = Paths.currentDirectory()
    private static let workingDirectoryNamesDemo = namesDemo(lastComponent(workingDirectory))

    /// Whether the project folder's own name says samples; read once for the working directory.
    private static func projectNamesDemo(_ root: String) -> Bool {
        root == workingDirectory ? workingDirectoryNamesDemo : namesDemo(lastComponent(root))
    }

    private static func lastComponent(_ path: String) -> Substring {
        path.split(separator: "/").last ?? ""
    }

    public init(path: String, below root: String) {
        var role: SourceRole = []
        var relative = Substring(path)
        let isBelowRoot: Bool
        if path.hasPrefix("/") {
            isBelowRoot = !root.isEmpty && root != "/" && path.hasPrefix(root) && path.dropFirst(root.count).first == "/"
            if isBelowRoot { relative = path.dropFirst(root.count + 1) }
        } else {
            isBelowRoot = !path.hasPrefix("../")
            while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        }
        if isBelowRoot && Self.projectNamesDemo(root) { role.formUnion([.demo, .sampleProject]) }
        // The folders, then the file name, read in one pass over the bytes, without an array of components or a
        // substring per component: a path's length grows with its depth, and deep trees have as many files as
        // levels, so this loop runs over n² bytes for n nested folders.
        relative.withUTF8 { utf8 in
            var start = 0
            var previous: Range<Int>? = nil
            for i in 0...utf8.count {
                guard i == utf8.count || utf8[i] == UInt8(ascii: "/") else { continue }
                if start < i {
                    // A component is a folder once another follows it; the last one is the file.
                    if let folder = previous {
                        Self.classify(folder: UnsafeBufferPointer(rebasing: utf8[folder]), isTop: folder.lowerBound == 0, into: &role)
                    }
                    previous = start..<i
                }
                start = i + 1
            }
            if let file = previous {
                let name = UnsafeBufferPointer(rebasing: utf8[file])
                if ASCIISearch.hasSuffix(name, "Tests.swift") || ASCIISearch.hasSuffix(name, "TestCase.swift") { role.insert(.test) }
                // In a demo app, `BindingLocalTest.swift` is a UI-test host's screen too (TCA's Integration app names them
                // both ways); in an app, `SpeedTest.swift` may be a feature.
                if role.contains(.demo) && ASCIISearch.hasSuffix(name, "Test.swift") { role.insert(.test) }
            }
        }
        self = role
    }

    /// `isTop`: the first folder below the project (only there does `docs` name the project's documentation; deeper, a
    /// feature may be called so).
    private static func classify(folder: UnsafeBufferPointer<UInt8>, isTop: Bool, into role: inout SourceRole) {
        if ASCIISearch.hasSuffix(folder, ".docc") || (isTop && folder.count == 4 && ASCIISearch.contains(folder, "docs", ignoringCase: true)) {
            role.insert(.documentation)
        }
        if ASCIISearch.hasSuffix(folder, "Tests") { role.insert(.test) }
        // `demo` is the shortest of the words: a shorter name cannot hold one.
        if folder.count >= 4 && namesDemo(folder) { role.insert(.demo) }
    }

    /// A folder name that says demo, sample or preview code (`Examples`, `sampleapps`, `PreviewApps`).
    private static func namesDemo(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        ASCIISearch.contains(name, "example", ignoringCase: true) || ASCIISearch.contains(name, "sample", ignoringCase: true)
            || ASCIISearch.contains(name, "demo", ignoringCase: true) || ASCIISearch.contains(name, "preview", ignoringCase: true)
    }

    /// The same question for the project folder's own name (read once per run).
    private static func namesDemo(_ name: Substring) -> Bool {
        var name = name
        return name.withUTF8 { namesDemo($0) }
    }
}

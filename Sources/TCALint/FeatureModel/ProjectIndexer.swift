#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Builds `FeatureIndex`es from files on disk: the files of a run, or the project a single file belongs to.
/// Only files that can hold facts are tokenized (a byte search decides first), each once.
public enum ProjectIndexer {
    /// Byte strings without which a file holds no feature facts: `Reduce` (reducers, `Reduce { }`,
    /// `coordinatorReduce()`), `Effect` (effect-returning logic, also in a `State`'s methods).
    /// `Reduce`/`Effect`: reducer logic; `$store`/`viewStore`: a view sending binding actions (`StoreBindingReader`);
    /// `AsyncStream<`: a client's endpoint that returns a non-throwing sequence (`SequenceNames`); `liveValue` and
    /// `DependencyValues`: a client's live implementation and its key (`LiveEndpoints`). `Effect` also covers
    /// `DismissEffect` (`providesDismiss`).
    static let factNeedles: [[UInt8]] = [Array("Reduce".utf8), Array("Effect".utf8), Array("$store".utf8), Array("iewStore".utf8),
                                         Array("AsyncStream<".utf8), Array("liveValue".utf8), Array("DependencyValues".utf8)]

    /// Whether the bytes can hold feature facts or findings: a fact needle, a rule's needle, or one of the
    /// project's own reducer protocol names (`learned`, from `FeatureIndex.projectReducerProtocols`).
    public static func isWorthReading(_ bytes: [UInt8], learned: NameNeedles = NameNeedles([])) -> Bool {
        worthReading.occurs(in: bytes) || learned.occurs(in: bytes) || buildsAppStore(bytes)
    }

    /// A store built in code (`Store(initialState: …) { App() }`, `FileWideFacts.storeRoots`) in a file that is not a
    /// test: the model ignores a test's stores, and a test suite's thousands of `TestStore(initialState:)` would
    /// double the files read.
    static func buildsAppStore(_ bytes: [UInt8]) -> Bool {
        Prefilter.contains(bytes, needle: initialStateNeedle) && !Prefilter.contains(bytes, needle: testStoreNeedle)
    }
    static let initialStateNeedle = Array("initialState".utf8)
    static let testStoreNeedle = Array("TestStore".utf8)

    /// The fact needles and every rule's needles, less those that hold another of them (`Reducer`, `Reduce{` hold
    /// the fact needle `Reduce`): the same answer with fewer needles to compare where one may start.
    static let worthReadingNeedles: [[UInt8]] = Prefilter.withoutSupersets(factNeedles + Prefilter.needles)
    /// The same, searched for in one pass.
    static let worthReading = NeedleSet(worthReadingNeedles)

    /// The facts of one file's bytes (tokenized here).
    public static func facts(path: String, bytes: [UInt8]) -> FileFacts {
        facts(path: path, bytes: bytes, sharing: nil)
    }

    /// The same, its long names shared with the other files read through `names` (one pool for a run's files).
    static func facts(path: String, bytes: [UInt8], sharing names: SharedNames?) -> FileFacts {
        FactsExtractor(syntax: FileSyntax(source: SourceFile(path: path, bytes: bytes))).extract(sharing: names)
    }

    /// The index of the files at `paths` (unreadable and non-text files are left out), built on `jobs` workers,
    /// with `given` facts standing in for the files at their paths.
    public static func index(paths: [String], jobs: Int, replacing given: [FileFacts] = []) -> FeatureIndex {
        let givenPaths = Set(given.map { $0.path })
        let paths = paths.filter { !givenPaths.contains($0) }
        let names = SharedNames()
        var facts: [FileFacts?] = parallelMap(count: paths.count, jobs: jobs) { i in
            guard let bytes = readText(paths[i]), isWorthReading(bytes) else { return nil }
            return Self.facts(path: paths[i], bytes: bytes, sharing: names)
        }
        let index = learnReducerProtocols(paths: paths, facts: &facts, given: given, jobs: jobs, names: names, isCandidate: { _ in true })
        return readExtensionsOfReducers(paths: paths, facts: &facts, given: given, index: index, jobs: jobs, names: names)
    }

    static let extensionNeedle = Array("extension".utf8)

    /// The name components written after each `extension` keyword in the bytes (`extension App.Feature: P` →
    /// App, Feature), found by a byte search: comments and strings may add names, which only costs a read.
    public static func extendedNames(_ bytes: [UInt8]) -> [String] {
        var names: [String] = []
        var from = 0
        let n = bytes.count
        func isIdentifier(_ c: UInt8) -> Bool {
            (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c >= 0x80
        }
        while let at = Prefilter.firstIndex(of: extensionNeedle, in: bytes, from: from) {
            var i = at + extensionNeedle.count
            from = i
            guard at == 0 || !isIdentifier(bytes[at - 1]), i < n, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A else { continue }
            while i < n && (bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D) { i += 1 }
            while i < n {
                let start = i
                while i < n && isIdentifier(bytes[i]) { i += 1 }
                guard i > start else { break }
                names.append(String(decoding: bytes[start..<i], as: UTF8.self))
                guard i < n && bytes[i] == 0x2E else { break }  // `.`
                i += 1
            }
            from = i
        }
        return names
    }

    /// A features index holds every member of every reducer: the files not read yet that may extend one
    /// (`extension Feature { var date: Date … }` in a file that never says `Reduce`) are read too, so that
    /// a fix adding a member to a reducer knows whether the name is taken elsewhere. One pass over the
    /// unread files (a byte search for `extension` and for the reducers' names, in one pass whatever their number).
    static func readExtensionsOfReducers(paths: [String], facts: inout [FileFacts?], given: [FileFacts], index: FeatureIndex,
                                         jobs: Int, names pool: SharedNames? = nil) -> FeatureIndex {
        let names = NameNeedles(index.reducerTypeNames.sorted())
        let pending = facts.indices.filter { facts[$0] == nil }
        guard !names.isEmpty, !pending.isEmpty else { return index }
        let found: [FileFacts?] = parallelMap(count: pending.count, jobs: jobs) { n in
            let path = paths[pending[n]]
            guard let bytes = readText(path), Prefilter.contains(bytes, needle: extensionNeedle), names.occurs(in: bytes) else { return nil }
            return Self.facts(path: path, bytes: bytes, sharing: pool)
        }
        guard found.contains(where: { $0 != nil }) else { return index }
        for (n, f) in found.enumerated() where f != nil { facts[pending[n]] = f }
        return FeatureIndex(files: given + facts.compactMap { $0 })
    }

    /// The index of the projects the operands of a run belong to (`projectRoot(of:)` of each; a folder is
    /// its own start), every file below those roots, and the run's own files: what a fix that adds a member
    /// must see (an extension of the reducer outside the folder being fixed still declares members).
    public static func projectIndex(operands: [String], runFiles: [String], jobs: Int) -> FeatureIndex {
        var roots: [String] = []
        for operand in operands.isEmpty ? ["."] : operands {
            if let root = projectRoot(of: FileReader.isDirectory(operand) ? Paths.join(operand, "_") : operand), !roots.contains(root) { roots.append(root) }
        }
        let cwd = Paths.join(Paths.currentDirectory(), "")  // ends with `/`
        var seen = Set(runFiles.map(absolute))
        var files = runFiles
        for path in roots.isEmpty ? [] : FileWalker().collect(roots).files where seen.insert(path).inserted {
            files.append(path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path)
        }
        return index(paths: files, jobs: jobs)
    }

    /// Protocol chains continue in files that mention only the project's own names (`protocol Screen: Feature`,
    /// `struct X: Screen` with no `Reducer` in sight): once names are learned, the candidate files not read yet
    /// are searched for them, until no new name appears. Returns the index of `given` and every file read.
    static func learnReducerProtocols(paths: [String], facts: inout [FileFacts?], given: [FileFacts], jobs: Int,
                                      names pool: SharedNames? = nil, isCandidate: (Int) -> Bool) -> FeatureIndex {
        var index = FeatureIndex(files: given + facts.compactMap { $0 })
        var searched = Set<String>()
        while true {
            let learned = index.projectReducerProtocols.filter { !searched.contains($0) }
            guard !learned.isEmpty else { return index }
            searched.formUnion(learned)
            let needles = NameNeedles(learned)
            let pending = facts.indices.filter { facts[$0] == nil && isCandidate($0) }
            let found: [FileFacts?] = parallelMap(count: pending.count, jobs: jobs) { n in
                let path = paths[pending[n]]
                guard let bytes = readText(path), needles.occurs(in: bytes) else { return nil }
                return Self.facts(path: path, bytes: bytes, sharing: pool)
            }
            guard found.contains(where: { $0 != nil }) else { return index }
            for (n, f) in found.enumerated() where f != nil { facts[pending[n]] = f }
            index = FeatureIndex(files: given + facts.compactMap { $0 })
        }
    }

    /// The index of the project `path` belongs to (see `projectRoot(of:)`), with `given` facts standing in for
    /// the files at their paths (an editor's unsaved buffer). Nil when no project root is found.
    ///
    /// `relevantOnly`: read only the files that can change what the rules say about the given files — those
    /// naming a type the given files declare or compose, and, in a second round, those naming the features found
    /// to compose them or be composed by them — plus the project's reducer protocols. What a single file is told
    /// is then what a run over the whole project tells it, at the cost of reading a few files.
    public static func projectIndex(around path: String, given: [FileFacts], jobs: Int, relevantOnly: Bool = false) -> FeatureIndex? {
        guard let root = projectRoot(of: path) else { return nil }
        // The walk of the (absolute) root yields absolute paths: shown relative to the working directory
        // when below it, as the user's own paths are. A given file's facts stand in for its copy on disk.
        let givenFiles = Set(given.map { absolute($0.path) })
        let cwd = Paths.join(Paths.currentDirectory(), "")  // ends with `/`
        let files = FileWalker().collect([root]).files.filter { !givenFiles.contains($0) }.map { path in
            path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
        }
        guard relevantOnly else { return index(paths: files, jobs: jobs, replacing: given) }
        return relevantIndex(paths: files, given: given, jobs: jobs)
    }

    /// The index of `given` and of the files among `paths` that mention what they are about (see `projectIndex`).
    static func relevantIndex(paths: [String], given: [FileFacts], jobs: Int) -> FeatureIndex {
        var facts = [FileFacts?](repeating: nil, count: paths.count)
        let pool = SharedNames()
        // The project's reducer protocols: every file that may declare one (names `protocol`/`typealias` and `Reduc`).
        let protocolFiles: [FileFacts?] = parallelMap(count: paths.count, jobs: jobs) { i in
            guard let bytes = readText(paths[i]), Prefilter.contains(bytes, needle: Array("Reduc".utf8)),
                  Prefilter.contains(bytes, needle: Array("protocol".utf8)) || Prefilter.contains(bytes, needle: Array("typealias".utf8))
            else { return nil }
            return Self.facts(path: paths[i], bytes: bytes, sharing: pool)
        }
        for (i, f) in protocolFiles.enumerated() where f != nil { facts[i] = f }
        var names = Set(given.flatMap(Self.relatedNames))
        var searched = Set<String>()
        for round in 0..<2 {
            let needles = NameNeedles(names.subtracting(searched).filter { $0.utf8.count >= 3 }.sorted())
            searched.formUnion(names)
            guard !needles.isEmpty else { break }
            let pending = facts.indices.filter { facts[$0] == nil }
            let found: [FileFacts?] = parallelMap(count: pending.count, jobs: jobs) { n in
                let path = paths[pending[n]]
                guard let bytes = readText(path), needles.occurs(in: bytes) else { return nil }
                return Self.facts(path: path, bytes: bytes, sharing: pool)
            }
            for (n, f) in found.enumerated() where f != nil { facts[pending[n]] = f }
            guard round == 0 else { break }
            // Second round: the features that compose the given files' features or are composed by them, by name.
            let index = FeatureIndex(files: given + facts.compactMap { $0 })
            let declared = Set(given.map(\.path))
            for feature in index.features where feature.declarations.contains(where: { declared.contains($0.path) }) {
                for (parent, _) in index.parents(of: feature.qualifiedName) {
                    names.insert(parent.qualifiedName.split(separator: ".").first.map(String.init) ?? parent.name)
                }
                // A child by the name of the top-level type that declares it (`Other.Destination` → `Other`); a nested
                // child of the given file's own types is already read, and `Destination`, `Path` or `Row` alone
                // would name every feature's.
                for child in feature.children {
                    guard let c = child.child, let top = c.split(separator: ".").first.map(String.init),
                          !Self.genericNames.contains(top) else { continue }
                    names.insert(top)
                }
            }
        }
        return learnReducerProtocols(paths: paths, facts: &facts, given: given, jobs: jobs, isCandidate: { _ in true })
    }

    /// The type names a file's facts are about: the types it declares or extends (last component), the types it
    /// aliases, the reducers its builders compose, and the reducers its state and enum cases hold.
    static func relatedNames(_ facts: FileFacts) -> [String] {
        var names: [String] = []
        func last(_ name: String) -> String { name.lastNameComponent }
        for t in facts.types {
            // A top-level type by its name; a nested one is reached through its enclosing type's (`Feature.CancelID`),
            // and its own name (`CancelID`, `Row`) is one every feature may declare: not searched for. An extension
            // (`extension App.Feature`) by every component it writes.
            if t.kind == "extension" {
                // `extension String`, `extension Array where …`: no reducer of the project, and a name every file writes.
                guard !Self.platformTypeNames.contains(t.name.split(separator: ".").first.map(String.init) ?? t.name) else { continue }
                for component in t.name.split(separator: ".") { names.append(String(component)) }
            } else if t.enclosing.isEmpty {
                names.append(last(t.name))
            }
            for b in t.builders { for e in b.edges { if let child = e.childType { names.append(last(child)) } } }
            for p in t.properties { if let reducer = FeatureMerger.reducerTypeName(fromStateType: p.type) { names.append(last(reducer)) } }
            // A case's payload names a reducer only through its `Action` or `State` (`case child(Child.Action)`,
            // `case detail(Detail.State)`): `String`, `Int` or `Result<…>` would make every file relevant.
            for c in t.cases where !c.payload.isEmpty {
                if let reducer = FeatureMerger.reducerTypeName(fromStateType: c.payload) { names.append(last(reducer)) }
                if let reducer = Self.reducerTypeName(fromActionType: c.payload) { names.append(last(reducer)) }
            }
        }
        for a in facts.typealiases { names += FeatureIndex.baseNames(of: a.target) }
        return names.filter { !genericNames.contains($0) && !$0.isEmpty }
    }

    /// Names every feature declares (`Feature.State`, `Destination`, `Path`): searching for them reads every file.
    static let genericNames: Set<String> = ["State", "Action", "View", "Body", "Feature", "Destination", "Path", "Delegate", "Internal"]

    /// Types of the standard library and Apple's frameworks that apps extend (`extension String`, `extension View`):
    /// an extension of one says nothing about the project's features, and searching for its name would read
    /// nearly every file.
    static let platformTypeNames: Set<String> = [
        "Swift", "Foundation", "SwiftUI", "UIKit", "AppKit", "Combine",
        "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16",
        "UInt32", "UInt64", "Double", "Float", "CGFloat", "Bool", "Array", "Dictionary", "Set", "Optional", "Result",
        "Collection", "Sequence", "RandomAccessCollection", "MutableCollection", "RangeReplaceableCollection",
        "BidirectionalCollection", "StringProtocol", "BinaryInteger", "FloatingPoint", "Numeric", "Comparable",
        "Equatable", "Hashable", "Identifiable", "Codable", "Encodable", "Decodable", "Error", "Task", "Range",
        "ClosedRange", "Duration", "Date", "URL", "URLRequest", "URLSession", "Data", "UUID", "Locale", "Calendar",
        "TimeZone", "TimeInterval", "DateFormatter", "NumberFormatter", "JSONDecoder", "JSONEncoder", "Bundle",
        "FileManager", "UserDefaults", "NotificationCenter", "Notification", "NSAttributedString", "AttributedString",
        "IndexSet", "IndexPath", "View", "ViewModifier", "Color", "Font", "Image", "Text", "Binding", "Animation",
        "EdgeInsets", "Shape", "ShapeStyle", "ButtonStyle", "LabelStyle", "EnvironmentValues", "PreviewProvider",
        "UIColor", "UIFont", "UIImage", "UIView", "UIViewController", "UIApplication", "NSColor", "NSFont", "NSImage",
        "NSView", "CGPoint", "CGSize", "CGRect",
    ]

    /// `Child.Action`, `PresentationAction<Destination.Action>`, `IdentifiedActionOf<Row>`, `StackAction<Path.State,
    /// Path.Action>` → the reducer type named (`Child`, `Destination`, `Row`, `Path`); nil for other payloads.
    static func reducerTypeName(fromActionType type: String) -> String? {
        let text = type.withoutSpaces()
        if let open = text.firstRange(of: "ActionOf<") {
            let rest = text[open.upperBound...]
            return rest.prefix { $0 != ">" && $0 != "," }.lastDotComponent.map(String.init)
        }
        guard let range = text.ranges(of: ".Action").last else { return nil }
        let before = text[..<range.lowerBound]
        let start = before.lastIndex { "<,([: ?".contains($0) }.map { before.index(after: $0) } ?? before.startIndex
        let name = String(before[start...])
        return name.isEmpty ? nil : name
    }

    /// True when every path names a regular file (after links): the run lints single files, so the
    /// project they belong to is indexed around them.
    public static func areAllFiles(_ paths: [String]) -> Bool {
        !paths.isEmpty && paths.allSatisfy { path in
            var st = stat()
            return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG
        }
    }

    /// The nearest folder at or above the file's folder holding `.tca-lint.yml`, `Package.swift`, an
    /// `.xcodeproj` or `.git`.
    public static func projectRoot(of path: String) -> String? {
        var dir = Paths.directory(of: absolute(path))
        var steps = 0
        while steps < 256 {
            steps += 1
            if isProjectRoot(dir) { return dir }
            if dir == "/" { return nil }
            dir = Paths.directory(of: dir)
        }
        return nil
    }

    static let rootMarkers = [".tca-lint.yml", "Package.swift", ".git"]

    static func isProjectRoot(_ dir: String) -> Bool {
        for marker in rootMarkers where access(Paths.join(dir, marker), F_OK) == 0 { return true }
        guard let handle = opendir(dir) else { return false }
        defer { closedir(handle) }
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { p in
                p.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name.hasSuffix(".xcodeproj") { return true }
        }
        return false
    }

    static func absolute(_ path: String) -> String { Paths.absolute(path, base: Paths.currentDirectory()) }

    /// The file's bytes when it is readable UTF-8 text.
    public static func readText(_ path: String) -> [UInt8]? {
        guard case .success(let bytes) = FileReader.read(path), TextCheck.check(bytes) == nil else { return nil }
        return bytes
    }
}

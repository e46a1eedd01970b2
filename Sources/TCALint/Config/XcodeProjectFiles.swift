
/// The files an Xcode project holds, read from its `project.pbxproj`: the absolute paths of its file references,
/// resolved through its groups, and the folders it syncs whole (Xcode 16's `PBXFileSystemSynchronizedRootGroup`).
/// A Swift file under the project's folder that the project does not hold is compiled by none of its targets: a file
/// left behind by a move or a rename, whose code never runs.
public struct XcodeProjectFiles: Sendable {
    /// Absolute paths of the project's file references.
    var files: Set<String> = []
    /// Absolute paths of the folders the project syncs: every file below them is the project's.
    var syncedFolders: [String] = []

    /// Whether the project holds the file at absolute `path`.
    public func holds(_ path: String) -> Bool {
        files.contains(path) || syncedFolders.contains { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    /// Whether the project at `pbxproj` (a `…/X.xcodeproj/project.pbxproj`) leaves out the file at `path`: false when
    /// the project cannot be read or parsed, since a project not understood says nothing.
    public static func leaveOut(_ path: String, projectFile pbxproj: String) -> Bool {
        guard let project = XcodeProject.at(pbxproj)?.files else { return false }
        return !project.holds(Paths.absolute(path, base: Paths.currentDirectory()))
    }

    /// Reads `text`, a `project.pbxproj` whose project sits in `sourceRoot` (the folder holding the `.xcodeproj`);
    /// nil when it is not a project this reader understands.
    public init?(pbxproj text: String, sourceRoot: String) {
        var parser = PropertyListParser(Array(text.utf8))
        guard let root = parser.parse() else { return nil }
        self.init(root: root, sourceRoot: sourceRoot)
    }

    /// The same from the file's property list, parsed.
    init?(root value: PropertyListParser.Value, sourceRoot: String) {
        guard case .dictionary(let root) = value,
              case .dictionary(let objects)? = root["objects"],
              case .string(let rootID)? = root["rootObject"],
              case .dictionary(let project)? = objects[rootID],
              case .string(let mainGroup)? = project["mainGroup"] else { return nil }
        var pending: [(id: String, folder: String)] = [(mainGroup, sourceRoot)]
        var visited = Set<String>()
        while let next = pending.popLast() {
            let (id, parentFolder) = next
            guard visited.insert(id).inserted, case .dictionary(let object)? = objects[id],
                  case .string(let isa)? = object["isa"] else { continue }
            var path: String? = nil
            if case .string(let p)? = object["path"] { path = p }
            let tree: String
            if case .string(let t)? = object["sourceTree"] { tree = t } else { tree = "<group>" }
            let folder: String
            switch tree {
            case "<group>": folder = path.map { Paths.join(parentFolder, $0) } ?? parentFolder
            case "SOURCE_ROOT": folder = path.map { Paths.join(sourceRoot, $0) } ?? sourceRoot
            case "<absolute>": folder = path ?? parentFolder
            default: continue  // BUILT_PRODUCTS_DIR, SDKROOT, DEVELOPER_DIR: nothing of the project's folder
            }
            switch isa {
            case "PBXGroup", "PBXVariantGroup", "XCVersionGroup":
                if case .array(let children)? = object["children"] {
                    for case .string(let child) in children { pending.append((child, folder)) }
                }
            case "PBXFileSystemSynchronizedRootGroup":
                syncedFolders.append(Paths.normalize(folder))
            case "PBXFileReference":
                files.insert(Paths.normalize(folder))  // group paths may climb out: `../Shared`
            default:
                continue
            }
        }
    }
}

/// The old-style (OpenStep) property lists Xcode writes `project.pbxproj` in: `{ key = value; }`, `( a, b, )`,
/// quoted or bare strings, `/* … */` and `// …` comments. Values nested deeper than 64 levels, or text that is not
/// such a list, give nil.
struct PropertyListParser {
    indirect enum Value {
        case string(String)
        case array([Value])
        case dictionary([String: Value])
    }

    private let bytes: [UInt8]
    private var i = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func parse() -> Value? {
        // A `// !$*UTF8*$!` first line is a comment like any other.
        value(depth: 0)
    }

    private mutating func value(depth: Int) -> Value? {
        guard depth < 64 else { return nil }
        skipBlanks()
        guard i < bytes.count else { return nil }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var result: [String: Value] = [:]
            while true {
                skipBlanks()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: "}") { i += 1; return .dictionary(result) }
                guard case .string(let key)? = string() else { return nil }
                skipBlanks()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { return nil }
                i += 1
                guard let v = value(depth: depth + 1) else { return nil }
                skipBlanks()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ";") else { return nil }
                i += 1
                result[key] = v
            }
        case UInt8(ascii: "("):
            i += 1
            var result: [Value] = []
            while true {
                skipBlanks()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: ")") { i += 1; return .array(result) }
                guard let v = value(depth: depth + 1) else { return nil }
                result.append(v)
                skipBlanks()
                guard i < bytes.count else { return nil }
                if bytes[i] == UInt8(ascii: ",") { i += 1 } else if bytes[i] != UInt8(ascii: ")") { return nil }
            }
        default:
            return string()
        }
    }

    /// A quoted string or a run of bare characters. A quoted one's escapes: `\"`, `\\`, `\n`, `\t`, `\r`, `\U0010`
    /// (four hex digits: Xcode writes a control character in a folder's name so) and octal `\012`.
    private mutating func string() -> Value? {
        guard i < bytes.count else { return nil }
        if bytes[i] == UInt8(ascii: "\"") {
            i += 1
            var out: [UInt8] = []
            while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count {
                    i += 1
                    switch bytes[i] {
                    case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
                    case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
                    case UInt8(ascii: "r"): out.append(UInt8(ascii: "\r"))
                    case UInt8(ascii: "U") where i + 4 < bytes.count:
                        let hex = String(decoding: bytes[(i + 1)...(i + 4)], as: UTF8.self)
                        if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                            out.append(contentsOf: Array(String(Character(scalar)).utf8))
                            i += 4
                        } else {
                            out.append(bytes[i])
                        }
                    case UInt8(ascii: "0")...UInt8(ascii: "7"):
                        var value = 0, digits = 0
                        while digits < 3, i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[i]) {
                            value = value * 8 + Int(bytes[i] - UInt8(ascii: "0"))
                            digits += 1
                            i += 1
                        }
                        i -= 1
                        out.append(UInt8(truncatingIfNeeded: value))
                    default: out.append(bytes[i])
                    }
                } else {
                    out.append(bytes[i])
                }
                i += 1
            }
            guard i < bytes.count else { return nil }
            i += 1
            return .string(String(decoding: out, as: UTF8.self))
        }
        let start = i
        while i < bytes.count, Self.isBare(bytes[i]) { i += 1 }
        guard i > start else { return nil }
        return .string(String(decoding: bytes[start..<i], as: UTF8.self))
    }

    /// Characters of an unquoted string: letters, digits and `_$+/:.-`.
    private static func isBare(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") || c == UInt8(ascii: "$")
            || c == UInt8(ascii: "+") || c == UInt8(ascii: "/") || c == UInt8(ascii: ":") || c == UInt8(ascii: ".")
            || c == UInt8(ascii: "-")
    }

    private mutating func skipBlanks() {
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") {
                i += 1
            } else if c == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i = min(i + 2, bytes.count)
            } else if c == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
            } else {
                return
            }
        }
    }
}

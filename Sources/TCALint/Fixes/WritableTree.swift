#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `--fix` may write: inside the real paths of what it was asked to lint. The walk follows symbolic
/// links (a linked file or folder is linted like any other), but a file whose real path (`realpath(3)`:
/// every link resolved, in the file's name and in its folders) lies outside every root is not rewritten:
/// `tca-lint lint --fix Sources` must not change `../other/Target.swift` because `Sources/Link.swift`
/// points there.
///
/// The roots are the real paths of the folders given, and of the folders holding the files given (so a
/// file named on the command line is fixed through a link only when its target sits beside it or below).
public struct WritableTree: Sendable {
    /// Real, absolute paths of the folders writes may land in (and below).
    public let roots: [String]

    /// - Parameter operands: the paths the run lints (`.` when none is given). An operand that cannot be
    ///   resolved adds no root (it is not fixed either: it cannot be read).
    public init(operands: [String]) {
        var roots: [String] = []
        for operand in operands.isEmpty ? ["."] : operands {
            let folder = FileReader.isDirectory(operand) ? operand : Paths.directory(of: operand)
            if let real = Self.realPath(folder), !roots.contains(real) { roots.append(real) }
        }
        self.roots = roots
    }

    /// Nil when `path` may be written; otherwise the reason it may not (its real path, outside the roots).
    public func refusal(for path: String) -> String? {
        guard let real = Self.realPath(path) else {
            return "its real path cannot be resolved (\(String(cString: strerror(errno)))); not fixed"
        }
        if roots.contains(where: { real == $0 || real.hasPrefix($0 == "/" ? "/" : $0 + "/") }) { return nil }
        return "it is reached through a symbolic link and its real path, \(real), is outside the linted "
            + (roots.count == 1 ? "folder \(roots[0])" : "folders \(roots.joined(separator: ", "))")
            + "; linted, not fixed (fix it where it lives)"
    }

    /// `realpath(3)`: absolute, every symbolic link resolved; nil when a component is missing or unreadable.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

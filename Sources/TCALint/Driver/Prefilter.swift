#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A cheap byte search that lets the driver skip tokenizing files that cannot produce a finding.
///
/// Every rule needs a reducer type (`@Reducer`, `: Reducer`, `ReducerProtocol` all contain
/// `Reducer`), except `leftover_print_changes`, which needs `_printChanges`; disable comments
/// (`tca-lint:`) can produce `superfluous_disable`. A file containing none of the needles is
/// finding-free by construction. A rule that can fire without these words must add its needle here.
public enum Prefilter {
    /// The byte strings whose presence makes a file worth analysing. Keep this the only list.
    public static let needles: [[UInt8]] = [
        Array("Reducer".utf8),
        Array("_printChanges".utf8),
        Array("tca-lint:".utf8),
    ]

    /// True when any needle occurs in the bytes.
    public static func mayContainFinding(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { haystack in
            guard let base = haystack.baseAddress else { return false }
            for needle in needles {
                let found = needle.withUnsafeBytes { n in
                    search(base, haystack.count, n.baseAddress!, n.count)
                }
                if found { return true }
            }
            return false
        }
    }

    private typealias MemmemFunction = @convention(c) (
        UnsafeRawPointer?, Int, UnsafeRawPointer?, Int
    ) -> UnsafeMutableRawPointer?

    /// libc's `memmem` (SIMD two-way search). It is a GNU extension the Glibc module does not
    /// export, so it is looked up at run time; the fallback below is used if it is missing.
    private static let memmemFunction: MemmemFunction? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "memmem") else { return nil }
        return unsafeBitCast(symbol, to: MemmemFunction.self)
    }()

    static func search(_ haystack: UnsafeRawPointer, _ count: Int, _ needle: UnsafeRawPointer, _ needleCount: Int) -> Bool {
        if let memmem = memmemFunction { return memmem(haystack, count, needle, needleCount) != nil }
        guard needleCount > 0 else { return true }
        let first = Int32(needle.load(as: UInt8.self))
        var start = haystack
        let end = haystack + count
        while end - start >= needleCount, let hit = memchr(start, first, end - start - needleCount + 1) {
            if memcmp(hit, needle, needleCount) == 0 { return true }
            start = UnsafeRawPointer(hit) + 1
        }
        return false
    }
}

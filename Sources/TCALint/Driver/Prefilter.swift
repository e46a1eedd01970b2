#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A cheap byte search that lets the driver skip tokenizing files that cannot produce a finding.
///
/// Each rule names the byte strings without which it cannot fire (`RuleDescription.prefilterNeedles`:
/// `Reducer` for rules about reducer types — `@Reducer`, `: Reducer`, `ReducerProtocol` —,
/// `_printChanges`, `tca-lint:` for disable comments). A file containing none of them is finding-free
/// by construction; the fixture and document tests lint through this filter, so a rule that fires
/// without its needle fails them.
public enum Prefilter {
    /// Every rule's needles, once each, in registry order (less those another needle answers for).
    public static let needles: [[UInt8]] = withoutSupersets(RuleRegistry.all.flatMap { $0.description.prefilterNeedles }.map { Array($0.utf8) })

    /// The needles that do not contain another needle of the list (the first of equal ones), in the list's order:
    /// a file with `Reducer` has `Reduce`, so asking for both costs one `memmem` pass more for the same answer.
    static func withoutSupersets(_ needles: [[UInt8]]) -> [[UInt8]] {
        needles.enumerated().filter { i, needle in
            !needles.enumerated().contains { j, other in
                j != i && !other.isEmpty && other.count <= needle.count && (other.count < needle.count || j < i)
                    && contains(needle, needle: other)
            }
        }.map(\.element)
    }

    /// True when any needle occurs in the bytes (one pass, whatever their number).
    public static func mayContainFinding(_ bytes: [UInt8]) -> Bool { needleSet.occurs(in: bytes) }
    private static let needleSet = NeedleSet(needles)

    /// `mayContainFinding`, or a name of the project's own reducer protocols occurs: a file declaring
    /// `struct X: Feature` where another file declares `protocol Feature: Reducer` has no needle of its own.
    public static func mayContainFinding(_ bytes: [UInt8], projectNames: [[UInt8]]) -> Bool {
        mayContainFinding(bytes, projectNames: NameNeedles(bytes: projectNames))
    }

    /// The same with the names prepared once (`FeatureIndex.projectReducerProtocolNeedles`): one pass over the
    /// file whatever their number.
    public static func mayContainFinding(_ bytes: [UInt8], projectNames: NameNeedles) -> Bool {
        mayContainFinding(bytes) || projectNames.occurs(in: bytes)
    }

    /// True when `needle` occurs in the bytes.
    public static func contains(_ bytes: [UInt8], needle: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { haystack in
            guard let base = haystack.baseAddress else { return false }
            return needle.withUnsafeBytes { n in search(base, haystack.count, n.baseAddress!, n.count) }
        }
    }

    /// The offset of the first occurrence of `needle` at or after `from` (and wholly before `end`, when given), or nil.
    public static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from: Int, to end: Int? = nil) -> Int? {
        let end = min(end ?? bytes.count, bytes.count)
        guard from >= 0, from < end, !needle.isEmpty else { return nil }
        return bytes.withUnsafeBytes { haystack in
            guard let base = haystack.baseAddress else { return nil }
            return needle.withUnsafeBytes { n in
                find(base + from, end - from, n.baseAddress!, n.count).map { $0 - base }
            }
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
        guard needleCount > 0 else { return true }
        return find(haystack, count, needle, needleCount) != nil
    }

    /// Where the needle (not empty) first occurs in the haystack.
    private static func find(_ haystack: UnsafeRawPointer, _ count: Int, _ needle: UnsafeRawPointer, _ needleCount: Int) -> UnsafeRawPointer? {
        if let memmem = memmemFunction { return memmem(haystack, count, needle, needleCount).map { UnsafeRawPointer($0) } }
        let first = Int32(needle.load(as: UInt8.self))
        var start = haystack
        let end = haystack + count
        while end - start >= needleCount, let hit = memchr(start, first, end - start - needleCount + 1) {
            if memcmp(hit, needle, needleCount) == 0 { return UnsafeRawPointer(hit) }
            start = UnsafeRawPointer(hit) + 1
        }
        return nil
    }
}

/// Fingerprints that identify a finding across runs even when lines are inserted above it,
/// for SARIF `partialFingerprints` and Code Climate `fingerprint`.
///
/// Inputs: the path relative to the report's directory, the rule id, the source line's text
/// with surrounding whitespace trimmed (re-indenting does not change it), the message, and
/// the occurrence index among findings with all four equal (two identical findings in a file
/// stay distinct). Line and column numbers are deliberately not inputs.
///
/// The hash is FNV-1a 64 written here, not `Hasher`, whose seed changes on every launch.
public enum Fingerprint {
    /// One fingerprint (16 lowercase hex digits) per diagnostic, in the same order.
    /// Occurrence indices follow the order of `diagnostics` (report order).
    public static func stableFingerprints(for diagnostics: [Diagnostic], relativeTo directory: String) -> [String] {
        var occurrences: [String: Int] = [:]
        var paths = RelativePath.Cache(base: directory)
        return diagnostics.map { d in
            let key = [
                paths.relative(d.path),
                d.ruleID,
                trimmed(d.lineText),
                d.message,
            ].joined(separator: "\u{0}")
            let index = occurrences[key, default: 0]
            occurrences[key] = index + 1
            return Hex.sixteenDigits(fnv1a64(Array((key + "\u{0}" + String(index)).utf8)))
        }
    }

    /// FNV-1a, 64-bit (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
    public static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// Strips spaces, tabs and other Unicode whitespace from both ends.
    static func trimmed(_ s: String) -> String { s.trimmingScalars { $0.properties.isWhitespace } }
}

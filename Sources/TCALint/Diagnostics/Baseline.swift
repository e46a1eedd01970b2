#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Recorded findings of an existing codebase, so that only new ones are reported
/// (`--write-baseline FILE`, `--baseline FILE`).
///
/// A finding is identified by (path relative to the baseline file's folder, rule id, its source
/// line's text with surrounding whitespace trimmed) — not by line number, so code inserted above a
/// finding does not revive it, and not by message, whose details change with unrelated code (the
/// cases a switch handles, say). The baseline is a multiset: a line with two findings of one rule
/// needs two entries, and a third is new. The message is stored for people reading the file.
/// Paths relative to the baseline's folder match wherever the command runs from.
///
/// File format: JSON, entries sorted, one per line, so that reviews diff well:
///
///     {
///       "version": 1,
///       "findings": [
///         {"path": "Sources/A.swift", "rule": "reduce_before_scope", "line": "Reduce { … }", "message": "…"}
///       ]
///     }
public struct Baseline: Equatable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var path: String
        public var ruleID: String
        public var lineText: String
        public var message: String

        public init(path: String, ruleID: String, lineText: String, message: String) {
            self.path = path
            self.ruleID = ruleID
            self.lineText = lineText
            self.message = message
        }

        /// What matching compares: everything but the message.
        struct Key: Hashable {
            var path: String
            var ruleID: String
            var lineText: String
        }

        var key: Key { Key(path: path, ruleID: ruleID, lineText: lineText) }

        /// Byte-wise order, independent of locale and Unicode normalisation.
        static func precedes(_ a: Entry, _ b: Entry) -> Bool {
            for (x, y) in [(a.path, b.path), (a.ruleID, b.ruleID), (a.lineText, b.lineText), (a.message, b.message)] where x != y {
                return x.utf8.lexicographicallyPrecedes(y.utf8)
            }
            return false
        }
    }

    public struct ReadError: Error, Equatable, CustomStringConvertible, Sendable {
        public var path: String
        public var message: String
        public var description: String { "\(path): error: \(message)" }
    }

    public static let formatVersion = 1

    /// Sorted.
    public private(set) var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries.sorted(by: Entry.precedes)
    }

    /// The baseline of `diagnostics`. Paths are stored relative to `root` (the baseline file's
    /// folder; relative diagnostic paths are first resolved against `workingDirectory`).
    public init(diagnostics: [Diagnostic], root: String,
                workingDirectory: String = FileManager.default.currentDirectoryPath) {
        self.init(entries: diagnostics.map { Baseline.entry(for: $0, root: root, workingDirectory: workingDirectory) })
    }

    /// The folder a baseline file's paths are relative to: its own.
    public static func root(ofFile path: String,
                            workingDirectory: String = FileManager.default.currentDirectoryPath) -> String {
        Paths.directory(of: Paths.absolute(path, base: Paths.normalize(workingDirectory)))
    }

    public static func entry(for d: Diagnostic, root: String,
                             workingDirectory: String = FileManager.default.currentDirectoryPath) -> Entry {
        let absolute = Paths.absolute(d.path, base: Paths.normalize(workingDirectory))
        let rootPath = Paths.absolute(root, base: Paths.normalize(workingDirectory))
        return Entry(path: Paths.relative(absolute, to: rootPath), ruleID: d.ruleID,
                     lineText: d.lineText.trimmingBlanks(), message: d.message)
    }

    /// The diagnostics not covered by the baseline, in their given order. Each entry covers one
    /// diagnostic; earlier diagnostics (in the order given) are covered first.
    public func filter(_ diagnostics: [Diagnostic], root: String,
                       workingDirectory: String = FileManager.default.currentDirectoryPath) -> [Diagnostic] {
        var remaining: [Entry.Key: Int] = [:]
        for entry in entries { remaining[entry.key, default: 0] += 1 }
        return diagnostics.filter { d in
            let key = Baseline.entry(for: d, root: root, workingDirectory: workingDirectory).key
            guard let count = remaining[key], count > 0 else { return true }
            remaining[key] = count - 1
            return false
        }
    }

    // MARK: - File format

    /// The file's text: deterministic for a given set of entries.
    public func serialized() -> String {
        var out = "{\n  \"version\": \(Baseline.formatVersion),\n  \"findings\": ["
        if entries.isEmpty {
            out += "]\n}\n"
            return out
        }
        out += "\n"
        for (i, e) in entries.enumerated() {
            out += "    {\"path\": \(json(e.path)), \"rule\": \(json(e.ruleID)), \"line\": \(json(e.lineText)), \"message\": \(json(e.message))}"
            out += i + 1 < entries.count ? ",\n" : "\n"
        }
        out += "  ]\n}\n"
        return out
    }

    /// Writes the baseline atomically (see `AtomicFileWriter`).
    public func write(to path: String) throws {
        try AtomicFileWriter.write(Array(serialized().utf8), to: path)
    }

    public static func read(from path: String) throws -> Baseline {
        switch FileReader.read(path, limit: FileReader.Limit.baseline) {
        case .success(let bytes):
            return try parse(Data(bytes), path: path)
        case .failure(.cannotOpen(let reason)):
            throw ReadError(path: path, message: "cannot read the baseline file (\(reason))")
        case .failure(let failure):
            throw ReadError(path: path, message: "cannot read the baseline file: \(failure)")
        }
    }

    public static func parse(_ data: Data, path: String) throws -> Baseline {
        func fail(_ message: String) -> ReadError {
            ReadError(path: path, message: "broken baseline: \(message); regenerate it with --write-baseline")
        }
        guard let object = try? JSONReader.parse([UInt8](data)) else {
            throw fail("not valid JSON")
        }
        guard let top = object as? [String: Any] else { throw fail("expected a JSON object at the top level") }
        guard let version = top["version"] as? Int else { throw fail("missing \"version\"") }
        guard version == formatVersion else {
            throw ReadError(path: path, message: "baseline format version \(version) is not supported (expected \(formatVersion))")
        }
        guard let findings = top["findings"] as? [Any] else { throw fail("missing \"findings\" array") }
        var entries: [Entry] = []
        for (i, item) in findings.enumerated() {
            guard let fields = item as? [String: Any] else { throw fail("finding \(i + 1) is not an object") }
            var values: [String] = []
            for key in ["path", "rule", "line", "message"] {
                guard let value = fields[key] as? String else {
                    throw fail("finding \(i + 1) has no string \"\(key)\"")
                }
                values.append(value)
            }
            entries.append(Entry(path: values[0], ruleID: values[1], lineText: values[2], message: values[3]))
        }
        return Baseline(entries: entries)
    }

    private func json(_ s: String) -> String { JSONWriter.quoted(s) }
}

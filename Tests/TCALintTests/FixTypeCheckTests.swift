import Foundation
import XCTest
@testable import TCALint

/// Every fix, safe or unsafe, leaves code that type-checks as before: `swiftc -typecheck` over each file of
/// `fixtures/fixes/` and its `.fixed` text, and over small projects fixed by the binary, against stand-ins for
/// TCA and SwiftUI (`Tests/TypeCheck`, see its README), with and without `-D DEBUG` (so both branches of an
/// `#if DEBUG` are compiled). Skipped, with the reason, when no `swiftc` runs here.
final class FixTypeCheckTests: XCTestCase {
    static let standIns = PackagePaths.root.appendingPathComponent("Tests/TypeCheck")

    /// The stand-in modules, compiled once per test run (nil and the reason when swiftc is missing or fails).
    static let modules: Result<URL, TypeCheckUnavailable> = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tca-lint-typecheck-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for module in ["ComposableArchitecture", "SwiftUI"] {
            let result = swiftc(["-emit-module", "-module-name", module, "-parse-as-library", "-swift-version", "5",
                                 "-o", directory.appendingPathComponent(module + ".swiftmodule").path,
                                 standIns.appendingPathComponent(module + ".swift").path], in: directory)
            if result.status == 127 { return .failure(TypeCheckUnavailable(reason: "swiftc not found (needed to type-check fixed code)")) }
            if result.status != 0 {
                return .failure(TypeCheckUnavailable(reason: "the \(module) stand-in does not compile with this swiftc: \(result.output.prefix(2000))"))
            }
        }
        return .success(directory)
    }()

    struct TypeCheckUnavailable: Error { var reason: String }

    /// The stand-ins use `Clock` and `Duration` (macOS 13, as the package itself): on macOS the target says so.
    static let target: [String] = {
        #if os(macOS)
        #if arch(arm64)
        return ["-target", "arm64-apple-macos13"]
        #else
        return ["-target", "x86_64-apple-macos13"]
        #endif
        #else
        return []
        #endif
    }()

    static func swiftc(_ arguments: [String], in directory: URL) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + target + arguments
        process.currentDirectoryURL = directory
        let output = directory.appendingPathComponent("swiftc-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        guard let handle = try? FileHandle(forWritingTo: output) else { return (1, "cannot write \(output.path)") }
        process.standardOutput = handle
        process.standardError = handle
        do { try process.run() } catch { return (127, "\(error)") }
        process.waitUntilExit()
        try? handle.close()
        return (process.terminationStatus, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }

    /// What TCA's macros would generate, written out (the same rewrite before and after a fix): `@Reducer`
    /// before `struct Name` becomes the conformance `struct Name: Reducer`, `@ObservableState` goes.
    static func expandingMacros(_ text: String) -> String {
        var out = text.replacingOccurrences(of: "@ObservableState", with: "")
        let pattern = #"@Reducer(?:\([^)]*\))?\s+((?:(?:public|internal|fileprivate|private|final)\s+)*struct\s+)(\w+)\s*(:[^{]*)?\{"#
        let regex = try! NSRegularExpression(pattern: pattern)
        for match in regex.matches(in: out, range: NSRange(out.startIndex..., in: out)).reversed() {
            let group = { (i: Int) -> String? in Range(match.range(at: i), in: out).map { String(out[$0]) } }
            let inherits = group(3).map { $0.dropFirst().trimmingCharacters(in: .whitespacesAndNewlines) }
            let header = group(1)! + group(2)! + (inherits.map { ": Reducer, \($0) {" } ?? ": Reducer {")
            out.replaceSubrange(Range(match.range, in: out)!, with: header)
        }
        return out
    }

    /// The build configurations to compile in: none, `DEBUG`, and each name a `#if` / `#elseif` of the files tests.
    static func configurations(of files: [(name: String, text: String)]) -> [[String]] {
        var names = ["DEBUG"]
        let regex = try! NSRegularExpression(pattern: #"#(?:else)?if\s+!?([A-Za-z_][A-Za-z0-9_]*)"#)
        for file in files {
            for match in regex.matches(in: file.text, range: NSRange(file.text.startIndex..., in: file.text)) {
                if let range = Range(match.range(at: 1), in: file.text), !names.contains(String(file.text[range])) {
                    names.append(String(file.text[range]))
                }
            }
        }
        return [[]] + names.map { [$0] }
    }

    /// The errors swiftc reports for these files (name → text), with the macros written out, compiled in each
    /// of their build configurations (`configurations(of:)`); "" when there are none.
    func typeCheckErrors(_ files: [(name: String, text: String)], configurations given: [[String]]? = nil) throws -> String {
        let configurations = given ?? Self.configurations(of: files)
        let modules: URL
        switch Self.modules {
        case .success(let url): modules = url
        case .failure(let unavailable): throw XCTSkip(unavailable.reason)
        }
        let directory = modules.appendingPathComponent("check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for file in files {
            try Self.expandingMacros(file.text).write(to: directory.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
        }
        var errors = ""
        for defines in configurations {
            let result = Self.swiftc(["-typecheck", "-swift-version", "5", "-I", modules.path] + defines.flatMap { ["-D", $0] }
                                     + files.map(\.name), in: directory)
            let lines = result.output.split(separator: "\n").filter { $0.contains("error:") && !$0.hasPrefix(" ") }
            if result.status != 0 {
                errors += "with \(defines.isEmpty ? "no -D" : "-D " + defines.joined(separator: " -D ")):\n" + lines.joined(separator: "\n") + "\n"
            }
        }
        return errors
    }

    func context(_ fixture: String) throws -> (name: String, text: String) {
        let url = Self.standIns.appendingPathComponent("Context/\(fixture).swift")
        return ("Context\(fixture).swift", try String(contentsOf: url, encoding: .utf8))
    }

    /// Each fixture of `fixtures/fixes` type-checks against the stand-ins (so the harness sees real code),
    /// and so does its `.fixed` text, which FixFixtureTests checks is what `--fix --unsafe` writes.
    func testEveryFixFixtureTypeChecksBeforeAndAfterItsFixes() throws {
        let directory = FixFixtureTests.fixesDirectory
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 4)
        for name in names {
            let fixture = String(name.dropLast(".swift".count))
            let context = try self.context(fixture)
            let before = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            let after = try String(contentsOf: directory.appendingPathComponent(name + ".fixed"), encoding: .utf8)
            XCTAssertNotEqual(before, after, name)
            XCTAssertEqual(try typeCheckErrors([(name, before), context]), "",
                           "fixtures/fixes/\(name) must type-check against the stand-ins before its fixes (extend Tests/TypeCheck)")
            XCTAssertEqual(try typeCheckErrors([(name, after), context]), "", "fixtures/fixes/\(name).fixed does not type-check")
        }
    }

    /// The `fix-before` / `fix-after` examples of every rule document type-check (with `Context/rule-<id>.swift`
    /// where the example leaves declarations out).
    func testEveryRuleDocumentFixExampleTypeChecksBeforeAndAfter() throws {
        var checked = 0
        for (id, url) in try PackagePaths.ruleDocumentFiles() {
            let document = RuleDocument.parse(try PackagePaths.read(url))
            let contextURL = Self.standIns.appendingPathComponent("Context/rule-\(id).swift")
            let context = FileManager.default.fileExists(atPath: contextURL.path)
                ? [(name: "Context.swift", text: try String(contentsOf: contextURL, encoding: .utf8))] : []
            for (before, after) in document.fixExamples {
                for (kind, block) in [("fix-before", before), ("fix-after", after)] {
                    let file = (name: "Example.swift", text: "import ComposableArchitecture\n" + block.code)
                    XCTAssertEqual(try typeCheckErrors([file] + context), "",
                                   "rules/\(id).md:\(block.fenceLine) (\(kind)) does not type-check (add what it leaves out to Tests/TypeCheck/Context/rule-\(id).swift)")
                }
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 5)
    }

    /// The harness can fail: a fix that leaves a dangling prefix operator (what leftover_print_changes once
    /// wrote for `!._printChanges()`) or declares a member twice does not type-check.
    func testTheHarnessCatchesCodeThatNoLongerTypeChecks() throws {
        let reducer = "import ComposableArchitecture\n@Reducer\nstruct F {\n  struct State {}\n  enum Action {}\n"
            + "  var body: some ReducerOf<Self> { Reduce { _, _ in .none } }\n"
        XCTAssertEqual(try typeCheckErrors([("F.swift", reducer + "  @Dependency(\\.date) var date\n}\n")]), "")
        XCTAssertNotEqual(try typeCheckErrors([("F.swift", reducer + "  func f() -> Bool { return ! }\n}\n")]), "")
        let twice = try typeCheckErrors([("F.swift", reducer + "  @Dependency(\\.date) var date\n}\n"),
                                         ("G.swift", "import Foundation\nextension F {\n  var date: Date { .now }\n}\n")])
        XCTAssertTrue(twice.contains("invalid redeclaration of 'date'"), twice)
        let debugOnly = try typeCheckErrors([("F.swift", reducer + "  #if DEBUG\n  @Dependency(\\.date) var date\n  #endif\n  func f() -> Date { self.date.now }\n}\n")])
        XCTAssertTrue(debugOnly.contains("with no -D:"), debugOnly)
    }

    /// `uncontrolled_dependency`'s unsafe fix, through the binary, on small projects: it must not add
    /// `@Dependency(\.date) var date` where another file's extension declares `date`, must add the property
    /// outside `#if DEBUG` / `#else` when each branch has its own `body`, and every project type-checks after.
    func testUncontrolledDependencyFixesTypeCheckAcrossFilesAndBuildConfigurations() throws {
        let reducer = { (name: String, body: String) in
            "import ComposableArchitecture\n\n@Reducer\nstruct \(name) {\n  struct State: Equatable {\n    var startedAt: Date?\n  }\n\n"
                + "  enum Action {\n    case startTapped\n  }\n\n" + body + "}\n"
        }
        let plainBody = "  var body: some ReducerOf<Self> {\n    Reduce { state, action in\n      state.startedAt = Date()\n      return .none\n    }\n  }\n"
        let twoBodies = "  #if DEBUG\n  var body: some ReducerOf<Self> {\n    Reduce { state, action in\n      state.startedAt = Date()\n      return .none\n    }\n    ._printChanges()\n  }\n"
            + "  #else\n  var body: some ReducerOf<Self> {\n    Reduce { state, action in\n      state.startedAt = Date()\n      return .none\n    }\n  }\n  #endif\n"
        let dateElsewhere = "import Foundation\n\nextension Stopwatch {\n  /// The day the stopwatch shows.\n  var date: Date { Date(timeIntervalSince1970: 0) }\n}\n"
        let clockElsewhere = "import Foundation\n\nextension Lap {\n  var clock: Int { 0 }\n}\n"
        let projects: [(files: [(String, String)], fixed: [String: String])] = [
            // The name is taken in a file outside the folder fixed (and without `Reduce` in it): no property is
            // added, the call stays (and keeps its finding).
            ([("Sources/Stopwatch.swift", reducer("Stopwatch", plainBody)), ("Other/Stopwatch+Date.swift", dateElsewhere)], [:]),
            // A name another file takes for something else does not stop the fix.
            ([("Sources/Lap.swift", reducer("Lap", plainBody)), ("Other/Lap+Clock.swift", clockElsewhere)],
             ["Sources/Lap.swift": reducer("Lap", "  @Dependency(\\.date) var date\n\n" + plainBody.replacingOccurrences(of: "Date()", with: "self.date.now"))]),
            // Two bodies, one per build configuration: the property goes above the `#if`.
            ([("Sources/Timer.swift", reducer("Timer", twoBodies))],
             ["Sources/Timer.swift": reducer("Timer", "  @Dependency(\\.date) var date\n\n" + twoBodies.replacingOccurrences(of: "Date()", with: "self.date.now"))]),
        ]
        for (files, fixed) in projects {
            let tree = try ScratchTree()
            try tree.write(".tca-lint.yml", "opt_in_rules: [all]\n")
            for (path, text) in files { try tree.write(path, text) }
            let before = files.map { (name: $0.0.replacingOccurrences(of: "/", with: "_"), text: $0.1) }
            XCTAssertEqual(try typeCheckErrors(before), "", "\(files.map(\.0)) before")
            let run = try CLI.run(["lint", "--fix", "--unsafe", "--quiet", "Sources"], in: tree.root)
            XCTAssertNotEqual(run.status, 2, run.stderr)
            let after = try files.map { (name: $0.0.replacingOccurrences(of: "/", with: "_"),
                                         text: try String(contentsOfFile: tree.path($0.0), encoding: .utf8)) }
            XCTAssertEqual(try typeCheckErrors(after), "", "\(files.map(\.0)) after --fix --unsafe")
            for (path, text) in files {
                XCTAssertEqual(try String(contentsOfFile: tree.path(path), encoding: .utf8), fixed[path] ?? text, path)
            }
        }
    }
}

import XCTest
@testable import TCALint

/// The seven rule ids of the product, as the configuration sees them.
let knownRulesForTests: [RuleConfigInfo] = [
    RuleConfigInfo(id: "reduce_before_scope", defaultSeverity: .warning),
    RuleConfigInfo(id: "binding_reducer_not_first", defaultSeverity: .warning),
    RuleConfigInfo(id: "send_for_logic_reuse", defaultSeverity: .warning),
    RuleConfigInfo(id: "expensive_body", defaultSeverity: .warning,
                   options: [RuleOptionSpec(name: "max_statements", kind: .integer, defaultValue: .integer(20))]),
    RuleConfigInfo(id: "body_and_reduce", defaultSeverity: .error),
    RuleConfigInfo(id: "leftover_print_changes", defaultSeverity: .warning, isOptIn: true),
    RuleConfigInfo(id: "superfluous_disable", defaultSeverity: .warning),
]

final class ConfigurationTests: XCTestCase {
    private func load(_ text: String, path: String = "/repo/.tca-lint.yml") throws -> Configuration {
        try Configuration(parsing: Array(text.utf8), path: path, knownRules: knownRulesForTests, workingDirectory: "/repo")
    }

    private func problems(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            _ = try load(text, path: "cfg.yml")
            XCTFail("accepted", file: file, line: line)
            return []
        } catch let e as ConfigurationError {
            return e.problems.map(\.description)
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return []
        }
    }

    func testDefaults() {
        let c = Configuration(knownRules: knownRulesForTests, workingDirectory: "/repo")
        XCTAssertEqual(c.enabledRuleIDs, ["reduce_before_scope", "binding_reducer_not_first", "send_for_logic_reuse",
                                          "expensive_body", "body_and_reduce", "superfluous_disable"])
        XCTAssertEqual(c.severity(for: "body_and_reduce"), .error)
        XCTAssertEqual(c.ruleSettings["expensive_body"]?.options["max_statements"], .integer(20))
        XCTAssertFalse(c.strict)
        XCTAssertTrue(c.isIncluded("Sources/A.swift"))
    }

    func testFullFile() throws {
        let c = try load("""
        included: [Sources, Tests]
        excluded:
          - Sources/Generated
          - "**/Previews/**"
        disabled_rules: [send_for_logic_reuse]
        opt_in_rules:
          - leftover_print_changes
        strict: true
        leftover_print_changes: { excluded: ["**/Debug/**"], severity: error }
        body_and_reduce: warning
        expensive_body:
          max_statements: 40
        """)
        XCTAssertEqual(c.enabledRuleIDs, ["reduce_before_scope", "binding_reducer_not_first", "expensive_body",
                                          "body_and_reduce", "leftover_print_changes", "superfluous_disable"])
        XCTAssertTrue(c.strict)
        XCTAssertEqual(c.severity(for: "leftover_print_changes"), .error)
        XCTAssertEqual(c.severity(for: "body_and_reduce"), .warning)
        XCTAssertEqual(c.ruleSettings["expensive_body"]?.options["max_statements"], .integer(40))

        XCTAssertTrue(c.isIncluded("Sources/App/Feature.swift"))
        XCTAssertTrue(c.isIncluded("/repo/Tests/FeatureTests.swift"))
        XCTAssertFalse(c.isIncluded("Scripts/tool.swift"))                     // not under included
        XCTAssertFalse(c.isIncluded("Sources/Generated/Strings.swift"))        // excluded directory
        XCTAssertFalse(c.isIncluded("Sources/App/Previews/FeaturePreview.swift"))
        XCTAssertFalse(c.isIncluded("./Sources/../Sources/Generated/x.swift"))
        XCTAssertFalse(c.shouldDescend(intoDirectory: "Sources/Generated"))
        XCTAssertTrue(c.shouldDescend(intoDirectory: "Sources/App"))

        XCTAssertTrue(c.isExcluded("Sources/Debug/Panel.swift", forRule: "leftover_print_changes"))
        XCTAssertFalse(c.isExcluded("Sources/Debug/Panel.swift", forRule: "reduce_before_scope"))
        XCTAssertFalse(c.isExcluded("Sources/App/Panel.swift", forRule: "leftover_print_changes"))
    }

    func testPatternsAreRelativeToTheConfigFileNotTheWorkingDirectory() throws {
        let c = try Configuration(parsing: Array("excluded: [Generated]".utf8), path: "sub/.tca-lint.yml",
                                  knownRules: knownRulesForTests, workingDirectory: "/repo")
        XCTAssertEqual(c.baseDirectory, "/repo/sub")
        XCTAssertFalse(c.isIncluded("sub/Generated/a.swift"))
        XCTAssertTrue(c.isIncluded("Generated/a.swift"))
    }

    func testOnlyRules() throws {
        let c = try load("only_rules: [body_and_reduce, leftover_print_changes]")
        XCTAssertEqual(c.enabledRuleIDs, ["body_and_reduce", "leftover_print_changes"])
        let all = try load("opt_in_rules: [all]\ndisabled_rules: [expensive_body]")
        XCTAssertTrue(all.isEnabled("leftover_print_changes"))
        XCTAssertFalse(all.isEnabled("expensive_body"))
    }

    func testOnlyRulesWithDisabledRulesIsRefused() {
        XCTAssertEqual(problems("disabled_rules: [expensive_body]\nonly_rules: [body_and_reduce]"),
                       ["cfg.yml:2:1: error: 'disabled_rules' or 'opt_in_rules' cannot be used in combination with 'only_rules'; keep only 'only_rules'"])
    }

    func testUnknownKeysAndRuleIDsNameTheClosest() {
        XCTAssertEqual(problems("exclude: [a]\ndisabled_rules:\n  - reduce_befor_scope\n  - binding_reducer_first\nexpensive_bodyy: error"), [
            "cfg.yml:1:1: error: unknown key 'exclude'; did you mean 'excluded'?",
            "cfg.yml:3:5: error: unknown rule 'reduce_befor_scope' in 'disabled_rules'; did you mean 'reduce_before_scope'?",
            "cfg.yml:4:5: error: unknown rule 'binding_reducer_first' in 'disabled_rules'; did you mean 'binding_reducer_not_first'?",
            "cfg.yml:5:1: error: unknown key 'expensive_bodyy'; did you mean 'expensive_body'?",
        ])
    }

    func testRuleSectionValidation() {
        XCTAssertEqual(problems("""
        body_and_reduce:
          severity: erorr
          exclude: [x]
        expensive_body:
          max_statement: 3
          max_statements: many
        reduce_before_scope: [x]
        """), [
            "cfg.yml:2:13: error: the severity of 'body_and_reduce' must be warning or error; did you mean 'error'?",
            "cfg.yml:3:3: error: unknown option 'exclude' for rule 'body_and_reduce'; did you mean 'excluded'?",
            "cfg.yml:5:3: error: unknown option 'max_statement' for rule 'expensive_body'; did you mean 'max_statements'?",
            "cfg.yml:6:19: error: 'expensive_body.max_statements' expects an integer",
            "cfg.yml:7:22: error: the section of 'reduce_before_scope' must be a mapping (e.g. `severity: error`), not a sequence",
        ])
    }

    func testValueTypeValidation() {
        XCTAssertEqual(problems("strict: yes\nincluded: {a: b}\nexcluded: [[a]]\nopt_in_rules: [~]"), [
            "cfg.yml:1:9: error: 'strict' expects true or false",
            "cfg.yml:2:11: error: 'included' expects a list of strings, not a mapping",
            "cfg.yml:3:12: error: 'excluded' expects a list of strings, but this item is a sequence",
            "cfg.yml:4:16: error: empty item in 'opt_in_rules'; remove it or write a value",
        ])
        XCTAssertEqual(problems("- a"), ["cfg.yml:1:1: error: the configuration must be a mapping of `key: value` lines, not a sequence"])
        XCTAssertEqual(problems("disabled_rules: [all]"),
                       ["cfg.yml:1:18: error: unknown rule 'all' in 'disabled_rules'; valid: reduce_before_scope, binding_reducer_not_first, "
                        + "send_for_logic_reuse, expensive_body, body_and_reduce, leftover_print_changes, superfluous_disable"])
    }

    func testYAMLErrorsSurfaceWithPosition() {
        XCTAssertEqual(problems("excluded:\n  - **/Previews/**"),
                       [#"cfg.yml:2:5: error: `*` starts a YAML alias, which is not supported; if this is a glob, quote it: "**/Previews/**""#])
    }

    func testPrintEffectiveRoundTrips() throws {
        let c = try load("""
        included: ["Sources"]
        excluded: ["a \\"quoted\\" dir", "**/Previews/**"]
        opt_in_rules: [leftover_print_changes]
        disabled_rules: [send_for_logic_reuse]
        leftover_print_changes: { excluded: ["**/Debug/**"], severity: error }
        """)
        let printed = c.printEffective()
        XCTAssertEqual(printed, """
        # Effective tca-lint configuration.
        # Read from: /repo/.tca-lint.yml
        # Paths are relative to: /repo
        included:
          - "Sources"
        excluded:
          - "a \\"quoted\\" dir"
          - "**/Previews/**"
        disabled_rules: []
        opt_in_rules: []
        only_rules:
          - reduce_before_scope
          - binding_reducer_not_first
          - expensive_body
          - body_and_reduce
          - leftover_print_changes
          - superfluous_disable
        strict: false
        reduce_before_scope:
          severity: warning
          excluded: []
        binding_reducer_not_first:
          severity: warning
          excluded: []
        send_for_logic_reuse:  # not enabled
          severity: warning
          excluded: []
        expensive_body:
          severity: warning
          excluded: []
          max_statements: 20
        body_and_reduce:
          severity: error
          excluded: []
        leftover_print_changes:
          severity: error
          excluded:
            - "**/Debug/**"
        superfluous_disable:
          severity: warning
          excluded: []

        """)
        let again = try load(printed)
        XCTAssertEqual(again.enabledRuleIDs, c.enabledRuleIDs)
        XCTAssertEqual(again.ruleSettings, c.ruleSettings)
        XCTAssertEqual(again.excluded, c.excluded)
        XCTAssertEqual(again.included, c.included)
    }

    func testLoaderFindsNearestFileAndReportsMissingExplicitFile() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tca-config-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/a/b/c", withIntermediateDirectories: true)
        try "strict: true\n".write(toFile: root + "/.tca-lint.yml", atomically: true, encoding: .utf8)
        try "strict: false\n".write(toFile: root + "/a/.tca-lint.yml", atomically: true, encoding: .utf8)

        XCTAssertEqual(ConfigurationLoader.findConfigFile(from: root + "/a/b/c"), root + "/a/.tca-lint.yml")
        let nearest = try ConfigurationLoader.load(workingDirectory: root + "/a/b/c", knownRules: knownRulesForTests)
        XCTAssertEqual(nearest.configFilePath, root + "/a/.tca-lint.yml")
        XCTAssertFalse(nearest.strict)
        let top = try ConfigurationLoader.load(workingDirectory: root, knownRules: knownRulesForTests)
        XCTAssertTrue(top.strict)
        let explicit = try ConfigurationLoader.load(explicitPath: "../../../.tca-lint.yml",
                                                    workingDirectory: root + "/a/b/c", knownRules: knownRulesForTests)
        XCTAssertTrue(explicit.strict)
        XCTAssertEqual(explicit.baseDirectory, root)

        XCTAssertThrowsError(try ConfigurationLoader.load(explicitPath: "missing.yml", workingDirectory: root,
                                                          knownRules: knownRulesForTests)) { error in
            XCTAssertEqual((error as? ConfigurationError)?.description, "missing.yml: error: configuration file not found")
        }
    }
}

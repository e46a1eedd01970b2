import XCTest
@testable import TCALint

/// The seven rule ids of the product, as the configuration sees them.
let knownRulesForTests: [RuleConfigInfo] = [
    RuleConfigInfo(id: "reduce_before_scope", defaultSeverity: .warning),
    RuleConfigInfo(id: "binding_reducer_not_first", defaultSeverity: .warning),
    RuleConfigInfo(id: "send_for_logic_reuse", defaultSeverity: .warning),
    RuleConfigInfo(id: "expensive_body", defaultSeverity: .warning),
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
        """)
        XCTAssertEqual(c.enabledRuleIDs, ["reduce_before_scope", "binding_reducer_not_first", "expensive_body",
                                          "body_and_reduce", "leftover_print_changes", "superfluous_disable"])
        XCTAssertTrue(c.strict)
        XCTAssertEqual(c.severity(for: "leftover_print_changes"), .error)
        XCTAssertEqual(c.severity(for: "body_and_reduce"), .warning)

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

    /// A configuration written for a newer tca-lint (a new key, a new rule) must not stop an older one:
    /// unknown names are warnings naming the closest known one, and the rest of the file applies.
    func testUnknownKeysAndRuleIDsWarnWithTheClosest() throws {
        let c = try load("exclude: [a]\ndisabled_rules:\n  - reduce_befor_scope\n  - binding_reducer_first\n  - body_and_reduce\nexpensive_bodyy: error",
                         path: "cfg.yml")
        XCTAssertEqual(c.warnings.map(\.description), [
            "cfg.yml:1:1: warning: unknown key 'exclude' ignored; did you mean 'excluded'?",
            "cfg.yml:3:5: warning: unknown rule 'reduce_befor_scope' in 'disabled_rules' ignored; did you mean 'reduce_before_scope'?",
            "cfg.yml:4:5: warning: unknown rule 'binding_reducer_first' in 'disabled_rules' ignored; did you mean 'binding_reducer_not_first'?",
            "cfg.yml:6:1: warning: unknown key 'expensive_bodyy' ignored; did you mean 'expensive_body'?",
        ])
        XCTAssertFalse(c.isEnabled("body_and_reduce"))
        XCTAssertTrue(c.isEnabled("reduce_before_scope"))
    }

    func testOptInRulesNamingADefaultRuleIsReported() throws {
        let c = try load("opt_in_rules: [leftover_print_changes, body_and_reduce]", path: "cfg.yml")
        XCTAssertEqual(c.warnings.map(\.description), [
            "cfg.yml:1:40: warning: 'body_and_reduce' is not an opt-in rule: it runs by default, so listing it in 'opt_in_rules' does nothing",
        ])
        XCTAssertTrue(c.isEnabled("leftover_print_changes"))
    }

    func testNewKeys() throws {
        let c = try load("reporter: github-actions\nbaseline: ci/baseline.json\nallow_zero_lintable_files: true",
                         path: "/repo/sub/.tca-lint.yml")
        XCTAssertEqual(c.reporter, "github-actions")
        XCTAssertEqual(c.baseline, "/repo/sub/ci/baseline.json")
        XCTAssertTrue(c.allowZeroLintableFiles)
        XCTAssertEqual(problems("reporter: xcod\nallow_zero_lintable_files: maybe"), [
            "cfg.yml:1:11: error: unknown reporter 'xcod'; did you mean 'xcode'?",
            "cfg.yml:2:28: error: 'allow_zero_lintable_files' expects true or false",
        ])
    }

    func testRuleSectionValidation() throws {
        XCTAssertEqual(problems("""
        body_and_reduce:
          severity: erorr
          exclude: [x]
        reduce_before_scope: [x]
        """), [
            "cfg.yml:2:13: error: the severity of 'body_and_reduce' must be warning or error; did you mean 'error'?",
            "cfg.yml:4:22: error: the section of 'reduce_before_scope' must be a mapping (e.g. `severity: error`), not a sequence",
        ])
        let c = try load("body_and_reduce:\n  exclude: [x]\n  severity: warning", path: "cfg.yml")
        XCTAssertEqual(c.warnings.map(\.description),
                       ["cfg.yml:2:3: warning: unknown option 'exclude' for rule 'body_and_reduce' ignored; did you mean 'excluded'?"])
        XCTAssertEqual(c.severity(for: "body_and_reduce"), .warning)
    }

    func testValueTypeValidation() {
        XCTAssertEqual(problems("strict: yes\nincluded: {a: b}\nexcluded: [[a]]\nopt_in_rules: [~]"), [
            "cfg.yml:1:9: error: 'strict' expects true or false",
            "cfg.yml:2:11: error: 'included' expects a list of strings, not a mapping",
            "cfg.yml:3:12: error: 'excluded' expects a list of strings, but this item is a sequence",
            "cfg.yml:4:16: error: empty item in 'opt_in_rules'; remove it or write a value",
        ])
        XCTAssertEqual(problems("- a"), ["cfg.yml:1:1: error: the configuration must be a mapping of `key: value` lines, not a sequence"])
        XCTAssertEqual(try load("disabled_rules: [all]", path: "cfg.yml").warnings.map(\.description),
                       ["cfg.yml:1:18: warning: unknown rule 'all' in 'disabled_rules' ignored; valid: reduce_before_scope, binding_reducer_not_first, "
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
        disabled_rules:
          - send_for_logic_reuse
        opt_in_rules:
          - leftover_print_changes
        strict: false
        allow_zero_lintable_files: false
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

        let nearest = try ConfigurationLoader.load(workingDirectory: root + "/a/b/c", knownRules: knownRulesForTests)
        XCTAssertEqual(nearest.configFilePaths, [root + "/.tca-lint.yml", root + "/a/.tca-lint.yml"])
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

    // MARK: - Layers: several files, parent_config, nested files

    private func tree(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tca-config-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return root
    }

    /// A nested folder's configuration is its parent's with the folder's file folded on top, once: the same
    /// configuration as folding every layer from the outermost (n nested files used to fold n² layers).
    func testExtendingAConfigurationEqualsFoldingAllItsLayers() throws {
        let texts = [
            "disabled_rules: [expensive_body]\nstrict: true\nbody_and_reduce: warning\nexcluded: [Generated, Vendor]\nreporter: json",
            "opt_in_rules: [leftover_print_changes, expensive_body]\nstrict: false\nincluded: [Generated]\nleftover_print_changes:\n  excluded: [\"**/Previews/**\"]",
            "only_rules: [leftover_print_changes, body_and_reduce]\nexcluded: [Generated/Old]\nallow_zero_lintable_files: true\nfoo: 1",
        ]
        let layers = try texts.enumerated().map { i, text in
            try ConfigurationLayer(yaml: YAMLSubsetParser.parse(Array(text.utf8), path: "/repo/\(i)/c.yml"),
                                   path: "/repo/\(i)/c.yml", knownRules: knownRulesForTests, workingDirectory: "/repo")
        }
        let folded = Configuration(layers: layers, knownRules: knownRulesForTests, workingDirectory: "/repo")
        var extended = Configuration(layers: [], knownRules: knownRulesForTests, workingDirectory: "/repo")
        for layer in layers { extended = Configuration(extending: extended, with: [layer]) }
        XCTAssertEqual(extended.printEffective(), folded.printEffective())
        for c in [folded, extended] {
            XCTAssertEqual(c.configFilePaths, ["/repo/0/c.yml", "/repo/1/c.yml", "/repo/2/c.yml"])
            XCTAssertEqual(c.enabledRuleIDs.sorted(), ["body_and_reduce", "leftover_print_changes"])
            XCTAssertEqual(c.included, ["/repo/1/Generated"])
            XCTAssertEqual(c.excluded, ["/repo/0/Generated", "/repo/0/Vendor", "/repo/2/Generated/Old"])
            XCTAssertEqual(c.baseDirectory, "/repo/0")
            XCTAssertEqual(c.reporter, "json")
            XCTAssertTrue(c.allowZeroLintableFiles)
            XCTAssertFalse(c.strict)
            XCTAssertEqual(c.severity(for: "body_and_reduce"), .warning)
            XCTAssertTrue(c.isExcluded("/repo/1/App/Previews/P.swift", forRule: "leftover_print_changes"))
            XCTAssertTrue(c.warnings.contains { $0.description.contains("foo") }, "\(c.warnings)")
        }
        XCTAssertEqual(extended.warnings.map(\.description), folded.warnings.map(\.description))
    }

    func testSeveralConfigFilesMergeLaterOnesWin() throws {
        let root = try tree([
            "base.yml": "disabled_rules: [expensive_body]\nstrict: true\nbody_and_reduce: warning\nexcluded: [Generated]",
            "ci.yml": "opt_in_rules: [leftover_print_changes, expensive_body]\nstrict: false\nincluded: [Generated]",
        ])
        let c = try ConfigurationLoader.load(explicitPaths: ["base.yml", "ci.yml"], workingDirectory: root,
                                             knownRules: knownRulesForTests)
        XCTAssertTrue(c.isEnabled("expensive_body"), "the later opt-in re-enables what the earlier file disabled")
        XCTAssertTrue(c.isEnabled("leftover_print_changes"))
        XCTAssertFalse(c.strict)
        XCTAssertEqual(c.severity(for: "body_and_reduce"), .warning, "kept from the earlier file")
        XCTAssertTrue(c.isIncluded("Generated/A.swift"), "the later file includes what the earlier excluded")
        XCTAssertFalse(c.isIncluded("Other/A.swift"))
        let reversed = try ConfigurationLoader.load(explicitPaths: ["ci.yml", "base.yml"], workingDirectory: root,
                                                    knownRules: knownRulesForTests)
        XCTAssertFalse(reversed.isEnabled("expensive_body"))
        XCTAssertTrue(reversed.strict)
    }

    /// A chain of `parent_config` files is followed up to 64 parents, each file read once; one more is an error at
    /// the `parent_config` that goes too far (thousands of links used to take quadratic time and overflow the stack).
    func testParentConfigChainsHaveADepthLimit() throws {
        let depth = ConfigurationLoader.maxParentDepth
        XCTAssertEqual(depth, 64)
        var files: [String: String] = ["c\(depth).yml": "disabled_rules: [leftover_print_changes]"]
        for i in 0..<depth { files["c\(i).yml"] = "parent_config: c\(i + 1).yml" }
        let root = try tree(files)
        let c = try ConfigurationLoader.load(explicitPaths: ["c0.yml"], workingDirectory: root, knownRules: knownRulesForTests)
        XCTAssertEqual(c.configFilePaths.count, depth + 1)
        XCTAssertEqual(c.configFilePaths.first, root + "/c\(depth).yml")
        XCTAssertFalse(c.isEnabled("leftover_print_changes"), "the outermost parent applies")
        try "parent_config: c\(depth + 1).yml\n".write(toFile: root + "/c\(depth).yml", atomically: true, encoding: .utf8)
        try "strict: true\n".write(toFile: root + "/c\(depth + 1).yml", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ConfigurationLoader.load(explicitPaths: ["c0.yml"], workingDirectory: root,
                                                          knownRules: knownRulesForTests)) { error in
            XCTAssertTrue("\(error)".contains("c\(depth).yml:1:16: error: 'parent_config' goes more than 64 parents deep (from \(root)/c0.yml)"),
                          "\(error)")
        }
        // A chain starting lower down has room for it.
        XCTAssertTrue(try ConfigurationLoader.load(explicitPaths: ["c1.yml"], workingDirectory: root, knownRules: knownRulesForTests).strict)
    }

    func testParentConfigIsReadFirstAndCyclesAreRefused() throws {
        let root = try tree([
            "team/team.yml": "opt_in_rules: [leftover_print_changes]\nstrict: true\nexcluded: [Vendor]",
            "app/.tca-lint.yml": "parent_config: ../team/team.yml\nstrict: false",
            "loop/a.yml": "parent_config: b.yml",
            "loop/b.yml": "parent_config: a.yml",
            "missing/.tca-lint.yml": "parent_config: nowhere.yml",
        ])
        let c = try ConfigurationLoader.load(searchFrom: "app", workingDirectory: root, knownRules: knownRulesForTests)
        XCTAssertEqual(c.configFilePaths, [root + "/team/team.yml", root + "/app/.tca-lint.yml"])
        XCTAssertTrue(c.isEnabled("leftover_print_changes"))
        XCTAssertFalse(c.strict)
        XCTAssertFalse(c.isIncluded("team/Vendor/A.swift"), "the parent's paths stay relative to the parent")
        XCTAssertTrue(c.isIncluded("app/Vendor/A.swift"))
        XCTAssertThrowsError(try ConfigurationLoader.load(explicitPaths: ["loop/a.yml"], workingDirectory: root,
                                                          knownRules: knownRulesForTests)) { error in
            XCTAssertTrue("\(error)".contains("'parent_config' makes a cycle"), "\(error)")
        }
        XCTAssertThrowsError(try ConfigurationLoader.load(searchFrom: "missing", workingDirectory: root,
                                                          knownRules: knownRulesForTests)) { error in
            XCTAssertTrue("\(error)".contains("1:16: error: 'parent_config' names \(root)/missing/nowhere.yml, which does not exist"),
                          "\(error)")
        }
    }

    func testNestedConfigurationRefinesItsSubtreeOnly() throws {
        let root = try tree([
            ".tca-lint.yml": "disabled_rules: [expensive_body]",
            "Tests/.tca-lint.yml": "disabled_rules: [body_and_reduce]\nexcluded: [Fixtures]",
        ])
        let resolver = ConfigurationResolver(workingDirectory: root, knownRules: knownRulesForTests)
        let app = try resolver.configuration(forFile: "Sources/A.swift")
        let tests = try resolver.configuration(forFile: root + "/Tests/Unit/ATests.swift")
        XCTAssertTrue(app.isEnabled("body_and_reduce"))
        XCTAssertFalse(app.isEnabled("expensive_body"))
        XCTAssertFalse(tests.isEnabled("body_and_reduce"))
        XCTAssertFalse(tests.isEnabled("expensive_body"), "the nested file inherits its parent's choice")
        XCTAssertFalse(tests.shouldDescend(intoDirectory: "Tests/Fixtures"))
        XCTAssertTrue(app.shouldDescend(intoDirectory: "Fixtures"))
        // With explicit files, nested ones are not looked for (as in SwiftLint).
        let explicit = ConfigurationResolver(explicitPaths: [".tca-lint.yml"], workingDirectory: root, knownRules: knownRulesForTests)
        XCTAssertTrue(try explicit.configuration(forFile: "Tests/ATests.swift").isEnabled("body_and_reduce"))
    }

    func testResolverNoticesConfigurationFilesAppearingChangingAndDisappearing() throws {
        let root = try tree(["Sources/A.swift": ""])
        let resolver = ConfigurationResolver(workingDirectory: root, knownRules: knownRulesForTests)
        XCTAssertTrue(try resolver.configuration(forFile: "Sources/A.swift").isEnabled("body_and_reduce"))
        XCTAssertFalse(resolver.isStale)
        let config = root + "/Sources/.tca-lint.yml"
        try "disabled_rules: [body_and_reduce]\n".write(toFile: config, atomically: true, encoding: .utf8)
        XCTAssertTrue(resolver.isStale, "a configuration created in a folder already resolved")
        let second = ConfigurationResolver(workingDirectory: root, knownRules: knownRulesForTests)
        XCTAssertFalse(try second.configuration(forFile: "Sources/A.swift").isEnabled("body_and_reduce"))
        XCTAssertFalse(second.isStale)
        // Same size, different text: the stamp still differs (modification time or inode).
        try "disabled_rules: [reduce_before_scope]\n".write(toFile: config, atomically: true, encoding: .utf8)
        XCTAssertTrue(second.isStale)
        let third = ConfigurationResolver(workingDirectory: root, knownRules: knownRulesForTests)
        _ = try third.configuration(forFile: "Sources/A.swift")
        try FileManager.default.removeItem(atPath: config)
        XCTAssertTrue(third.isStale)
    }

    func testPrintedConfigurationKeepsNewRulesEnabled() throws {
        // Printing `disabled_rules` (not a frozen `only_rules`): a rule unknown when printing
        // is enabled when the printed file is read by a version that knows it.
        let c = try load("disabled_rules: [send_for_logic_reuse]")
        let newer = knownRulesForTests + [RuleConfigInfo(id: "brand_new_rule", defaultSeverity: .warning)]
        let again = try Configuration(parsing: Array(c.printEffective().utf8), path: "/repo/.tca-lint.yml",
                                      knownRules: newer, workingDirectory: "/repo")
        XCTAssertTrue(again.isEnabled("brand_new_rule"))
        XCTAssertFalse(again.isEnabled("send_for_logic_reuse"))
    }
}

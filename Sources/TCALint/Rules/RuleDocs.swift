/// Placeholder until scripts/embed-rule-docs generates this file from rules/*.md.
public enum RuleDocs {
    public static let documents: [String: String] = [:]
}

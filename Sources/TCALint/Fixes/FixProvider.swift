/// Computes the fixes for one rule's findings from an analysed file. Providers are separate from
/// the rules (which only detect): a provider may offer fewer fixes than its rule has findings, and
/// the engine checks every fix by re-linting before it is kept.
public protocol FixProvider {
    /// The rule whose findings this provider fixes.
    static var ruleID: String { get }
    static func fixes(for file: AnalyzedFile) -> [Fix]
}

/// Every fix provider, one per fixable rule.
public enum FixProviders {
    public static let all: [any FixProvider.Type] = [
        PrintChangesFix.self,
        BindingReducerFirstFix.self,
        ScopeBeforeReduceFix.self,
    ]

    public static func provider(for ruleID: String) -> (any FixProvider.Type)? {
        all.first { $0.ruleID == ruleID }
    }
}

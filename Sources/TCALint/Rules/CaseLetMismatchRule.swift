/// A `CaseLet` whose case path names another case than the `SwitchStore` switch clause it sits in: when the state is
/// the clause's case, the `CaseLet` finds no state of its own case and renders TCA's mismatch view, which warns
/// ("A "CaseLet" at … was encountered when state was set to another case"), instead of the screen. Asked of the model:
/// `FileWideFacts.caseLets`.
public struct CaseLetMismatchRule: Rule {
    public static let description = RuleDescription(
        id: "case_let_mismatch",
        name: "CaseLet Mismatch",
        summary: "A `CaseLet` points at another case than the `SwitchStore` switch clause it sits in; it renders TCA's mismatch warning instead of the screen",
        defaultSeverity: .warning,
        prefilterNeedles: ["CaseLet"]
    )

    public init() {}

    public func check(_ file: AnalyzedFile) -> [Finding] {
        file.facts.file.caseLets.compactMap { caseLet in
            guard let switched = caseLet.switchedCase, switched != caseLet.caseName else { return nil }
            return finding(at: caseLet.anchor, Self.message(caseName: caseLet.caseName, switched: switched))
        }
    }

    static func message(caseName: String, switched: String) -> String {
        "This CaseLet points at .\(caseName), but it sits in the switch's case .\(switched): when the state is .\(switched), the CaseLet finds no .\(caseName) state and shows TCA's warning \"A \"CaseLet\" at … was encountered when state was set to another case\" instead of the screen — point it at .\(switched)"
    }
}

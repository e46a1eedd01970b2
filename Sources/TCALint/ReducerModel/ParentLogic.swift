/// Parent logic elements and where their code is.
enum ParentLogic {
    struct Found {
        /// Where the code is: the `Reduce` closure or the helper's body.
        var region: (Int, Int)?
        /// The closure's name for the state (`state`).
        var stateName: String
        /// The token reported and named in the message: `Reduce`, or the helper's name.
        var reportToken: Int
    }

    /// For `Reduce { }` the closure; for `Reduce(self.core)` and helper calls the function body.
    static func find(_ element: BuilderElement, functions: [FunctionDeclaration], code: CodeTokens) -> Found? {
        guard element.kind == .expression else { return nil }
        if element.isReduce {
            if let open = element.closureOpen, let close = code.partnerOf(open), close > open {
                return Found(region: (open, close), stateName: closureStateName(open: open, code: code), reportToken: element.nameToken)
            }
            if let args = element.argumentsOpen, let name = ReducerLogic.referencedFunctionName(in: args, code: code),
               let f = functions.first(where: { $0.name == name }), let o = f.bodyOpen, let c = f.bodyClose {
                return Found(region: (o, c), stateName: "state", reportToken: element.nameToken)
            }
            return Found(region: nil, stateName: "state", reportToken: element.nameToken)
        }
        // A helper of the same type that builds a Reduce: `coordinatorReduce()`, `self.core()`.
        var helper = element.name
        var reportToken = element.nameToken
        if element.name == "self" || element.name == "Self", let first = element.modifiers.first {
            helper = first.name
            reportToken = first.nameToken
        }
        guard let first = helper.unicodeScalars.first, first.properties.isLowercase || helper.hasPrefix("_") else { return nil }
        guard let f = functions.first(where: { $0.name == helper }), let o = f.bodyOpen, let c = f.bodyClose else { return nil }
        var buildsReduce = f.returnsReducer
        if !buildsReduce {
            for k in o..<c where code.tokens[k].kind == .identifier && code.is(k, "Reduce") { buildsReduce = true; break }
        }
        return buildsReduce ? Found(region: (o, c), stateName: "state", reportToken: reportToken) : nil
    }

    /// First parameter name of `{ state, action in`.
    static func closureStateName(open: Int, code: CodeTokens) -> String {
        guard code.closureBodyStart(open) != nil else { return "state" }
        var j = open + 1
        if code.isPunct(j, .lparen) { j += 1 }
        return code.tokens[j].kind == .identifier ? code.text(j) : "state"
    }
}

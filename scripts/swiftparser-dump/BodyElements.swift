// Describes the builder elements of a reducer's `var body` as JSON.
//
// Each element: {"name","line","modifiers":[…]} plus "qualified" for a dotted type callee
// (`ComposableArchitecture.Scope`) and "children" for builder lists nested in it:
// - a call's trailing closure without an `in` signature (`CombineReducers { … }`, `Scope(…) { Child() }`);
// - every branch of `if` / `else if` / `else`, every `case` of a `switch`, every clause of `#if`;
// - the body of `for`.
// Names: the callee's base name (`Reduce`, `Scope`, `Counter`), `.name` for an implicit member
// callee, `{closure}`, `if` / `switch` / `for` / `#if`, `let` / `var`, or the syntax kind.
// Modifiers: the chained member calls, in source order (`.ifLet`, `._printChanges`), including
// property-style links (`.body`) and links inside a postfix `#if` (which carry "cond").

import Foundation
import SwiftSyntax

struct BodyElementDescriber {
    let lines: LineLookup

    /// The elements of `var body { … }`, `var body: … { get { … } }` or `let body = …`.
    func elements(ofBodyBinding binding: PatternBindingSyntax) -> [String] {
        if let accessors = binding.accessorBlock {
            var statements: CodeBlockItemListSyntax?
            switch accessors.accessors {
            case .getter(let list):
                statements = list
            case .accessors(let list):
                for accessor in list where accessor.accessorSpecifier.tokenKind == .keyword(.get) {
                    statements = accessor.body?.statements
                }
            @unknown default:
                break
            }
            if let statements { return elements(of: statements) }
        }
        if let value = binding.initializer?.value { return [element(for: value)] }
        return []
    }

    func elements(of statements: CodeBlockItemListSyntax) -> [String] {
        statements.map { item in
            switch item.item {
            case .expr(let expression): return element(for: expression)
            case .stmt(let statement): return element(for: statement)
            case .decl(let declaration): return element(for: declaration)
            @unknown default: return plainElement("\(item.kind)", at: item)
            }
        }
    }

    // MARK: Statements and declarations

    private func element(for statement: StmtSyntax) -> String {
        if let expressionStatement = statement.as(ExpressionStmtSyntax.self) {
            return element(for: expressionStatement.expression)
        }
        if let loop = statement.as(ForStmtSyntax.self) {
            return plainElement("for", at: loop, children: elements(of: loop.body.statements))
        }
        return plainElement("\(statement.kind)", at: statement)
    }

    private func element(for declaration: DeclSyntax) -> String {
        if let conditional = declaration.as(IfConfigDeclSyntax.self) {
            var children: [String] = []
            for clause in conditional.clauses {
                if case .statements(let list)? = clause.elements { children += elements(of: list) }
            }
            return plainElement("#if", at: conditional, children: children)
        }
        if let variable = declaration.as(VariableDeclSyntax.self) {
            return plainElement(variable.bindingSpecifier.text, at: variable)
        }
        return plainElement("\(declaration.kind)", at: declaration)
    }

    private func plainElement(_ name: String, at node: some SyntaxProtocol, children: [String]? = nil) -> String {
        var object = JSONObject()
        object.add("name", string: name)
        object.add("line", int: lines.line(of: node))
        object.add("modifiers", raw: "[]")
        if let children { object.add("children", raw: jsonArray(children)) }
        return object.text
    }

    // MARK: Expressions

    private func element(for expression: ExprSyntax) -> String {
        if let conditional = expression.as(IfExprSyntax.self) {
            return plainElement("if", at: conditional, children: branchElements(of: conditional))
        }
        if let switchExpression = expression.as(SwitchExprSyntax.self) {
            var children: [String] = []
            for case .switchCase(let switchCase) in switchExpression.cases {
                children += elements(of: switchCase.statements)
            }
            return plainElement("switch", at: switchExpression, children: children)
        }

        let chain = ModifierChain(expression, lines: lines)
        var object = JSONObject()
        object.add("name", string: chain.calleeName)
        object.add("line", int: lines.line(of: expression))
        object.add("modifiers", raw: jsonArray(chain.modifiers))
        if let qualified = chain.qualifiedCallee { object.add("qualified", string: qualified) }
        if let closure = chain.calleeCall?.trailingClosure, closure.signature == nil {
            object.add("children", raw: jsonArray(elements(of: closure.statements)))
        }
        return object.text
    }

    /// The statements of every branch of an `if` / `else if` / `else` ladder, in order.
    private func branchElements(of conditional: IfExprSyntax) -> [String] {
        var result: [String] = []
        var branch: IfExprSyntax? = conditional
        while let current = branch {
            result += elements(of: current.body.statements)
            branch = nil
            switch current.elseBody {
            case .ifExpr(let next)?: branch = next
            case .codeBlock(let block)?: result += elements(of: block.statements)
            case nil: break
            @unknown default: break
            }
        }
        return result
    }
}

/// `Base(…) { … }.first(…).second` split into the callee and its modifier links.
private struct ModifierChain {
    private(set) var modifiers: [String] = []
    private(set) var calleeCall: FunctionCallExprSyntax?
    private(set) var calleeName = ""
    private(set) var qualifiedCallee: String?

    init(_ expression: ExprSyntax, lines: LineLookup) {
        var outsideIn: [String] = []
        var current = expression
        var callee: ExprSyntax
        while true {
            if let call = current.as(FunctionCallExprSyntax.self) {
                if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                    !isQualifiedTypeName(member, base: base)
                {
                    outsideIn.append(modifierJSON(member, condition: nil, lines: lines))
                    current = base
                    continue
                }
                calleeCall = call
                callee = call.calledExpression
                break
            }
            if let postfix = current.as(PostfixIfConfigExprSyntax.self), let base = postfix.base {
                outsideIn += conditionalModifiers(postfix.config, lines: lines).reversed()
                current = base
                continue
            }
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base, !isPlainName(current) {
                outsideIn.append(modifierJSON(member, condition: nil, lines: lines))  // e.g. `reducer.body`
                current = base
                continue
            }
            callee = current
            break
        }
        modifiers = outsideIn.reversed()

        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { callee = specialized.expression }
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            calleeName = reference.baseName.text
        } else if let member = callee.as(MemberAccessExprSyntax.self) {
            if member.base == nil {
                calleeName = "." + member.declName.baseName.text
            } else {
                calleeName = member.declName.baseName.text
                qualifiedCallee = member.trimmedDescription
            }
        } else if callee.is(ClosureExprSyntax.self) {
            calleeName = "{closure}"
        } else {
            calleeName = "\(callee.kind)"
        }
    }
}

/// `X.Y(…)` names a type (`ComposableArchitecture.Scope(…)`), not a modifier, when `Y` starts with
/// an upper-case letter and `X` is a plain dotted name.
private func isQualifiedTypeName(_ member: MemberAccessExprSyntax, base: ExprSyntax) -> Bool {
    startsWithUppercase(member.declName.baseName.text) && isPlainName(base)
}

/// `A`, `A.B`, `A<T>.B`: a dotted name without calls.
private func isPlainName(_ expression: ExprSyntax) -> Bool {
    var current = expression
    while true {
        if current.is(DeclReferenceExprSyntax.self) { return true }
        if let specialized = current.as(GenericSpecializationExprSyntax.self) {
            current = specialized.expression
        } else if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
            current = base
        } else {
            return false
        }
    }
}

/// Unicode general category Lu or Lt.
private func startsWithUppercase(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first else { return false }
    let category = first.properties.generalCategory
    return category == .uppercaseLetter || category == .titlecaseLetter
}

private func modifierJSON(_ member: MemberAccessExprSyntax, condition: String?, lines: LineLookup) -> String {
    var object = JSONObject()
    object.add("name", string: "." + member.declName.baseName.text)
    object.add("line", int: lines.line(of: member.declName))
    if let condition { object.add("cond", string: condition) }
    return object.text
}

/// Modifier links written inside a postfix `#if … #endif`, clause by clause, each carrying the
/// clause's condition (`else` for `#else`).
private func conditionalModifiers(_ config: IfConfigDeclSyntax, lines: LineLookup) -> [String] {
    var result: [String] = []
    for clause in config.clauses {
        let condition = clause.condition?.trimmedDescription ?? "else"
        guard case .postfixExpression(let expression)? = clause.elements else { continue }
        var outsideIn: [String] = []
        var current: ExprSyntax? = expression
        while let link = current {
            if let call = link.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
            } else if let member = link.as(MemberAccessExprSyntax.self) {
                outsideIn.append(modifierJSON(member, condition: condition, lines: lines))
                current = member.base
            } else if let postfix = link.as(PostfixIfConfigExprSyntax.self) {
                outsideIn += conditionalModifiers(postfix.config, lines: lines).reversed()
                current = postfix.base
            } else {
                current = nil
            }
        }
        result += outsideIn.reversed()
    }
    return result
}

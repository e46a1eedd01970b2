/// Where `@Dependency` property lines go in a reducer's declaration (`uncontrolled_dependency`'s fix): below its last
/// `@Dependency`, else above `var body`, else first; above a member-level `#if` that would hold the place. Edit
/// geometry over tokens; which properties to add, and whether their names are free, is the rule's question to the
/// model (`Feature.dependencies`, `Feature.memberNames`).
enum DependencyPropertyInsertion {
    /// The outermost member-level `#if` of the block opened at `open` that encloses token `k`, if any: a
    /// member added there would exist in one build configuration only.
    private static func enclosingIfConfig(_ k: Int, open: Int, code: CodeTokens) -> Int? {
        var stack: [Int] = []
        var j = open + 1
        while j < k {
            if code.tokens[j].kind == .pound {
                if code.is(j, "#if") { stack.append(j) } else if code.is(j, "#endif") { _ = stack.popLast() }
                j += 1
                continue
            }
            j = code.skipGroup(j, limit: k)
        }
        return stack.first
    }

    /// Inserts the property line into the reducer's own declaration (extensions cannot hold stored
    /// properties): below its last `@Dependency` property, else above `var body`, else as the first member;
    /// when that place is inside a `#if` (two `body`s, for DEBUG and the rest), above the `#if`, so the
    /// property exists in every configuration.
    static func edit(inserting properties: [String], into declaration: TypeFacts, code: CodeTokens) -> TextEdit? {
        let membersOpen = declaration.membersOpen.token, membersClose = declaration.membersClose.token
        let lastProperty = declaration.dependencies.map(\.anchor.token).max()
        let body = declaration.builders.first { $0.name == "body" && $0.kind == .property && !$0.isStatic }?.anchor.token
        let lines = LineGeometry(bytes: code.bytes)
        let newline = LineEnding.detect(code.bytes).rawValue
        func block(_ indent: String) -> String { properties.map { indent + $0 }.joined(separator: newline) }
        // Above the `#if` enclosing `anchor`: the member's indentation, on a line of its own, then a blank line.
        func aboveIfConfig(enclosing anchor: Int) -> TextEdit?? {
            guard let directive = Self.enclosingIfConfig(anchor, open: membersOpen, code: code) else { return .none }
            var first = anchor
            while first > membersOpen + 1 && !code.newlineBefore[first] { first -= 1 }
            guard code.newlineBefore[directive], code.newlineBefore[first] else { return .some(nil) }
            let indent = String(decoding: lines.indentation(ofLineAt: lines.lineStart(code.tokens[first].startOffset)), as: UTF8.self)
            return .some(.insert(Array((block(indent) + newline + newline).utf8), at: lines.lineStart(code.tokens[directive].startOffset)))
        }
        if let last = lastProperty, last > membersOpen, last < membersClose {
            if let edit = aboveIfConfig(enclosing: last) { return edit }
            var first = last
            while first > membersOpen + 1 && !code.newlineBefore[first] { first -= 1 }
            let offset = code.tokens[last].startOffset
            guard lines.hasLineBreak(offset), code.newlineBefore[first] else { return nil }
            let indent = String(decoding: lines.indentation(ofLineAt: lines.lineStart(code.tokens[first].startOffset)), as: UTF8.self)
            return .insert(Array((block(indent) + newline).utf8), at: lines.nextLineStart(offset))
        }
        if let body, body > membersOpen, body < membersClose {
            if let edit = aboveIfConfig(enclosing: body) { return edit }
            var first = body
            while first > membersOpen + 1 && !code.newlineBefore[first] { first -= 1 }
            guard code.newlineBefore[first] else { return nil }
            let start = lines.lineStart(code.tokens[first].startOffset)
            let indent = String(decoding: lines.indentation(ofLineAt: start), as: UTF8.self)
            return .insert(Array((block(indent) + newline + newline).utf8), at: start)
        }
        let next = membersOpen + 1
        guard next < code.count, code.newlineBefore[next] else { return nil }
        let indent = String(decoding: lines.indentation(ofLineAt: lines.lineStart(code.tokens[next].startOffset)), as: UTF8.self)
        return .insert(Array((newline + block(indent) + newline).utf8), at: code.tokens[membersOpen].endOffset)
    }
}

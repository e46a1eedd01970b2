/// `tca-lint dump reducers`: the reducer model as JSON lines, in exactly the shape of
/// `oracle reducers` (shared/tools/swift-oracle), so the two can be diffed line by line.
///
/// One object per reducer type, fields in the oracle's order:
/// `file, type, qualifiedName, kind, line, reducerAttribute, inherits, hasBody, bodyLine,
/// hasReduce, reduceLine, body`. Elements are `{name, line, modifiers, qualified?, children?}`,
/// modifiers `{name, line, cond?}`. Where the oracle differs from the model it is followed:
/// - control flow (`if`, `switch`, `#if`, `for`) lists the elements of all its branches, in
///   order, as one flat `children` array (the model keeps each branch separately);
/// - a `static var body` is not a reducer body (`hasBody: false`, `body: null`);
/// - of several `reduce(into:action:)` methods the last one gives `reduceLine`.
public enum ReducerModelDump {
    /// The qualified name as the source writes it: the model names a type declared inside a function body after
    /// that body's position (`TimerTests.(local@296).Child`) so that two tests' local `Child`s stay apart; the dump,
    /// compared with SwiftParser's by scripts/oracle-diff, shows the names the code spells (`TimerTests.Child`).
    static func writtenName(_ qualifiedName: String) -> String {
        guard ASCIISearch.contains(qualifiedName, "(local@") else { return qualifiedName }
        return qualifiedName.split(separator: ".").filter { !$0.hasPrefix("(local@") }.joined(separator: ".")
    }

    /// One JSON line (without line break) per reducer type of the file, in source order.
    public static func lines(for file: FileSyntax) -> [String] {
        lines(source: file.source, code: file.code, model: file.model)
    }

    /// The same from the parts (tests build a model by hand).
    static func lines(source: SourceFile, code: CodeTokens, model: FileModel) -> [String] {
        let printer = Printer(source: source, code: code)
        let reducers = model.reducers.enumerated()
            .sorted { ($0.element.nameToken, $0.offset) < ($1.element.nameToken, $1.offset) }
            .map(\.element)
        return reducers.map(printer.reducer)
    }
}

private struct Printer {
    let source: SourceFile
    let code: CodeTokens

    func line(ofToken index: Int) -> Int {
        source.line(of: code.offset(index))
    }

    func reducer(_ type: ReducerDeclaration) -> String {
        let body = type.body.flatMap { $0.isStatic ? nil : $0 }
        let reduceToken = type.reduceMethods.last
        var fields: [String] = []
        fields.append("\"file\":" + jsonString(source.path))
        fields.append("\"type\":" + jsonString(type.name))
        fields.append("\"qualifiedName\":" + jsonString(ReducerModelDump.writtenName(type.qualifiedName)))
        fields.append("\"kind\":" + jsonString(type.kind.rawValue))
        fields.append("\"line\":\(line(ofToken: type.nameToken))")
        fields.append("\"reducerAttribute\":\(type.hasReducerAttribute)")
        fields.append("\"inherits\":[" + type.inherits.map(jsonString).joined(separator: ",") + "]")
        fields.append("\"hasBody\":\(body != nil)")
        fields.append("\"bodyLine\":" + (body.map { String(line(ofToken: $0.nameToken)) } ?? "null"))
        fields.append("\"hasReduce\":\(reduceToken != nil)")
        fields.append("\"reduceLine\":" + (reduceToken.map { String(line(ofToken: $0)) } ?? "null"))
        fields.append("\"body\":" + (body.map { elementList($0.elements) } ?? "null"))
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A builder list. Elements nest as deep as the input does, so this walks an explicit stack
    /// of open lists instead of recursing.
    func elementList(_ root: [BuilderElement]) -> String {
        struct Frame {
            var elements: [BuilderElement]
            var next = 0
        }
        var out = "["
        var stack = [Frame(elements: root)]
        while !stack.isEmpty {
            let top = stack.count - 1
            let frame = stack[top]
            if frame.next == frame.elements.count {
                stack.removeLast()
                out += "]"
                // A nested list was the `children` of an element: close that element too.
                if !stack.isEmpty { out += "}" }
                continue
            }
            let element = frame.elements[frame.next]
            stack[top].next += 1
            if frame.next > 0 { out += "," }
            out += "{\"name\":" + jsonString(element.spelledName)
            out += ",\"line\":\(line(ofToken: element.start))"
            out += ",\"modifiers\":[" + element.modifiers.map(modifier).joined(separator: ",") + "]"
            if let qualified = element.qualified { out += ",\"qualified\":" + jsonString(qualified) }
            if let children = children(of: element) {
                out += ",\"children\":["
                stack.append(Frame(elements: children))
            } else {
                out += "}"
            }
        }
        return out
    }

    /// What the oracle prints as `children`: all branches of control flow, flattened; the
    /// trailing closure of a call when it is a builder closure (no `in` signature).
    func children(of element: BuilderElement) -> [BuilderElement]? {
        switch element.kind {
        case .ifStatement, .switchStatement, .ifConfig, .forLoop:
            return element.branches.flatMap { $0 }
        case .expression:
            guard let children = element.children, !element.closureHasSignature else { return nil }
            return children
        case .declaration, .other:
            return nil
        }
    }

    func modifier(_ m: Modifier) -> String {
        var s = "{\"name\":" + jsonString("." + m.name) + ",\"line\":\(line(ofToken: m.nameToken))"
        if let condition = m.condition { s += ",\"cond\":" + jsonString(condition) }
        return s + "}"
    }
}

/// JSON string literal with the oracle's escapes: `\"`, `\\`, `\n`, `\r`, `\t`, other controls
/// as lowercase `\u00xx`, everything else verbatim.
private func jsonString(_ s: String) -> String { JSONWriter.quoted(s, shortBackspaceAndFormFeed: false) }

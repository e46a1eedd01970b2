/// Moves builder elements (whole lines, with attached comments) up, to just before another element of
/// the same list: one deletion per run of adjacent moved elements and one insertion of all of them, in their order,
/// re-indented to the target's indentation. A blank line that separated a moved run from the element
/// above it and is cut with it goes after the inserted elements, so the list keeps its blank lines.
enum ElementMove {
    static func edits(moving moved: [ElementFacts], before target: ElementFacts, in file: FileSyntax) -> [TextEdit]? {
        guard !moved.isEmpty, let targetBlock = MovableBlock.of(target, in: file) else { return nil }
        var blocks: [MovableBlock] = []
        for element in moved {
            guard let block = MovableBlock.of(element, in: file) else { return nil }
            // Disjoint, in order, all below the target's first line.
            let floor = blocks.last?.range.upperBound ?? targetBlock.range.lowerBound + 1
            guard block.range.lowerBound >= floor else { return nil }
            blocks.append(block)
        }
        var inserted: [UInt8] = []
        // Adjacent blocks are cut as one range, so the blank-line cleanup sees the whole run.
        var runs: [Range<Int>] = []
        for block in blocks {
            inserted.append(contentsOf: block.text(in: file, indentedTo: targetBlock.indentation))
            if let last = runs.last, last.upperBound == block.range.lowerBound {
                runs[runs.count - 1] = last.lowerBound..<block.range.upperBound
            } else {
                runs.append(block.range)
            }
        }
        let deletions = runs.map { deletionRange(of: $0, above: targetBlock, in: file) }
        for (run, deletion) in zip(runs, deletions) where deletion.lowerBound < run.lowerBound {
            inserted.append(contentsOf: file.code.bytes[deletion.lowerBound..<run.lowerBound])
        }
        return [.insert(inserted, at: targetBlock.range.lowerBound)] + deletions.map { .delete($0) }
    }

    /// A run of block lines, plus the blank line above it when the block was the last thing before a closing
    /// `}` / `#endif` / `#else` or before another blank line: otherwise the move would leave a stray blank
    /// line (`Reduce {…}` / blank / `}`).
    static func deletionRange(of block: Range<Int>, above target: MovableBlock, in file: FileSyntax) -> Range<Int> {
        let bytes = file.code.bytes
        let lines = LineGeometry(bytes: bytes)
        guard let previous = lines.previousLine(before: block.lowerBound),
              previous.start > target.range.lowerBound,
              lines.isBlank(previous.start, previous.contentEnd),
              file.tokens.index(containing: previous.start) == nil
        else { return block }
        let next = block.upperBound
        let nextEnd = lines.contentEnd(next)
        let first = lines.skipBlanks(next, nextEnd)
        let closes: Bool
        if first >= nextEnd {
            closes = true  // a blank line (or the end of the file) follows
        } else if bytes[first] == .rbrace {
            closes = true
        } else if bytes[first] == UInt8(ascii: "#"), let k = file.tokens.index(containing: first),
                  file.tokens[k].kind == .pound {
            let word = bytes[file.tokens[k].startOffset..<file.tokens[k].endOffset]
            closes = word.elementsEqual("#endif".utf8) || word.elementsEqual("#else".utf8) || word.elementsEqual("#elseif".utf8)
        } else {
            closes = false
        }
        return closes ? previous.start..<block.upperBound : block
    }

    /// True when a `let`/`var` statement sits in `list[from...through]`: a moved element might use it,
    /// and moving it above the declaration would not compile.
    static func hasDeclaration(in list: [ElementFacts], from: Int, through: Int) -> Bool {
        guard from <= through else { return false }
        return list[from...through].contains { $0.kind == .declaration }
    }
}

/// One open document as the client sees it: the text kept as UTF-8 bytes.
struct TextDocument {
    let uri: String
    var languageID: String
    var version: Int
    var bytes: [UInt8]
}

/// The documents the client has opened, kept in sync through `didOpen`/`didChange`/`didClose`.
struct DocumentStore {
    private(set) var documents: [String: TextDocument] = [:]

    enum ChangeError: Error, Equatable {
        case notOpen(String)
        case invalidChange(String)
    }

    subscript(uri: String) -> TextDocument? { documents[uri] }

    var uris: [String] { documents.keys.sorted() }

    mutating func open(uri: String, languageID: String, version: Int, text: String) {
        documents[uri] = TextDocument(uri: uri, languageID: languageID, version: version, bytes: Array(text.utf8))
    }

    @discardableResult
    mutating func close(uri: String) -> Bool {
        documents.removeValue(forKey: uri) != nil
    }

    /// Applies `contentChanges` in order: an entry with a `range` replaces that range (incremental
    /// sync), one without replaces the whole text (full sync). Each range is read against the text
    /// left by the previous entry, as LSP specifies. On an invalid entry nothing is changed.
    mutating func change(uri: String, version: Int?, changes: [Any]) throws {
        guard var document = documents[uri] else { throw ChangeError.notOpen(uri) }
        for change in changes {
            guard let change = change as? LSPObject, let text = change.string("text") else {
                throw ChangeError.invalidChange("a content change needs a `text` string")
            }
            if change["range"] == nil {
                document.bytes = Array(text.utf8)
                continue
            }
            guard let range = LSPRange(json: change.object("range")) else {
                throw ChangeError.invalidChange("`range` needs start and end positions with integer line and character")
            }
            document.bytes = Self.replacing(range, with: text, in: document.bytes)
        }
        if let version { document.version = version }
        documents[uri] = document
    }

    /// `bytes` with the text in `range` (positions clamped as LSP says; an end before its
    /// start is read as an empty range at the start) replaced by `text`.
    static func replacing(_ range: LSPRange, with text: String, in bytes: [UInt8]) -> [UInt8] {
        let index = LineIndex(bytes: bytes)
        let start = index.byteOffset(of: range.start)
        let end = max(start, index.byteOffset(of: range.end))
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count - (end - start) + text.utf8.count)
        result.append(contentsOf: bytes[0..<start])
        result.append(contentsOf: text.utf8)
        result.append(contentsOf: bytes[end...])
        return result
    }
}

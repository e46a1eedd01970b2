/// JSON-RPC 2.0 and LSP error codes the server answers with.
struct JSONRPCError: Error, Equatable {
    var code: Int
    var message: String

    static func parseError(_ detail: String) -> JSONRPCError { .init(code: -32700, message: "parse error: \(detail)") }
    static func invalidRequest(_ detail: String) -> JSONRPCError { .init(code: -32600, message: "invalid request: \(detail)") }
    static func methodNotFound(_ method: String) -> JSONRPCError { .init(code: -32601, message: "method not found: \(method)") }
    static func invalidParams(_ detail: String) -> JSONRPCError { .init(code: -32602, message: "invalid params: \(detail)") }
    static func internalError(_ detail: String) -> JSONRPCError { .init(code: -32603, message: "internal error: \(detail)") }
    /// LSP: a request other than `initialize` arrived before it.
    static let serverNotInitialized = JSONRPCError(code: -32002, message: "server not initialized")

    var json: LSPObject { ["code": code, "message": message] }
}

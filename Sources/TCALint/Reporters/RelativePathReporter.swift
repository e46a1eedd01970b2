/// The xcode format with paths relative to the current directory, for logs read by people
/// and for tools that resolve paths against the checkout.
public struct RelativePathReporter: Reporter {
    public static let identifier = "relative-path"
    public static let summary = "like xcode, with paths relative to the current directory"
    public init() {}

    public func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var paths = RelativePath.Cache(base: context.currentDirectory)
        return DiagnosticLine.lines(diagnostics) {
            DiagnosticLine.xcode($0, path: paths.relative($0.path))
        }
    }
}

/// SwiftLint's `html` reporter: a standalone page with a table of findings (number, file, line:column,
/// severity, message) and a summary (files with findings, warnings, errors), in SwiftLint's layout and
/// style sheet. Paths are relative to the current directory. Every path and message is escaped
/// (`XMLEscaping`, as element text), so `<`, `&` or quotes in them are shown, never interpreted. Unlike
/// SwiftLint's page, it carries no date: the same findings always give the same bytes.
public struct HTMLReporter: Reporter {
    public static let identifier = "html"
    public static let summary = "an HTML page with a table of findings (SwiftLint's html)"
    public init() {}

    public func generateReport(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var paths = RelativePath.Cache(base: context.currentDirectory)
        let rows = diagnostics.enumerated().map { index, d in
            """
            \t\t\t\t<tr>
            \t\t\t\t\t<td style="text-align: right;">\(index + 1)</td>
            \t\t\t\t\t<td>\(XMLEscaping.escape(paths.relative(d.path), attribute: false))</td>
            \t\t\t\t\t<td style="text-align: center;">\(d.line):\(d.column)</td>
            \t\t\t\t\t<td class="\(d.severity.rawValue)">\(d.severity.capitalized)</td>
            \t\t\t\t\t<td>\(XMLEscaping.escape(d.message, attribute: false))</td>
            \t\t\t\t</tr>
            """
        }.joined(separator: "\n")
        let counts = FindingCounts(diagnostics)
        let files = Set(diagnostics.map(\.path)).count
        return """
            <!doctype html>
            <html>
            \t<head>
            \t\t<meta charset="utf-8" />
            \t\t<meta name="viewport" content="width=device-width, initial-scale=1.0" />
            \t\t
            \t\t<style type="text/css">
            \t\t\tbody {
            \t\t\t\tfont-family: Arial, Helvetica, sans-serif;
            \t\t\t\tfont-size: 0.9rem;
            \t\t\t}
            \t\t\t
            \t\t\ttable {
            \t\t\t\tborder: 1px solid gray;
            \t\t\t\tborder-collapse: collapse;
            \t\t\t\t-moz-box-shadow: 3px 3px 4px #AAA;
            \t\t\t\t-webkit-box-shadow: 3px 3px 4px #AAA;
            \t\t\t\tbox-shadow: 3px 3px 4px #AAA;
            \t\t\t\tvertical-align: top;
            \t\t\t\theight: 64px;
            \t\t\t}
            \t\t\t
            \t\t\ttd, th {
            \t\t\t\tborder: 1px solid #D3D3D3;
            \t\t\t\tpadding: 5px 10px 5px 10px;
            \t\t\t}
            \t\t\t
            \t\t\tth {
            \t\t\t\tborder-bottom: 1px solid gray;
            \t\t\t\tbackground-color: rgba(41,52,92,0.313);
            \t\t\t}
            \t\t\t
            \t\t\t.error, .warning {
            \t\t\t\ttext-align: center;
            \t\t\t}
            \t\t\t
            \t\t\t.error {
            \t\t\t\tbackground-color: #FF9D92;
            \t\t\t\tcolor: #7F0800;
            \t\t\t}
            \t\t\t
            \t\t\t.warning {
            \t\t\t\tbackground-color: #FFF59E;
            \t\t\t\tcolor: #7F7000;
            \t\t\t}
            \t\t</style>
            \t\t
            \t\t<title>tca-lint Report</title>
            \t</head>
            \t<body>
            \t\t<h1>tca-lint Report</h1>
            \t\t
            \t\t<hr />
            \t\t
            \t\t<h2>Findings</h2>
            \t\t
            \t\t<table>
            \t\t\t<thead>
            \t\t\t\t<tr>
            \t\t\t\t\t<th style="width: 60pt;">
            \t\t\t\t\t\t<b>Serial No.</b>
            \t\t\t\t\t</th>
            \t\t\t\t\t<th style="width: 500pt;">
            \t\t\t\t\t\t<b>File</b>
            \t\t\t\t\t</th>
            \t\t\t\t\t<th style="width: 60pt;">
            \t\t\t\t\t\t<b>Location</b>
            \t\t\t\t\t</th>
            \t\t\t\t\t<th style="width: 60pt;">
            \t\t\t\t\t\t<b>Severity</b>
            \t\t\t\t\t</th>
            \t\t\t\t\t<th style="width: 500pt;">
            \t\t\t\t\t\t<b>Message</b>
            \t\t\t\t\t</th>
            \t\t\t\t</tr>
            \t\t\t</thead>
            \t\t\t<tbody>
            \(rows)
            \t\t\t</tbody>
            \t\t</table>
            \t\t
            \t\t<br/>
            \t\t
            \t\t<h2>Summary</h2>
            \t\t
            \t\t<table>
            \t\t\t<tbody>
            \t\t\t\t<tr>
            \t\t\t\t\t<td>Total files with findings</td>
            \t\t\t\t\t<td>\(files)</td>
            \t\t\t\t</tr>
            \t\t\t\t<tr>
            \t\t\t\t\t<td>Total warnings</td>
            \t\t\t\t\t<td>\(counts.warnings)</td>
            \t\t\t\t</tr>
            \t\t\t\t<tr>
            \t\t\t\t\t<td>Total errors</td>
            \t\t\t\t\t<td>\(counts.errors)</td>
            \t\t\t\t</tr>
            \t\t\t</tbody>
            \t\t</table>
            \t\t
            \t\t<hr />
            \t\t
            \t\t<p>
            \t\t\tCreated with
            \t\t\t<a href="\(TCALintVersion.informationURI)"><b>tca-lint</b></a>
            \t\t\t\(TCALintVersion.current)
            \t\t</p>
            \t</body>
            </html>

            """
    }
}

/// Why a configuration could not be used: one or more problems, each with the place in the
/// file that caused it. The library never prints or exits; the CLI prints `description`
/// (one `path:line:col: error: …` line per problem, the format editors and CI understand).
public struct ConfigurationError: Error, Equatable, CustomStringConvertible, Sendable {
    public struct Problem: Equatable, Sendable {
        public var path: String
        /// 1-based; 0 when the problem is about the whole file (e.g. it cannot be read).
        public var line: Int
        /// 1-based, in characters of the line; 0 when `line` is 0.
        public var column: Int
        public var message: String
        /// A warning does not stop the run (an unknown key, say, so that a configuration written for
        /// a newer tca-lint still works with an older one); an error does.
        public var isWarning: Bool

        public init(path: String, line: Int, column: Int, message: String, isWarning: Bool = false) {
            self.path = path
            self.line = line
            self.column = column
            self.message = message
            self.isWarning = isWarning
        }

        public var description: String {
            let label = isWarning ? "warning" : "error"
            return line > 0 ? "\(path):\(line):\(column): \(label): \(message)" : "\(path): \(label): \(message)"
        }
    }

    public var problems: [Problem]

    public init(problems: [Problem]) {
        self.problems = problems
    }

    public init(path: String, line: Int, column: Int, message: String) {
        self.problems = [Problem(path: path, line: line, column: column, message: message)]
    }

    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}

/// Every reporter, by `--reporter` name.
public enum ReporterRegistry {
    public static let all: [any Reporter.Type] = [XcodeReporter.self]

    public static func reporter(named name: String) -> (any Reporter.Type)? {
        all.first { $0.identifier == name }
    }
}

/// A place in a YAML file: 1-based line and column (column in characters of the line).
public struct YAMLPosition: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// One scalar as written: its decoded text, how it was written (which decides whether
/// `true` is a boolean or a string) and where it starts.
public struct YAMLScalar: Equatable, Sendable {
    public enum Style: Equatable, Sendable {
        case plain
        case singleQuoted
        case doubleQuoted
    }

    public var text: String
    public var style: Style
    public var position: YAMLPosition

    public init(text: String, style: Style, position: YAMLPosition) {
        self.text = text
        self.style = style
        self.position = position
    }

    /// YAML 1.2 core schema null: an empty value, `~`, `null`, `Null`, `NULL` (plain only).
    public var isNull: Bool {
        style == .plain && ["", "~", "null", "Null", "NULL"].contains(text)
    }

    /// YAML 1.2 core schema boolean (plain only). `yes`/`no`/`on`/`off` are YAML 1.1 booleans
    /// but 1.2 strings; they are neither here, so a configuration refuses them instead of guessing.
    public var bool: Bool? {
        guard style == .plain else { return nil }
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// A decimal integer (plain only), e.g. `42`, `-3`, `+7`.
    public var integer: Int? {
        guard style == .plain else { return nil }
        return Int(text)
    }
}

/// A YAML value of the subset tca-lint reads. Mapping entries keep their order and
/// positions so errors can point at the key a user wrote.
public indirect enum YAMLValue: Equatable, Sendable {
    case scalar(YAMLScalar)
    case sequence([YAMLValue], position: YAMLPosition)
    case mapping([YAMLMappingEntry], position: YAMLPosition)

    public var position: YAMLPosition {
        switch self {
        case .scalar(let s): return s.position
        case .sequence(_, let p), .mapping(_, let p): return p
        }
    }

    /// A short name of the kind of value, for error messages.
    public var kindName: String {
        switch self {
        case .scalar(let s): return s.isNull ? "an empty value" : "a scalar"
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        }
    }
}

public struct YAMLMappingEntry: Equatable, Sendable {
    public var key: YAMLScalar
    public var value: YAMLValue

    public init(key: YAMLScalar, value: YAMLValue) {
        self.key = key
        self.value = value
    }
}

// Argument parsing, file reading and buffered output shared by the subcommands.

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

func exitWithUsageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("swiftparser-dump: \(message)\n".utf8))
    exit(2)
}

/// `--flag`, `--flag VALUE` and file operands; `--list FILE` adds the paths listed in FILE.
struct CommandOptions {
    private(set) var flags: Set<String> = []
    private(set) var values: [String: String] = [:]
    private(set) var files: [String] = []
    /// True when the files came (also) from `--list`; batch output formats key off it.
    private(set) var usedFileList = false

    init(parsing arguments: ArraySlice<String>, valueFlags: Set<String>) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--list" {
                guard let listPath = rest.popFirst() else { exitWithUsageError("--list needs a file") }
                files.append(contentsOf: readFileList(listPath))
                usedFileList = true
            } else if valueFlags.contains(argument) {
                guard let value = rest.popFirst() else { exitWithUsageError("\(argument) needs a value") }
                values[argument] = value
            } else if argument.hasPrefix("--") {
                flags.insert(argument)
            } else {
                files.append(argument)
            }
        }
    }

    func integer(_ flag: String, default fallback: Int) -> Int {
        guard let text = values[flag] else { return fallback }
        guard let value = Int(text), value >= 0 else { exitWithUsageError("\(flag) expects a whole number") }
        return value
    }
}

/// Reads a whole file as bytes; exits with status 2 when it cannot be read.
func readFileBytes(_ path: String) -> [UInt8] {
    guard let url = Optional(URL(fileURLWithPath: path)), let data = try? Data(contentsOf: url) else {
        exitWithUsageError("cannot read \(path)")
    }
    return [UInt8](data)
}

/// One path per line; only "\n" separates, so paths may contain spaces.
func readFileList(_ path: String) -> [String] {
    let text = String(decoding: readFileBytes(path), as: UTF8.self)
    return text.split(separator: "\n").map(String.init)
}

/// Collects output and writes it to stdout in large chunks (the token dump of a big file has
/// hundreds of thousands of lines; one write per line would dominate the run time).
struct OutputBuffer {
    private var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(1 << 20) }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        if bytes.count >= 1 << 20 { flush() }
    }

    mutating func flush() {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(1, raw.baseAddress! + offset, raw.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }
}

func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

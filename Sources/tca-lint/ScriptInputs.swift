#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TCALint

/// The input files of an Xcode Run Script phase, as SwiftLint reads them
/// (`--use-script-input-file-lists`, `--use-script-input-files`). With
/// `ENABLE_USER_SCRIPT_SANDBOXING` a script may only read the files declared as its inputs, so
/// the phase lists the sources (or `.xcfilelist` files naming them) and the linter reads those
/// instead of walking the project folder.
enum ScriptInputs {
    /// `SCRIPT_INPUT_FILE_LIST_COUNT` file lists, `SCRIPT_INPUT_FILE_LIST_0…`, each naming one path a line.
    static func fileLists(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [String] {
        var paths: [String] = []
        for listPath in try numbered("SCRIPT_INPUT_FILE_LIST", environment: environment) {
            let data: [UInt8]
            switch FileReader.read(listPath, limit: FileReader.Limit.fileList) {
            case .success(let bytes): data = bytes
            case .failure(let failure):
                throw CommandError.failure("cannot read the script input file list '\(listPath)': \(failure)")
            }
            for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
                let path = String(line).trimmingBlanks()
                if !path.isEmpty { paths.append(path) }
            }
        }
        return paths
    }

    /// `SCRIPT_INPUT_FILE_COUNT` paths, `SCRIPT_INPUT_FILE_0…`.
    static func files(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> [String] {
        try numbered("SCRIPT_INPUT_FILE", environment: environment)
    }

    /// `<prefix>_COUNT` values `<prefix>_0`, `<prefix>_1`, …
    private static func numbered(_ prefix: String, environment: [String: String]) throws -> [String] {
        guard let text = environment[prefix + "_COUNT"] else {
            throw CommandError.usage("\(prefix)_COUNT is not set: this option reads the inputs of an Xcode Run Script phase")
        }
        guard let count = Int(text), count >= 0 else {
            throw CommandError.failure("\(prefix)_COUNT is '\(text)', not a number")
        }
        return try (0..<count).map { i in
            guard let value = environment["\(prefix)_\(i)"] else {
                throw CommandError.failure("\(prefix)_COUNT is \(count) but \(prefix)_\(i) is not set")
            }
            return value
        }
    }
}

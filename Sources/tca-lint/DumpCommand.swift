#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TCALint

/// `tca-lint dump tokens FILE` and `tca-lint dump reducers FILE…`: the engine's intermediate
/// results in the formats of `oracle tokens` / `oracle reducers`, for diffing against SwiftParser.
/// `tca-lint dump features [PATH…]` (default: `.`): the project-wide feature model as JSON.
/// Files are dumped even when they are not valid UTF-8: the oracle reads such files too.
enum DumpCommand {
    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        guard let what = arguments.first else {
            throw CommandError.usage("dump needs what to dump: tokens FILE, reducers FILE... or features [PATH...]")
        }
        let (files, help) = try operands(of: arguments.dropFirst(), command: "dump \(what)")
        if help {
            try Output.stdout("usage: tca-lint dump tokens FILE\n       tca-lint dump reducers FILE...\n       tca-lint dump features [PATH...]\n")
            return ExitStatus.clean
        }
        switch what {
        case "tokens":
            guard files.count == 1, let path = files.first else {
                throw CommandError.usage("dump tokens needs exactly one FILE")
            }
            return try tokens(path)
        case "reducers":
            guard !files.isEmpty else { throw CommandError.usage("dump reducers needs at least one FILE") }
            return try reducers(files)
        case "features":
            // As `lint`: the current folder when no path is given.
            return try features(files.isEmpty ? ["."] : files)
        default:
            throw CommandError.usage("unknown dump '\(what)'; expected tokens, reducers or features")
        }
    }

    static func read(_ path: String) throws -> [UInt8] {
        switch FileReader.read(path) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw CommandError.failure("\(path): \(failure.description)")
        }
    }

    static func tokens(_ path: String) throws -> Int32 {
        let bytes = try read(path)
        var out = BufferedOutput(fd: STDOUT_FILENO)
        // Kind names as bytes once, not a String per token.
        let names = TokenKind.allCases.map { Array($0.name.utf8) }
        for token in Tokenizer.tokenize(bytes) {
            out.append(decimal: token.startOffset)
            out.append(UInt8(ascii: " "))
            out.append(decimal: token.endOffset)
            out.append(UInt8(ascii: " "))
            for byte in names[Int(token.kind.rawValue)] { out.append(byte) }
            out.append(UInt8(ascii: "\n"))
            out.flushIfLarge()
        }
        try out.finish()
        return ExitStatus.clean
    }

    static func reducers(_ paths: [String]) throws -> Int32 {
        var out = BufferedOutput(fd: STDOUT_FILENO)
        var status = ExitStatus.clean
        for path in paths {
            let bytes: [UInt8]
            switch FileReader.read(path) {
            case .success(let b): bytes = b
            case .failure(let failure):
                // Keep going: one unreadable file should not hide the others' models.
                out.flush()
                Output.error("\(path): \(failure.description)")
                status = ExitStatus.failure
                continue
            }
            let file = FileSyntax(source: SourceFile(path: path, bytes: bytes))
            for line in ReducerModelDump.lines(for: file) {
                out.append(line)
                out.append(UInt8(ascii: "\n"))
            }
        }
        try out.finish()
        return status
    }

    /// Folders: the features of every Swift file below them. Files only: the features declared in those
    /// files, from the model of the project they belong to (see `ProjectIndexer.projectRoot(of:)`).
    static func features(_ paths: [String]) throws -> Int32 {
        let walk = FileWalker().collect(paths)
        for problem in walk.problems { Output.error(problem.description) }
        let jobs = LintRunner.defaultJobs
        var features: [Feature]
        var status = walk.problems.isEmpty ? ExitStatus.clean : ExitStatus.failure
        if ProjectIndexer.areAllFiles(paths) {
            var given: [FileFacts] = []
            for path in walk.files {
                guard let bytes = ProjectIndexer.readText(path) else {
                    Output.error("\(path): cannot be read as UTF-8 text")
                    status = ExitStatus.failure
                    continue
                }
                given.append(ProjectIndexer.facts(path: path, bytes: bytes))
            }
            guard !given.isEmpty else { try Output.stdout(FeatureDump.json([])); return status }
            let index = ProjectIndexer.projectIndex(around: given[0].path, given: given, jobs: jobs)
                ?? FeatureIndex(files: given)
            let named = Set(given.map { $0.path })
            features = index.features.filter { f in f.declarations.contains { named.contains($0.path) } }
        } else {
            features = ProjectIndexer.index(paths: walk.files, jobs: jobs).features
        }
        try Output.stdout(FeatureDump.json(features))
        return status
    }
}

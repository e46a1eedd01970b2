// swiftparser-dump — tca-lint's reference dumper, built on the toolchain's SwiftParser.
//
// It answers the questions `tca-lint dump` answers, but with the compiler's own parser, so
// `scripts/oracle-diff` can diff the two file by file. It is not part of the SwiftPM package
// (SwiftPM would need swift-syntax as a dependency); `scripts/build-swiftparser-dump` builds it
// with swiftc against the host libraries shipped inside the toolchain.
//
// USAGE
//   swiftparser-dump tokens FILE
//       One coarse token per line: `<start> <end> <kind>` (UTF-8 byte offsets, half-open).
//       Same format and mapping as `tca-lint dump tokens`: see CoarseTokens.swift.
//   swiftparser-dump tokens FILE FILE… | --list FILELIST
//       Batch mode: before each file's tokens, a line `@file <path>`.
//   swiftparser-dump reducers (FILE… | --list FILELIST)
//       One JSON object per line for every reducer type: see ReducerScan.swift.
//   swiftparser-dump parse [--iterations N] [--warmup N] [--jobs N] (FILE… | --list FILELIST)
//       Parse-only throughput: files read into memory first, `warmup` untimed passes (default 1),
//       then `iterations` timed passes (default 5), single-threaded unless --jobs N > 1.
//       Prints `key: value` lines (files, bytes, seconds_median, MB/s_median; MB = 10^6 bytes).
//   swiftparser-dump errors (FILE… | --list FILELIST)
//       One line per file, `<count> <path>`: the syntax errors SwiftParser recovered from
//       (unexpected text skipped, missing tokens inserted); see ParseErrors.swift.
//   FILELIST: one path per line.
//
// Exit status: 0 on success, 2 on a usage or I/O error.

import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard let subcommand = arguments.first else {
    exitWithUsageError("expected a subcommand: tokens, reducers, parse or errors")
}
let options = CommandOptions(parsing: arguments.dropFirst(), valueFlags: ["--iterations", "--warmup", "--jobs"])

switch subcommand {
case "tokens":
    runTokens(options)
case "reducers":
    runReducers(options)
case "parse":
    runParseTiming(options)
case "errors":
    runErrors(options)
default:
    exitWithUsageError("unknown subcommand '\(subcommand)'; expected tokens, reducers, parse or errors")
}

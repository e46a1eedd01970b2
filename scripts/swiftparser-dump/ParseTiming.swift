// Parse-only throughput of SwiftParser: the yardstick `scripts/bench` compares tca-lint with.

import Dispatch
import Foundation
import SwiftParser
import SwiftSyntax

func runParseTiming(_ options: CommandOptions) {
    guard !options.files.isEmpty else { exitWithUsageError("parse: no FILE") }
    let iterations = max(1, options.integer("--iterations", default: 5))
    let warmup = options.integer("--warmup", default: 1)
    let jobs = max(1, options.integer("--jobs", default: 1))

    // Reading is not timed: the comparison is parser against linter, not disk against disk.
    let sources = options.files.map(readFileBytes)
    let totalBytes = sources.reduce(0) { $0 + $1.count }

    // The parsed length of every file is checked, so the parse cannot be optimised away.
    let parsedLengths = UnsafeMutableBufferPointer<Int>.allocate(capacity: sources.count)
    parsedLengths.initialize(repeating: 0)
    defer { parsedLengths.deallocate() }

    func parse(_ index: Int) {
        let tree = sources[index].withUnsafeBufferPointer { Parser.parse(source: $0) }
        parsedLengths[index] = tree.totalLength.utf8Length
    }
    func timedPass() -> Double {
        let start = monotonicSeconds()
        if jobs > 1 {
            DispatchQueue.concurrentPerform(iterations: sources.count, execute: parse)
        } else {
            for index in sources.indices { parse(index) }
        }
        return monotonicSeconds() - start
    }

    for _ in 0..<warmup { _ = timedPass() }
    var seconds: [Double] = []
    for iteration in 1...iterations {
        let elapsed = timedPass()
        seconds.append(elapsed)
        print(String(format: "iteration %d: %.3f s  %.2f MB/s", iteration, elapsed, Double(totalBytes) / elapsed / 1e6))
    }
    let parsedTotal = parsedLengths.reduce(0, +)
    if parsedTotal != totalBytes { print("WARNING: parsed \(parsedTotal) bytes of \(totalBytes)") }

    let median = seconds.sorted()[seconds.count / 2]
    print("files: \(sources.count)")
    print("bytes: \(totalBytes)")
    print("mode: jobs=\(jobs) warmup=\(warmup) iterations=\(iterations)")
    print(String(format: "seconds_median: %.3f", median))
    print(String(format: "MB/s_median: %.2f", Double(totalBytes) / median / 1e6))
}

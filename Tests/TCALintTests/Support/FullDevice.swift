import Foundation
import XCTest

/// Linux's `/dev/full`, on which every write fails with ENOSPC: how the tests provoke a failed write to standard
/// output, to a report or to a baseline. macOS (and the BSDs) have no such device, so the tests that need it skip
/// there, saying why; Linux (this repository's CI and the Linux jobs of .github/workflows/ci.yml) runs them.
enum FullDevice {
    static let path = "/dev/full"

    static func require() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: path),
                          "\(path) does not exist on this platform (macOS has none): the failed-write path is tested on Linux")
    }
}

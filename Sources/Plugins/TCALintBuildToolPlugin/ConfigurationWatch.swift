import Foundation
import PackagePlugin

/// Makes the build re-lint a target when a `.tca-lint.yml` that can apply to it appears, changes
/// or disappears, and never fails a build because one went away.
///
/// Which files can apply: one in the folder of any of the target's Swift files or in any folder
/// above, up to `/` (the command line reads the nearest ones from there, and nested ones for their
/// subtrees). A build command cannot name such a file as an input: a deleted input stops every
/// later build ("missing inputs"), and one created later is not an input at all, since the plugin
/// runs only when the build is planned. So this command's inputs are things that always exist:
///
/// - each of those folders: adding, deleting or renaming an entry changes a folder's modification
///   time, which the build system compares (created, deleted, renamed and atomically saved files);
/// - one "slot" file per folder in the plugin's work directory, kept as a hard link to that
///   folder's `.tca-lint.yml` when there is one: editing the file in place changes the slot too.
///
/// When it runs, it re-links the slots and writes a digest (a comment-only `.swift` file: a
/// checksum of each configuration file that exists), only when the digest changed. The lint
/// command depends on the digest, so it re-runs exactly when configuration changed, however often
/// this cheap command runs (a folder such as `/tmp` or the home folder changes often).
///
/// Files a configuration names (`parent_config:`, `baseline:`, followed through parent chains) are
/// watched the same way, each with its folder and a slot; they are read when the build is planned,
/// so a file first named after that is watched from the next planning on (its first appearance
/// changes the naming configuration, which re-lints).
///
/// Where hard links are impossible (another file system, a sandbox refusing them), edits in place
/// are noticed at the next change of the folder or of a Swift file instead.
struct ConfigurationWatch {
    static let fileName = ".tca-lint.yml"
    /// The folders whose entries are watched.
    let folders: [String]
    /// The files watched, slot N for file N: each folder's `.tca-lint.yml`, then the files they name.
    let files: [String]
    let slotDirectory: URL
    let digest: URL

    init(workDirectory: URL, targetName: String, swiftFiles: [URL]) throws {
        let configFolders = Self.folders(above: swiftFiles.map(\.path))
        let configs = configFolders.map { ($0 as NSString).appendingPathComponent(Self.fileName) }
        let named = Self.namedFiles(from: configs)
        files = configs + named
        // Only folders that exist can be inputs (a missing input stops the build), and never `/` (see below).
        let namedFolders = named.map { ($0 as NSString).deletingLastPathComponent }.filter { folder in
            var isDirectory: ObjCBool = false
            return folder != "/" && FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        folders = Array(Set(configFolders + namedFolders)).sorted()
        slotDirectory = workDirectory.appendingPathComponent("\(targetName)+TCALintConfigurationSlots", isDirectory: true)
        digest = workDirectory.appendingPathComponent("\(targetName)+TCALintConfiguration.swift")
        // Inputs must exist before the build starts: an empty slot stands for "not linked yet".
        try FileManager.default.createDirectory(atPath: slotDirectory.path, withIntermediateDirectories: true)
        for index in files.indices where !FileManager.default.fileExists(atPath: slot(index).path) {
            _ = FileManager.default.createFile(atPath: slot(index).path, contents: Data())
        }
    }

    func slot(_ index: Int) -> URL { slotDirectory.appendingPathComponent("\(index)") }

    /// Every folder holding one of the files, and every folder above those but `/` (the build
    /// system makes `/` depend on every output below it: a cycle), sorted.
    static func folders(above files: [String]) -> [String] {
        var folders = Set<String>()
        for file in files {
            var folder = (file as NSString).deletingLastPathComponent
            while folder != "/", !folder.isEmpty, folders.insert(folder).inserted {
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        return folders.sorted()
    }

    /// The files the configurations name with `parent_config:` or `baseline:` (relative to the naming
    /// file's folder), through parent chains of at most 8 steps, that are not watched already.
    static func namedFiles(from configs: [String]) -> [String] {
        var result: [String] = []
        var seen = Set(configs)
        var pending = configs
        var steps = 0
        while let file = pending.popLast(), steps < 64 {
            steps += 1
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            let folder = (file as NSString).deletingLastPathComponent
            for line in text.split(whereSeparator: \.isNewline) {
                for key in ["parent_config:", "baseline:"] where line.hasPrefix(key) {
                    var value = line.dropFirst(key.count).trimmingCharacters(in: .whitespaces)
                    if let hash = value.range(of: " #") { value = String(value[..<hash.lowerBound]).trimmingCharacters(in: .whitespaces) }
                    if value.count >= 2, let q = value.first, q == "\"" || q == "'", value.last == q { value = String(value.dropFirst().dropLast()) }
                    guard !value.isEmpty else { continue }
                    let path = ((value.hasPrefix("/") ? value : (folder as NSString).appendingPathComponent(value)) as NSString).standardizingPath
                    guard seen.insert(path).inserted else { continue }
                    result.append(path)
                    if key == "parent_config:" { pending.append(path) }
                }
            }
        }
        return result
    }

    func command() -> Command {
        // Arguments: the digest, the slot folder, then the watched files (slot N is file N).
        // The digest names no path (a folder name could hold a newline, which would end the comment).
        let script = """
            digest="$1"; slots="$2"; shift 2
            index=0
            {
              echo "// The .tca-lint.yml files that apply to this target, by checksum: tca-lint re-lints it when this changes."
              for config in "$@"; do
                slot="$slots/$index"
                if [ -f "$config" ]; then
                  if ! [ "$slot" -ef "$config" ]; then
                    rm -f "$slot.new"
                    ln -L "$config" "$slot.new" 2>/dev/null && mv -f "$slot.new" "$slot"
                  fi
                  echo "// $index: $(cksum < "$config")"
                fi
                index=$((index + 1))
              done
            } > "$digest.new"
            if cmp -s "$digest.new" "$digest"; then rm -f "$digest.new"; else mv -f "$digest.new" "$digest"; fi
            exit 0
            """
        return .buildCommand(
            displayName: "tca-lint configuration check",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, "tca-lint-configuration", digest.path, slotDirectory.path] + files,
            inputFiles: folders.map { URL(fileURLWithPath: $0, isDirectory: true) } + files.indices.map(slot),
            outputFiles: [digest]
        )
    }
}

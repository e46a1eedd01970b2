"""Issue 25's fault classes, each a function that attacks the release binary and returns (tried, failed,
details). A try fails when tca-lint does what the class forbids (writes outside the tree, leaves code that
does not type-check, reads without bound, loses an append silently, ...); details name the failures."""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FINDING = "let s = Store(initialState: F.State()) { F()._printChanges() }\n"
FIXED = "let s = Store(initialState: F.State()) { F() }\n"
MEMORY_LIMIT = "ulimit -v 2000000"


def run(argv, cwd=None, stdin=None, timeout=120, shell_prefix=None, env=None):
    """(exit status, stdout, stderr); a timeout is status -9 ('killed')."""
    if shell_prefix:
        argv = ["/bin/sh", "-c", shell_prefix + ' && exec "$0" "$@"'] + argv
    try:
        r = subprocess.run(argv, cwd=cwd, input=stdin, capture_output=True, timeout=timeout, env=env)
        return r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return -9, "", "timeout"


def write(path, data):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "wb" if isinstance(data, bytes) else "w") as f:
        f.write(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


class Scratch:
    def __enter__(self):
        self.root = tempfile.mkdtemp(prefix="tca-lint-campaign-")
        return self.root

    def __exit__(self, *exc):
        subprocess.run(["chmod", "-R", "u+rwx", self.root], capture_output=True)
        subprocess.run(["rm", "-rf", self.root])


# 1. Writes stay inside the linted tree's real paths.
def links_out_of_the_tree(binary):
    tried, failed, details = 0, 0, []
    shapes = ["file", "folder", "chain", "named", "absolute", "inside"]
    for shape in shapes:
        for mode in ["--fix", "--diff"]:
            tried += 1
            with Scratch() as root:
                write(f"{root}/other/Target.swift", FINDING)
                write(f"{root}/other/d/InDir.swift", FINDING)
                write(f"{root}/tree/Sources/Own.swift", FINDING)
                write(f"{root}/tree/Shared/Real.swift", FINDING)
                link = f"{root}/tree/Sources/Link.swift"
                target = f"{root}/other/Target.swift"
                operand = "tree"
                if shape == "file":
                    os.symlink("../../other/Target.swift", link)
                elif shape == "folder":
                    os.symlink("../../other/d", f"{root}/tree/Sources/LinkDir")
                    target = f"{root}/other/d/InDir.swift"
                elif shape == "chain":
                    os.symlink("Hop.swift", link)
                    os.symlink("../../other/Target.swift", f"{root}/tree/Sources/Hop.swift")
                elif shape == "named":
                    os.symlink("../../other/Target.swift", link)
                    operand = "tree/Sources/Link.swift"
                elif shape == "absolute":
                    os.symlink(target, link)
                else:  # inside: the target is in the tree and is fixed
                    os.symlink("../Shared/Real.swift", link)
                    target = f"{root}/tree/Shared/Real.swift"
                status, out, err = run([binary, "lint", mode, "--quiet", operand], cwd=root)
                outside = shape != "inside"
                changed = read(target) != FINDING.encode()
                ok = (not changed) if (outside or mode == "--diff") else changed
                if outside:
                    ok = ok and status == 2 and "outside the linted" in err
                if not ok:
                    failed += 1
                    details.append(f"{shape} {mode}: status {status}, target changed {changed}: {err.strip()[:200]}")
    return tried, failed, details


# 2. Every fix leaves code that type-checks as before.
def fixes_type_check(binary):
    swiftc = shutil.which("swiftc")
    if not swiftc:
        return 0, 0, ["skipped: no swiftc"]
    sys.path.insert(0, HERE)
    tried, failed, details = 0, 0, []
    standins = f"{ROOT}/Tests/TypeCheck"
    if sys.platform == "darwin":  # Clock and Duration: macOS 13, as the package itself
        import platform
        swiftc_target = ["-target", f"{platform.machine()}-apple-macos13"]
    else:
        swiftc_target = []
    swiftc = [swiftc] + swiftc_target
    with Scratch() as modules:
        for module in ["ComposableArchitecture", "SwiftUI"]:
            subprocess.run(swiftc + ["-emit-module", "-module-name", module, "-parse-as-library", "-swift-version", "5",
                            "-o", f"{modules}/{module}.swiftmodule", f"{standins}/{module}.swift"], check=True, capture_output=True)

        def expand(text):
            text = text.replace("@ObservableState", "")
            def conform(m):
                head, name, inherits = m.group(1), m.group(2), m.group(3)
                return f"{head}{name}: Reducer, {inherits[1:].strip()} {{" if inherits else f"{head}{name}: Reducer {{"
            return re.sub(r'@Reducer(?:\([^)]*\))?\s+((?:(?:public|internal|fileprivate|private|final)\s+)*struct\s+)(\w+)\s*(:[^{]*)?\{',
                          conform, text)

        def errors(tree, files):
            names = set(re.findall(r"#(?:else)?if\s+!?(\w+)", "".join(read(f"{tree}/{f}").decode() for f in files)))
            found = []
            with Scratch() as work:
                for f in files:
                    write(f"{work}/{f.replace('/', '_')}", expand(read(f"{tree}/{f}").decode()))
                for defines in [[]] + [["-D", n] for n in sorted(names | {"DEBUG"})]:
                    r = subprocess.run(swiftc + ["-typecheck", "-swift-version", "5", "-I", modules] + defines
                                       + [f.replace("/", "_") for f in files], cwd=work, capture_output=True, text=True)
                    found += [l for l in (r.stdout + r.stderr).splitlines() if "error:" in l and not l.startswith(" ")]
            return found

        projects = []
        fixes = f"{ROOT}/fixtures/fixes"
        members = ["date", "uuid", "clock", "calendar", "locale", "timeZone", "now", "body2"]
        for name in sorted(os.listdir(fixes)):
            if not name.endswith(".swift"):
                continue
            base = name[:-len(".swift")]
            context = read(f"{standins}/Context/{base}.swift").decode()
            projects.append((f"{base}", {f"Sources/{name}": read(f"{fixes}/{name}").decode(), f"Context/{base}.swift": context}))
            # The same fixture with an extension in another folder taking each dependency's default name.
            reducers = re.findall(r"@Reducer\s+struct\s+(\w+)", read(f"{fixes}/{name}").decode())
            for member in members:
                extension = "import Foundation\n" + "".join(f"extension {r} {{\n  var {member}: Int {{ 0 }}\n}}\n" for r in reducers
                                                             if not re.search(rf"\b(var|let|func)\s+{member}\b", read(f"{fixes}/{name}").decode() + context))
                projects.append((f"{base}+{member}", {f"Sources/{name}": read(f"{fixes}/{name}").decode(),
                                                      f"Context/{base}.swift": context, f"Other/{base}+{member}.swift": extension}))
        # Two bodies, one per build configuration, and a @Dependency of one branch only.
        reducer = ("import ComposableArchitecture\n\n@Reducer\nstruct Timer {\n  struct State: Equatable {\n    var at: Date?\n    var id: UUID?\n  }\n"
                   "  enum Action {\n    case start\n  }\n\n")
        logic = "    Reduce { state, action in\n      state.at = Date()\n      state.id = UUID()\n      return .none\n    }\n"
        for debug_only in ["", "  #if DEBUG\n  @Dependency(\\.date) var date\n  #endif\n\n"]:
            for layout in ["if-else", "if-only-debug-body"]:
                body = (f"  #if DEBUG\n  var body: some ReducerOf<Self> {{\n{logic}  }}\n  #else\n  var body: some ReducerOf<Self> {{\n{logic}  }}\n  #endif\n"
                        if layout == "if-else" else f"  #if DEBUG\n  var body: some ReducerOf<Self> {{\n{logic}  }}\n  #else\n  var body: some ReducerOf<Self> {{ Reduce {{ _, _ in .none }} }}\n  #endif\n")
                projects.append((f"timer-{layout}{'-debug-dependency' if debug_only else ''}", {"Sources/Timer.swift": reducer + debug_only + body + "}\n"}))
        for label, files in projects:
            with Scratch() as tree:
                write(f"{tree}/.tca-lint.yml", "opt_in_rules: [all]\n")
                for path, text in files.items():
                    write(f"{tree}/{path}", text)
                before = errors(tree, list(files))
                if before:
                    details.append(f"{label}: does not type-check before the fix (not counted): {before[:2]}")
                    continue
                tried += 1
                run([binary, "lint", "--fix", "--unsafe", "--quiet", "Sources"], cwd=tree)
                after = errors(tree, list(files))
                if after:
                    failed += 1
                    details.append(f"{label}: {after[:3]}")
    return tried, failed, details


# 3. What lint refuses, --fix and --diff refuse.
def refused_text(binary):
    tried, failed, details = 0, 0, []
    variants = {
        "nul-start": b"\0" + FINDING.encode(), "nul-end": FINDING.encode() + b"\0", "nul-comment": FINDING.encode() + b"// \0\n",
        "ff": FINDING.encode() + b"// \xff\n", "overlong": FINDING.encode() + b"// \xc0\xaf\n",
        "surrogate": FINDING.encode() + b"// \xed\xa0\x80\n", "truncated": FINDING.encode() + b"// \xe2\x82",
        "latin1": FINDING.encode() + b"// caf\xe9\n", "utf16": FINDING.encode("utf-16"),
    }
    for label, data in variants.items():
        for mode in ["lint", "--diff", "--fix", "--fix --unsafe"]:
            tried += 1
            with Scratch() as root:
                write(f"{root}/A.swift", data)
                argv = [binary, "lint", "--quiet", "A.swift"] if mode == "lint" else [binary, "lint", *mode.split(), "--quiet", "A.swift"]
                status, out, err = run(argv, cwd=root)
                if status != 2 or read(f"{root}/A.swift") != data or "skipped" not in err:
                    failed += 1
                    details.append(f"{label} {mode}: status {status}: {err.strip()[:120]}")
    return tried, failed, details


# 4. A fix never leaves a dangling operator.
def prefix_operators(binary):
    tried, failed, details = 0, 0, []
    swiftc = shutil.which("swiftc")
    cases = []
    for op in ["!", "-", "~", "+", "!!", "√"]:
        for form in ["return {op}._printChanges()", "let x = ({op}._printChanges())", "let x = y ?? {op}._printChanges()",
                     "f({op}._printChanges())", "let x = [{op}._printChanges()]"]:
            cases.append(form.format(op=op))
    cases += ["let x = F()!._printChanges()", "let x = f()!\n  ._printChanges()", "let x = a?._printChanges()"]
    for code in cases:
        tried += 1
        text = "func g() -> Any {\n  " + code + "\n  return 0\n}\n"
        with Scratch() as root:
            write(f"{root}/A.swift", text)
            run([binary, "lint", "--fix", "--quiet", "A.swift"], cwd=root)
            after = read(f"{root}/A.swift").decode()
            dangling = re.search(r"(^|[\s(\[,=?])[-!~+√]+\s*($|[)\],])", after, re.M)
            parse_error = False
            if swiftc:
                before_errors = subprocess.run([swiftc, "-parse", "-"], input=text, capture_output=True, text=True).stderr.count("error:")
                after_errors = subprocess.run([swiftc, "-parse", "-"], input=after, capture_output=True, text=True).stderr.count("error:")
                parse_error = after_errors > before_errors
            if dangling or parse_error:
                failed += 1
                details.append(f"{code!r} -> {after!r}")
    return tried, failed, details


# 5. A leading byte order mark does not block fixes.
def byte_order_marks(binary):
    tried, failed, details = 0, 0, []
    fixes = f"{ROOT}/fixtures/fixes"
    for name in sorted(os.listdir(fixes)):
        if not name.endswith(".swift"):
            continue
        for line_ending in ["lf", "crlf"]:
            tried += 1
            text = read(f"{fixes}/{name}")
            if line_ending == "crlf":
                text = text.replace(b"\n", b"\r\n")
            with Scratch() as root:
                # Two projects (each its own root): the same reducer twice in one project is another project.
                write(f"{root}/plain/{name}", text)
                write(f"{root}/bom/{name}", b"\xef\xbb\xbf" + text)
                for project in ["plain", "bom"]:
                    write(f"{root}/{project}/.tca-lint.yml", "opt_in_rules: [reduce_before_scope]\n")
                run([binary, "lint", "--fix", "--unsafe", "--quiet", "plain"], cwd=root)
                status, out, err = run([binary, "lint", "--fix", "--unsafe", "--quiet", "bom"], cwd=root)
                if read(f"{root}/bom/{name}") != b"\xef\xbb\xbf" + read(f"{root}/plain/{name}") or "parse cleanly" in err:
                    failed += 1
                    details.append(f"{name} {line_ending}: {err.strip()[:160]}")
    return tried, failed, details


# 6. --diff output applies with GNU patch and git apply, whatever the names.
def diff_names(binary):
    tried, failed, details = 0, 0, []
    names = ["My Dir/A B.swift", "tab\tname.swift", "q\"uote.swift", "back\\slash.swift", "é ü 日本.swift", "-dash.swift",
             "r\u202etl.swift", "c1\u0085.swift", "trailing .swift", "  lead.swift", "del\x7f.swift", "esc\x1b[31m.swift"]
    tools = [t for t in [("patch", ["patch", "-p1", "-s", "-i"]), ("git", ["git", "apply", "-p1"])] if shutil.which(t[0])]
    for name in names:
        for tool, argv in tools:
            tried += 1
            with Scratch() as root:
                write(f"{root}/a/{name}", FINDING)
                status, diff, err = run([binary, "lint", "--diff", "--quiet", "."], cwd=f"{root}/a")
                write(f"{root}/p.diff", diff.encode())
                write(f"{root}/b/{name}", FINDING)
                r = subprocess.run(argv + [f"{root}/p.diff"], cwd=f"{root}/b", capture_output=True, text=True)
                if status != 1 or r.returncode != 0 or read(f"{root}/b/{name}") != FIXED.encode():
                    failed += 1
                    details.append(f"{name!r} {tool}: diff status {status}, apply {r.returncode} {r.stderr.strip()[:120]}")
    return tried, failed, details


# 7. Every read is capped; endless and non-regular inputs are refused with a clear error.
def unbounded_reads(binary):
    tried, failed, details = 0, 0, []
    endless = [p for p in ["/proc/self/pagemap", "/dev/zero", "/dev/urandom"] if os.path.exists(p)]
    with Scratch() as root:
        write(f"{root}/A.swift", FINDING)
        os.mkfifo(f"{root}/fifo.yml")
        cases = []
        for i, target in enumerate(endless):
            os.symlink(target, f"{root}/E{i}.swift")
            for argv in [["lint", "."], ["lint", f"E{i}.swift", "A.swift"], ["lint", "--fix", "."], ["lint", "--diff", "."],
                         ["lint", "--config", target, "A.swift"], ["lint", "--baseline", target, "A.swift"],
                         ["dump", "tokens", f"E{i}.swift"], ["dump", "features", "."]]:
                cases.append((argv, None, f"E{i}->{target}"))
            write(f"{root}/parent{i}.yml", f"parent_config: {target}\n")
            cases.append((["lint", "--config", f"parent{i}.yml", "A.swift"], None, "parent_config"))
        cases.append((["lint", "--config", "fifo.yml", "A.swift"], None, "fifo config"))
        for source in ["/dev/zero", "yes"]:
            for fix in [[], ["--fix"]]:
                cases.append((["lint", "--use-stdin", "--stdin-path", "A.swift"] + fix, source, f"stdin {source}"))
        for argv, stdin, label in cases:
            tried += 1
            if stdin:
                feed = "< /dev/zero" if stdin == "/dev/zero" else None
                command = f'{MEMORY_LIMIT} && ' + ("yes | " if stdin == "yes" else "") + f'exec "$0" "$@" {feed or ""}'
                r = subprocess.run(["/bin/sh", "-c", command, binary] + argv, cwd=root, capture_output=True, timeout=120)
                status, err = r.returncode, r.stderr.decode("utf-8", "replace")
            else:
                status, _, err = run([binary] + argv, cwd=root, shell_prefix=MEMORY_LIMIT, timeout=120)
            # dump features leaves unreadable files out of the model (exit 0); everything else says why and exits 2.
            expected = (0,) if argv[:2] == ["dump", "features"] else (2,)
            if status not in expected or (expected == (2,) and "error" not in err):
                failed += 1
                details.append(f"{label} {argv}: status {status}: {err.strip()[:120]}")
        # The language server with such a link in its workspace answers and lints.
        tried += 1
        if not lsp_survives(binary, root):
            failed += 1
            details.append("lsp with an endless file in its workspace")
    return tried, failed, details


def lsp_survives(binary, root):
    """`tca-lint lsp` (under the memory limit) with `root` as its workspace answers, lints and exits 0."""
    sys.path.insert(0, os.path.join(ROOT, "scripts", "bench.d"))
    from linearity import LSPSession
    os.makedirs(f"{root}/.git", exist_ok=True)
    server = LSPSession(["/bin/sh", "-c", MEMORY_LIMIT + ' && exec "$0" lsp', binary])
    try:
        server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": "file://" + root, "capabilities": {}}})
        server.until(lambda m: m.get("id") == 1)
        server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": "file://" + root + "/A.swift", "languageId": "swift", "version": 1, "text": FINDING}}})
        published = server.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        ok = published is not None and any(d.get("code") == "leftover_print_changes" for d in published["params"]["diagnostics"])
        return ok and server.shut_down() == 0
    except Exception:
        server.process.kill()
        return False


# 8. parent_config chains: a depth limit, fast, no crash.
def parent_config_chains(binary):
    tried, failed, details = 0, 0, []
    for length, cycle in [(1, False), (10, False), (64, False), (65, False), (1000, False), (12000, False), (2, True), (500, True)]:
        tried += 1
        with Scratch() as root:
            write(f"{root}/A.swift", FINDING)
            for i in range(length):
                write(f"{root}/c{i}.yml", f"parent_config: c{(i + 1) % length if cycle else i + 1}.yml\n")
            if not cycle:
                write(f"{root}/c{length}.yml", "strict: true\n")
            started = time.monotonic()
            status, out, err = run([binary, "lint", "--config", "c0.yml", "A.swift"], cwd=root, timeout=60)
            seconds = time.monotonic() - started
            if cycle:
                # A cycle longer than the depth limit is refused as too deep: an error either way.
                ok = status == 2 and ("makes a cycle" in err or (length > 64 and "parents deep" in err))
            elif length <= 64:
                ok = status == 1  # strict: the finding is an error
            else:
                ok = status == 2 and "parents deep" in err
            if not ok or seconds > 5:
                failed += 1
                details.append(f"{length}{' cycle' if cycle else ''}: status {status} in {seconds:.1f} s: {err.strip()[:120]}")
    return tried, failed, details


# 9. Project-wide shapes stay linear (scripts/bench's linearity check).
SHAPES = ["project_protocols_in_one_file", "project_protocols_conforming", "project_protocol_per_file",
          "nested_types_memory", "nested_configurations", "lsp_code_actions"]


def project_wide_shapes(binary):
    env = dict(os.environ, TCA_LINT_BIN=binary)
    argv = [f"{ROOT}/scripts/bench", "--linearity-only", "--runs", "3"] + [a for s in SHAPES for a in ["--case", s]]
    r = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=3600)
    lines = [l for l in r.stdout.splitlines() if l.startswith("linearity ") and ":" in l]
    failed = [l for l in lines if l.endswith("FAIL")]
    return len(lines), len(failed), failed or lines


# 10. Every reporter escapes bidi, C1 and DEL as it escapes C0.
HOSTILE = ["\x01", "\x07", "\x08", "\x1b", "\x7f", "\x80", "\x85", "\x9b", "\x9f", "\u061c", "\u200e", "\u200f",
           "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]


def reporter_escaping(binary):
    tried, failed, details = 0, 0, []
    reporters = ["xcode", "emacs", "gcc", "relative-path", "json", "sarif", "github-actions", "checkstyle", "junit",
                 "codeclimate", "markdown", "summary"]
    with Scratch() as root:
        for i, ch in enumerate(HOSTILE):
            write(f"{root}/F{i}{ch}x.swift", FINDING)
        for reporter in reporters:
            status, out, err = run([binary, "lint", "--reporter", reporter, "--quiet", "."], cwd=root)
            for ch in HOSTILE:
                tried += 1
                if ch in out:
                    failed += 1
                    details.append(f"{reporter}: U+{ord(ch):04X} raw")
    return tried, failed, details


# 11. Appends of a writer that keeps its file open: never lost silently.
def held_open_writers(binary):
    tried, failed, details = 0, 0, []
    for interval in [0.002, 0.03, 0.1, 0.3]:
        for files in [30, 400]:
            tried += 1
            with Scratch() as root:
                for i in range(files):
                    write(f"{root}/F{i}.swift", FINDING + (" " * 20000 + "\n") * 20)
                fd = os.open(f"{root}/F0.swift", os.O_WRONLY | os.O_APPEND)
                issued = [0]
                stop = [False]
                import threading

                def writer():
                    n = 0
                    while not stop[0]:
                        n += 1
                        os.write(fd, f"// append {n}\n".encode())
                        issued[0] = n
                        time.sleep(interval)
                t = threading.Thread(target=writer)
                t.start()
                time.sleep(0.2)
                r = subprocess.run([binary, "lint", "--fix", "--quiet", "."], cwd=root, capture_output=True, text=True)
                before_exit = issued[0]
                stop[0] = True
                t.join()
                os.close(fd)
                present = set(int(m) for m in re.findall(r"^// append (\d+)$", read(f"{root}/F0.swift").decode(), re.M))
                lost = [n for n in range(1, before_exit + 1) if n not in present]
                reported = r.returncode == 2 and "F0.swift: error:" in r.stderr
                if lost and not reported:
                    failed += 1
                    details.append(f"interval {interval}, {files} files: {len(lost)} of {before_exit} appends lost silently")
    # Made certain: tca-lint is held on a full standard output (a report of 2,000 findings), written after
    # every fix has settled, while the writer appends; then its output is read and it exits.
    many = "".join(f"@Reducer struct R{i} {{\n  var body: some ReducerOf<Self> {{ Reduce {{ _, _ in .none }} }}\n"
                   f"  func reduce(into state: inout State, action: Action) -> Effect<Action> {{ .none }}\n}}\n" for i in range(2000))
    for attempt in range(4):
        tried += 1
        with Scratch() as root:
            write(f"{root}/F.swift", FINDING)
            write(f"{root}/Many.swift", many)
            fd = os.open(f"{root}/F.swift", os.O_WRONLY | os.O_APPEND)
            inode = os.stat(f"{root}/F.swift").st_ino
            p = subprocess.Popen([binary, "lint", "--fix", "."], cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            import select
            select.select([p.stdout], [], [], 60)  # the report has started: the fixes have settled
            time.sleep(0.2)
            replaced = os.stat(f"{root}/F.swift").st_ino != inode
            os.write(fd, b"// logged while tca-lint runs\n")
            out, err = p.communicate()
            os.close(fd)
            lost = b"// logged while tca-lint runs" not in read(f"{root}/F.swift")
            reported = p.returncode == 2 and "F.swift: error:" in err.decode("utf-8", "replace")
            if replaced and lost and not reported:
                failed += 1
                details.append(f"held on its output (try {attempt}): the append was lost silently")
    return tried, failed, details


# 12. Temporary files of earlier runs: named, and removed when provably tca-lint's.
def leftover_temporary_files(binary):
    tried, failed, details = 0, 0, []
    setpriv = shutil.which("setpriv") if os.getuid() == 0 else None
    drop = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] if setpriv else []
    body = "let x = 1\n" * 20000 + FINDING
    for attempt in range(6):
        for attack in ["sigkill", "unwritable"]:
            if attack == "unwritable" and os.getuid() == 0 and not drop:
                continue
            with Scratch() as root:
                os.chmod(root, 0o755)
                folder = f"{root}/src"
                for i in range(8):
                    write(f"{folder}/F{i}.swift", body)
                write(f"{folder}/Small.swift", FINDING)
                subprocess.run(["chmod", "-R", "a+rwX", folder])
                p = subprocess.Popen(drop + [binary, "lint", "--fix", "--quiet", "src"], cwd=root,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                acted = False
                while p.poll() is None and not acted:
                    if any(".tmp-" in n for n in os.listdir(folder)):
                        if attack == "sigkill":
                            p.send_signal(signal.SIGKILL)
                        else:
                            os.chmod(folder, 0o555)
                        acted = True
                err = p.communicate()[1].decode("utf-8", "replace")
                left = [n for n in os.listdir(folder) if ".tmp-" in n]
                if not acted or not left:
                    continue
                tried += 1
                silent = attack == "unwritable" and any(n not in err for n in left)
                os.chmod(folder, 0o777)
                status, out, next_err = run(drop + [binary, "lint", "--fix", "--quiet", "src/Small.swift"], cwd=root)
                remaining = [n for n in os.listdir(folder) if ".tmp-" in n]
                unnamed = [n for n in left if n not in next_err]
                if silent or remaining or unnamed:
                    failed += 1
                    details.append(f"{attack}: left {left}, silent {silent}, remaining {remaining}, unnamed {unnamed}")
    return tried, failed, details


CLASSES = [
    ("links out of the linted tree (--fix, --diff)", links_out_of_the_tree),
    ("--fix --unsafe leaves code that type-checks (swiftc + stand-ins)", fixes_type_check),
    ("NUL / invalid UTF-8 refused by lint, --diff, --fix", refused_text),
    ("prefix operator before ._printChanges()", prefix_operators),
    ("leading byte order mark (fix fixtures, LF/CRLF)", byte_order_marks),
    ("--diff applied by GNU patch and git apply (hostile names)", diff_names),
    ("unbounded reads (endless links, stdin, config, baseline, FIFO, lsp)", unbounded_reads),
    ("parent_config chains and cycles", parent_config_chains),
    ("project-wide shapes linear (bench n/2n/4n)", project_wide_shapes),
    ("reporters escape C0/DEL/C1/bidi (12 reporters x 21 characters)", reporter_escaping),
    ("appends of a writer that keeps the file open", held_open_writers),
    ("leftover temporary files (SIGKILL, folder made unwritable)", leftover_temporary_files),
]

"""Adversarial single-input generators for the linearity check: each builds an input of size n (a file,
or a folder of files for the project-wide shapes); the bench times n, 2n and 4n and prints the ratio (doubling the input must at most double the time, so a ratio
near 2 is linear and 4 quadratic). Each case names the command it times."""
import json
import os
import subprocess
import sys


def fix_binding_after_reduce(n):
    """n small reducers, each with BindingReducer() after a Reduce that reads the bound field on its binding
    action (a binding_reducer_not_first finding with a fix): n fixes in one file (--diff --unsafe)."""
    parts = ["import ComposableArchitecture\n"]
    for i in range(n):
        parts.append(f"""
@Reducer
struct F{i} {{
  @ObservableState
  struct State {{ var text = ""; var count = 0 }}
  enum Action: BindableAction {{ case binding(BindingAction<State>) }}
  var body: some ReducerOf<Self> {{
    Reduce {{ state, action in
      switch action {{
      case .binding(\\.text):
        state.count = state.text.count
        return .none
      case .binding:
        return .none
      }}
    }}
    BindingReducer()
  }}
}}
""")
    return "".join(parts)


def print_changes_chain(n):
    """n `._printChanges()` chained on one line: n overlapping fixes (--diff)."""
    return "let store = Store(initialState: F.State()) { F()" + "._printChanges()" * n + " }\n"


def on_change_modifiers(n):
    """One Reduce carrying n `.onChange` modifiers beside a BindingReducer(): n findings (lint)."""
    mods = "".join(f"""
      .onChange(of: \\.field{i}) {{ _, _ in
        Reduce {{ state, _ in
          state.count += 1
          return .none
        }}
      }}""" for i in range(n))
    fields = "".join(f"    var field{i} = 0\n" for i in range(n))
    return f"""import ComposableArchitecture
@Reducer
struct Form {{
  @ObservableState
  struct State {{
    var count = 0
{fields}  }}
  enum Action: BindableAction {{ case binding(BindingAction<State>) }}
  var body: some ReducerOf<Self> {{
    BindingReducer()
    Reduce {{ state, action in .none }}{mods}
  }}
}}
"""


def reducers_with_on_change(n):
    """n reducers, each with an `.onChange` beside a BindingReducer() (each looks up its State) (lint)."""
    parts = ["import ComposableArchitecture\n"]
    for i in range(n):
        parts.append(f"""
@Reducer
struct F{i} {{
  @ObservableState
  struct State {{ var text = "" }}
  enum Action: BindableAction {{ case binding(BindingAction<State>) }}
  var body: some ReducerOf<Self> {{
    BindingReducer()
    Reduce {{ state, action in .none }}
      .onChange(of: \\.text) {{ _, _ in Reduce {{ _, _ in .none }} }}
  }}
}}
""")
    return "".join(parts)


def nested_reducers(n):
    """n `@Reducer` types, each nested in the previous one (lint)."""
    opening = "".join(f"@Reducer\nstruct R{i} {{\n  struct State {{}}\n  enum Action {{ case a }}\n"
                      f"  var body: some ReducerOf<Self> {{ Reduce {{ _, _ in .none }} }}\n" for i in range(n))
    return "import ComposableArchitecture\n" + opening + "}\n" * n


def action_cases_that_send(n):
    """One reducer whose n Action cases each `.send` the next (lint)."""
    cases = "".join(f"    case a{i}\n" for i in range(n + 1))
    arms = "".join(f"      case .a{i}:\n        return .send(.a{i + 1})\n" for i in range(n))
    return f"""import ComposableArchitecture
@Reducer
struct Chain {{
  struct State {{}}
  enum Action {{
{cases}  }}
  var body: some ReducerOf<Self> {{
    Reduce {{ state, action in
      switch action {{
{arms}      case .a{n}:
        return .none
      }}
    }}
  }}
}}
"""


def disable_enable_pairs(n):
    """n `tca-lint:disable` / `tca-lint:enable` pairs around findings (lint)."""
    body = "".join(f"""// tca-lint:disable leftover_print_changes
let s{i} = Store(initialState: F.State()) {{ F()._printChanges() }}
// tca-lint:enable leftover_print_changes
""" for i in range(n))
    return "import ComposableArchitecture\n" + body


def excluded_list(n):
    """A configuration whose `excluded:` list has n entries (--print-config)."""
    return "excluded:\n" + "".join(f"  - Generated/Module{i}/File{i}.swift\n" for i in range(n))


# Project-wide shapes (issue 25): a generator returning {relative path: text} writes a folder, which FILE names.

def protocols_in_one_file(n, conforming=False):
    """n protocols refining `Reducer` in one file, and n small files, each a reducer (`: Reducer`, or with
    `conforming` its own protocol `: Pi`): every file is checked against the project's n protocol names (lint)."""
    files = {"Protocols.swift": "import ComposableArchitecture\n" + "".join(f"protocol P{i}: Reducer {{}}\n" for i in range(n))}
    for i in range(n):
        files[f"F{i}.swift"] = (f"struct F{i}: {f'P{i}' if conforming else 'Reducer'} {{\n"
                                "  var body: some ReducerOf<Self> {\n    Reduce { _, _ in .none }\n  }\n}\n")
    return files


def protocols_in_one_file_conforming(n):
    """The same, each file's reducer conforming to its own project protocol (relinted with the project) (lint)."""
    return protocols_in_one_file(n, conforming=True)


def protocol_per_file(n):
    """n files each declaring `protocol Pi: Reducer {}` (lint)."""
    return {f"P{i}.swift": f"protocol P{i}: Reducer {{}}\n" for i in range(n)}


def nested_types(n):
    """One file with n plain types, each nested in the previous one, beside a reducer: memory must not grow
    with the square of the depth (each type held its whole qualified name) (lint)."""
    return ("@Reducer struct R { var body: some ReducerOf<Self> { Reduce { _, _ in .none } } }\n"
            + "".join(f"struct T{i} {{\n" for i in range(n)) + "}\n" * n)


def nested_configurations(n):
    """n folders, each inside the previous one, each with a `.tca-lint.yml` and a file with a finding: each
    folder's configuration is its parent's plus one file (lint). Paths grow with the depth, so the total
    length of the paths (which the report prints) grows with n²; the fold of configurations must not.
    Judged on the instructions executed in user space (callgrind), else on user CPU: the kernel resolves each
    path component by component, so its time for opening and stat'ing n files of depth up to n grows with n²
    for any program (`find | xargs stat` alike), and that walk evicts the caches, so even the user CPU time of
    linear work grows faster (measured on this case at 300 / 600 / 1,200 folders: 1.27 / 2.57 / 5.32 billion
    instructions, increment ratio 2.13, while the median user CPU of 15 runs gave 0.200 / 0.382 / 0.881 s, 2.74)."""
    files, folder = {}, ""
    for i in range(n):
        folder += "d/"
        files[folder + ".tca-lint.yml"] = "disabled_rules: [expensive_body]\n"
        files[folder + "F.swift"] = NESTED_FEATURE.replace("Counter", f"Counter{i}")
    return files


# Each nested folder's file: a feature of about the corpus's average file size (6.1 KB), so that the linear work
# per file stands above the start-up's jitter (a one-line file left increments of a few scheduler ticks) and
# above the work any program does on paths n levels deep (their bytes total n²), and one finding. Each
# folder's feature has a name of its own: n features of one name in nested folders is another shape.
_STEPS = range(24)
NESTED_FEATURE = (
    "import ComposableArchitecture\n\n@Reducer\nstruct Counter {\n  @ObservableState\n  struct State: Equatable {\n"
    + "".join(f"    var value{k} = 0\n" for k in _STEPS)
    + "    var fact: String?\n  }\n  enum Action {\n"
    + "".join(f"    case step{k}Tapped\n" for k in _STEPS)
    + "    case factLoaded(String)\n  }\n  @Dependency(\\.numberFact) var numberFact\n"
    + "  var body: some ReducerOf<Self> {\n    Reduce { state, action in\n      switch action {\n"
    + "".join(f"      case .step{k}Tapped:\n        state.value{k} += {k + 1}\n"
              f"        return .run {{ [value = state.value{k}] send in\n"
              f"          await send(.factLoaded((try? await numberFact.fetch(value)) ?? \"\"))\n        }}\n" for k in _STEPS)
    + "      case let .factLoaded(fact):\n        state.fact = fact\n        return .none\n      }\n    }\n  }\n}\n\n"
    + "let store = Store(initialState: Counter.State()) { Counter()._printChanges() }\n"
)


def document_with_fixable_findings(n):
    """A document with n findings that each have a fix, for the language server's code actions: each request
    (one line) must cost about one lint of the document, not one per finding (LSP)."""
    return "".join(f"let s{i} = Store(initialState: F.State()) {{ F()._printChanges() }}\n" for i in range(n))


# (name, generator, base size, command arguments after the binary; FILE is the generated input, written
# again before each run of a `--fix` case since the run rewrites it; LSP_CODE_ACTIONS runs the language
# server through `lsp_code_actions` below; optional options: {"memory": True} also checks peak memory,
# {"user_cpu": True} times user CPU only, {"max_n": N} never grows the input beyond N)
LSP_CODE_ACTIONS = "@lsp-code-actions"

CASES = [
    ("fix_binding_after_reduce", fix_binding_after_reduce, 1000, ["lint", "--diff", "--unsafe", "FILE"]),
    ("fix_binding_after_reduce_write", fix_binding_after_reduce, 1000, ["lint", "--fix", "--unsafe", "FILE"]),
    ("print_changes_chain", print_changes_chain, 400, ["lint", "--diff", "FILE"]),
    ("print_changes_chain_write", print_changes_chain, 400, ["lint", "--fix", "FILE"]),
    ("on_change_modifiers", on_change_modifiers, 4000, ["lint", "FILE"]),
    ("reducers_with_on_change", reducers_with_on_change, 1000, ["lint", "FILE"]),
    ("nested_reducers", nested_reducers, 1000, ["lint", "FILE"]),
    ("action_cases_that_send", action_cases_that_send, 4000, ["lint", "FILE"]),
    ("disable_enable_pairs", disable_enable_pairs, 4000, ["lint", "FILE"]),
    ("print_config_excluded", excluded_list, 4000, ["lint", "--config", "FILE", "--print-config"]),
    ("project_protocols_in_one_file", protocols_in_one_file, 2000, ["lint", "FILE"]),
    ("project_protocols_conforming", protocols_in_one_file_conforming, 2000, ["lint", "FILE"]),
    ("project_protocol_per_file", protocol_per_file, 2000, ["lint", "FILE"]),
    ("nested_types_memory", nested_types, 2000, ["lint", "FILE"], {"memory": True}),
    # 300 levels at most 1,200 deep: paths stay under PATH_MAX (4,096 bytes).
    # Paths grow with the depth and Linux refuses paths over 4,096 bytes: 1,200 folders is as deep as it goes.
    ("nested_configurations", nested_configurations, 300, ["lint", "FILE"], {"instructions": True, "user_cpu": True, "max_n": 1200}),
    ("lsp_code_actions", document_with_fixable_findings, 200, [LSP_CODE_ACTIONS, "FILE"]),
]


def write_case(directory, name, generator, n):
    """Writes the input of `name` at size n into a folder of its own, marked as a project root (an empty
    `.tca-lint.yml`): a single file linted alone is indexed with the project it belongs to, which must be
    this input only, not the repository around the bench nor the other cases. Returns the file, or the
    folder for a generator of several files."""
    content = generator(n)
    root = os.path.join(directory, f"{name}-{n}")
    subprocess.run(["rm", "-rf", root], check=True)  # shutil.rmtree recurses: too deep for nested folders
    os.makedirs(root)
    with open(os.path.join(root, ".tca-lint.yml"), "w"):
        pass
    if isinstance(content, dict):
        for relative, text in content.items():
            path = os.path.join(root, relative)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as fh:
                fh.write(text)
        return root
    suffix = ".yml" if name.startswith("print_config") else ".swift"
    path = os.path.join(root, f"{name}{suffix}")
    with open(path, "w") as fh:
        fh.write(content)
    return path


def command(binary, arguments, path):
    """The command line of a case: the binary with its arguments, or the language server driver."""
    arguments = [path if a == "FILE" else a for a in arguments]
    if arguments and arguments[0] == LSP_CODE_ACTIONS:
        return [sys.executable, os.path.abspath(__file__), LSP_CODE_ACTIONS, binary] + arguments[1:]
    return [binary] + arguments


class LSPSession:
    """A language server started with `argv`, spoken to over stdin/stdout with Content-Length framing."""

    def __init__(self, argv):
        self.process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        """The next message, or None when the server closed its output."""
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                return None
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def until(self, predicate):
        """The next message `predicate` accepts (the others are dropped); None when the server closed."""
        while True:
            message = self.receive()
            if message is None or predicate(message):
                return message

    def shut_down(self, timeout=30):
        """shutdown, exit; the server's exit status."""
        self.send({"jsonrpc": "2.0", "id": "shutdown", "method": "shutdown"})
        self.until(lambda m: m.get("id") == "shutdown")
        self.send({"jsonrpc": "2.0", "method": "exit"})
        return self.process.wait(timeout=timeout)


def lsp_code_actions(binary, path, requests=20):
    """Opens the document in `tca-lint lsp`, waits for its diagnostics, then asks for the code actions of
    `requests` single lines spread over the document (each holding one finding), and shuts the server down."""
    server = LSPSession([binary, "lsp"])
    uri = "file://" + os.path.abspath(path)
    text = open(path).read()
    server.send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                 "params": {"processId": None, "rootUri": None, "initializationOptions": {"debounceMilliseconds": 0},
                            "capabilities": {"textDocument": {"codeAction": {"codeActionLiteralSupport": {}}}}}})
    server.until(lambda m: m.get("id") == 1)
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}}})
    diagnostics = server.until(lambda m: m.get("method") == "textDocument/publishDiagnostics")["params"]["diagnostics"]
    if not diagnostics:
        raise SystemExit("no diagnostics")
    step = max(1, len(diagnostics) // requests)
    for k, d in enumerate(diagnostics[::step][:requests]):
        line = d["range"]["start"]["line"]
        server.send({"jsonrpc": "2.0", "id": 100 + k, "method": "textDocument/codeAction",
                     "params": {"textDocument": {"uri": uri},
                                "range": {"start": {"line": line, "character": 0}, "end": {"line": line, "character": 0}},
                                "context": {"diagnostics": [d]}}})
        actions = server.until(lambda m: m.get("id") == 100 + k)["result"]
        if not any(a.get("title", "").startswith("Remove") for a in actions):
            raise SystemExit(f"no fix offered on line {line}: {actions}")
    server.shut_down()


if __name__ == "__main__":
    if sys.argv[1:2] == [LSP_CODE_ACTIONS]:
        lsp_code_actions(sys.argv[2], sys.argv[3])

"""Adversarial single-input generators for the linearity check: each builds an input of size n; the
bench times n and 2n and prints the ratio (doubling the input must at most double the time, so a ratio
near 2 is linear and 4 quadratic). Each case names the command it times."""
import os


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


# (name, generator, base size, command arguments after the binary; FILE is the generated input, written
# again before each run of a `--fix` case since the run rewrites it)
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
]


def write_case(directory, name, generator, n):
    suffix = ".yml" if name.startswith("print_config") else ".swift"
    path = os.path.join(directory, f"{name}-{n}{suffix}")
    with open(path, "w") as fh:
        fh.write(generator(n))
    return path

"""Deterministic generator of a synthetic but realistic Swift corpus for scripts/bench.

The mix follows what real app repositories contain: TCA features (@Reducer with State, Action and a
`body` of Scope / Reduce / BindingReducer / ifLet / forEach, SwiftUI views, TestStore tests) and
plain Swift (models, networking, extensions, string-heavy code with multi-line / raw strings and
regex literals). The same seed always produces byte-identical files.
"""
import os
import random

WORDS = ("account activity address album alert archive article avatar badge basket booking bookmark "
         "calendar camera card cart category channel chat checkout city comment contact counter coupon "
         "dashboard delivery device document download draft editor episode event favorite feed filter "
         "folder friend gallery game goal group history home inbox invoice item journal label library "
         "lesson list location login map match media meeting member message note notification order "
         "page payment photo player playlist podcast post price product profile purchase queue quiz "
         "rating recipe reminder report review reward room route schedule score search session setting "
         "share shop song station story subscription survey tag task team theme ticket timer topic track "
         "transfer trip upload user video wallet weather widget workout").split()


def camel(words):
    return "".join(w[:1].upper() + w[1:] for w in words)


def lower_camel(words):
    s = camel(words)
    return s[:1].lower() + s[1:]


class Gen:
    def __init__(self, rng):
        self.r = rng

    def name(self, n=2):
        return camel(self.r.sample(WORDS, n))

    def prop(self):
        return lower_camel(self.r.sample(WORDS, self.r.choice((1, 2))))

    def swift_type(self):
        return self.r.choice(("String", "Int", "Double", "Bool", "Date", "UUID", "[String]", "URL?", "Int?",
                              "[Int: String]", "Set<String>", "Decimal"))

    def default(self, t):
        return {"String": '""', "Int": "0", "Double": "0.0", "Bool": "false", "Date": "Date()",
                "UUID": "UUID()", "[String]": "[]", "URL?": "nil", "Int?": "nil", "[Int: String]": "[:]",
                "Set<String>": "[]", "Decimal": "0"}[t]

    def header(self, file_name, imports):
        lines = ["//", f"//  {file_name}", f"//  {self.name()}", "//",
                 f"//  Created by {self.name(1)} {self.name(1)} on {self.r.randint(1, 28)}/{self.r.randint(1, 12)}/24.",
                 "//", ""]
        lines += [f"import {i}" for i in imports]
        return lines + [""]

    # MARK: TCA

    def reducer_feature(self, feature, children):
        r = self.r
        props = [(self.prop(), self.swift_type()) for _ in range(r.randint(3, 9))]
        actions = [lower_camel(r.sample(WORDS, 2)) + "ButtonTapped" for _ in range(r.randint(3, 8))]
        use_binding = r.random() < 0.5
        use_destination = r.random() < 0.4
        use_path = r.random() < 0.2
        out = ["@Reducer", f"struct {feature} {{"]
        if use_destination:
            out += ["  @Reducer(state: .equatable)", "  enum Destination {"]
            out += [f"    case {lower_camel([c])}({c})" for c in children[:2]] or ["    case alert(AlertState<Never>)"]
            out += ["  }", ""]
        if use_path:
            out += ["  @Reducer", "  enum Path {", f"    case detail({children[0] if children else feature + 'Detail'})", "  }", ""]
        out += ["  @ObservableState", "  struct State: Equatable {"]
        for p, t in props:
            out.append(f"    var {p}: {t} = {self.default(t)}")
        for c in children:
            out.append(f"    var {lower_camel([c])} = {c}.State()")
        if use_destination:
            out.append("    @Presents var destination: Destination.State?")
        if use_path:
            out.append("    var path = StackState<Path.State>()")
        out.append(f"    var rows: IdentifiedArrayOf<{feature}Row.State> = []")
        out += ["  }", ""]
        out.append("  enum Action" + (": BindableAction {" if use_binding else " {"))
        if use_binding:
            out.append("    case binding(BindingAction<State>)")
        out += [f"    case {a}" for a in actions]
        out += [f"    case {lower_camel([c])}({c}.Action)" for c in children]
        out.append(f"    case rows(IdentifiedActionOf<{feature}Row>)")
        out.append("    case response(Result<[String], any Error>)")
        if use_destination:
            out.append("    case destination(PresentationAction<Destination.Action>)")
        if use_path:
            out.append("    case path(StackActionOf<Path>)")
        out += ["  }", "", "  @Dependency(\\.apiClient) var apiClient", "  @Dependency(\\.continuousClock) var clock",
                "  @Dependency(\\.dismiss) var dismiss", ""]
        out.append("  var body: some ReducerOf<Self> {")
        if use_binding and r.random() < 0.85:
            out.append("    BindingReducer()")
        for c in children:
            out += [f"    Scope(state: \\.{lower_camel([c])}, action: \\.{lower_camel([c])}) {{", f"      {c}()", "    }"]
        if use_binding and r.random() < 0.1:
            out.append("    BindingReducer()")
        out += ["    Reduce { state, action in", "      switch action {"]
        if use_binding:
            out += ["      case .binding:", "        return .none", ""]
        for i, a in enumerate(actions):
            out.append(f"      case .{a}:")
            p, t = r.choice(props)
            kind = i % 4
            if kind == 0:
                out += [f"        state.{p} = {self.default(t)}", "        return .none"]
            elif kind == 1:
                out += ["        return .run { send in",
                        "          await send(.response(Result { try await self.apiClient.fetch(\"/v1/" + p + "\") }))",
                        "        }", f"        .cancellable(id: CancelID.{p})"]
            elif kind == 2:
                out += ["        return .run { [count = state.rows.count] send in",
                        "          for await _ in self.clock.timer(interval: .seconds(1)) {",
                        f"            print(\"tick \\(count) for {feature}\")",
                        f"            await send(.{actions[0]})", "          }", "        }"]
            else:
                out += [f"        guard !state.rows.isEmpty else {{ return .none }}",
                        f"        state.rows.remove(id: state.rows[0].id)",
                        "        return .run { _ in await self.dismiss() }"]
        out += ["      case let .response(.success(values)):",
                f"        state.rows = IdentifiedArray(uniqueElements: values.map {{ {feature}Row.State(title: $0) }})",
                "        return .none", "      case .response(.failure):", "        return .none"]
        for c in children:
            out += [f"      case .{lower_camel([c])}:", "        return .none"]
        out += ["      case .rows:", "        return .none"]
        if use_destination:
            out += ["      case .destination:", "        return .none"]
        if use_path:
            out += ["      case .path:", "        return .none"]
        out += ["      }", "    }"]
        out.append(f"    .forEach(\\.rows, action: \\.rows) {{\n      {feature}Row()\n    }}")
        if use_destination:
            out.append("    .ifLet(\\.$destination, action: \\.destination)")
        if use_path:
            out.append("    .forEach(\\.path, action: \\.path)")
        if r.random() < 0.03:
            out.append("    ._printChanges()")
        out += ["  }", "", "  private enum CancelID: Hashable {"]
        out += [f"    case {p}" for p, _ in props]
        out += ["  }", "}", ""]
        # A small row reducer with `reduce(into:action:)`, the pre-builder style.
        out += [f"struct {feature}Row: Reducer {{", "  struct State: Equatable, Identifiable {",
                "    let id = UUID()", "    var title: String", "    var isSelected = false", "  }",
                "  enum Action: Equatable {", "    case toggle", "    case rename(String)", "  }", "",
                "  func reduce(into state: inout State, action: Action) -> Effect<Action> {",
                "    switch action {", "    case .toggle:", "      state.isSelected.toggle()", "      return .none",
                "    case let .rename(title):", "      state.title = title.trimmingCharacters(in: .whitespaces)",
                "      return .none", "    }", "  }", "}", ""]
        return out, props, actions, use_binding

    def view(self, feature, props, actions, use_binding):
        out = [f"struct {feature}View: View {{", f"  @Bindable var store: StoreOf<{feature}>", "",
               "  var body: some View {", "    NavigationStack {", "      Form {"]
        for p, t in props:
            if t == "String" and use_binding:
                out.append(f"        TextField(\"{p.capitalize()}\", text: $store.{p})")
            elif t == "Bool" and use_binding:
                out.append(f"        Toggle(\"{p.capitalize()}\", isOn: $store.{p})")
            else:
                out.append(f"        Text(\"{p}: \\(String(describing: store.{p}))\")")
        out += ["        Section {", "          ForEach(store.scope(state: \\.rows, action: \\.rows)) { rowStore in",
                "            Text(rowStore.title)", "              .font(.headline)", "          }", "        }"]
        for a in actions[:3]:
            out += [f"        Button(\"{a}\") {{", f"          store.send(.{a})", "        }"]
        out += ["      }", f"      .navigationTitle(\"{feature}\")", "    }", "  }", "}", ""]
        out += ["#Preview {", f"  {feature}View(", f"    store: Store(initialState: {feature}.State()) {{",
                f"      {feature}()", "    }", "  )", "}", ""]
        return out

    def tests(self, feature, actions):
        out = self.header(f"{feature}Tests.swift", ["ComposableArchitecture", "XCTest"])
        out += [f"@testable import {feature}Feature", "", "@MainActor",
                f"final class {feature}Tests: XCTestCase {{"]
        for a in actions:
            out += [f"  func test{a[:1].upper() + a[1:]}() async {{",
                    f"    let store = TestStore(initialState: {feature}.State()) {{", f"      {feature}()",
                    "    } withDependencies: {", "      $0.continuousClock = ImmediateClock()",
                    "      $0.apiClient.fetch = { _ in [\"a\", \"b\"] }", "    }",
                    "    store.exhaustivity = .off", f"    await store.send(.{a})",
                    "    XCTAssertEqual(store.state.rows.count, 0, \"rows after " + a + "\")", "  }", ""]
        out += ["}", ""]
        return out

    # MARK: plain Swift

    def model(self):
        r = self.r
        name = self.name()
        props = [(self.prop(), self.swift_type()) for _ in range(r.randint(4, 12))]
        out = [f"public struct {name}: Codable, Hashable, Sendable {{"]
        out += [f"  public var {p}: {t}" for p, t in props]
        out += ["", "  enum CodingKeys: String, CodingKey {"]
        out += [f"    case {p} = \"{''.join('_' + c.lower() if c.isupper() else c for c in p)}\"" for p, _ in props]
        out += ["  }", "", "  public init(" + ", ".join(f"{p}: {t}" for p, t in props) + ") {"]
        out += [f"    self.{p} = {p}" for p, _ in props]
        out += ["  }", "}", "", f"extension {name} {{", f"  static let mock = Self(" +
                ", ".join(f"{p}: {self.default(t)}" for p, t in props) + ")",
                "", "  var summary: String {",
                "    \"\"\"", f"    {name}:"] + [f"      {p} = \\({p})" for p, _ in props[:4]] + [
                "    \"\"\"", "  }", "}", ""]
        return out

    def networking(self):
        r = self.r
        name = self.name() + "Client"
        endpoints = [self.prop() for _ in range(r.randint(3, 8))]
        out = [f"final class {name}: @unchecked Sendable {{", "  private let session: URLSession",
               "  private let baseURL = URL(string: \"https://api.example.com/v2\")!",
               "  private let decoder: JSONDecoder = {", "    let decoder = JSONDecoder()",
               "    decoder.dateDecodingStrategy = .iso8601", "    return decoder", "  }()", "",
               "  init(session: URLSession = .shared) {", "    self.session = session", "  }", "",
               "  enum ClientError: Error, CustomStringConvertible {", "    case status(Int)",
               "    case decoding(String)", "", "    var description: String {", "      switch self {",
               "      case let .status(code): return \"HTTP status \\(code)\"",
               "      case let .decoding(message): return #\"Decoding failed: \"\\#(message)\"\"#",
               "      }", "    }", "  }", ""]
        for e in endpoints:
            out += [f"  func {e}(id: Int, query: [String: String] = [:]) async throws -> Data {{",
                    f"    var components = URLComponents(url: baseURL.appendingPathComponent(\"{e}/\\(id)\"), resolvingAgainstBaseURL: false)",
                    "    components?.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }",
                    "    guard let url = components?.url else { throw URLError(.badURL) }",
                    "    var request = URLRequest(url: url)", "    request.httpMethod = \"GET\"",
                    "    request.setValue(\"application/json\", forHTTPHeaderField: \"Accept\")",
                    "    let (data, response) = try await session.data(for: request)",
                    "    if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {",
                    "      throw ClientError.status(http.statusCode)", "    }", "    return data", "  }", ""]
        out += ["}", ""]
        return out

    def strings_and_regexes(self):
        r = self.r
        name = self.name()
        out = [f"enum {name}Formatting {{",
               "  static let emailPattern = #/(?<user>[A-Za-z0-9._%+-]+)@(?<domain>[A-Za-z0-9.-]+\\.[A-Za-z]{2,})/#",
               "  static let datePattern = /\\d{4}-\\d{2}-\\d{2}/",
               "  static let legacyPattern = try! NSRegularExpression(pattern: #\"^\\s*(\\w+)\\s*=\\s*\"(.*)\"$\"#)",
               ""]
        for i in range(r.randint(3, 7)):
            word = self.prop()
            out += [f"  static func {word}Message(count: Int, name: String) -> String {{",
                    "    let greeting = count == 1 ? \"one item\" : \"\\(count) items\"",
                    "    return \"\"\"",
                    f"      Hello, \\(name)! You have \\(greeting) in {word}.",
                    "      Path: C:\\\\Users\\\\\\(name)\\\\Documents",
                    "      Nested: \\(\"quoted \\(count + 1) inner\")",
                    "      \"\"\"", "  }", "",
                    f"  static let {word}Raw = ##\"\"\"",
                    "    raw \\(not interpolated) \"# still raw",
                    "    \\##(count) is, but only with two pounds",
                    "    \"\"\"##".replace("\\##(count)", "value"), ""]
        out += ["  static func matches(_ text: String) -> [String] {",
                "    text.matches(of: emailPattern).map { String($0.output.domain) }", "  }", "}", "",
                "extension String {", "  var isBlank: Bool { allSatisfy(\\.isWhitespace) }",
                "  func truncated(to length: Int, trailing: String = \"…\") -> String {",
                "    count > length ? prefix(length) + trailing : self", "  }",
                "  var slug: String {", "    lowercased()", "      .replacing(/[^a-z0-9]+/, with: \"-\")",
                "      .trimmingCharacters(in: CharacterSet(charactersIn: \"-\"))", "  }", "}", ""]
        return out

    def extensions(self):
        r = self.r
        out = ["extension Collection {", "  subscript(safe index: Index) -> Element? {",
               "    indices.contains(index) ? self[index] : nil", "  }", "}", "",
               "extension Array where Element: Hashable {", "  func uniqued() -> [Element] {",
               "    var seen = Set<Element>()", "    return filter { seen.insert($0).inserted }", "  }", "}", ""]
        for _ in range(r.randint(2, 6)):
            n = self.name()
            out += [f"protocol {n}Providing {{", f"  func make{n}() async throws -> {n}Value", "}", "",
                    f"struct {n}Value: Equatable {{ var raw: Int; var label: String }}", "",
                    f"actor {n}Cache {{", f"  private var storage: [String: {n}Value] = [:]",
                    f"  func value(for key: String) -> {n}Value? {{ storage[key] }}",
                    f"  func insert(_ value: {n}Value, for key: String) {{ storage[key] = value }}",
                    "  func prune(keeping limit: Int) {",
                    "    guard storage.count > limit else { return }",
                    "    for key in storage.keys.sorted().dropFirst(limit) { storage[key] = nil }", "  }", "}", "",
                    "/* A block comment /* with a nested one */ that keeps going",
                    "   across lines. */",
                    f"let {n[:1].lower() + n[1:]}Threshold = 0x1F_FF + 1_000 - 2.5e3 * 0.5", ""]
        return out

    # MARK: files

    def tca_feature_file(self, feature, children):
        body, props, actions, binding = self.reducer_feature(feature, children)
        lines = self.header(f"{feature}.swift", ["ComposableArchitecture", "SwiftUI"]) + body
        lines += self.view(feature, props, actions, binding)
        return lines, actions

    def plain_file(self, file_name):
        parts = [self.model, self.networking, self.strings_and_regexes, self.extensions]
        lines = self.header(file_name, ["Foundation"])
        for part in self.r.sample(parts, self.r.randint(2, 4)):
            lines += part()
        return lines


def generate(out_dir, total_bytes, seed=20240601, halves=("a", "b")):
    """Writes ~total_bytes of Swift into out_dir/<half>/Module<k>/...; returns (files, bytes)."""
    rng = random.Random(seed)
    gen = Gen(rng)
    files = 0
    written = 0
    per_half = total_bytes // len(halves)
    for half in halves:
        half_bytes = 0
        module = 0
        while half_bytes < per_half:
            module += 1
            mod_dir = os.path.join(out_dir, half, f"Module{module:03d}")
            features = [gen.name() + "Feature" for _ in range(rng.randint(3, 8))]
            outputs = []
            for i, feature in enumerate(features):
                children = features[i + 1:i + 1 + rng.randint(0, 2)]
                lines, actions = gen.tca_feature_file(feature, children)
                outputs.append((f"Sources/{feature}/{feature}.swift", lines))
                outputs.append((f"Tests/{feature}Tests/{feature}Tests.swift", gen.tests(feature, actions)))
            for k in range(rng.randint(4, 10)):
                n = f"{gen.name()}{k}.swift"  # the index keeps names unique within a module
                outputs.append((f"Sources/Core/{n}", gen.plain_file(n)))
            for rel, lines in outputs:
                path = os.path.join(mod_dir, rel)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                data = ("\n".join(lines) + "\n").encode()
                with open(path, "wb") as fh:
                    fh.write(data)
                files += 1
                written += len(data)
                half_bytes += len(data)
    return files, written


def generate_single(path, lines_wanted, seed=7):
    """One file of about `lines_wanted` lines: TCA features followed by plain Swift."""
    gen = Gen(random.Random(seed))
    lines = gen.header(os.path.basename(path), ["ComposableArchitecture", "Foundation", "SwiftUI"])
    k = 0
    while len(lines) < lines_wanted:
        k += 1
        feature = gen.name() + f"Feature{k}"
        body, props, actions, binding = gen.reducer_feature(feature, [])
        lines += body + gen.view(feature, props, actions, binding) + gen.networking() + gen.strings_and_regexes()
    lines = lines[:lines_wanted]
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as fh:
        fh.write("\n".join(lines) + "\n")

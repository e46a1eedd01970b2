/// `tca-lint graph --format html`: one self-contained page (no network, no library) with the SVG drawing of
/// `SVGGraph`, zoom and pan, search by feature name, a panel for the clicked feature (its file, parents, children,
/// findings) and subtrees that collapse. `page.html#feature=Settings` opens with a feature selected and
/// `#search=text` with a search made, so a link can point at one feature.
public enum HTMLGraph {
    public static func render(_ graph: FeatureGraph, title: String = "tca-lint feature graph") -> String {
        let layout = GraphLayout(graph, maxRowWidth: 2400)
        // `</` inside a script element would end it: the JSON's strings come from the code (messages, names).
        let data = JSONWriter.prettyPrinted(JSONGraph.value(graph)).replacingAll("</", with: "<\\/")
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<title>\(XMLEscaping.escape(title))</title>\n<style>\n\(css)</style>\n</head>\n<body>\n"
        out += "<header><strong>\(XMLEscaping.escape(title))</strong>"
        out += " <span id=\"summary\">\(graph.nodes.filter { !$0.isUnresolved }.count) features, \(graph.edges.count) compositions,"
        out += " \(graph.nodes.reduce(0) { $0 + $1.findings.count }) findings on features</span>"
        out += " <input id=\"search\" type=\"search\" placeholder=\"Search features…\" autocomplete=\"off\" aria-label=\"Search features\">"
        out += " <span id=\"match-count\"></span> <button id=\"fit\" type=\"button\">Fit</button>"
        out += " <button id=\"expand-all\" type=\"button\">Expand all</button></header>\n"
        out += "<main><div id=\"canvas\">\n"
        out += SVGGraph.render(graph, layout: layout, standalone: false)
        out += "</div>\n<aside id=\"panel\" hidden></aside></main>\n"
        out += "<script type=\"application/json\" id=\"graph-data\">\n\(data)\n</script>\n"
        out += "<script>\n\(script)</script>\n</body>\n</html>\n"
        return out
    }

    static let css = """
    html, body { margin: 0; height: 100%; font: 13px -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #263238; }
    header { padding: 8px 12px; border-bottom: 1px solid #cfd8dc; background: #f5f7f8; display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
    #summary { color: #607d8b; }
    #search { width: 220px; padding: 3px 6px; }
    main { display: flex; height: calc(100% - 44px); }
    #canvas { flex: 1; overflow: hidden; cursor: grab; }
    #canvas.panning { cursor: grabbing; }
    #canvas svg { width: 100%; height: 100%; }
    #panel { width: 340px; overflow: auto; border-left: 1px solid #cfd8dc; padding: 10px 14px; background: #fbfcfc; }
    #panel h2 { font-size: 15px; margin: 4px 0; word-break: break-all; }
    #panel h3 { font-size: 13px; margin: 12px 0 4px; }
    #panel ul { margin: 0; padding-left: 18px; }
    #panel a { color: #1565c0; cursor: pointer; }
    .kind, .at { color: #607d8b; }
    .finding.error { color: #c62828; } .finding.warning { color: #e65100; }
    .node.dim, .edge.dim { opacity: 0.18; }
    .node.match rect { stroke: #1565c0; stroke-width: 3; }
    .node.selected rect { stroke: #1565c0; stroke-width: 4; fill: #e3f2fd; }
    .node.collapsed rect { stroke-dasharray: 2 2; }
    .node.hidden, .edge.hidden { display: none; }

    """

    static let script = """
    "use strict";
    const data = JSON.parse(document.getElementById("graph-data").textContent);
    const svg = document.getElementById("graph");
    const canvas = document.getElementById("canvas");
    const panel = document.getElementById("panel");
    const search = document.getElementById("search");
    const byId = new Map(data.nodes.map(n => [n.id, n]));
    const childrenOf = new Map(), parentsOf = new Map();
    for (const e of data.edges) {
      if (!childrenOf.has(e.from)) childrenOf.set(e.from, []);
      if (!parentsOf.has(e.to)) parentsOf.set(e.to, []);
      childrenOf.get(e.from).push(e);
      parentsOf.get(e.to).push(e);
    }
    const nodeElement = id => document.getElementById("node-" + id);
    const full = { x: 0, y: 0, w: svg.viewBox.baseVal.width, h: svg.viewBox.baseVal.height };
    let view = Object.assign({}, full);
    function applyView() { svg.setAttribute("viewBox", `${view.x} ${view.y} ${view.w} ${view.h}`); }
    function fit() { view = Object.assign({}, full); applyView(); }
    function toGraph(clientX, clientY) {
      const r = svg.getBoundingClientRect();
      const scale = Math.max(view.w / r.width, view.h / r.height);
      const offsetX = (r.width * scale - view.w) / 2, offsetY = (r.height * scale - view.h) / 2;
      return { x: view.x - offsetX + (clientX - r.left) * scale, y: view.y - offsetY + (clientY - r.top) * scale, scale };
    }
    canvas.addEventListener("wheel", ev => {
      ev.preventDefault();
      const p = toGraph(ev.clientX, ev.clientY);
      const k = Math.exp(ev.deltaY * 0.0015);
      view = { x: p.x - (p.x - view.x) * k, y: p.y - (p.y - view.y) * k, w: view.w * k, h: view.h * k };
      applyView();
    }, { passive: false });
    let drag = null;
    canvas.addEventListener("pointerdown", ev => {
      if (ev.target.closest(".node")) return;
      drag = { x: ev.clientX, y: ev.clientY, view: Object.assign({}, view), scale: toGraph(0, 0).scale };
      canvas.classList.add("panning");
    });
    window.addEventListener("pointermove", ev => {
      if (!drag) return;
      view.x = drag.view.x - (ev.clientX - drag.x) * drag.scale;
      view.y = drag.view.y - (ev.clientY - drag.y) * drag.scale;
      applyView();
    });
    window.addEventListener("pointerup", () => { drag = null; canvas.classList.remove("panning"); });
    document.getElementById("fit").addEventListener("click", fit);

    function centerOn(id) {
      const box = nodeElement(id).querySelector("rect");
      const x = box.x.baseVal.value + box.width.baseVal.value / 2, y = box.y.baseVal.value + box.height.baseVal.value / 2;
      const w = Math.min(full.w, Math.max(900, box.width.baseVal.value * 4)), h = w * (canvas.clientHeight / Math.max(canvas.clientWidth, 1));
      view = { x: x - w / 2, y: y - h / 2, w, h };
      applyView();
    }

    // Collapsing: a collapsed feature hides what is reachable only through it.
    const collapsed = new Set();
    function refreshHidden() {
      const visible = new Set();
      const roots = data.nodes.filter(n => !(parentsOf.get(n.id) || []).length).map(n => n.id);
      const stack = roots.length ? roots.slice() : data.nodes.map(n => n.id);
      for (const r of stack) visible.add(r);
      while (stack.length) {
        const id = stack.pop();
        if (collapsed.has(id)) continue;
        for (const e of childrenOf.get(id) || []) if (!visible.has(e.to)) { visible.add(e.to); stack.push(e.to); }
      }
      // What only a cycle reaches has no root above it: shown unless a collapsed node hides it.
      for (const n of data.nodes) {
        if (!visible.has(n.id) && !(parentsOf.get(n.id) || []).some(e => collapsed.has(e.from) || visible.has(e.from))) visible.add(n.id);
      }
      for (const n of data.nodes) {
        const el = nodeElement(n.id);
        el.classList.toggle("hidden", !visible.has(n.id));
        el.classList.toggle("collapsed", collapsed.has(n.id));
      }
      for (const el of document.querySelectorAll(".edge")) {
        el.classList.toggle("hidden", !visible.has(el.dataset.from) || !visible.has(el.dataset.to) || collapsed.has(el.dataset.from));
      }
    }
    function toggleCollapse(id) { if (collapsed.has(id)) collapsed.delete(id); else collapsed.add(id); refreshHidden(); select(id); }
    document.getElementById("expand-all").addEventListener("click", () => { collapsed.clear(); refreshHidden(); });

    function text(tag, content, cls) { const el = document.createElement(tag); el.textContent = content; if (cls) el.className = cls; return el; }
    function link(id, label) {
      const a = text("a", label); a.dataset.target = id;
      a.addEventListener("click", () => { select(id); centerOn(id); });
      return a;
    }
    function list(title, items) {
      panel.appendChild(text("h3", `${title} (${items.length})`));
      const ul = document.createElement("ul");
      for (const item of items) { const li = document.createElement("li"); for (const part of item) li.append(part); ul.appendChild(li); }
      panel.appendChild(ul);
    }
    function select(id) {
      const n = byId.get(id);
      if (!n) return;
      for (const el of document.querySelectorAll(".node.selected")) el.classList.remove("selected");
      nodeElement(id).classList.add("selected");
      panel.hidden = false;
      panel.replaceChildren();
      panel.appendChild(text("h2", n.name));
      panel.appendChild(text("div", n.unresolved ? "not resolved to a feature of the project" : n.kind, "kind"));
      if (n.at) panel.appendChild(text("div", n.at, "at"));
      if (n.noParent && !n.unresolved) panel.appendChild(text("div", "No feature composes it: the app's root, a feature a view builds its own Store for, or an unused one.", "kind"));
      list("Parents", (parentsOf.get(id) || []).map(e => [link(e.from, byId.get(e.from).name), ` — ${e.how} ${e.path}`]));
      list("Children", (childrenOf.get(id) || []).map(e => [link(e.to, byId.get(e.to).name), ` — ${e.how} ${e.path} (${e.at})`]));
      list("Findings", n.findings.map(f => [text("span", `${f.severity} line ${f.line} [${f.rule}] `, "finding " + f.severity), f.message]));
      if ((childrenOf.get(id) || []).length) {
        const b = text("button", collapsed.has(id) ? "Expand subtree" : "Collapse subtree");
        b.id = "collapse"; b.type = "button";
        b.addEventListener("click", () => toggleCollapse(id));
        panel.appendChild(b);
      }
      document.body.dataset.selected = n.name;
    }
    for (const n of data.nodes) nodeElement(n.id).addEventListener("click", () => select(n.id));

    function runSearch(query) {
      const q = query.trim().toLowerCase();
      let matches = [];
      for (const n of data.nodes) {
        const hit = q !== "" && n.name.toLowerCase().includes(q);
        if (hit) matches.push(n.id);
        nodeElement(n.id).classList.toggle("match", hit);
        nodeElement(n.id).classList.toggle("dim", q !== "" && !hit);
      }
      for (const el of document.querySelectorAll(".edge")) el.classList.toggle("dim", q !== "");
      document.getElementById("match-count").textContent = q === "" ? "" : `${matches.length} match${matches.length === 1 ? "" : "es"}`;
      return matches;
    }
    search.addEventListener("input", () => runSearch(search.value));
    search.addEventListener("keydown", ev => {
      if (ev.key !== "Enter") return;
      const matches = runSearch(search.value);
      if (matches.length) { select(matches[0]); centerOn(matches[0]); }
    });

    function fromHash() {
      const params = new URLSearchParams(location.hash.slice(1));
      if (params.has("search")) { search.value = params.get("search"); const m = runSearch(search.value); if (m.length) centerOn(m[0]); }
      if (params.has("feature")) {
        const name = params.get("feature");
        const n = data.nodes.find(x => x.name === name) || data.nodes.find(x => x.name.split(".").pop() === name);
        if (n) { select(n.id); centerOn(n.id); }
      }
    }
    window.addEventListener("hashchange", fromHash);
    fit();
    fromHash();
    document.body.dataset.ready = String(data.nodes.length);

    """
}

extension String {
    /// Every occurrence of `target` replaced, found with the prefilter's byte search (no Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        let bytes = Array(utf8), needle = Array(target.utf8)
        var out: [UInt8] = []
        var start = 0
        while let found = Prefilter.firstIndex(of: needle, in: bytes, from: start) {
            out += bytes[start..<found]
            out += replacement.utf8
            start = found + needle.count
        }
        guard start > 0 else { return self }
        out += bytes[start...]
        return String(decoding: out, as: UTF8.self)
    }
}

// The page's runner: loads a Python (Pyodide, or MicroPython for the light
// mode) from the site's own files, runs the doctest blocks, and reports.
//   index.html?run=all                       everything, with Pyodide
//   index.html?run=all&runtime=micropython   the core's examples, light mode
// Either writes <output id="summary">N passed, M failed</output> at the end.

const params = new URLSearchParams(location.search);
const $ = (sel, el = document) => el.querySelector(sel);
const $$ = (sel, el = document) => [...el.querySelectorAll(sel)];
const CORE = JSON.parse($("#core-examples").textContent);
const stats = (window.siteStats = { runtime: null, loadMs: null, firstResultMs: null, passed: 0, failed: 0, marked: 0 });
const runtimes = {}; // name -> Promise of {run(block), draw?}
let chosen = params.get("runtime") === "micropython" ? "micropython" : "pyodide";
$("#runtime").value = chosen;
$("#runtime").addEventListener("change", (e) => { chosen = e.target.value; showRuntime(); });

const MB = (bytes) => (bytes / 1e6).toFixed(2) + " MB";
function payload(prefix) { // bytes fetched so far whose path starts with prefix
  return performance.getEntriesByType("resource").filter((r) => new URL(r.name).pathname.includes(prefix))
    .reduce((a, r) => a + (r.transferSize || r.encodedBodySize || 0), 0);
}

async function writeFiles(FS, url, root) {
  const files = await (await fetch(url)).json();
  for (const [p, text] of Object.entries(files)) {
    FS.mkdirTree(root + "/" + p.split("/").slice(0, -1).join("/"));
    FS.writeFile(root + "/" + p, text);
  }
}

async function loadPyodideRuntime() {
  const t0 = performance.now();
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href, packages: [] });
  await writeFiles(py.FS, "minilogit.json", "/site");
  py.FS.writeFile("/site/pyrunner.py", await (await fetch("pyrunner.py")).text());
  py.runPython("import os, sys; os.chdir('/site'); sys.path.insert(0, '/site'); import pyrunner");
  const runner = py.pyimport("pyrunner");
  const version = py.runPython("import sys; sys.version.split()[0]");
  return {
    name: "pyodide", ms: performance.now() - t0,
    label: `Pyodide ${py.version} (Python ${version})`, bytes: () => payload("/pyodide/") + payload("minilogit.json"),
    runWalk: (key, text) => JSON.parse(runner.run_block(key, text)),
    runCore: (block, text) => JSON.parse(text === null
      ? runner.run_core(block.module, JSON.stringify(block.examples))
      : runner.run_core.callKwargs(block.module, { text: text + "\n" })),
    draw: (code) => runner.draw(code),
  };
}

async function loadMicroPythonRuntime() {
  const t0 = performance.now();
  const { loadMicroPython } = await import("./micropython/micropython.mjs");
  const mp = await loadMicroPython({ heapsize: 32 * 1024 * 1024, pystack: 64 * 1024, linebuffer: true,
    stdout: (l) => console.log(l), stderr: (l) => console.warn(l) });
  await writeFiles(mp.FS, "minilogit-core.json", "/site");
  mp.FS.writeFile("/site/lightdoctest.py", await (await fetch("lightdoctest.py")).text());
  mp.runPython("import os, sys, json\nos.chdir('/site')\nsys.path.insert(0, '/site')\nimport lightdoctest");
  mp.runPython("_v = '.'.join(map(str, sys.implementation.version[:3]))");
  const version = mp.globals.get("_v");
  const call = (code, vars) => {
    for (const [k, v] of Object.entries(vars)) mp.globals.set(k, v);
    mp.runPython("_res = json.dumps(" + code + ")");
    return JSON.parse(mp.globals.get("_res"));
  };
  return {
    name: "micropython", ms: performance.now() - t0,
    label: `MicroPython ${version} (WebAssembly), light mode`, bytes: () => payload("/micropython/") + payload("minilogit-core.json") + payload("lightdoctest.py"),
    runWalk: null,
    runCore: (block, text) => text === null
      ? call("lightdoctest.run_test(json.loads(_job), lightdoctest.module_globals(_mod))",
        { _job: JSON.stringify(block.examples.map((e) => e.lacks ? { ...e, options: ["SKIP+"] } : e)), _mod: block.module })
      : call("lightdoctest.run_test(lightdoctest.parse(_job), lightdoctest.module_globals(_mod))",
        { _job: text, _mod: block.module }),
  };
}

function runtime(name) {
  if (!runtimes[name]) {
    $("#rtinfo").textContent = `loading ${name === "pyodide" ? "Pyodide" : "MicroPython"} from this site…`;
    runtimes[name] = (name === "pyodide" ? loadPyodideRuntime() : loadMicroPythonRuntime()).then((rt) => {
      if (stats.loadMs === null) { stats.loadMs = rt.ms; stats.runtime = rt.name; }
      showRuntime();
      return rt;
    });
  }
  return runtimes[name];
}

async function showRuntime() {
  if (!runtimes[chosen]) { $("#rtinfo").textContent = "not loaded yet (loads on the first Run)"; return; }
  const rt = await runtimes[chosen];
  $("#rtinfo").textContent = `${rt.label}: ${MB(rt.bytes())} fetched, started in ${(rt.ms / 1000).toFixed(1)} s`;
}

// --- one block ----------------------------------------------------------------
const walkBlocks = $$(".doctest:not([data-core])");
const done = new Set();

function show(div, results, expected) {
  const out = $(".out", div);
  out.textContent = "";
  let ok = 0, bad = 0, skip = 0;
  results.forEach((r, i) => {
    const row = document.createElement("pre");
    const want = expected ? expected[i] : null;
    if (r.ok === null) { skip++; row.className = "skip"; row.textContent = "· not run here" + (want && want.lacks ? ": " + want.lacks : ""); }
    else if (r.ok) { ok++; row.className = "pass"; row.textContent = "✓ " + (r.got.replace(/\n$/, "") || "(prints nothing)"); }
    else {
      bad++; row.className = "fail";
      row.textContent = "✗ got:\n" + (r.got.replace(/\n$/, "") || "(nothing)") + (want ? "\n  expected:\n" + want.want.replace(/\n$/, "") : "");
    }
    out.appendChild(row);
  });
  $(".verdict", div).textContent = `${ok} passed, ${bad} failed` + (skip ? `, ${skip} not run here` : "");
  div.classList.toggle("failed", bad > 0);
  div.classList.toggle("passed", bad === 0);
  if (stats.firstResultMs === null && results.length) stats.firstResultMs = performance.now();
  return { ok, bad, skip };
}

function editedText(div) {
  const ta = $(".src", div);
  return ta.value === ta.defaultValue ? null : ta.value;
}

async function runOne(div) {
  const rt = await runtime(chosen);
  const text = editedText(div);
  let results, expected = null;
  try {
    if (div.dataset.core) {
      const block = CORE[div.dataset.core];
      results = rt.runCore(block, text);
      if (text === null) expected = block.examples;
    } else if (!rt.runWalk) {
      $(".out", div).textContent = "The light mode runs the core's own examples only: choose Pyodide to run the walkthrough.";
      return { ok: 0, bad: 0, skip: 0, none: true };
    } else {
      // the walkthrough is one namespace: run the blocks before this one first
      for (const prev of walkBlocks) {
        if (prev === div) break;
        if (!done.has(prev.id)) await runOne(prev);
      }
      results = rt.runWalk("walkthrough", text === null ? $(".src", div).defaultValue + "\n" : text + "\n");
      done.add(div.id);
    }
  } catch (e) {
    results = [{ got: String(e.message || e), ok: false }];
  }
  return show(div, results, expected);
}

// --- everything ----------------------------------------------------------------
async function runMany(divs) {
  let passed = 0, failed = 0, marked = 0, walkPassed = 0;
  for (const div of divs) {
    if (!div.dataset.core && chosen === "micropython") continue;
    const r = await runOne(div);
    passed += r.ok; failed += r.bad; marked += r.skip;
    if (!div.dataset.core) walkPassed += r.ok;
    await new Promise((res) => setTimeout(res, 0)); // let the page draw
  }
  return { passed, failed, marked, walkPassed };
}

// ?run=all: every block this runtime runs; ?run=first: its first block only
async function runAll(first = false) {
  let divs = $$(".doctest").filter((d) => d.dataset.core || chosen !== "micropython");
  if (first) divs = divs.slice(0, 1);
  const r = await runMany(divs);
  Object.assign(stats, r, { markedCount: r.marked });
  stats.runtime = chosen;
  const rt = await runtime(chosen);
  $("#marked").textContent = r.marked ? `(${r.marked} marked: need what ${rt.label.split(" ")[0]} lacks)` : "";
  $("#summary").textContent = `${r.passed} passed, ${r.failed} failed`;
  showRuntime();
  return r;
}

// --- wiring -----------------------------------------------------------------------
for (const div of $$(".doctest")) {
  $(".run", div).addEventListener("click", () => runOne(div));
  $(".edit", div).addEventListener("click", () => {
    const ta = $(".src", div);
    ta.readOnly = false; ta.focus();
    $(".reset", div).hidden = false;
  });
  $(".reset", div).addEventListener("click", () => {
    const ta = $(".src", div);
    ta.value = ta.defaultValue; ta.readOnly = true;
    $(".reset", div).hidden = true;
  });
  const ta = $(".src", div);
  ta.addEventListener("input", () => { ta.rows = ta.value.split("\n").length; });
}
for (const sec of $$("section.lesson")) {
  const divs = $$(".doctest", sec);
  if (!divs.length) continue;
  const b = document.createElement("button");
  b.className = "runsection";
  b.textContent = `Run this section (${divs.length} blocks)`;
  b.addEventListener("click", async () => {
    const r = await runMany(divs);
    b.textContent = `Run this section again: ${r.passed} passed, ${r.failed} failed`;
  });
  const h = $("h2, h1", sec);
  (h || sec.firstChild).after(b);
}
for (const fig of $$("figure.picture")) {
  const button = $(".draw", fig);
  if (!button) continue;
  button.addEventListener("click", async () => {
    $(".verdict", fig).textContent = "drawing with Pyodide…";
    try {
      const rt = await runtime("pyodide");
      $(".svg", fig).innerHTML = rt.draw($(".src", fig).value);
      $(".verdict", fig).textContent = "redrawn from the code above";
      fig.classList.add("redrawn");
    } catch (e) {
      $(".verdict", fig).textContent = String(e.message || e).split("\n").slice(-2).join("\n");
    }
  });
}
$("#runall").addEventListener("click", () => runAll());
window.site = { runOne }; // for make site-test's edit-and-rerun check
if (params.get("run") === "all" || params.get("run") === "first") runAll(params.get("run") === "first");

// the code beside each equation, fetched when an equation comes into view
let codeJson = null;
const fillCode = async (eq) => {
  codeJson = codeJson || fetch("equations.json").then((r) => r.json());
  const all = await codeJson;
  for (const d of $$("details.code", eq)) {
    const c = all[d.dataset.eq][+d.dataset.i];
    const pre = $("pre", d);
    if (pre.childElementCount) continue;
    c.lines.forEach((l, j) => {
      const span = document.createElement("span");
      span.textContent = l || " ";
      span.style.setProperty("--indent", (l.length - l.trimStart().length) + "ch"); // its wrap's hang
      if (c.cited.includes(j)) span.className = "cite";
      pre.appendChild(span);
    });
    // opened at the cited line
    const first = pre.children[c.cited[0]];
    if (first) pre.scrollTop = Math.max(0, first.offsetTop - pre.offsetTop - 40);
    d.addEventListener("toggle", () => { if (first) pre.scrollTop = Math.max(0, first.offsetTop - pre.offsetTop - 40); });
  }
};
const seen = new IntersectionObserver((entries) => {
  for (const e of entries) if (e.isIntersecting) { seen.unobserve(e.target); fillCode(e.target); }
}, { rootMargin: "200px" });
$$(".eq.numbered").forEach((eq) => seen.observe(eq));
window.site.fillCode = fillCode; // for make site-test's check that every citation shows

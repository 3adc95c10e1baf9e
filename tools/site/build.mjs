// Usage: node tools/site/build.mjs [OUT]   (make site; OUT defaults to build/site)
// Builds the walkthrough as one static page whose examples run in the browser,
// offline: walkthrough.md, README.md's "Start here", docs/concordance.md,
// docs/reading.md and
// the core's source (through extract.py), with the equations typeset by KaTeX
// at build time, the pictures inline, and two Pythons copied in: Pyodide (the
// full walkthrough) and MicroPython's WebAssembly port (the light mode, for the
// core's own examples).
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import katex from "katex";
import MarkdownIt from "markdown-it";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..", "..");
const OUT = path.resolve(process.argv[2] || path.join(ROOT, "build", "site"));
const MODULES = path.join(HERE, "node_modules");
const read = (rel) => fs.readFileSync(path.join(ROOT, rel), "utf8");
const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
  .replace(/"/g, "&quot;");

const data = JSON.parse(execFileSync(process.env.PYTHON || "python3",
  [path.join(HERE, "extract.py")], { maxBuffer: 64 << 20 }).toString());

// The code that draws each picture of the walkthrough (as tools/figures.py
// draws it), shown under the picture: edit it and redraw. It leaves `svg`.
const FIGURES = {
  "sigmoid.svg": `from minilogit import plot
svg = plot.sigmoid_plot()`,
  "loss_history.svg": `from minilogit import LogisticRegression, plot
from minilogit.datasets import load_breast_cancer, standardize
data = load_breast_cancer().columns(["mean_radius", "mean_texture"])
Z, _, _ = standardize(data.data)
fits = [(s, LogisticRegression(solver=s).fit(Z, data.target))
        for s in ("newton", "irls", "gd", "sgd")]
svg = plot.loss_history_plot([(s, m.history_) for s, m in fits],
                             optimum=min(m.history_[-1] for _, m in fits))`,
  "decision_boundary.svg": `from minilogit import LogisticRegression, plot
from minilogit.datasets import load_breast_cancer, standardize
names = ["mean_radius", "mean_texture"]
data = load_breast_cancer().columns(names)
Z, _, _ = standardize(data.data)
model = LogisticRegression(solver="newton").fit(Z, data.target)
svg = plot.decision_boundary_plot(model, Z, data.target,
    feature_names=[n + " (standardized)" for n in names],
    class_names={0: "malignant", 1: "benign"})`,
  "misclassification.svg": `from minilogit import LeastSquaresClassifier, plot
from minilogit.datasets.synthetic import make_bank_balance
X, y = make_bank_balance()
svg = plot.misclassification_plot(LeastSquaresClassifier().fit(X, y).fitted_value(X), y)`,
  "roc.svg": `from minilogit import LogisticRegression, plot
from minilogit.datasets import load_breast_cancer, standardize
data = load_breast_cancer().columns(["mean_radius", "mean_texture", "mean_smoothness",
                                     "mean_symmetry"])
Z, _, _ = standardize(data.data)
model = LogisticRegression().fit(Z, data.target)
svg = plot.roc_plot(data.target, [p[1] for p in model.predict_proba(Z)])`,
  "masking.svg": `from minilogit import plot
from minilogit.datasets import make_masking
svg = plot.masking_plot(*make_masking())`,
  "loss_curves.svg": `from minilogit import plot
svg = plot.loss_curves_plot([[1.0]], [1], lo=-10.0, hi=4.0, chord=(-10.0, 0.0))`,
  "sgd_path.svg": `from minilogit import plot
from minilogit.core.rng import Random
from minilogit.experiments import draw
X, y = draw(200, Random(7))
svg = plot.sgd_plot(X, y, epochs=64, learning_rate=0.5, random_state=0)`,
  "newton_oscillation.svg": `from minilogit import plot
svg = plot.newton_plot(lambda x: x ** 3 - 5 * x, lambda x: 3 * x ** 2 - 5, [1.0], -3.0, 3.0,
                       name="f(x) = x³ − 5x", title="Newton oscillates on x³ − 5x from x0 = 1")`,
  "newton_overshoot.svg": `from minilogit import Matrix, plot
from minilogit.core.logistic import LogisticLoss
pair = LogisticLoss(Matrix([[1.0], [1.0]]), [1, 0])
svg = plot.newton_plot(lambda b: pair.gradient([b])[0], lambda b: pair.hessian([b]).rows[0][0],
                       [3.0], -9.0, 5.0, steps=2, name="L′(b) = 2σ(b) − 1", xlabel="b",
                       ylabel="L′(b)", title="Newton overshoots on L′(b) = 2σ(b) − 1 from b = 3")`,
  "links.svg": `from minilogit import plot
svg = plot.links_plot(lo=-4.0, hi=4.0)`,
};

// --- markdown -----------------------------------------------------------
const md = new MarkdownIt({ html: true, linkify: false, typographer: false });
let blockCount = 0;
const blocks = []; // {id, section, text}
let currentSection = "start";

md.renderer.rules.fence = (tokens, idx) => {
  const t = tokens[idx];
  if (/^python/.test(t.info) && /^>>> /m.test(t.content)) {
    const id = "b" + blockCount++;
    blocks.push({ id, section: currentSection });
    return doctestBlock(id, t.content, currentSection);
  }
  return `<pre class="plain"><code>${esc(t.content)}</code></pre>\n`;
};

function doctestBlock(id, text, section, extra = "") {
  const rows = text.replace(/\n+$/, "").split("\n").length;
  return `<div class="doctest" id="${id}" data-section="${section}"${extra}>
<div class="bar"><button class="run" title="run this example (and the section's earlier ones not run yet)">Run</button><button class="edit">Edit</button><button class="reset" hidden>Reset</button><span class="verdict"></span></div>
<div class="pair"><textarea class="src" spellcheck="false" readonly rows="${rows}">${esc(text.replace(/\n+$/, ""))}</textarea><div class="out" aria-live="polite"></div></div>
</div>\n`;
}

// Links into the repository: the concordance and the reading are pages of the site, the
// package's files are copied beside it, anything else points at the file's name.
function fixLinks(html) {
  return html.replace(/(href|src)="([^"#:]+)(#[^"]*)?"/g, (m, attr, target, hash = "") => {
    const t = target.replace(/^\.\.\//, "").replace(/^\.\//, "");
    if (t === "docs/concordance.md" || t === "concordance.md") return `${attr}="concordance.html${hash}"`;
    if (t === "docs/reading.md" || t === "reading.md") return `${attr}="reading.html${hash}"`;
    if (t === "walkthrough.md" || t === "../walkthrough.md") return `${attr}="index.html${hash}"`;
    if (t.startsWith("minilogit/")) return `${attr}="${t}${hash}"`;
    return m;
  });
}

// Display math: typeset here; beside each numbered equation, the code that
// computes it (opened at the function that cites it) and the lecture
// documents it comes from.
function displayMath(tex) {
  const tag = /\\tag\{(\d+)\}/.exec(tex);
  // MathML, which the browser typesets itself: no fonts or style sheet to
  // fetch, which keeps the light mode's page small; the number is ours
  const math = katex.renderToString(tex.replace(/\\tag\{\d+\}/, "").trim(),
    { displayMode: true, throwOnError: true, output: "mathml" });
  if (!tag) return `<div class="eq"><div class="math">${math}</div></div>`;
  const n = tag[1];
  const info = data.equations[n] || { code: [], lectures: [] };
  const lectures = info.lectures.length
    ? `<p class="from">From ${info.lectures.map(esc).join("; ")}.</p>` : "";
  // the functions' lines come from equations.json when the equation is in view
  const code = info.code.map((c, i) => `<details class="code" data-eq="${n}" data-i="${i}"${i === 0 ? " open" : ""}><summary><code>${esc(c.file)}</code>: <code>${esc(c.function)}</code>, line ${c.start + c.cited[0]}</summary><pre></pre></details>`).join("\n");
  return `<div class="eq numbered" id="eq${n}"><div class="math">${math}<span class="tag">(${n})</span></div><aside class="beside">${code || '<p class="from">A derivation: no line of code computes it on its own.</p>'}${lectures}</aside></div>`;
}

function renderMarkdown(text, sectionOf) {
  const maths = [];
  text = text.replace(/\$\$([\s\S]+?)\$\$/g, (m, tex) => {
    maths.push(tex);
    return `\n\n@@MATH${maths.length - 1}@@\n\n`;
  });
  // the walkthrough's pictures inline, each with the code that draws it
  text = text.replace(/!\[([^\]]*)\]\(docs\/figures\/([\w.]+\.svg)\)/g, (m, alt, file) => {
    maths.push({ alt, file });
    return `\n\n@@MATH${maths.length - 1}@@\n\n`;
  });
  // render section by section so that each block knows its section
  const parts = text.split(/^(?=## )/m);
  let html = "";
  for (const part of parts) {
    const h = /^## (\d+)\./.exec(part);
    currentSection = sectionOf(h ? h[1] : null);
    html += `<section class="lesson" id="${currentSection}">` + md.render(part) + "</section>\n";
  }
  html = html.replace(/<p>@@MATH(\d+)@@<\/p>/g, (m, i) => {
    const x = maths[+i];
    return typeof x === "string" ? displayMath(x) : figure(x);
  });
  return fixLinks(html);
}

function figure({ alt, file }) {
  const svg = read(`docs/figures/${file}`).replace(/<\?xml[^>]*>\s*/, "");
  const code = FIGURES[file];
  const editor = code ? `<details class="redraw"><summary>Draw it again (Pyodide): edit the code, then Redraw</summary>
<textarea class="src" spellcheck="false" rows="${code.split("\n").length}">${esc(code)}</textarea>
<div class="bar"><button class="draw">Redraw</button><span class="verdict"></span></div></details>` : "";
  return `<figure class="picture" data-file="${file}"><div class="svg" role="img" aria-label="${esc(alt)}">${svg}</div><figcaption>${esc(alt)}</figcaption>${editor}</figure>`;
}

// --- the page -------------------------------------------------------------
const walk = read("walkthrough.md");
const readme = read("README.md");
const startHere = /^## Start here\n([\s\S]*?)(?=^## )/m.exec(readme)[1];
const titles = [...walk.matchAll(/^## (\d+)\. (.*)$/gm)].map((m) => [m[1], m[2]]);

currentSection = "start-here";
const startHtml = fixLinks(md.render(startHere).replace(/href="minilogit\//g, 'href="minilogit/'));
const walkHtml = renderMarkdown(walk, (n) => (n ? "s" + n : "intro"));

// The core's own examples: one block per docstring (the light mode runs these).
let coreHtml = "";
let coreCount = 0;
const coreBlocks = {};
for (const mod of data.core) {
  const modId = "core-" + mod.module.split(".").slice(1).join("-");
  coreHtml += `<h3 id="${modId}"><code>${esc(mod.module)}</code> (<a href="${mod.file}">${esc(mod.file)}</a>)</h3>\n`;
  for (const t of mod.tests) {
    const id = "c" + coreCount++;
    coreBlocks[id] = { module: mod.module, name: t.name, examples: t.examples };
    const text = t.examples.map((e) => e.source.replace(/\n$/, "").split("\n")
      .map((l, i) => (i ? "... " : ">>> ") + l).join("\n") + "\n" + e.want).join("")
      .replace(/\n$/, "");
    const marked = t.examples.filter((e) => e.lacks).length;
    coreHtml += `<h4><code>${esc(t.name)}</code>${marked ? ` <span class="lacks">${marked} marked: ${esc([...new Set(t.examples.filter((e) => e.lacks).map((e) => e.lacks))].join("; "))}</span>` : ""}</h4>\n`;
    coreHtml += doctestBlock(id, text, "core", ` data-core="${id}"`);
  }
}
const nCore = Object.values(coreBlocks).reduce((a, b) => a + b.examples.length, 0);
const nLacks = Object.values(coreBlocks).reduce((a, b) => a + b.examples.filter((e) => e.lacks).length, 0);

const nav = [`<a href="#start-here">Start here</a>`, `<a href="#intro">Introduction</a>`]
  .concat(titles.map(([n, t]) => `<a href="#s${n}">${n}. ${esc(t)}</a>`))
  .concat([`<a href="#core">The core's own examples</a>`, `<a href="concordance.html">Concordance</a>`]);

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>minilogit: logistic regression, line by line</title>
<link rel="stylesheet" href="site.css">
</head><body>
<header id="top">
<strong>minilogit</strong>
<span class="runtime">Python: <select id="runtime">
<option value="pyodide">Pyodide: everything</option>
<option value="micropython">MicroPython light mode: the core</option>
</select> <span id="rtinfo">not loaded yet (loads on the first Run)</span></span>
<button id="runall">Run everything</button> <output id="summary"></output> <output id="marked"></output>
</header>
<nav>${nav.join("\n")}</nav>
<main>
<section class="lesson" id="start-here"><h2>Start here</h2>
<p class="note">Every block with a <b>Run</b> button is a doctest: Run shows what Python prints beside what the text expects; <b>Edit</b> lets you change it (a learning rate, a start, the data) and run it again. Each section has a "run this section" button. The page needs no network: its Python is in it. Pyodide runs everything (${blocks.length} walkthrough blocks, then the core's ${nCore} examples); the MicroPython light mode runs the core's examples through a small doctest runner of its own, ${nLacks} of them marked as needing what MicroPython lacks.</p>
${startHtml}</section>
${walkHtml}
<section class="lesson" id="core"><h2>The core's own examples</h2>
<p>Every docstring example of <code>minilogit/core/</code>, in reading order, taken out at build time (MicroPython keeps no docstrings and has no <code>doctest</code>): both runtimes run them.</p>
${coreHtml}</section>
</main>
<script type="application/json" id="core-examples">${JSON.stringify(coreBlocks).replace(/</g, "\\u003c")}</script>
<script type="module" src="site.js"></script>
</body></html>
`;

// --- the concordance, a page of its own -------------------------------------
const concordance = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>minilogit: concordance</title>
<link rel="stylesheet" href="site.css"></head><body class="plainpage"><main>
<p><a href="index.html">← the walkthrough</a></p>
${fixLinks(md.render(read("docs/concordance.md")))
  .replace(/\b§(\d+)/g, '<a href="index.html#s$1">§$1</a>')}
</main></body></html>
`;

// --- one fit through the core, call by call: a page of its own --------------
const reading = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>minilogit: one fit through the core</title>
<link rel="stylesheet" href="site.css"></head><body class="plainpage"><main>
<p><a href="index.html#start-here">← Start here</a></p>
${fixLinks(md.render(read("docs/reading.md")))}
</main></body></html>
`;

// --- write ------------------------------------------------------------------
fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });
const write = (rel, content) => {
  fs.mkdirSync(path.dirname(path.join(OUT, rel)), { recursive: true });
  fs.writeFileSync(path.join(OUT, rel), content);
};
const copy = (from, rel) => {
  fs.mkdirSync(path.dirname(path.join(OUT, rel)), { recursive: true });
  fs.cpSync(from, path.join(OUT, rel), { recursive: true });
};
write("index.html", page);
write("concordance.html", concordance);
write("reading.html", reading);
for (const f of ["site.css", "site.js", "lightdoctest.py", "pyrunner.py"]) copy(path.join(HERE, f), f);
// the package: one JSON per runtime (the light mode loads only the core), and
// each file as itself for the links
write("minilogit.json", JSON.stringify(data.files));
write("minilogit-core.json", JSON.stringify(Object.fromEntries(data.core_files.map((p) => [p, data.files[p]]))));
for (const [p, text] of Object.entries(data.files)) write(p, text);
write("equations.json", JSON.stringify(Object.fromEntries(Object.entries(data.equations)
  .map(([n, e]) => [n, e.code]))));
for (const f of ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]) {
  copy(path.join(MODULES, "pyodide", f), `pyodide/${f}`);
}
for (const f of ["micropython.mjs", "micropython.wasm"]) {
  copy(path.join(MODULES, "@micropython", "micropython-webassembly-pyscript", f), `micropython/${f}`);
}
const size = (dir) => fs.readdirSync(dir, { withFileTypes: true }).reduce((a, e) =>
  a + (e.isDirectory() ? size(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).size), 0);
console.log(`site: ${path.relative(ROOT, OUT) || OUT}: ${blocks.length} walkthrough blocks, ` +
  `${nCore} core examples (${nLacks} marked for MicroPython), ${Object.keys(data.equations).length} equations ` +
  `with code, ${(size(OUT) / 1e6).toFixed(1)} MB`);

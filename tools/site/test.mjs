// Usage: node tools/site/test.mjs [--site DIR] [--write FILE] [--shots DIR]   (make site-test)
// Serves the built site on 127.0.0.1 and drives Debian's Chromium (headless,
// through puppeteer-core: it downloads no browser) over every example of the
// page, with Pyodide and with the MicroPython light mode:
//   - each runtime's index.html?run=all must end with "N passed, 0 failed";
//   - the light mode may mark at most 5% of the core's examples;
//   - no request may go to a host other than 127.0.0.1 (each is recorded;
//     the browser also resolves no other host);
//   - light mode: payload <= 1.5 MB; the first result's time, cold and warm,
//     is reported (and written by --write), never a check: it is the
//     machine's load as much as the page's;
//   - chromium --headless --dump-dom reads the same verdict without a driver;
//   - at 1280 and 800 px wide, the code beside every equation fits its panel
//     (long lines wrap), so that no "# eq. (N)" citation is cut off.
// --write FILE (make doc-tables: docs/runtimes.md; --readme is the same) writes
// the figures between FILE's site markers; --shots
// writes the three screenshots (an equation with its code, a run example, a
// redrawn picture) to DIR.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..", "..");
const args = process.argv.slice(2);
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const SITE = path.resolve(opt("--site", path.join(ROOT, "build", "site")));
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const LIMITS = { lightBytes: 1.5e6, markedShare: 0.05 };
const TIMEOUT = 15 * 60 * 1000;    // a hang guard, not a timing: 15 min, ~50x a loaded run
const failures = [];
const check = (ok, what) => { console.log(`${ok ? "ok  " : "FAIL"} ${what}`); if (!ok) failures.push(what); };

// --- a static server on 127.0.0.1, cacheable, as a static host would serve it
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript",
  ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm", ".zip": "application/zip",
  ".py": "text/plain; charset=utf-8", ".svg": "image/svg+xml", ".csv": "text/plain; charset=utf-8" };
const server = http.createServer((req, res) => {
  const rel = decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/^\/+/, "") || "index.html";
  const file = path.join(SITE, rel);
  if (!file.startsWith(SITE) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404); res.end("not found"); return;
  }
  res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] || "application/octet-stream",
    "Cache-Control": "public, max-age=3600" });
  fs.createReadStream(file).pipe(res);
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const BASE = `http://127.0.0.1:${server.address().port}/`;

const chromeArgs = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  "--disable-default-apps", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"];
const offsite = [];

async function browser() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "minilogit-site-"));
  const b = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, userDataDir: dir, args: chromeArgs });
  b.dir = dir;
  return b;
}

// Open url in a page, recording every request and the bytes received; wait
// for the summary (or for done()), and return the page's siteStats.
async function visit(b, url, done = "document.getElementById('summary').textContent !== ''") {
  const page = await b.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send("Network.enable");
  let bytes = 0, requests = 0;
  cdp.on("Network.requestWillBeSent", (e) => {
    requests++;
    const u = new URL(e.request.url);
    if (!["data:", "blob:"].includes(u.protocol) && u.hostname !== "127.0.0.1") offsite.push(e.request.url);
  });
  cdp.on("Network.loadingFinished", (e) => { bytes += e.encodedDataLength; });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(BASE + url, { waitUntil: "load", timeout: TIMEOUT });
  await page.waitForFunction(done, { timeout: TIMEOUT, polling: 200 });
  const stats = await page.evaluate(() => ({ ...window.siteStats,
    summary: document.getElementById("summary").textContent,
    marked: document.getElementById("marked").textContent,
    rtinfo: document.getElementById("rtinfo").textContent }));
  return { page, stats: { ...stats, bytes, requests, errors } };
}

const results = {};
for (const [name, query] of [["micropython", "&runtime=micropython"], ["pyodide", ""]]) {
  const b = await browser();
  try {
    // cold: a fresh profile, nothing cached
    const cold = await visit(b, `index.html?run=all${query}`);
    await editAndRerun(cold.page, name);
    await cold.page.close();
    // warm: the same browser again, its cache filled; the first block only
    const warm = await visit(b, `index.html?run=first${query}`);
    await warm.page.close();
    results[name] = { cold: cold.stats, warm: warm.stats };
    const s = cold.stats;
    const m = /^(\d+) passed, (\d+) failed$/.exec(s.summary);
    console.log(`${name}: ${s.summary} ${s.marked}; ${(s.bytes / 1e6).toFixed(2)} MB in ${s.requests} requests; ` +
      `first result ${(s.firstResultMs / 1000).toFixed(2)} s cold, ${(warm.stats.firstResultMs / 1000).toFixed(2)} s warm; ${s.rtinfo}`);
    check(m && +m[1] > 0 && +m[2] === 0, `${name}: every example passes (${s.summary})`);
    check(s.errors.length === 0, `${name}: no error in the page ${s.errors.join("; ")}`);
    if (name === "micropython") {
      check(s.markedCount <= LIMITS.markedShare * (s.passed + s.failed + s.markedCount),
        `micropython: ${s.markedCount} examples marked, at most 5% of ${s.passed + s.failed + s.markedCount}`);
      check(s.bytes <= LIMITS.lightBytes, `micropython: payload ${(s.bytes / 1e6).toFixed(2)} MB <= 1.5 MB`);
    } else {
      check(s.walkPassed >= 411, `pyodide: ${s.walkPassed} walkthrough examples pass (at least 411, as make test runs)`);
    }
    if (name === "pyodide") await panelsFit(b);
    if (name === "pyodide" && opt("--shots")) await screenshots(b, path.resolve(opt("--shots")));
  } finally {
    await b.close();
    fs.rmSync(b.dir, { recursive: true, force: true });
  }
}

// --- without a driver: chromium --dump-dom reads the summary
for (const query of ["", "&runtime=micropython"]) {
  const dom = await new Promise((resolve) => execFile(CHROMIUM, ["--headless", ...chromeArgs,
    "--virtual-time-budget=900000", "--dump-dom", `${BASE}index.html?run=all${query}`],
    { maxBuffer: 256 << 20, timeout: TIMEOUT }, (err, out) => resolve(out || "")));
  const m = /<output id="summary">(\d+) passed, (\d+) failed<\/output>/.exec(dom);
  check(m && +m[2] === 0 && +m[1] > 0, `chromium --dump-dom index.html?run=all${query}: ${m ? m[0] : "no summary"}`);
}
check(offsite.length === 0, `no request left 127.0.0.1 (${offsite.length}: ${offsite.slice(0, 5).join(" ")})`);
server.close();

const target = opt("--write") || opt("--readme");
if (target && failures.length === 0) writeReadme(path.resolve(target));
console.log(failures.length ? `site-test: FAILED: ${failures.join("; ")}` : "site-test: all checks pass");
process.exitCode = failures.length ? 1 : 0;

// Edit and rerun: a learning rate changed in a walkthrough block (Pyodide) or
// a core example's data changed (both): the output follows the edit; and a
// picture redrawn from edited code (Pyodide).
async function editAndRerun(page, name) {
  const core = await page.evaluate(async () => {
    const div = document.querySelector('[data-core] .src').closest(".doctest"); // core.__init__
    const ta = div.querySelector(".src");
    ta.value = ta.value.replace("[0, 1, 0, 1])", "[0, 0, 1, 1])");
    const r = await window.site.runOne(div);
    return { r, out: div.querySelector(".out").textContent };
  });
  check(core.r.bad === 1 && !core.out.includes("0.908184"),
    `${name}: an edited core example runs again, its output follows the edit (${core.out.replace(/\s+/g, " ").slice(0, 120)})`);
  if (name !== "pyodide") return;
  const walk = await page.evaluate(async () => {
    const div = document.querySelector("#s7 .doctest");
    const ta = div.querySelector(".src");
    ta.value = ta.value.replace('LogisticRegression(solver="gd")', 'LogisticRegression(solver="gd", learning_rate=0.5)');
    const r = await window.site.runOne(div);
    return { r, out: div.querySelector(".out").textContent };
  });
  check(walk.r.bad === 1 && /\((True|False), \d+, -?[\d.]+\)/.test(walk.out) && !walk.out.includes("(True, 12, 2.073958)"),
    `pyodide: an edited walkthrough block (gradient descent at learning rate 0.5) runs again with new iterations`);
  const drawn = await page.evaluate(async () => {
    const fig = document.querySelector('figure[data-file="sigmoid.svg"]');
    const before = fig.querySelector(".svg").innerHTML;
    const ta = fig.querySelector(".src");
    ta.value = ta.value.replace("plot.sigmoid_plot()", "plot.sigmoid_plot(width=300)");
    fig.querySelector(".draw").click();
    for (let i = 0; i < 600 && !fig.classList.contains("redrawn"); i++) await new Promise((r) => setTimeout(r, 100));
    return { redrawn: fig.classList.contains("redrawn"), changed: fig.querySelector(".svg").innerHTML !== before };
  });
  check(drawn.redrawn && drawn.changed, "pyodide: a picture redraws from its edited code");
}

// The code beside each equation, every panel filled and opened: no line runs
// past its panel's edge (it wraps), at the width of a laptop and of a tablet.
async function panelsFit(b) {
  for (const width of [1280, 800]) {
    const page = await b.newPage();
    await page.setViewport({ width, height: 900 });
    await page.goto(BASE + "index.html", { waitUntil: "load", timeout: TIMEOUT });
    const r = await page.evaluate(async () => {
      const cut = [];
      let panels = 0;
      for (const eq of document.querySelectorAll(".eq.numbered")) {
        await window.site.fillCode(eq);
        for (const d of eq.querySelectorAll("details.code")) {
          d.open = true;
          const pre = d.querySelector("pre");
          panels++;
          if (pre.scrollWidth > pre.clientWidth + 1) cut.push(`${eq.id}: ${d.querySelector("summary").textContent}`);
        }
      }
      return { cut, panels };
    });
    check(r.panels > 50 && r.cut.length === 0, `${width} px: the code of all ${r.panels} panels beside the equations fits, every citation shows (${r.cut.slice(0, 4).join("; ")})`);
    await page.close();
  }
}

function writeReadme(file) {
  const BEGIN = "<!-- site:begin (written by make doc-tables) -->", END = "<!-- site:end -->";
  const text = fs.readFileSync(file, "utf8");
  const i = text.indexOf(BEGIN), j = text.indexOf(END);
  if (i < 0 || j < i) { console.log(`site-test: no site markers in ${file}: left alone`); return; }
  const row = (name, what) => {
    const { cold, warm } = results[name];
    return `| ${name === "pyodide" ? "Pyodide" : "MicroPython"} | ${cold.rtinfo.split(":")[0]} | ${what} | ` +
      `${cold.passed} of ${cold.passed + cold.failed + cold.markedCount}${cold.markedCount ? ` (${cold.markedCount} marked: need what MicroPython lacks)` : ""} | ` +
      `${(cold.bytes / 1e6).toFixed(2)} MB | ${(cold.firstResultMs / 1000).toFixed(1)} s | ${(warm.firstResultMs / 1000).toFixed(1)} s |`;
  };
  const table = ["", "| runtime | version | runs | examples passed | payload | first result, cold | warm |",
    "|---|---|---|---|---|---|---|",
    row("pyodide", "the walkthrough and the core's examples"),
    row("micropython", "the core's examples"), ""].join("\n");
  fs.writeFileSync(file, text.slice(0, i + BEGIN.length) + table + text.slice(j));
  console.log(`site-test: wrote the figures to ${path.relative(ROOT, file)}`);
}

async function screenshots(b, dir) {
  fs.mkdirSync(dir, { recursive: true });
  const page = await b.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  // 1. an equation with its code beside it: Newton's step
  await page.goto(BASE + "index.html#eq20", { waitUntil: "load" });
  await page.waitForFunction(() => document.querySelector("#eq20 pre span"), { timeout: TIMEOUT });
  await page.evaluate(() => { document.querySelector("#eq20").scrollIntoView(); window.scrollBy(0, -80); });
  await page.screenshot({ path: path.join(dir, "site-equation.png") });
  // 2. a run example: gradient descent's section, run
  await page.evaluate(() => { const s = document.querySelector("#s7"); s.scrollIntoView(); });
  await page.evaluate(() => document.querySelector("#s7 .runsection").click());
  await page.waitForFunction(() => document.querySelector("#s7 .doctest.passed, #s7 .doctest.failed"), { timeout: TIMEOUT });
  await page.waitForFunction(() => !document.querySelector("#s7 .doctest:not(.passed):not(.failed)"), { timeout: TIMEOUT });
  await page.evaluate(() => { document.querySelector("#s7 .doctest").scrollIntoView(); window.scrollBy(0, -120); });
  await page.screenshot({ path: path.join(dir, "site-example.png") });
  // 3. a redrawn picture: the loss history with gradient descent's rate changed
  await page.evaluate(() => {
    const fig = document.querySelector('figure[data-file="loss_history.svg"]');
    fig.querySelector("details").open = true;
    const ta = fig.querySelector("textarea");
    ta.value = ta.value.replace('LogisticRegression(solver=s)', 'LogisticRegression(solver=s, **({"learning_rate": 0.02} if s == "gd" else {}))');
    fig.querySelector(".draw").click();
  });
  await page.waitForFunction(() => document.querySelector('figure[data-file="loss_history.svg"].redrawn'), { timeout: TIMEOUT });
  await page.evaluate(() => { document.querySelector('figure[data-file="loss_history.svg"]').scrollIntoView(); window.scrollBy(0, -60); });
  await page.screenshot({ path: path.join(dir, "site-redraw.png") });
  await page.close();
  console.log(`site-test: wrote 3 screenshots to ${path.relative(ROOT, dir)}`);
}

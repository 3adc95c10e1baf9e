// Shared helpers for the WebAssembly runners (run_micropython.mjs, run_pyodide.mjs).
import fs from "node:fs";
import path from "node:path";

// Trees the portable suite needs at run time, relative to the repo root.
export const TREES = ["minilogit", "tests/portable"];
export const FILES = ["walkthrough.md"]; // single files the suite reads, relative to the root
export const ENTRY = "tests/portable/run.py";
export const VROOT = "/portable"; // where the trees go inside the in-memory FS

const SUMMARY = /^PORTABLE-SUMMARY runtime=\S+ version=\S+ run=(\d+) passed=(\d+) failed=(\d+)\s*$/;

export function hostRoot() {
  const root = path.resolve(process.argv[2] || ".");
  if (!fs.existsSync(path.join(root, ENTRY))) die(`${ENTRY} not found under ${root}`);
  return root;
}

export function die(msg) {
  process.stderr.write(`${path.basename(process.argv[1])}: ${msg}\n`);
  process.exit(2);
}

// Copy ROOT/<tree> into the Emscripten FS at VROOT/<tree>, skipping bytecode caches.
export function copyTrees(FS, root) {
  let count = 0;
  const walk = (rel) => {
    FS.mkdirTree(`${VROOT}/${rel}`);
    for (const ent of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const r = `${rel}/${ent.name}`;
      if (ent.isDirectory()) {
        if (ent.name !== "__pycache__") walk(r);
      } else if (!ent.name.endsWith(".pyc")) {
        FS.writeFile(`${VROOT}/${r}`, fs.readFileSync(path.join(root, r)));
        count++;
      }
    }
  };
  for (const t of TREES) if (fs.existsSync(path.join(root, t))) walk(t);
  for (const f of FILES) {
    if (fs.existsSync(path.join(root, f))) {
      FS.writeFile(`${VROOT}/${f}`, fs.readFileSync(path.join(root, f)));
      count++;
    }
  }
  return count;
}

// Python source that runs the suite as __main__ from VROOT; it leaves the
// SystemExit status (0 if the suite just returned) in the global _portable_rc.
export const BOOTSTRAP = `
import sys, os
os.chdir(${JSON.stringify(VROOT)})
sys.path.insert(0, ${JSON.stringify(VROOT)})
sys.argv[:] = [${JSON.stringify(ENTRY)}]
_portable_rc = 0
try:
    exec(compile(open(${JSON.stringify(ENTRY)}).read(), ${JSON.stringify(ENTRY)}, "exec"),
         {"__name__": "__main__", "__file__": ${JSON.stringify(ENTRY)}})
except SystemExit as e:
    _portable_rc = e.args[0] if e.args else 0
    if _portable_rc is None:
        _portable_rc = 0
    elif not isinstance(_portable_rc, int):
        print(_portable_rc, file=sys.stderr)
        _portable_rc = 1
finally:
    try:
        sys.stdout.flush()
    except Exception:
        pass
`;

// Remembers the last non-blank line written to stdout (cheaply, however much is written).
export class Tail {
  constructor() { this.last = ""; this.partial = ""; }
  add(s) {
    const lines = (this.partial + s).split("\n");
    this.partial = lines.pop();
    for (const l of lines) if (l.trim() !== "") this.last = l;
  }
  lastLine() { return this.partial.trim() !== "" ? this.partial : this.last; }
}

// Exit status for the runner: 0 only if the summary line is last and shows success.
export function verdict(tail, rc, error) {
  if (error) {
    process.stderr.write(error.name === "PythonError" ? error.message : `${error.stack || error}\n`);
  }
  const m = SUMMARY.exec(tail.lastLine());
  let why = null;
  if (!m) why = "no PORTABLE-SUMMARY line at the end of stdout";
  else if (+m[3] !== 0 || +m[1] === 0) why = `suite reports run=${m[1]} failed=${m[3]}`;
  else if (error) why = `uncaught ${error.type || error.name}`;
  else if (rc !== 0) why = `suite exited with status ${rc}`;
  if (why) process.stderr.write(`${path.basename(process.argv[1])}: FAIL: ${why}\n`);
  return why ? 1 : 0;
}

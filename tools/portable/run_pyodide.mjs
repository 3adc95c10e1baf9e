// Usage: node run_pyodide.mjs ROOT
// Runs ROOT/tests/portable/run.py under Pyodide (CPython on WebAssembly, from npm).
// Offline: only the files shipped in node_modules/pyodide are used (no loadPackage).
import { loadPyodide } from "pyodide";
import { hostRoot, copyTrees, BOOTSTRAP, Tail, verdict } from "./common.mjs";

const root = hostRoot();
const out = new Tail();
const py = await loadPyodide();
const decoder = new TextDecoder();
py.setStdout({ write: (buf) => {
  const s = decoder.decode(buf, { stream: true });
  out.add(s);
  process.stdout.write(s);
  return buf.length;
} });
py.setStderr({ write: (buf) => { process.stderr.write(Buffer.from(buf)); return buf.length; } });
copyTrees(py.FS, root);

let rc = 0, error = null;
try {
  py.runPython(BOOTSTRAP);
  rc = py.globals.get("_portable_rc");
} catch (e) {
  error = e; // PythonError: e.type is the exception class, e.message the traceback
}
process.exitCode = verdict(out, rc, error);

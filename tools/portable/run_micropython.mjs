// Usage: node run_micropython.mjs ROOT
// Runs ROOT/tests/portable/run.py under MicroPython (WebAssembly build from npm).
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import { hostRoot, copyTrees, BOOTSTRAP, Tail, verdict } from "./common.mjs";

const root = hostRoot();
const out = new Tail();
// heapsize is only the first GC heap chunk: this build grows its heap on demand.
// pystack is in words; the recursion limit (~150-200 frames) comes from the C stack, not this.
const mp = await loadMicroPython({
  heapsize: 64 * 1024 * 1024,
  pystack: 64 * 1024,
  linebuffer: true, // callbacks get one decoded line at a time, without its "\n"
  stdout: (line) => { out.add(line + "\n"); process.stdout.write(line + "\n"); },
  stderr: (line) => process.stderr.write(line + "\n"),
});
copyTrees(mp.FS, root);

let rc = 0, error = null;
try {
  mp.runPython(BOOTSTRAP);
  rc = mp.globals.get("_portable_rc");
} catch (e) {
  error = e; // PythonError: e.type is the exception class, e.message the traceback
}
// With linebuffer, a last line with no "\n" is still sitting in the module's buffer.
for (const [buf, stream] of [["_stdoutBuffer", process.stdout], ["_stderrBuffer", process.stderr]]) {
  const bytes = mp._module[buf];
  if (bytes && bytes.length) {
    const s = new TextDecoder().decode(new Uint8Array(bytes)) + "\n";
    if (stream === process.stdout) out.add(s);
    stream.write(s);
  }
}
process.exitCode = verdict(out, rc, error);

// The Code panel's worker: Pyodide of its own, running the learner's Python (py/code_runner.py).
// It is not the solver's worker and holds none of the project's solvers; it has no DOM. The page
// ends it (Stop, the time limit) and starts a fresh one. Requests and answers are JSON text.
// It starts from the memory snapshot tools/code-snapshot.mjs made (the runner already imported; packed,
// unpacked here by static/snapshot-pack.mjs), else the ordinary way; a runner whose source changed since
// the snapshot is imported again.
// It holds a lock named after it (its `name`, chosen by the page) for its whole life: the page asks
// for the same lock, and is granted it when this worker ends by itself (a program's `js.close()`, a
// fatal error of Pyodide: a stack overflow, `os._exit`), so the page says so at once. An error that
// escapes the runner leaves Pyodide unusable: the worker closes.
// On a cross-origin isolated page the page first sends {interrupt: a SharedArrayBuffer}: Pyodide's
// interrupt buffer. The page writes 2 (SIGINT) into it to ask where the program is; the runner's SIGINT
// handler (code_runner.sample) answers and lets the program go on.
import { unpack } from "./snapshot-pack.mjs";

if (self.navigator.locks) self.navigator.locks.request(self.name, () => new Promise(() => {}));
const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
const snapshot = fetch(indexURL + "code-snapshot.bin")
  .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`HTTP ${r.status}`))))
  .then(unpack);
snapshot.catch(() => {});
const runnerSource = fetch(new URL("../py/code_runner.py", import.meta.url)).then((r) => r.text());
// Step through's recorder, imported by the runner on a Step through only (never in the snapshot)
const recorderSource = fetch(new URL("../py/trace_recorder.py", import.meta.url)).then((r) => r.text());
recorderSource.catch(() => {});

const queue = [];
let runner = null;
const post = (text) => self.postMessage(String(text));
function handle(text) {
  try {
    runner.handle(text, post);
  } catch (e) {
    self.close();
  }
}
let interrupt = null;
self.onmessage = (e) => {
  if (e.data && typeof e.data === "object" && e.data.interrupt instanceof SharedArrayBuffer) {
    interrupt = new Uint8Array(e.data.interrupt);
    return;
  }
  if (runner) handle(String(e.data));
  else queue.push(String(e.data));
};

// Only now the module waits (for Pyodide's module): a message the page posted before a handler was set
// would be lost (the interrupt buffer is posted at once).
const { loadPyodide } = await import(indexURL + "pyodide.mjs");

async function start() {
  try {
    return [await loadPyodide({ indexURL, _loadSnapshot: snapshot }), "snapshot"];
  } catch (e) {
    return [await loadPyodide({ indexURL }), "boot"];
  }
}

const t0 = performance.now();
try {
  const [py, how] = await start();
  const source = await runnerSource;
  try {
    py.FS.writeFile("/home/pyodide/trace_recorder.py", await recorderSource);
  } catch (e) {
    console.warn("code worker: no step recorder", e); // Step through then says the program failed
  }
  py.globals.set("_src", source);
  const stale = py.runPython(`
import sys
_m = sys.modules.get("code_runner")
_stale = _m is None or getattr(_m, "_SOURCE", None) != _src
if _stale:
    with open("/home/pyodide/code_runner.py", "w") as _f:
        _f.write(_src)
    sys.modules.pop("code_runner", None)
del _m, _src
_stale`);
  runner = py.pyimport("code_runner");
  runner.arm(); // SIGINT is the runner's sampler before any can come
  if (interrupt) py.setInterruptBuffer(interrupt);
  post(JSON.stringify({ type: "ready", ms: performance.now() - t0, how, stale, interrupt: Boolean(interrupt) }));
  while (queue.length) handle(queue.shift());
} catch (e) {
  console.warn("code worker:", e); // the page says it could not start, in its own words
  post(JSON.stringify({ type: "failed" }));
}

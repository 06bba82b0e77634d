// The Code panel's worker: Pyodide of its own, running the learner's Python (py/code_runner.py).
// It is not the solver's worker and holds none of the project's solvers; it has no DOM. The page
// ends it (Stop, the time limit) and starts a fresh one. Requests and answers are JSON text.
// It starts from the memory snapshot tools/code-snapshot.mjs made (the runner already imported),
// else the ordinary way; a runner whose source changed since the snapshot is imported again.
const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
const snapshot = fetch(indexURL + "code-snapshot.bin")
  .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(`HTTP ${r.status}`))));
snapshot.catch(() => {});
const runnerSource = fetch(new URL("../py/code_runner.py", import.meta.url)).then((r) => r.text());
const { loadPyodide } = await import(indexURL + "pyodide.mjs");

const queue = [];
let runner = null;
self.onmessage = (e) => (runner ? runner.handle(String(e.data), post) : queue.push(String(e.data)));
const post = (text) => self.postMessage(String(text));

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
  post(JSON.stringify({ type: "ready", ms: performance.now() - t0, how, stale }));
  while (queue.length) runner.handle(queue.shift(), post);
} catch (e) {
  post(JSON.stringify({ type: "failed", text: String(e && e.message ? e.message : e).slice(0, 300) }));
}

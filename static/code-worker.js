// The Code panel's worker: Pyodide of its own, running the learner's Python (py/code_runner.py).
// It is not the solver's worker and holds none of the project's solvers; it has no DOM. The page
// ends it (Stop, the time limit) and starts a fresh one. Requests and answers are JSON text.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";

const queue = [];
let runner = null;
self.onmessage = (e) => (runner ? runner.handle(String(e.data), post) : queue.push(String(e.data)));
const post = (text) => self.postMessage(String(text));

const t0 = performance.now();
try {
  const py = await loadPyodide({ indexURL: new URL("./vendor/pyodide/", import.meta.url).href });
  const source = await (await fetch(new URL("../py/code_runner.py", import.meta.url))).text();
  py.FS.writeFile("/home/pyodide/code_runner.py", source);
  runner = py.pyimport("code_runner");
  post(JSON.stringify({ type: "ready", ms: performance.now() - t0 }));
  while (queue.length) runner.handle(queue.shift(), post);
} catch (e) {
  post(JSON.stringify({ type: "failed", text: String(e && e.message ? e.message : e).slice(0, 300) }));
}

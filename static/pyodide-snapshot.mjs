// The solver worker's interpreter (worker.toml points here when tools/setup.sh made a snapshot):
// Pyodide started from a memory snapshot of an interpreter that has already booted and imported the
// worker's modules (made by tools/snapshot.mjs, see py/worker_snapshot.py), instead of booting CPython
// and compiling those modules again in every page. static/solver-worker.js imports this module as it
// would import pyodide.mjs and calls its loadPyodide; it gets the same Pyodide, only started sooner.
// A snapshot that cannot be fetched or used (a different Pyodide build, a damaged file) is reported
// as a warning and Pyodide starts the ordinary way. The file is packed (its zero pages left out, see
// static/snapshot-pack.mjs) and unpacked here.
import { unpack } from "./snapshot-pack.mjs";

const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;

// Asked for by prefetch() (the solver's worker calls it before it starts the interpreter, see
// static/solver-worker.js), else as loadPyodide starts; once.
let snapshot = null;
export function prefetch() {
  snapshot ??= fetch(indexURL + "snapshot.bin")
    .then((response) => {
      if (!response.ok) throw new Error(`snapshot.bin answered HTTP ${response.status}`);
      return response.arrayBuffer();
    })
    .then(unpack)
    .catch((error) => ({ error }));
  return snapshot;
}

const pyodide = await import(indexURL + "pyodide.mjs");

export const version = pyodide.version;

function fallback(why, options) {
  console.warn(`Pyodide starts without its start-up snapshot: ${why}`);
  performance.mark("pyodide:no-snapshot");
  return pyodide.loadPyodide({ ...options, indexURL });
}

export async function loadPyodide(options = {}) {
  // Passed as a promise: Pyodide awaits the snapshot when its own script is in, and instantiates its wasm after.
  const memory = prefetch().then((m) => {
    if (m.error) throw m.error;
    return m;
  });
  memory.catch(() => {}); // handled below, by the fallback
  let interpreter;
  try {
    interpreter = await pyodide.loadPyodide({ ...options, indexURL, _loadSnapshot: memory });
  } catch (error) {
    return fallback(error.message || error, options);
  }
  performance.mark("pyodide:snapshot");
  return interpreter;
}

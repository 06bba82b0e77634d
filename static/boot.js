// Loading indicator and start-up failure report. Runs before PyScript; it never
// touches game state (Python owns that) and inserts text only, never HTML.
import { fetchBundle, writeInto } from "./page-files.js";

const root = document.documentElement;
const fill = () => document.getElementById("loading-fill");
const box = () => document.getElementById("loading");
const stages = { "core": 1, "mpy": 2, "ready": 3 };

function stage(name) {
  const n = stages[name];
  const bar = fill();
  if (bar) bar.style.width = `${(100 * n) / 3}%`;
  const b = box();
  if (b) b.setAttribute("aria-valuenow", String(n));
}

function fail(message) {
  if (root.dataset.appState === "ready") return;
  root.dataset.appState = "error";
  const p = document.getElementById("boot-error");
  if (p) {
    p.textContent = `The Python runtime could not start: ${message} · Python 运行时无法启动`;
    p.hidden = false;
  }
  const b = box();
  if (b) b.hidden = true;
}

stage("core");
addEventListener("mpy:ready", () => stage("mpy"));

// The page's Python modules (static/page-files.js). The first screen's bundle (index.html's
// data-page-modules) is fetched now, beside PyScript's and MicroPython's downloads, and written into
// MicroPython's file system once the interpreter is up, before main.py runs (PyScript awaits its onReady
// hooks first). py/app/lazy.py brings in the later bundle through pageFiles.load(url), which answers JSON
// text, {"paths": [...]} or {"error": "..."}, and never rejects (a rejection thrown into MicroPython's FFI
// cannot be caught there).
const firstUrl = document.querySelector("script[data-page-modules]")?.dataset.pageModules;
const firstFiles = fetchBundle(firstUrl);
firstFiles.catch(() => {});  // said once the interpreter is up (below)
let pythonFS = null;
import("./vendor/pyscript/core.js").then(({ hooks }) => hooks.main.onReady.add(async ({ interpreter }) => {
  try {
    pythonFS = interpreter.FS;
    writeInto(pythonFS, await firstFiles);
  } catch (e) {
    fail(`its modules could not be loaded (${e.message || e})`);
    throw e;
  }
}));
window.pageFiles = {
  async load(url) {
    try {
      if (pythonFS === null) throw new Error("MicroPython is not up");
      return JSON.stringify({ paths: writeInto(pythonFS, await fetchBundle(url)) });
    } catch (e) {
      return JSON.stringify({ error: String(e.message || e) });
    }
  },
};
// The service worker's side of the page, fetched now (a small file, before the runtimes' downloads fill the
// host's connections), started once the board is playable and the solver's start is over (below).
const offline = import("./offline.js");
offline.catch((e) => console.warn(`The app cannot work offline here: ${e.message || e}`));
// Record when the board became playable and when the solver became ready
// (milliseconds since navigation), for the benchmark command.
let offlineStarted = false;
new MutationObserver(() => {
  if (root.dataset.appState === "ready" && window.__readyAt === undefined) {
    window.__readyAt = performance.now();
    stage("ready");
    const b = box();
    if (b) b.hidden = true;
  }
  if (root.dataset.solverState === "idle" && window.__solverAt === undefined) {
    window.__solverAt = performance.now();
  }
  // The service worker, once the board is playable and the solver's start is over (ready, or failed): its
  // install (sw.js) takes the files the page has fetched from the HTTP cache. Begun as the board became
  // playable, on a 2-core machine it made a cold start's solver ready about a third later.
  if (!offlineStarted && root.dataset.appState === "ready" && ["idle", "solving"].includes(root.dataset.solverState)) {
    offlineStarted = true;
    offline.then((m) => m.start(), () => {});
  }
}).observe(root, { attributes: true, attributeFilter: ["data-app-state", "data-solver-state"] });

// A Python error at start-up shows as a .py-error element, which PyScript appends to <body>:
// surface it. Body's own children only: watching the whole tree ran this callback on every
// board redraw (11 ms of a 52 ms frame when a Huarong layout was chosen).
new MutationObserver((records) => {
  for (const r of records) for (const node of r.addedNodes) {
    if (node.nodeType === 1 && node.classList.contains("py-error")) fail(node.textContent.split("\n").slice(-2).join(" "));
  }
}).observe(document.body, { childList: true });
addEventListener("error", (e) => fail(e.message || "script error"));
// Why the solver's worker could not start, for the solver's loader (py/app/solver.py): said by the worker
// (solverWorkers below), or a runtime's import or fetch that failed in a promise nobody awaits.
window.__solverBootError = null;
addEventListener("unhandledrejection", (e) => {
  const text = String((e.reason && e.reason.message) || e.reason || "");
  if (/pyodide|import|fetch/i.test(text)) {
    window.__solverBootError = text;
    e.preventDefault();  // handled: the header says the solver failed to start, and Solve says so too
  }
});
setTimeout(() => fail("it did not start within 60 seconds"), 60000);
// The page is left or reloaded: Python writes any game not saved yet (its saves are debounced).
window.__onPageHide = null;
addEventListener("pagehide", () => { if (window.__onPageHide) window.__onPageHide(); });

// The games' gameHandler objects. Arguments cross to Python as one JSON text, so a
// number stays the exact number it was (no 32-bit wrap: 2**32 + 10 is not 10) and
// Infinity, NaN, true or " 1 " reach Python as what they are, to be refused there.
// Python answers JSON text for the methods in jsonMethods; callers get plain JS values.
// Arguments that cannot be what a method takes (a BigInt or a circular object, which JSON.stringify
// throws on; a text over MAX_ARGS_CHARS; nesting deeper than MAX_ARGS_DEPTH) answer as any bad argument
// does, false or [], without reaching Python: a caller never gets an exception.
const MAX_ARGS_CHARS = 10000;
const MAX_ARGS_DEPTH = 8;

function argsText(args) {
  let text;
  try { text = JSON.stringify(args); } catch (e) { return null; }
  if (typeof text !== "string" || text.length > MAX_ARGS_CHARS) return null;
  let depth = 0, inString = false, escaped = false;
  for (const ch of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === "\\") escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "[" || ch === "{") { if (++depth > MAX_ARGS_DEPTH) return null; }
    else if (ch === "]" || ch === "}") depth--;
  }
  return text;
}

window.makeGameHandler = (impl, jsonMethods) => {
  const handler = {};
  for (const name of Object.keys(impl)) {
    const json = jsonMethods.includes(name);
    handler[name] = (...args) => {
      const text = argsText(args);
      if (text === null) return json ? [] : false;
      const answer = impl[name](text);
      return json ? JSON.parse(answer) : answer;
    };
  }
  return handler;
};

// Huarong's chart: its bars drawn in one call from Python (made one by one through the FFI, 横刀立马's
// 117 bars take 3.5-17 ms of a rested Solve). `plot` ends with `n` bars (span.bar, added or dropped at the
// end); `changed` is JSON text, [[index, count, title], ...]: those bars get their title and height.
window.drawBars = (plot, n, changed) => {
  while (plot.childElementCount > n) plot.lastElementChild.remove();
  while (plot.childElementCount < n) {
    const bar = document.createElement("span");
    bar.className = "bar";
    plot.appendChild(bar);
  }
  const bars = plot.children;
  for (const [i, count, title] of JSON.parse(changed)) {
    bars[i].setAttribute("title", title);
    bars[i].style.setProperty("--c", String(count));
  }
};

// Saved games go through this: storage that is disabled, full or throwing answers null/false
// here, because a JS exception thrown into MicroPython's FFI cannot be caught there.
window.safeStorage = {
  get(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  },
  set(key, value) {
    try { window.localStorage.setItem(key, value); return true; } catch (e) { return false; }
  },
};

// The solver's workers (static/solver-worker.js), each with a promise per call: solverWorkers.open(name)
// starts one (or answers the one of that name), .end(name) terminates it; open(name, true) starts a
// helper (py/app/solver.py's Solver splits some searches between the first worker and a helper), whose
// failure to start is its own, never noted as the solver's. The first, "solver", starts here,
// at navigation: its runtime and snapshot download while PyScript and MicroPython start the page.
// A worker's `ready` resolves null once it answers calls (its `version` is then ping's answer), or the
// reason it could not start (also noted in window.__solverBootError, which py/app/solver.py's Solver
// watches); it never rejects (a rejection thrown into MicroPython's FFI cannot be caught there).
// start/step/cancel/ping answer the worker's JSON text; a call to a worker that failed, errs or was ended
// rejects (runWorkerJob says the job "died").
// A worker is started at navigation (its config and Pyodide's module come at once) but starts its
// interpreter only once the board is playable (or GO_LATEST_MS after navigation, whichever comes first):
// its 40 MB of runtime and snapshot, downloaded and started meanwhile, compete with MicroPython's start
// for the machine's cores. Measured on a 2-core machine (tools/bench_startup.py, 5 runs each, load 6):
// started once MicroPython's wasm was in, board playable 556 ms and solver ready 1,250 ms; started at
// the board playable, 446 ms and 1,304 ms.
const GO_LATEST_MS = 1000;
// The worker's files (and its snapshot) are asked for once the page's own are in (MicroPython is up then).
const pageFilesIn = new Promise((resolve) => {
  addEventListener("mpy:ready", resolve, { once: true });
  setTimeout(resolve, Math.max(0, GO_LATEST_MS - performance.now()));
}).then(() => performance.mark("solver-files-go"));
const boardFirst = new Promise((resolve) => {
  const check = () => { if (root.dataset.appState !== "loading") resolve(); };
  new MutationObserver(check).observe(root, { attributes: true, attributeFilter: ["data-app-state"] });
  check();
  setTimeout(resolve, Math.max(0, GO_LATEST_MS - performance.now()));
}).then(() => performance.mark("solver-go"));

// The worker's config is the one the page names (index.html's data-solver-config, worker.toml).
const config = document.querySelector("script[data-solver-config]")?.dataset.solverConfig ?? "./worker.toml";
window.solverWorkers = {
  all: [],
  open(name, helper = false) {
    const known = this.all.find((w) => w.name === name);
    if (known) return known;
    const worker = new Worker(new URL("./solver-worker.js", import.meta.url), { type: "module", name });
    worker.postMessage(JSON.stringify({ config: new URL(config, document.baseURI).href }));
    pageFilesIn.then(() => worker.postMessage(JSON.stringify({ go: "files" })));
    boardFirst.then(() => worker.postMessage(JSON.stringify({ go: "interpreter" })));
    const pending = new Map();
    let next = 0;
    let settle;
    let broken = null;
    let started = false;
    const ready = new Promise((resolve) => { settle = resolve; });
    const fail = (reason) => {
      if (broken === null) {
        broken = reason;
        if (!started && !helper) window.__solverBootError = window.__solverBootError ?? reason;
        settle(reason);
      }
      for (const { reject } of pending.values()) reject(new Error(reason));
      pending.clear();
    };
    worker.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === "ready") { started = true; handle.version = m.version; settle(null); return; }
      if (m.type === "failed") { fail(m.error || "failed"); return; }
      const call = pending.get(m.id);
      pending.delete(m.id);
      if (call && m.error !== undefined) call.reject(new Error(m.error));
      else if (call) call.resolve(m.value);
    };
    worker.onerror = (e) => { e.preventDefault(); fail(e.message || "the solver's worker failed"); };
    const call = (method, ...args) => new Promise((resolve, reject) => {
      if (broken !== null) { reject(new Error(broken)); return; }
      const id = ++next;
      pending.set(id, { resolve, reject });
      worker.postMessage(JSON.stringify({ id, call: method, args }));
    });
    const handle = {
      name, helper, worker, ready, config, version: null,
      start: (game, request) => call("start", String(game), String(request)),
      step: (job, ms) => call("step", Number(job), Number(ms)),
      cancel: (job) => call("cancel", Number(job)),
      ping: () => call("ping"),
      terminate: () => { worker.terminate(); fail("the solver's worker was ended"); },
    };
    this.all.push(handle);
    return handle;
  },
  end(name) {
    const known = this.all.find((w) => w.name === name);
    if (known) known.terminate();
  },
};
window.solverWorkers.open("solver");

// The solver worker's protocol as one loop (start, step in slices, cancel: py/worker_jobs.py), the only
// one on the page: py/app/jobs.py's Jobs.stepped (every Solve, Hint, look-ahead, comparison) and
// static/map.js (the state map) both run their jobs through it. `solver` is the worker's proxy. It never
// rejects (a JS exception thrown into MicroPython's FFI cannot be caught there): a call that fails, or
// takes longer than CALL_TIMEOUT_MS, ends the job as {kind: "died", error} and the caller starts a fresh
// worker. `wanted()` false before a step cancels the job ({kind: "cancelled"}); `onStarted(job)` learns
// the job's id; `onProgress(progress, text)` gets each progress answer (parsed, and as the step's JSON
// text). Other ends: {kind: "error", error} (the protocol's error object) or {kind: "done", text}: the
// finished answer as JSON text, unparsed (a map is megabytes). The longest single call is kept in
// window.__longestSolverCall, for the tests and the benchmark.
const CALL_TIMEOUT_MS = 10000;
const STEP_MS = 40;
window.__longestSolverCall = 0;
window.runWorkerJob = async (solver, game, request, { stepMs = STEP_MS, wanted = () => true,
                                                    onStarted = () => {}, onProgress = () => {} } = {}) => {
  const call = async (promise) => {
    const t0 = performance.now();
    let timer;
    try {
      return await Promise.race([
        Promise.resolve(promise),
        new Promise((_, reject) => { timer = setTimeout(() => reject(new Error("no answer")), CALL_TIMEOUT_MS); }),
      ]);
    } finally {
      clearTimeout(timer);
      window.__longestSolverCall = Math.max(window.__longestSolverCall, performance.now() - t0);
    }
  };
  try {
    const started = JSON.parse(await call(solver.start(game, request)));
    if (started.error) return { kind: "error", error: started.error };
    onStarted(started.job);
    while (true) {
      if (!wanted()) { await call(solver.cancel(started.job)); return { kind: "cancelled" }; }
      const text = String(await call(solver.step(started.job, stepMs)));
      if (text.length < 4096 || !text.startsWith('{"done": true')) { // a finished map is left unparsed
        const answer = JSON.parse(text);
        if (answer.error) return { kind: "error", error: answer.error };
        if (!answer.done) { onProgress(answer.progress, text); continue; }
      }
      return { kind: "done", text };
    }
  } catch (e) {
    return { kind: "died", error: { text: String((e && e.message) || e) || "no answer" } };
  }
};

// The solver's worker: Pyodide running py/worker.py (the project's solvers), a plain module worker that
// static/boot.js starts at navigation, so its downloads begin at once instead of after PyScript's core and
// its worker bundle. It never runs a learner's code (that is static/code-worker.js's own Pyodide).
// Its config, worker.toml (written by tools/configs.py; the page names it), names its interpreter
// (static/pyodide-snapshot.mjs when tools/setup.sh made the start-up snapshot, else Pyodide), its
// [files] and their digest. Started from a snapshot made from files of that digest, it fetches none of
// them (the snapshot has every one imported; py/worker_snapshot.py); else they are fetched (while the
// board is built, when there is no snapshot to wait for), written into its working directory, and
// py/worker.py checks the snapshot's modules against them (a stale snapshot is dropped: the files are
// imported). py/worker.py, never in a snapshot, is always fetched.
// Requests and answers are JSON text: {id, call, args} in (call: start, step, cancel or ping),
// {id, value} or {id, error} out; {type: "ready", version: ping's answer} once it answers calls (calls
// posted before wait), {type: "failed", error} if it cannot start.
const root = new URL("../", import.meta.url);
const CALLS = ["start", "step", "cancel", "ping"];
const queue = [];
let api = null;
const post = (message) => self.postMessage(JSON.stringify(message));

function handle(text) {
  let id = null;
  try {
    const message = JSON.parse(text);
    id = message.id;
    if (!CALLS.includes(message.call) || !Array.isArray(message.args)) throw new Error("no such call");
    // an async function of worker.py answers an awaitable, a plain one its value
    Promise.resolve(api[message.call](...message.args)).then(
      (value) => post({ id, value: String(value) }),
      (error) => post({ id, error: String((error && error.message) || error) }),
    );
  } catch (error) {
    post({ id, error: String((error && error.message) || error) });
  }
}
// The page's first message is {config: the URL of its worker config}; then {go: "files"} says that the
// page's own files are in (MicroPython is up), and only then does this worker fetch anything but its
// config and Pyodide's module (its snapshot, worker.py, the [files] it needs: see boot()); and
// {go: "interpreter"}, that the board is playable, and only then does it start its interpreter: its
// requests and its runtime and snapshot (40 MB) never compete with the board's start. Calls follow.
let configured;
const configURL = new Promise((resolve) => { configured = resolve; });
const goes = {};
const go = {
  files: new Promise((resolve) => { goes.files = resolve; }),
  interpreter: new Promise((resolve) => { goes.interpreter = resolve; }),
};
self.onmessage = (e) => {
  const text = String(e.data);
  if (configured) {
    configured(new URL(JSON.parse(text).config, root));
    configured = null;
  } else if (text === '{"go":"files"}') goes.files();
  else if (text === '{"go":"interpreter"}') { goes.files(); goes.interpreter(); }
  else if (api) handle(text);
  else queue.push(text);
};

async function text(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  return response.text();
}

// The config's interpreter, its [files] as [source URL, destination] pairs (paths resolve against it)
// and their digest ("" if it names none).
function parseConfig(toml, base) {
  const interpreter = /^interpreter\s*=\s*"([^"]+)"/m.exec(toml);
  const digest = /^digest\s*=\s*"([0-9a-f]*)"/m.exec(toml);
  const table = toml.split(/^\[files\]\s*$/m)[1];
  if (!interpreter || table === undefined) throw new Error("worker.toml has no interpreter or no [files]");
  const files = [...table.split(/^\[/m)[0].matchAll(/^"([^"]+)"\s*=\s*"([^"]+)"\s*$/gm)]
    .map(([, source, destination]) => [new URL(source, base).href, destination]);
  return { interpreter: new URL(interpreter[1], base).href, files, digest: digest ? digest[1] : "" };
}

// The digest of the files the interpreter's snapshot was made from ("" without one).
const SNAPSHOT_DIGEST = "getattr(__import__('sys').modules.get('worker_snapshot'), 'DIGEST', '')";

const indexURL = new URL("static/vendor/pyodide/", root).href;
// Pyodide's module, which either interpreter imports: asked for at once, beside the config.
import(indexURL + "pyodide.mjs").catch(() => {}); // a failure is the interpreter's import's, below

async function boot() {
  const url = await configURL;
  const config = parseConfig(await text(url), url);
  const interpreter = await import(config.interpreter);
  // Once the page's own files are in (over HTTP/1.1 the page and its workers share 6 connections to a
  // host): the snapshot's download, if the interpreter has one (static/pyodide-snapshot.mjs), and
  // worker.py; the other files too, all at once, unless a snapshot may make them needless.
  await go.files;
  if (interpreter.prefetch) interpreter.prefetch();
  const fetchAll = (files) => Promise.all(files.map(([url]) => text(url)));
  const entry = text(new URL("py/worker.py", root));
  let sources = interpreter.prefetch && config.digest ? null : fetchAll(config.files);
  for (const p of [entry, sources]) p?.catch(() => {}); // awaited below
  await go.interpreter;
  performance.mark("solver-boot:go");
  const py = await interpreter.loadPyodide({ indexURL });
  performance.mark("solver-boot:interpreter");
  const files = config.digest && py.runPython(SNAPSHOT_DIGEST) === config.digest ? [] : config.files;
  sources ??= fetchAll(files);
  const texts = [...(files.length ? await sources : []), await entry];
  performance.mark("solver-boot:files");
  const cwd = py.FS.cwd();
  py.FS.writeFile("files.digest", config.digest); // what py/worker.py compares the snapshot's with
  const destinations = [...files.map(([, destination]) => destination), "./worker.py"];
  destinations.forEach((destination, i) => {
    const path = new URL(destination, `file://${cwd}/`).pathname;
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, texts[i]);
  });
  const worker = py.pyimport("worker"); // checks the snapshot against the files first (py/worker.py)
  return Object.fromEntries(CALLS.map((name) => [name, worker[name]]));
}

try {
  api = await boot();
  performance.mark("solver-boot:ready"); // before py/worker.py's warm-up, which runs once this task ends
  post({ type: "ready", version: String(api.ping()) }); // the first ping's answer, without a round trip
  while (queue.length) handle(queue.shift());
} catch (error) {
  console.warn("solver worker:", error); // the page says the solver failed to start, in its own words
  post({ type: "failed", error: String((error && error.message) || error) || "failed" });
}

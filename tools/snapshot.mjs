// Makes the solver worker's start-up snapshot: Pyodide (the copy in static/vendor/pyodide/,
// the one the page loads) is started under Node, the worker's files are written where the page's worker
// (static/solver-worker.js) writes them, py/worker_snapshot.py imports them, keeps their digest (a page
// whose worker.toml names the same one fetches none of them) and compiles py/worker.py,
// and the interpreter's memory is saved. The page's worker starts from it (static/pyodide-snapshot.mjs)
// instead of booting CPython and compiling its modules again. Run by tools/setup.sh (through tools/configs.py --snapshot,
// which makes it again when what it holds changed); the file is git-ignored, and packed: its zero pages left
// out (static/snapshot-pack.mjs).
// Usage: node tools/snapshot.mjs [OUT]   (default: static/vendor/pyodide/snapshot.bin)
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { pack } from "../static/snapshot-pack.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const vendor = join(root, "static", "vendor", "pyodide");
const out = resolve(process.argv[2] ?? join(vendor, "snapshot.bin"));
const started = performance.now();

// The worker's [files] as tools/configs.py writes them into worker.toml: [source, destination] pairs.
const files = JSON.parse(execFileSync("python3", [join(root, "tools", "configs.py"), "--worker-files"], { encoding: "utf8" }));
// The worker's entry, compiled (not imported: it checks the snapshot when the page imports it).
const compiled = { "worker.py": readFileSync(join(root, "py", "worker.py"), "utf8") };

const { loadPyodide } = await import(pathToFileURL(join(vendor, "pyodide.mjs")).href);
// sys.executable as in a browser (under Node, Emscripten would take this script's path).
const pyodide = await loadPyodide({ indexURL: vendor + "/", _makeSnapshot: true, _sysExecutable: "./this.program" });
const { FS } = pyodide;
for (const [source, destination] of [...files, ["py/worker_snapshot.py", "worker_snapshot.py"]]) {
  FS.mkdirTree(dirname(destination));
  FS.writeFile(destination, readFileSync(join(root, source)));
}
// JSON text in, JSON text out: nothing of Node's stays referenced from Python's memory.
const summary = JSON.parse(
  pyodide.runPython(
    `import json as _json, worker_snapshot as _ws\n_json.dumps(_ws.prepare(_json.loads(${JSON.stringify(JSON.stringify(compiled))}), ` +
      `_json.loads(${JSON.stringify(JSON.stringify(files.map(([, destination]) => destination)))})))`,
  ),
);
pyodide.runPython("del _json, _ws");
const memory = pyodide.makeMemorySnapshot();
const packed = pack(memory); // its zero pages left out (static/snapshot-pack.mjs)
mkdirSync(dirname(out), { recursive: true });
const part = `${out}.${process.pid}.part`; // then renamed: a page never reads half a snapshot
writeFileSync(part, packed);
renameSync(part, out);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `snapshot: ${(memory.length / 2 ** 20).toFixed(1)} MB (${(packed.length / 2 ** 20).toFixed(1)} MB packed), ${summary.modules.length} modules imported, ` +
    `${summary.compiled.length} file(s) compiled, in ${seconds} s -> ${out}`,
);

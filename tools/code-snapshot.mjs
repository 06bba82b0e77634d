// Makes the Code panel worker's start-up snapshot: Pyodide (static/vendor/pyodide/, the copy
// the page loads) started under Node with py/code_runner.py imported, its memory saved as
// static/vendor/pyodide/code-snapshot.bin (git-ignored). static/code-worker.js starts from it instead of
// booting CPython in every page; it holds the learner's runner only, none of the project's solvers. The
// worker compares the runner's source with the file it is served and imports that again when it changed,
// so a stale snapshot is slower, never wrong. Run by tools/setup.sh.
// The file is packed: its zero pages left out (static/snapshot-pack.mjs).
// Usage: node tools/code-snapshot.mjs [OUT]
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { pack } from "../static/snapshot-pack.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const vendor = join(root, "static", "vendor", "pyodide");
const out = resolve(process.argv[2] ?? join(vendor, "code-snapshot.bin"));
const started = performance.now();
const { loadPyodide } = await import(pathToFileURL(join(vendor, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: vendor + "/", _makeSnapshot: true, _sysExecutable: "./this.program" });
const source = readFileSync(join(root, "py", "code_runner.py"), "utf8");
pyodide.FS.writeFile("/home/pyodide/code_runner.py", source);
pyodide.globals.set("_src", source);
pyodide.runPython("import code_runner as _cr\n_cr._SOURCE = _src\ndel _cr, _src");
const memory = pyodide.makeMemorySnapshot();
const packed = pack(memory); // its zero pages left out (static/snapshot-pack.mjs)
mkdirSync(dirname(out), { recursive: true });
const part = `${out}.${process.pid}.part`; // then renamed: a page never reads half a snapshot
writeFileSync(part, packed);
renameSync(part, out);
console.log(`code snapshot: ${(memory.length / 2 ** 20).toFixed(1)} MB (${(packed.length / 2 ** 20).toFixed(1)} MB packed) in ${((performance.now() - started) / 1000).toFixed(1)} s -> ${out}`);

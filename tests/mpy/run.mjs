// Runs a Python file under MicroPython (the page's main-thread runtime, from npm)
// with the project's py/ tree mounted, so what the main thread imports is tested there.
// Usage: node tests/mpy/run.mjs tests/mpy/check_huarong.py
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { loadMicroPython } from "../../node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs";

const root = new URL("../../", import.meta.url).pathname;
const mp = await loadMicroPython({
  heapsize: 64 * 1024 * 1024,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

function mount(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const rel = "/" + relative(join(root, "py"), path);
    if (statSync(path).isDirectory()) {
      if (name === "__pycache__") continue;
      mp.FS.mkdirTree(rel);
      mount(path);
    } else if (name.endsWith(".py")) {
      mp.FS.writeFile(rel, readFileSync(path));
    }
  }
}
mount(join(root, "py"));
mp.runPython("import sys\nsys.path.insert(0, '/')");
try {
  mp.runPython(readFileSync(process.argv[2], "utf8"));
} catch (error) {
  console.error(error.message || error);
  process.exit(1);
}

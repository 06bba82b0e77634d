// Whether the page's MicroPython (static/vendor/micropython/, as served) imports an .mpy file:
// node tools/mpy-check.mjs FILE.mpy prints "OK mpy <Sample().answer()>" (tools/mpy_build.py's sample: 42),
// or fails (an .mpy of another bytecode version: "incompatible .mpy file").
import { readFileSync } from "node:fs";
import { loadMicroPython } from "../static/vendor/micropython/micropython.mjs";

const mp = await loadMicroPython({ stdout: (line) => process.stdout.write(line + "\n") });
mp.FS.writeFile("/sample.mpy", readFileSync(process.argv[2]));
try {
  mp.runPython("import sys\nsys.path.insert(0, '/')\nimport sample\nprint('OK mpy', sample.Sample().answer())");
} catch (error) {
  console.error(error.message || error);
  process.exit(1);
}

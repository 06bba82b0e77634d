// The page's Python modules come in two files (tools/configs.py's bundles): the first screen's, fetched at
// navigation and written into MicroPython's file system before main.py runs, and the rest, fetched once the
// board is playable (py/app/lazy.py). One request each instead of one per module (about sixty), and the
// files are written here, in JavaScript: MicroPython's FFI copies a buffer into Python byte by byte.
//
// A bundle: "PYB1", the index's length (4 bytes, little-endian), the index (UTF-8 JSON, [[path, size], ...]),
// then the files' bytes in its order.

const MAGIC = "PYB1";

/** The [[path, bytes], ...] of a bundle (an ArrayBuffer); throws on anything else. */
export function unpack(buffer) {
  const head = new Uint8Array(buffer, 0, Math.min(8, buffer.byteLength));
  if (buffer.byteLength < 8 || String.fromCharCode(...head.subarray(0, 4)) !== MAGIC) {
    throw new Error("not a bundle of modules");
  }
  const length = new DataView(buffer).getUint32(4, true);
  const index = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 8, length)));
  let at = 8 + length;
  const files = [];
  for (const [path, size] of index) {
    files.push([path, new Uint8Array(buffer, at, size)]);
    at += size;
  }
  if (at !== buffer.byteLength) throw new Error(`a bundle of ${buffer.byteLength} bytes whose index ends at ${at}`);
  return files;
}

/** Each file written into the Emscripten file system FS at its path (relative to FS's working folder),
 * its folders made where missing; answers the paths. */
export function writeInto(FS, files) {
  const cwd = FS.cwd().replace(/\/+$/, "");
  for (const [path, bytes] of files) {
    const parts = path.split("/").filter((part) => part && part !== ".");
    let dir = cwd;
    for (const part of parts.slice(0, -1)) {
      dir += "/" + part;
      try { FS.mkdir(dir); } catch (e) { /* there already */ }
    }
    FS.writeFile(dir + "/" + parts[parts.length - 1], bytes);
  }
  return files.map(([path]) => path);
}

/** The bundle at url, fetched; throws with what went wrong. */
export async function fetchBundle(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return unpack(await response.arrayBuffer());
}

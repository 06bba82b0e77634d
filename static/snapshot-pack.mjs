// A Pyodide memory snapshot without its zero pages. A snapshot is the interpreter's whole memory (30 MB),
// and about half of its 64 KiB pages hold nothing but zeros: packed, the file a page downloads, the
// service worker keeps and the browser copies at every start is about half as big. tools/snapshot.mjs and
// tools/code-snapshot.mjs pack what Pyodide's makeMemorySnapshot() gives; the workers unpack it before
// Pyodide's loadPyodide gets it (static/pyodide-snapshot.mjs, static/code-worker.js).
//
// The format, little-endian 32-bit words: "SNPZ", the snapshot's length in bytes, the page size, the
// number K of pages kept, then K page numbers (increasing), then those pages' bytes in that order (the
// last page of the snapshot may be shorter than the page size). Every page not listed is zeros.

const MAGIC = [0x53, 0x4e, 0x50, 0x5a]; // "SNPZ"
const HEAD = 16;
export const PAGE = 65536;

export function isPacked(bytes) {
  return bytes.length >= HEAD && MAGIC.every((b, i) => bytes[i] === b);
}

// `memory` (a Uint8Array) packed: a new Uint8Array.
export function pack(memory, page = PAGE) {
  if (memory.byteOffset % 4) memory = memory.slice(); // read four bytes at a time below
  const words = new Uint32Array(memory.buffer, memory.byteOffset, memory.byteLength >> 2);
  const kept = [];
  for (let start = 0; start < memory.length; start += page) {
    const end = Math.min(start + page, memory.length);
    let used = false;
    for (let w = start >> 2, last = end >> 2; w < last && !used; w++) used = words[w] !== 0;
    for (let b = (end >> 2) << 2; b < end && !used; b++) used = memory[b] !== 0; // a short last page's tail
    if (used) kept.push(start / page);
  }
  let size = HEAD + 4 * kept.length;
  for (const k of kept) size += Math.min(page, memory.length - k * page);
  const out = new Uint8Array(size);
  out.set(MAGIC, 0);
  const view = new DataView(out.buffer);
  view.setUint32(4, memory.length, true);
  view.setUint32(8, page, true);
  view.setUint32(12, kept.length, true);
  let at = HEAD + 4 * kept.length;
  kept.forEach((k, i) => {
    view.setUint32(HEAD + 4 * i, k, true);
    const part = memory.subarray(k * page, Math.min((k + 1) * page, memory.length));
    out.set(part, at);
    at += part.length;
  });
  return out;
}

// The snapshot `data` (an ArrayBuffer or a Uint8Array) stands for, as a Uint8Array: unpacked when packed,
// else as it is (a snapshot saved whole). A packed one that does not add up throws.
export function unpack(data) {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (!isPacked(bytes)) return bytes;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = view.getUint32(4, true);
  const page = view.getUint32(8, true);
  const kept = view.getUint32(12, true);
  let at = HEAD + 4 * kept;
  if (page === 0 || page % 4 || at > bytes.length) throw new Error("the packed snapshot's header is damaged");
  const out = new Uint8Array(size);
  let next = 0;
  for (let i = 0; i < kept; i++) {
    const k = view.getUint32(HEAD + 4 * i, true);
    const start = k * page;
    const n = Math.min(page, size - start);
    if (k < next || start >= size || at + n > bytes.length) throw new Error("the packed snapshot is damaged");
    out.set(bytes.subarray(at, at + n), start);
    at += n;
    next = k + 1;
  }
  if (at !== bytes.length) throw new Error("the packed snapshot has bytes past its last page");
  return out;
}

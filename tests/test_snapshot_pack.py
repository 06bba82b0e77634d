"""static/snapshot-pack.mjs, the start-up snapshots' packing (their zero pages left out), run under Node:
every memory packs and unpacks to itself, the packed bytes follow the documented format (read here by a
reader of this file's own), a snapshot saved whole passes through as it is, and a damaged packed file is
refused, never unpacked into a wrong memory."""

import base64
import json
import os
import random
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "static" / "snapshot-pack.mjs"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")

# Reads cases (JSON: [{memory, page}] in base64) from stdin; answers, for each, the packed bytes, whether
# unpack gave the memory back and what unpack made of each damaged packing ("refused" or the bytes).
NODE = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const { pack, unpack, isPacked } = await import(pathToFileURL(process.argv[2]).href);
const b64 = (u) => Buffer.from(u.buffer, u.byteOffset, u.byteLength).toString("base64");
const from64 = (s) => new Uint8Array(Buffer.from(s, "base64"));
const out = [];
for (const c of JSON.parse(readFileSync(0, "utf8"))) {
  const memory = from64(c.memory);
  const packed = pack(memory, c.page);
  const back = unpack(packed.buffer);
  const damaged = c.damaged.map((d) => {
    try { return b64(unpack(from64(d))); } catch (e) { return "refused"; }
  });
  out.push({ packed: b64(packed), same: Buffer.compare(Buffer.from(back), Buffer.from(memory)) === 0,
             whole: b64(unpack(memory)), isPacked: isPacked(packed), damaged });
}
console.log(JSON.stringify(out));
"""


def read_packed(data: bytes) -> bytes:
    """The memory a packed snapshot stands for, read by the format the module documents."""
    magic, size, page, kept = struct.unpack_from("<4sIII", data, 0)
    assert magic == b"SNPZ"
    pages = struct.unpack_from("<%dI" % kept, data, 16)
    memory = bytearray(size)
    at = 16 + 4 * kept
    for k in pages:
        n = min(page, size - k * page)
        memory[k * page : k * page + n] = data[at : at + n]
        at += n
    assert at == len(data) and list(pages) == sorted(set(pages))
    return bytes(memory)


def memory_of(rng: random.Random, page: int) -> bytes:
    """A memory of whole and partial pages, some all zeros, some with a few bytes set (at either end too)."""
    size = rng.choice([0, 4, page - 4, page, page + 4]) + page * rng.randrange(0, 6)
    memory = bytearray(size)
    for start in range(0, size, page):
        end = min(start + page, size)
        kind = rng.randrange(4)
        if kind == 1:
            memory[start:end] = rng.randbytes(end - start)
        elif kind == 2:
            for _ in range(rng.randrange(1, 4)):
                memory[rng.choice([start, end - 1, rng.randrange(start, end)])] = rng.randrange(1, 256)
    return bytes(memory)


def damaged(packed: bytes) -> list:
    """Packed files that do not add up: cut short, a byte too many, a header with no room for its page
    list, a page listed past the memory's end or listed twice, a page size of 0."""
    out = [packed[:-1], packed + b"\0", packed[:16] + b"\0" * 4]
    size, page, kept = struct.unpack_from("<III", packed, 4)
    if kept:
        past = bytearray(packed)
        struct.pack_into("<I", past, 16, (size + page - 1) // page)
        out.append(bytes(past))
    if kept >= 2:
        twice = bytearray(packed)
        struct.pack_into("<I", twice, 20, struct.unpack_from("<I", packed, 16)[0])
        out.append(bytes(twice))
    zero = bytearray(packed)
    struct.pack_into("<I", zero, 8, 0)
    out.append(bytes(zero))
    return out


def run_node(tmp_path: Path, cases: list) -> list:
    script = tmp_path / "pack.mjs"
    script.write_text(NODE)
    done = subprocess.run(["node", str(script), str(MODULE)], input=json.dumps(cases), capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_every_memory_packs_and_unpacks_to_itself_and_a_whole_snapshot_passes_through(tmp_path):
    seed = int.from_bytes(os.urandom(4), "little")
    print("seed", seed)
    rng = random.Random(seed)
    memories = [(memory_of(rng, page), page) for page in (8, 64, 4096) for _ in range(40)]
    memories.append((b"\0" * 4096 * 3, 4096))  # nothing but zeros: no page kept
    cases = []
    for memory, page in memories:
        cases.append({"memory": base64.b64encode(memory).decode(), "page": page, "damaged": []})
    answers = run_node(tmp_path, cases)
    for (memory, page), answer in zip(memories, answers):
        packed = base64.b64decode(answer["packed"])
        assert answer["same"] and answer["isPacked"], (seed, len(memory), page)
        assert read_packed(packed) == memory, (seed, len(memory), page)
        kept = struct.unpack_from("<I", packed, 12)[0]
        zero_pages = sum(1 for s in range(0, len(memory), page) if not any(memory[s : s + page]))
        assert kept == -(-len(memory) // page) - zero_pages, "exactly the pages that hold a byte are kept"
        if not memory.startswith(b"SNPZ"):
            assert base64.b64decode(answer["whole"]) == memory, "a memory saved whole is given back as it is"


def test_a_damaged_packed_snapshot_is_refused(tmp_path):
    rng = random.Random(7)
    memory = bytearray(memory_of(rng, 64))
    memory[0:3] = b"abc"
    memory = bytes(memory) + b"x" * 64 + b"\0" * 64 + b"y" * 64
    first = run_node(tmp_path, [{"memory": base64.b64encode(memory).decode(), "page": 64, "damaged": []}])[0]
    packed = base64.b64decode(first["packed"])
    bad = damaged(packed)
    answer = run_node(tmp_path, [{"memory": base64.b64encode(memory).decode(), "page": 64,
                        "damaged": [base64.b64encode(d).decode() for d in bad]}])[0]
    assert answer["damaged"] == ["refused"] * len(bad), answer["damaged"]


def test_a_bench_tree_from_before_the_packing_gets_the_snapshots_unpacked(tmp_path):
    """tools/benchlib.py's ``share_vendor``: a "before" tree without static/snapshot-pack.mjs would read a
    packed snapshot as damaged and start Pyodide without it, so it gets each snapshot unpacked, as a file
    of its own; this tree's stay packed."""
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    import benchlib

    ours = [ROOT / "static" / "vendor" / rel for rel in benchlib.SNAPSHOTS]
    if not all(p.exists() for p in ours):
        pytest.skip("no snapshots (tools/setup.sh makes them)")
    (tmp_path / "static").mkdir()
    try:
        benchlib.share_vendor(tmp_path)
    except OSError as e:  # hard links need the same file system
        pytest.skip("no hard link from %s to this checkout: %s" % (tmp_path, e))
    for mine, rel in zip(ours, benchlib.SNAPSHOTS):
        theirs = tmp_path / "static" / "vendor" / rel
        packed = mine.read_bytes()
        assert packed[:4] == b"SNPZ" and not os.path.samefile(mine, theirs)
        assert theirs.read_bytes() == read_packed(packed)  # the whole memory, as the format says
    wasm = "pyodide/pyodide.asm.wasm"  # the rest: hard links to this tree's files
    assert os.path.samefile(ROOT / "static" / "vendor" / wasm, tmp_path / "static" / "vendor" / wasm)

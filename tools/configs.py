"""Writes the two PyScript configs from the tree, so no list of files is kept by hand.

    pyscript.toml  the page's main thread (MicroPython); its modules, py/app/*.py and every
                   module of py/puzzles/ (its game folders too) but the worker's own (the
                   runtime line: search code stays in the worker, see worker_only()), come
                   in two bundles (one request each, not one per module):
    static/vendor/build/modules-first.bin
                   the first screen's modules, which static/boot.js fetches at navigation
                   and writes into MicroPython's file system before main.py runs
    static/vendor/build/modules-later.bin
                   those the first screen does not need (lazy()), fetched once the board
                   is playable (py/app/lazy.py; pyscript.toml's lazy_modules names it)
    worker.toml    the solver worker (Pyodide): py/puzzles/ but the games'
                   views and races (main_only(): the page's DOM and socket), and py/worker_jobs.py;
                   its interpreter is static/pyodide-snapshot.mjs (Pyodide started
                   from the memory snapshot tools/snapshot.mjs made) when that
                   snapshot exists, else Pyodide itself; and the digest of its
                   files (a snapshot made from the same files needs none fetched)

    static/vendor/sw-files.js
                   the service worker's list of files (sw.js imports it): every file
                   the page needs, each with its SHA-256 (a Subresource Integrity
                   value), and the app's version, a digest of them all; the sliding
                   pattern tables apart, cached on first use

Run by tools/setup.sh and tools/serve.py (which writes the bundles, worker.toml and sw-files.js again
whenever a browser asks for one, so an edited file is the one the page or the solver's worker imports,
and makes a new version); every file written here is git-ignored.
Usage: python3 tools/configs.py [--check]   (--check: exit 1 if a file is stale)
       python3 tools/configs.py --worker-files   (the worker's [files] as JSON pairs, for tools/snapshot.mjs)
       python3 tools/configs.py --snapshot   (make the snapshot when it is missing or what it holds
                                              changed, then write the configs; run by tools/setup.sh)
"""

import base64
import hashlib
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = ROOT / "py"

MAIN = """# The page's main thread: MicroPython, so the board is playable about a second
# after navigation. Written by tools/configs.py from the tree: do not edit.
# Paths resolve against the page (interpreter) and this file ([files]).
interpreter = "./static/vendor/micropython/micropython.mjs"
"""
WORKER = """# The solver's worker: Pyodide (CPython), loaded while the page is already playable.
# Written by tools/configs.py from the tree: do not edit. Paths resolve against this file.
# digest: the [files]' (py/worker_snapshot.py's files_digest); a start-up snapshot made from the same
# files makes fetching them needless (static/solver-worker.js).
interpreter = "%s"
digest = "%s"
"""
PYODIDE = "./static/vendor/pyodide/pyodide.mjs"
# Pyodide from the start-up snapshot: a wrapper that passes it to Pyodide's loadPyodide.
SNAPSHOT_LOADER = "./static/pyodide-snapshot.mjs"
SNAPSHOT = ROOT / "static" / "vendor" / "pyodide" / "snapshot.bin"
# what the snapshot is made from besides the worker's [files] (py/worker.py: compiled in it, not imported)
SNAPSHOT_MAKERS = ["package-lock.json", "tools/snapshot.mjs", "static/snapshot-pack.mjs", "tools/configs.py",
                   "py/worker_snapshot.py", "py/worker.py"]


def _modules(folder: str, tree: bool = False) -> list:
    """The modules of ``py/FOLDER`` (with its sub-folders when ``tree``), as paths from py/."""
    found = (PY / folder).rglob("*.py") if tree else (PY / folder).glob("*.py")
    return sorted(p.relative_to(PY).as_posix() for p in found if p.name != "__main__.py")


# Generic search code: the worker's alone.
WORKER_ONLY = ("puzzles/statespace.py", "puzzles/code_cases.py")
# Inside a game's folder, a module whose name starts with one of these (or any module of a
# folder so named) is search code, the worker's alone: ``solver.py``, ``solver/``, ``space.py``, ``cases.py``.
WORKER_ONLY_NAMES = ("solver", "space", "cases")
# ... and a module whose name starts or ends with one of these is the page's alone: a game's view and
# its panels (``view.py``, ``chart_view.py``, ``editor_view.py``) import the DOM (pyscript), and a race
# (``race_view.py``, its protocol's client ``race_client.py``) runs on the page's thread only.
MAIN_ONLY_NAMES = ("view", "race")


def _named(rel: str, names: tuple, ends: bool = False) -> bool:
    """Whether a module of a game's folder (``puzzles/GAME/...``) has one of ``names`` as the
    start (or, when ``ends``, the end) of its name or of one of its folders' names below the game's."""
    parts = rel[: -len(".py")].split("/")
    return len(parts) > 2 and any(
        part.startswith(names) or (ends and part.endswith(names)) for part in parts[2:]
    )


def worker_only(rel: str) -> bool:
    """Whether module ``rel`` (a path from py/) is search code the main thread never gets."""
    return rel in WORKER_ONLY or rel.endswith("_solver.py") or _named(rel, WORKER_ONLY_NAMES)


def main_only(rel: str) -> bool:
    """Whether module ``rel`` is the page's alone (a game's view or race): the worker never gets it."""
    return _named(rel, MAIN_ONLY_NAMES, ends=True)


# The page's modules the first screen does not need: the parts a player reaches by a click (the Code
# panel and what it runs, the state map, the records panel). They are not in the first bundle (fetched
# before the board is playable, and imported as main.py builds it) but in the later one, which
# py/app/lazy.py fetches once the board is playable. A module of a game's folder is lazy when its name starts with one
# of LAZY_NAMES: the Code panel's exercise (``exercise.py``), a race (``race_view.py``, ``race_client.py``),
# a game's chart, comparison and board editor (``chart_view.py``, ``compare_view.py``, ``editor_view.py``).
# No first-screen module may import one at its top (tests/test_configs.py checks it).
LAZY = ("app/code_panel.py", "app/code_starters.py", "app/code_where.py", "app/step_view.py", "app/map_panel.py",
        "app/records_panel.py", "puzzles/code_check.py", "puzzles/code_link.py")
LAZY_NAMES = ("exercise", "race", "chart", "compare", "editor")


def lazy(rel: str) -> bool:
    """Whether the page's module ``rel`` (a path from py/) is loaded after the first screen."""
    return rel in LAZY or _named(rel, LAZY_NAMES)


def page_modules() -> list:
    """Every module of the page's main thread: the first screen's and the lazy ones."""
    puzzles = [m for m in _modules("puzzles", tree=True) if not worker_only(m)]
    return puzzles + _modules("app")


def main_thread_files() -> list:
    """The modules written into the page's file system before main.py runs (the first bundle)."""
    return [m for m in page_modules() if not lazy(m)]


def lazy_files() -> list:
    """The modules fetched once the board is playable (the later bundle)."""
    return [m for m in page_modules() if lazy(m)]


def worker_files() -> list:
    return [m for m in _modules("puzzles", tree=True) if not main_only(m)] + ["worker_jobs.py"]


def worker_digest() -> str:
    """The digest of the worker's files as the page would fetch them (the one the snapshot keeps when it
    is made from the same files: py/worker_snapshot.py's ``files_digest``)."""
    if str(ROOT / "py") not in sys.path:
        sys.path.insert(0, str(ROOT / "py"))
    from worker_snapshot import files_digest

    return files_digest([(f, (ROOT / "py" / f).read_bytes()) for f in worker_files()])


def worker_interpreter() -> str:
    """The wrapper that starts Pyodide from the snapshot when ``tools/setup.sh`` made one, else Pyodide."""
    return SNAPSHOT_LOADER if SNAPSHOT.exists() else PYODIDE


def snapshot_stamp() -> str:
    """A digest of everything the snapshot is made from: Pyodide and PyScript (the lock file), its
    makers and the worker's files. The snapshot is made again when it changes."""
    digest = hashlib.sha256()
    for name in SNAPSHOT_MAKERS + ["py/" + f for f in worker_files()]:
        digest.update(name.encode() + b"\0" + (ROOT / name).read_bytes() + b"\0")
    return digest.hexdigest()


def make_snapshot() -> bool:
    """Make the snapshot (``node tools/snapshot.mjs``) unless the one there is current. A snapshot
    that is stale is still correct (the worker drops modules whose file changed), only slower."""
    stamp_file = SNAPSHOT.with_suffix(".stamp")
    stamp = snapshot_stamp()
    if SNAPSHOT.exists() and stamp_file.exists() and stamp_file.read_text().strip() == stamp:
        return True
    print("\033[1m==> making the solver's start-up snapshot (node tools/snapshot.mjs)\033[0m", flush=True)
    if subprocess.run(["node", str(ROOT / "tools" / "snapshot.mjs")], cwd=ROOT).returncode != 0:
        for path in (SNAPSHOT, stamp_file):
            if path.exists():
                os.remove(path)
        print("warning: no start-up snapshot; the solver will start without it (slower)", file=sys.stderr)
        return False
    # static/vendor/'s files may be hard links shared with other checkouts, whose snapshot this stamp does
    # not describe (replace_text)
    replace_text(stamp_file, stamp + "\n")
    return True


def replace_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` when it is not its text already, by a new file and a rename, never into
    the file there: static/vendor/'s files may be hard links shared with other checkouts, and a server may
    be sending the old one (its readers get the old text or the new, whole)."""
    replace_bytes(path, text.encode())


def replace_bytes(path: Path, data: bytes) -> None:
    """:func:`replace_text` for bytes."""
    if path.exists() and path.read_bytes() == data:
        return
    tmp = path.with_name(".%s.%d.%d.tmp" % (path.name, os.getpid(), threading.get_ident()))
    tmp.write_bytes(data)
    os.replace(tmp, path)


SW_FILES = ROOT / "static" / "vendor" / "sw-files.js"
# The files outside static/ the page and its workers load besides index.html and the PyScript configs'
# modules. Under static/, every file is the page's but those in SW_SKIP_DIRS (static/src/ is the editor
# bundle's source, built into static/vendor/; static/data/ holds SW_LAZY; the .mpy build is the bundles'
# source), dotfiles, stamps and the list.
SW_ROOT_FILES = ["favicon.ico", "manifest.webmanifest", "pyscript.toml", "worker.toml",
                 "py/main.py", "py/worker.py", "py/code_runner.py", "py/trace_recorder.py"]
SW_SKIP_DIRS = ("static/src/", "static/data/", "static/vendor/build/mpy/")
SW_LAZY = "static/data/*.pdb"  # fetched by the worker before a sliding shape's first fewest-moves solve
_digests: dict = {}  # path -> ((size, mtime_ns), integrity): a file is hashed again only when it changed


def integrity(path: Path) -> str:
    """``sha256-<base64>``, the Subresource Integrity form the service worker fetches a file with."""
    st = path.stat()
    key = (st.st_size, st.st_mtime_ns, st.st_ino)  # a file written again by a rename is a new inode
    known = _digests.get(path)
    if known is None or known[0] != key:
        digest = hashlib.sha256()
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                digest.update(block)
        known = _digests[path] = (key, "sha256-" + base64.b64encode(digest.digest()).decode())
    return known[1]


def page_files() -> list:
    """Every file the page and its workers load, as paths from the root ("" is the page, index.html)."""
    files = ["", *SW_ROOT_FILES]
    # the page's modules come in the bundles (under static/), the worker's one by one
    files += ["py/" + f for f in worker_files()]
    for path in sorted((ROOT / "static").rglob("*")):
        rel = path.relative_to(ROOT).as_posix()
        if (path.is_file() and not rel.startswith(SW_SKIP_DIRS) and not path.name.startswith(".")
                and not path.name.endswith(".stamp") and not rel.startswith("static/vendor/sw-files.")):
            files.append(rel)
    return [f for f in dict.fromkeys(files) if (ROOT / (f or "index.html")).is_file()]


def sw_manifest() -> dict:
    """The service worker's files: ``{"version", "files": {path: integrity}, "lazy": {path: integrity},
    "sizes": {path: bytes}}`` (the sizes of ``files``: the worker fetches the largest first).
    The version is a digest of every path and integrity, so it changes whenever any file does."""
    paths = page_files()
    files = {f: integrity(ROOT / (f or "index.html")) for f in paths}
    sizes = {f: (ROOT / (f or "index.html")).stat().st_size for f in paths}
    lazy = {p.relative_to(ROOT).as_posix(): integrity(p) for p in sorted(ROOT.glob(SW_LAZY))}
    digest = hashlib.sha256(json.dumps([files, lazy], sort_keys=True).encode()).hexdigest()
    return {"version": digest[:16], "files": files, "lazy": lazy, "sizes": sizes}


def sw_files_text() -> str:
    return ("// The service worker's files and the app's version: written by tools/configs.py, do not edit.\n"
            "self.APP = %s;\n" % json.dumps(sw_manifest(), indent=0, sort_keys=True))


def write_sw_files() -> bool:
    """Write static/vendor/sw-files.js when its text changed (:func:`replace_text`).
    False when there is no static/vendor/ (no set-up yet)."""
    if not SW_FILES.parent.is_dir():
        return False
    replace_text(SW_FILES, sw_files_text())
    return True


def worker_config() -> str:
    return render(WORKER % (worker_interpreter(), worker_digest()), worker_files())


def write_worker_config() -> None:
    """Write worker.toml when its text changed (its digest follows the worker's files; :func:`replace_text`)."""
    replace_text(ROOT / "worker.toml", worker_config())


def render(head: str, files: list) -> str:
    """A config: ``head``, then ``files`` (paths from py/) as its ``[files]`` table."""
    rows = ['"./py/%s" = "./%s"' % (f, f) for f in files]
    return head + "\n[files]\n" + "\n".join(rows) + "\n"


def compiled_modules() -> dict:
    """The page's modules whose precompiled .mpy (tools/mpy_build.py's build) is their source's as it is
    now: ``{rel: path of the .mpy}``. Empty without a build: the .py files."""
    import mpy_build

    built = mpy_build.manifest()
    return {rel: mpy_build.mpy_path(rel) for rel in page_modules() if mpy_build.current(rel, built)}


BUILD = ROOT / "static" / "vendor" / "build"
FIRST_BUNDLE = BUILD / "modules-first.bin"
LATER_BUNDLE = BUILD / "modules-later.bin"
BUNDLE_MAGIC = b"PYB1"


def pack(files: list) -> bytes:
    """Files in one: ``PYB1``, the index's length (4 bytes, little-endian), the index (UTF-8 JSON,
    ``[[path, size], ...]``), then the files' bytes in its order. static/page-files.js unpacks it."""
    index = json.dumps([[path, len(data)] for path, data in files], separators=(",", ":")).encode()
    return BUNDLE_MAGIC + len(index).to_bytes(4, "little") + index + b"".join(data for _, data in files)


def unpack(blob: bytes) -> list:
    """The ``[(path, bytes), ...]`` of a :func:`pack`; ``ValueError`` for anything else."""
    if blob[:4] != BUNDLE_MAGIC or len(blob) < 8:
        raise ValueError("not a bundle of modules")
    n = int.from_bytes(blob[4:8], "little")
    at, out = 8 + n, []
    for path, size in json.loads(blob[8:at]):
        out.append((path, blob[at:at + size]))
        at += size
    if at != len(blob):
        raise ValueError("a bundle of %d bytes whose index ends at %d" % (len(blob), at))
    return out


def bundle(modules: list, compiled: dict) -> bytes:
    """The page's ``modules`` (paths from py/) packed: each as its .mpy while that is its source's
    (``compiled``, a :func:`compiled_modules`; MicroPython imports it without compiling it), else as its
    source, at its path in the interpreter's file system (``./app/view.mpy``, ``./app/view.py``)."""
    files = []
    for rel in modules:
        if rel in compiled:
            files.append(("./" + rel[: -len(".py")] + ".mpy", compiled[rel].read_bytes()))
        else:
            files.append(("./" + rel, (PY / rel).read_bytes()))
    return pack(files)


def write_bundles() -> bool:
    """Write the two bundles of the page's modules where their bytes changed (:func:`replace_bytes`).
    False when there is no static/vendor/ (no set-up yet)."""
    if not BUILD.parent.is_dir():
        return False
    BUILD.mkdir(exist_ok=True)
    for path, data in bundles().items():
        replace_bytes(path, data)
    return True


def bundles() -> dict:
    """``{path: bytes}`` of the two bundles of the page's modules, as the tree makes them now."""
    compiled = compiled_modules()
    return {FIRST_BUNDLE: bundle(main_thread_files(), compiled), LATER_BUNDLE: bundle(lazy_files(), compiled)}


LAZY_LINE = """
# The modules the first screen does not need, in one file (tools/configs.py's bundles): fetched once
# the board is playable by py/app/lazy.py, not by PyScript. The first screen's come in
# static/vendor/build/modules-first.bin, which static/boot.js fetches as the page loads.
lazy_modules = "./%s"
"""


def main_config() -> str:
    """pyscript.toml: no module in its ``[files]`` (the bundles carry them) and the later bundle's URL."""
    return MAIN + LAZY_LINE % LATER_BUNDLE.relative_to(ROOT).as_posix()


def configs() -> dict:
    return {
        ROOT / "pyscript.toml": main_config(),
        ROOT / "worker.toml": worker_config(),
    }


def main(argv: list) -> int:
    if "--worker-files" in argv:
        print(json.dumps([["py/" + f, f] for f in worker_files()]))
        return 0
    if "--snapshot" in argv:
        make_snapshot()
    stale = [path for path, text in configs().items() if not path.exists() or path.read_text() != text]
    if BUILD.parent.is_dir():
        stale += [path for path, data in bundles().items() if not path.exists() or path.read_bytes() != data]
    if "--check" in argv:
        for path in stale:
            print("stale: %s (run python3 tools/configs.py)" % path.name)
        return 1 if stale else 0
    for path, text in configs().items():
        replace_text(path, text)
    write_bundles()
    write_sw_files()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

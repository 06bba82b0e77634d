"""Writes the two PyScript configs from the tree, so no list of files is kept by hand.

    pyscript.toml  the page's main thread (MicroPython): py/app/*.py and every
                   module of py/puzzles/ (its game folders too) but the worker's
                   own (the runtime line: search code stays in the worker, see
                   worker_only()); those the first screen does not need (lazy())
                   in its lazy_files table, fetched once the board is playable
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

Run by tools/setup.sh and tools/serve.py (which writes worker.toml and sw-files.js again whenever a
browser asks for either, so an edited file makes a new version and is the one the solver's worker
imports); all three files are git-ignored.
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
# panel and what it runs, the state map, the records panel). They are not in ``[files]`` (fetched and
# compiled before the board is playable) but in the config's ``lazy_files`` table, which py/app/lazy.py
# fetches once the board is playable. A module of a game's folder is lazy when its name starts with one
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
    """The modules fetched before main.py runs (the config's ``[files]``)."""
    return [m for m in page_modules() if not lazy(m)]


def lazy_files() -> list:
    """The modules fetched once the board is playable (the config's ``lazy_files``)."""
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
    if path.exists() and path.read_text() == text:
        return
    tmp = path.with_name(".%s.%d.%d.tmp" % (path.name, os.getpid(), threading.get_ident()))
    tmp.write_text(text)
    os.replace(tmp, path)


SW_FILES = ROOT / "static" / "vendor" / "sw-files.js"
# The files outside static/ the page and its workers load besides index.html and the PyScript configs'
# modules. Under static/, every file is the page's but those in SW_SKIP_DIRS (static/src/ is the editor
# bundle's source, built into static/vendor/; static/data/ holds SW_LAZY), dotfiles, stamps and the list.
SW_ROOT_FILES = ["favicon.ico", "manifest.webmanifest", "pyscript.toml", "worker.toml",
                 "py/main.py", "py/worker.py", "py/code_runner.py", "py/trace_recorder.py"]
SW_SKIP_DIRS = ("static/src/", "static/data/")
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
    # a first-screen module listed as its .mpy (compiled_modules) is fetched as that, from static/
    files += ["py/" + f for f in sorted((set(page_modules()) - set(compiled_modules())) | set(worker_files()))]
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


def render(head: str, files: list, later: "list | None" = None, compiled: "dict | None" = None) -> str:
    """A config: ``head``, then ``files`` as its ``[files]`` table and ``later`` as its ``lazy_files``
    table (the same form; PyScript leaves a table it does not know to the page's Python). A module of
    ``compiled`` (``{rel: its .mpy, as a path from the root}``) is listed as its .mpy (tools/mpy_build.py),
    which MicroPython imports without compiling it."""
    rows = []
    for f in files:
        if compiled and f in compiled:
            rows.append('"./%s" = "./%s"' % (compiled[f], f[: -len(".py")] + ".mpy"))
        else:
            rows.append('"./py/%s" = "./%s"' % (f, f))
    text = head + "\n[files]\n" + "\n".join(rows) + "\n"
    return text + lazy_table(later) if later else text


def compiled_modules() -> dict:
    """The first-screen modules whose precompiled .mpy (tools/mpy_build.py's build) is their source's
    as it is now: ``{rel: path of the .mpy from the root}``. Empty without a build: the .py files."""
    import mpy_build

    built = mpy_build.manifest()
    return {rel: mpy_build.mpy_path(rel).relative_to(ROOT).as_posix()
            for rel in main_thread_files() if mpy_build.current(rel, built)}


def lazy_table(files: list) -> str:
    """The ``lazy_files`` table of ``files`` (paths from py/), to end a config with."""
    return LAZY_HEAD + "\n".join('"./py/%s" = "./%s"' % (f, f) for f in files) + "\n"


LAZY_HEAD = """
# Fetched once the board is playable, by py/app/lazy.py (not by PyScript): the parts a click opens.
[lazy_files]
"""


def configs() -> dict:
    return {
        ROOT / "pyscript.toml": render(MAIN, main_thread_files(), lazy_files(), compiled_modules()),
        ROOT / "worker.toml": worker_config(),
    }


def main(argv: list) -> int:
    if "--worker-files" in argv:
        print(json.dumps([["py/" + f, f] for f in worker_files()]))
        return 0
    if "--snapshot" in argv:
        make_snapshot()
    stale = [path for path, text in configs().items() if not path.exists() or path.read_text() != text]
    if "--check" in argv:
        for path in stale:
            print("stale: %s (run python3 tools/configs.py)" % path.name)
        return 1 if stale else 0
    for path, text in configs().items():
        replace_text(path, text)
    write_sw_files()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

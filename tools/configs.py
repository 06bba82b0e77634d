"""Writes the two PyScript configs from the tree, so no list of files is kept by hand.

    pyscript.toml  the page's main thread (MicroPython): py/app/*.py and the
                   board modules py/puzzles/*.py, never a ``*_solver.py``
                   (the runtime line: search code stays in the worker)
    worker.toml    the solver worker (Pyodide): py/puzzles/*.py and py/worker_jobs.py;
                   its interpreter is static/pyodide-snapshot.mjs (Pyodide started
                   from the memory snapshot tools/snapshot.mjs made) when that
                   snapshot exists, else Pyodide itself

Run by tools/setup.sh and tools/serve.py; both files are git-ignored.
Usage: python3 tools/configs.py [--check]   (--check: exit 1 if a file is stale)
       python3 tools/configs.py --worker-files   (the worker's [files] as JSON pairs, for tools/snapshot.mjs)
"""

import json
import sys
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
interpreter = "%s"
"""
PYODIDE = "./static/vendor/pyodide/pyodide.mjs"
# Pyodide from the start-up snapshot: a wrapper that passes it to Pyodide's loadPyodide.
SNAPSHOT_LOADER = "./static/pyodide-snapshot.mjs"
SNAPSHOT = ROOT / "static" / "vendor" / "pyodide" / "snapshot.bin"


def _modules(folder: str) -> list:
    return sorted(p.relative_to(PY).as_posix() for p in (PY / folder).glob("*.py") if p.name != "__main__.py")


def main_thread_files() -> list:
    puzzles = [m for m in _modules("puzzles") if not m.endswith("_solver.py")]
    return puzzles + _modules("app")


def worker_files() -> list:
    return _modules("puzzles") + ["worker_jobs.py"]


def worker_interpreter() -> str:
    """The wrapper that starts Pyodide from the snapshot when ``tools/setup.sh`` made one, else Pyodide."""
    return SNAPSHOT_LOADER if SNAPSHOT.exists() else PYODIDE


def render(head: str, files: list) -> str:
    lines = ['"./py/%s" = "./%s"' % (f, f) for f in files]
    return head + "\n[files]\n" + "\n".join(lines) + "\n"


def configs() -> dict:
    return {
        ROOT / "pyscript.toml": render(MAIN, main_thread_files()),
        ROOT / "worker.toml": render(WORKER % worker_interpreter(), worker_files()),
    }


def main(argv: list) -> int:
    if "--worker-files" in argv:
        print(json.dumps([["py/" + f, f] for f in worker_files()]))
        return 0
    stale = [path for path, text in configs().items() if not path.exists() or path.read_text() != text]
    if "--check" in argv:
        for path in stale:
            print("stale: %s (run python3 tools/configs.py)" % path.name)
        return 1 if stale else 0
    for path, text in configs().items():
        if path in stale:
            path.write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
